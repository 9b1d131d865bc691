ALTER TABLE "product_variants" DROP CONSTRAINT "product_variants_sku_unique";--> statement-breakpoint
ALTER TABLE "product_variants" ALTER COLUMN "sku" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "product_variants" ALTER COLUMN "inventory_quantity" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "product_variants" ALTER COLUMN "inventory_quantity" DROP NOT NULL;--> statement-breakpoint
-- Issue 11: a variant is its product plus its option values; rows imported before carry their
-- options, so their key is built here exactly as server/catalogue/variant-key.ts builds it. Two
-- rows of one product with the same options (possible while the SKU was the key) keep apart by id.
ALTER TABLE "product_variants" ADD COLUMN "option_key" text;--> statement-breakpoint
UPDATE "product_variants" AS v SET "option_key" = keyed.option_key FROM (
  SELECT "id",
    CASE WHEN row_number() OVER (PARTITION BY "product_id", base ORDER BY "position", "id") = 1 THEN base
      ELSE base || '#' || "id" END AS option_key
  FROM (
    SELECT "id", "product_id", "position",
      lower(btrim(coalesce("option1", ''))) || chr(31) || lower(btrim(coalesce("option2", ''))) || chr(31) ||
        lower(btrim(coalesce("option3", ''))) AS base
    FROM "product_variants"
  ) AS bases
) AS keyed WHERE v."id" = keyed."id";--> statement-breakpoint
ALTER TABLE "product_variants" ALTER COLUMN "option_key" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "product_variants" ADD COLUMN "compare_at_price" integer;--> statement-breakpoint
ALTER TABLE "product_variants" ADD COLUMN "inventory_tracker" text;--> statement-breakpoint
ALTER TABLE "product_variants" ADD COLUMN "inventory_policy" text DEFAULT 'deny' NOT NULL;--> statement-breakpoint
ALTER TABLE "product_variants" ADD COLUMN "grams" integer;--> statement-breakpoint
ALTER TABLE "product_variants" ADD COLUMN "weight_unit" text;--> statement-breakpoint
ALTER TABLE "product_variants" ADD COLUMN "image_src" text;--> statement-breakpoint
ALTER TABLE "product_variants" ADD COLUMN "archived" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "product_category" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "google_product_category" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "google_shopping" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "gift_card" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "seo_title" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "seo_description" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "option1_name" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "option2_name" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "option3_name" text;--> statement-breakpoint
CREATE UNIQUE INDEX "product_variants_product_option_key_unique" ON "product_variants" USING btree ("product_id","option_key");--> statement-breakpoint
CREATE INDEX "product_variants_sku_idx" ON "product_variants" USING btree ("sku");