/**
 * Imports a Shopify product CSV export into the catalogue (issue 4, "Catalogue"): Vendor becomes
 * the brand, products are upserted by Handle and variants by SKU, prices are stored in minor units,
 * image URLs are kept as they are. Everything happens in one transaction, so a fatal error leaves
 * the catalogue as it was, and importing the same file twice changes nothing the second time.
 * Products, variants and images missing from the file are left alone (a partial export never
 * deletes), which also keeps order lines and feeds pointing at real rows.
 */
import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/open';
import { brands, productAssets, products, productVariants } from '../db/schema';
import { parseShopifyCsv } from './shopify-csv';
import type { ImportSkip, ParsedProduct } from './shopify-csv';

/** The database or an open transaction (the demo seed imports inside its own transaction). */
export type DbExecutor = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

export interface ImportOptions {
  /** Time stamp of created and updated rows; defaults to the current time. */
  now?: Date;
  /**
   * The 50 px thumbnail of an image that is not a remote URL (e.g. a file under /uploads), or
   * undefined to use the image itself. Remote images are always their own thumbnail.
   */
  localThumbnail?: (src: string) => string | undefined;
}

/** What an import did: product counts, every skipped row or product, and new brands. */
export interface ImportSummary {
  created: number;
  updated: number;
  unchanged: number;
  /** Products left out as a whole (also listed in `skips`). */
  skipped: number;
  /** Every row or product left out, by line number, with the reason. */
  skips: ImportSkip[];
  brandsCreated: number;
}

type ProductRow = typeof products.$inferSelect;
type VariantRow = typeof productVariants.$inferSelect;
type AssetRow = typeof productAssets.$inferSelect;
type AssetValues = Pick<AssetRow, 'src' | 'thumbnail_50' | 'alt' | 'position' | 'is_primary'>;

/** Keeps each statement well under PostgreSQL's 65,535 bind parameters. */
const CHUNK = 500;

function chunks<T>(items: readonly T[], size = CHUNK): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < items.length; start += size) result.push(items.slice(start, start + size));
  return result;
}

function isRemote(src: string): boolean {
  return /^https?:\/\//i.test(src);
}

function productValues(product: ParsedProduct, brandId: number | null) {
  return {
    handle: product.handle,
    name: product.name,
    description_html: product.descriptionHtml,
    brand_id: brandId,
    product_type: product.productType,
    tags: product.tags,
    status: product.status,
    published: product.published,
  };
}

function assetValues(product: ParsedProduct, options: ImportOptions): AssetValues[] {
  return product.images.map((image, index) => ({
    src: image.src,
    thumbnail_50: isRemote(image.src) ? image.src : (options.localThumbnail?.(image.src) ?? image.src),
    alt: image.alt,
    position: image.position,
    // The export lists images by position; the first one is the product's main image.
    is_primary: index === 0,
  }));
}

function sameFields<T extends object>(current: T, wanted: Partial<T>): boolean {
  return Object.entries(wanted).every(([key, value]) => current[key as keyof T] === value);
}

function sameAssets(current: AssetRow[], wanted: AssetValues[]): boolean {
  return (
    current.length === wanted.length && current.every((row, index) => sameFields(row, wanted[index] ?? {}))
  );
}

/**
 * Imports the CSV `text` and resolves to the summary. Parsing happens first, so a file that is not
 * an export throws before the database is touched.
 * @throws CatalogueFileError (from shopify-csv.ts) when the text is not CSV or has the wrong header;
 *   any database error rolls the whole import back and is rethrown
 */
export async function importCatalogue(
  db: DbExecutor,
  text: string,
  options: ImportOptions = {},
): Promise<ImportSummary> {
  const parsed = parseShopifyCsv(text);
  const now = options.now ?? new Date();
  const wanted = parsed.products;

  return db.transaction(async (tx) => {
    const vendors = [...new Set(wanted.flatMap((product) => (product.vendor ? [product.vendor] : [])))];
    const brandIds = new Map<string, number>();
    for (const names of chunks(vendors)) {
      for (const row of await tx.select().from(brands).where(inArray(brands.name, names))) {
        brandIds.set(row.name, row.id);
      }
    }
    const newBrands = vendors.filter((name) => !brandIds.has(name));
    for (const names of chunks(newBrands)) {
      const inserted = await tx
        .insert(brands)
        .values(names.map((name) => ({ name })))
        .returning();
      for (const row of inserted) brandIds.set(row.name, row.id);
    }
    const brandOf = (product: ParsedProduct) =>
      product.vendor ? (brandIds.get(product.vendor) ?? null) : null;

    const existing = new Map<string, ProductRow>();
    for (const handles of chunks(wanted.map((product) => product.handle))) {
      for (const row of await tx.select().from(products).where(inArray(products.handle, handles))) {
        existing.set(row.handle, row);
      }
    }

    const created = new Set<string>();
    const updated = new Set<string>();
    const productIds = new Map<string, number>();
    const toCreate = wanted.filter((product) => !existing.has(product.handle));
    for (const batch of chunks(toCreate)) {
      const rows = await tx
        .insert(products)
        .values(batch.map((product) => ({ ...productValues(product, brandOf(product)), created_at: now })))
        .returning({ id: products.id, handle: products.handle });
      for (const row of rows) {
        productIds.set(row.handle, row.id);
        created.add(row.handle);
      }
    }
    for (const product of wanted) {
      const current = existing.get(product.handle);
      if (!current) continue;
      productIds.set(product.handle, current.id);
      const values = productValues(product, brandOf(product));
      if (!sameFields(current, values)) {
        await tx.update(products).set(values).where(eq(products.id, current.id));
        updated.add(product.handle);
      }
    }

    const variantsBySku = new Map<string, VariantRow>();
    const skus = wanted.flatMap((product) => product.variants.map((variant) => variant.sku));
    for (const batch of chunks(skus)) {
      for (const row of await tx.select().from(productVariants).where(inArray(productVariants.sku, batch))) {
        variantsBySku.set(row.sku, row);
      }
    }
    const assetsByProduct = new Map<number, AssetRow[]>();
    for (const ids of chunks([...existing.values()].map((row) => row.id))) {
      const rows = await tx
        .select()
        .from(productAssets)
        .where(inArray(productAssets.product_id, ids))
        .orderBy(asc(productAssets.position), asc(productAssets.id));
      for (const row of rows)
        assetsByProduct.set(row.product_id, [...(assetsByProduct.get(row.product_id) ?? []), row]);
    }

    const newVariants: (typeof productVariants.$inferInsert)[] = [];
    const newAssets: (typeof productAssets.$inferInsert)[] = [];
    for (const product of wanted) {
      const productId = productIds.get(product.handle) ?? 0;
      const changed = () => {
        if (!created.has(product.handle)) updated.add(product.handle);
      };
      for (const variant of product.variants) {
        const values = {
          product_id: productId,
          sku: variant.sku,
          price: variant.price,
          barcode: variant.barcode,
          option1: variant.option1,
          option2: variant.option2,
          option3: variant.option3,
          position: variant.position,
          inventory_quantity: variant.inventoryQuantity,
        };
        const current = variantsBySku.get(variant.sku);
        if (!current) {
          newVariants.push(values);
          changed();
        } else if (!sameFields(current, values)) {
          await tx.update(productVariants).set(values).where(eq(productVariants.id, current.id));
          changed();
        }
      }
      const assets = assetValues(product, options);
      if (!sameAssets(assetsByProduct.get(productId) ?? [], assets)) {
        if (existing.has(product.handle)) {
          await tx.delete(productAssets).where(eq(productAssets.product_id, productId));
        }
        newAssets.push(...assets.map((asset) => ({ ...asset, product_id: productId })));
        changed();
      }
    }
    for (const batch of chunks(newVariants)) await tx.insert(productVariants).values(batch);
    for (const batch of chunks(newAssets)) await tx.insert(productAssets).values(batch);
    for (const handles of chunks([...updated])) {
      await tx.update(products).set({ updated_at: now }).where(inArray(products.handle, handles));
    }

    return {
      created: created.size,
      updated: updated.size,
      unchanged: wanted.length - created.size - updated.size,
      skipped: parsed.skippedProducts,
      skips: parsed.skipped,
      brandsCreated: newBrands.length,
    };
  });
}
