ALTER TABLE "feeds" ADD COLUMN "include_unpublished" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "product_variants" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
-- Issue 26: spreadsheets mark a barcode as text with a leading apostrophe ('7350177880121), which
-- Shopify's export keeps; the import now strips it, and this cleans rows imported before.
UPDATE "product_variants" SET "barcode" = nullif(btrim(substr(btrim("barcode"), 2)), '') WHERE btrim("barcode") LIKE '''%';
