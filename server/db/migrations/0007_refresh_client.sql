ALTER TABLE "refresh_tokens" ADD COLUMN "rotated_by_address" text;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD COLUMN "rotated_by_agent" text;