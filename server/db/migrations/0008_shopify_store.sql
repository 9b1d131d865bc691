CREATE TABLE "shopify_products" (
	"user_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"found" boolean NOT NULL,
	"published" boolean NOT NULL,
	"seen_at" timestamp with time zone NOT NULL,
	CONSTRAINT "shopify_products_user_id_product_id_pk" PRIMARY KEY("user_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "shopify_syncs" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"ended_at" timestamp with time zone,
	"succeeded_at" timestamp with time zone,
	"failure_code" text,
	"failure_message" text,
	"failure_retry_after_seconds" integer,
	"lease_id" text,
	"locked_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "shopify_variants" (
	"user_id" integer NOT NULL,
	"variant_id" integer NOT NULL,
	"shopify_variant_id" text NOT NULL,
	"shopify_product_id" text NOT NULL,
	"published" boolean NOT NULL,
	"seen_at" timestamp with time zone NOT NULL,
	CONSTRAINT "shopify_variants_user_id_variant_id_pk" PRIMARY KEY("user_id","variant_id")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "shopify_check_status" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "shopify_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "shopify_shop_name" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "shopify_scopes" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "shopify_failure_code" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "shopify_failure_message" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "shopify_failure_retry_after_seconds" integer;--> statement-breakpoint
ALTER TABLE "shopify_products" ADD CONSTRAINT "shopify_products_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shopify_products" ADD CONSTRAINT "shopify_products_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shopify_syncs" ADD CONSTRAINT "shopify_syncs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shopify_variants" ADD CONSTRAINT "shopify_variants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shopify_variants" ADD CONSTRAINT "shopify_variants_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE cascade ON UPDATE no action;