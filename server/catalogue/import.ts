/**
 * Imports a Shopify product CSV export into the catalogue (issue 11; ARCHITECTURE.md §4
 * "Catalogue source", "Variants"). Vendor becomes the brand (matched case-insensitively after
 * trimming; the first spelling wins), products are upserted by Handle and variants by their
 * product plus option values (the SKU is an attribute), prices are stored in minor units, image URLs
 * are kept as they are.
 *
 * Shopify exports a product with all its variants, so a variant of a product in the file that the
 * file no longer lists was deleted in Shopify: it is archived (kept, never deleted, so order lines
 * keep pointing at it). With `full` the file is the whole catalogue, so products absent from it are
 * archived too; without it they are left alone (a partial export). Archiving stamps the variant's
 * `archived_at` with the import's time; a variant that comes back has it cleared.
 *
 * What the file could not say is left as it was (issue 26, "lose nothing"): a stored variant whose
 * row was skipped for a bad value is neither updated nor archived, and a product skipped as a whole
 * is not archived by a full import. A damaged file is refused by the parser before anything is
 * written. Everything happens in one transaction: a fatal error leaves the catalogue as it was, and
 * importing the same file twice changes nothing the second time.
 */
import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../db/open';
import { brands, productAssets, products, productVariants } from '../db/schema';
import type {
  ImportProgress,
  ImportSkip,
  ImportWarning,
  ParsedCatalogue,
  ParsedProduct,
  ParsedVariant,
} from './parsed-catalogue';
import { CatalogueFileError, parseShopifyCsv } from './shopify-csv';

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
  /** The file is a full export: archive products (and their variants) it does not list. */
  full?: boolean;
  /**
   * Told how far the import has got: rows read (every PROGRESS_ROWS) and products written (after
   * each batch). The library prints nothing; the command decides what to show.
   */
  onProgress?: (progress: ImportProgress) => void;
}

/** How many rows of one kind an import created, changed, left as they were, archived or left out. */
export interface ImportCounts {
  created: number;
  updated: number;
  unchanged: number;
  archived: number;
  skipped: number;
}

/** What an import did. */
export interface ImportSummary {
  /** Whether the import ran as a full export (`--full`). */
  full: boolean;
  products: ImportCounts;
  variants: ImportCounts;
  brandsCreated: number;
  /** Kept variants whose barcode lost a spreadsheet's leading apostrophe. */
  barcodesCleaned: number;
  /** Every row or product left out, by line number, with the reason. */
  skips: ImportSkip[];
  /** What the merchant should know although nothing was lost (encoding, unknown stock, SKUs). */
  warnings: ImportWarning[];
}

/** The file holds rows but none of them can be imported; nothing was written. */
export class NothingImportableError extends CatalogueFileError {
  constructor(readonly skips: ImportSkip[]) {
    super(
      `Nothing in the file can be imported: all ${skips.length === 1 ? 'its product was' : `${skips.length} rows or products were`} skipped.`,
    );
    this.name = 'NothingImportableError';
  }
}

type ProductRow = typeof products.$inferSelect;
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

function brandKey(name: string): string {
  return name.trim().toLowerCase();
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
    product_category: product.productCategory,
    google_product_category: product.googleProductCategory,
    google_shopping: product.googleShopping,
    gift_card: product.giftCard,
    seo_title: product.seoTitle,
    seo_description: product.seoDescription,
    option1_name: product.option1Name,
    option2_name: product.option2Name,
    option3_name: product.option3Name,
  };
}

function variantValues(variant: ParsedVariant, productId: number) {
  return {
    product_id: productId,
    sku: variant.sku,
    option_key: variant.optionKey,
    price: variant.price,
    compare_at_price: variant.compareAtPrice,
    barcode: variant.barcode,
    option1: variant.option1,
    option2: variant.option2,
    option3: variant.option3,
    position: variant.position,
    inventory_tracker: variant.inventoryTracker,
    inventory_policy: variant.inventoryPolicy,
    inventory_quantity: variant.inventoryQuantity,
    grams: variant.grams,
    weight_unit: variant.weightUnit,
    image_src: variant.imageSrc,
    archived: false,
    archived_at: null,
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

/** Compares column values; jsonb objects by content, since they come back as new objects. */
function sameValue(current: unknown, wanted: unknown): boolean {
  if (typeof wanted === 'object' && wanted !== null && typeof current === 'object' && current !== null) {
    return JSON.stringify(current) === JSON.stringify(wanted);
  }
  return current === wanted;
}

function sameFields<T extends object>(current: T, wanted: Partial<T>): boolean {
  return Object.entries(wanted).every(([key, value]) => sameValue(current[key as keyof T], value));
}

function sameAssets(current: AssetRow[], wanted: AssetValues[]): boolean {
  return (
    current.length === wanted.length && current.every((row, index) => sameFields(row, wanted[index] ?? {}))
  );
}

function emptyCounts(): ImportCounts {
  return { created: 0, updated: 0, unchanged: 0, archived: 0, skipped: 0 };
}

/** Groups `rows` by `key`, keeping their order. */
function groupBy<T, K>(rows: readonly T[], key: (row: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const row of rows) {
    const group = groups.get(key(row));
    if (group) group.push(row);
    else groups.set(key(row), [row]);
  }
  return groups;
}

/**
 * Warnings for SKUs that the catalogue has on one handle and the file gives to another handle only
 * (a merchant re-created a product, or reused a SKU): the SKU import and order history may then
 * point at another product than before.
 */
async function movedSkuWarnings(tx: DbExecutor, wanted: readonly ParsedProduct[]): Promise<ImportWarning[]> {
  const fileHandles = new Map<string, { handles: Set<string>; line: number }>();
  for (const product of wanted) {
    for (const variant of product.variants) {
      if (variant.sku === null) continue;
      const key = variant.sku.toLowerCase();
      const entry = fileHandles.get(key) ?? { handles: new Set<string>(), line: variant.line };
      entry.handles.add(product.handle);
      fileHandles.set(key, entry);
    }
  }
  const storedHandles = new Map<string, { sku: string; handles: Set<string> }>();
  for (const batch of chunks([...fileHandles.keys()])) {
    const rows = await tx
      .select({ sku: productVariants.sku, handle: products.handle })
      .from(productVariants)
      .innerJoin(products, eq(products.id, productVariants.product_id))
      .where(
        and(
          isNotNull(productVariants.sku),
          eq(productVariants.archived, false),
          inArray(sql`lower(${productVariants.sku})`, batch),
        ),
      );
    for (const row of rows) {
      if (row.sku === null) continue;
      const key = row.sku.toLowerCase();
      const entry = storedHandles.get(key) ?? { sku: row.sku, handles: new Set<string>() };
      entry.handles.add(row.handle);
      storedHandles.set(key, entry);
    }
  }
  const warnings: ImportWarning[] = [];
  for (const [key, stored] of storedHandles) {
    const file = fileHandles.get(key);
    if (!file || [...stored.handles].some((handle) => file.handles.has(handle))) continue;
    warnings.push({
      code: 'sku_moved',
      message:
        `SKU ${stored.sku} moved from ${[...stored.handles].sort().join(', ')} to ` +
        `${[...file.handles].sort().join(', ')} (line ${file.line}).`,
    });
  }
  return warnings;
}

/**
 * Reads the export `input` (its bytes, or text already decoded) and checks that it has something to
 * import, without a database: the command calls it before opening one, so a refused file answers
 * at once and writes nothing (issue 26).
 * @throws CatalogueFileError (shopify-csv.ts) when the file cannot be read as a Shopify export, is
 *   damaged or truncated, or has a header but no rows; NothingImportableError when it has rows but
 *   none can be imported
 */
export function parseForImport(
  input: string | Uint8Array,
  options: Pick<ImportOptions, 'onProgress'> = {},
): ParsedCatalogue {
  const parsed = parseShopifyCsv(input, options);
  if (parsed.rowCount === 0) throw new CatalogueFileError('The file has a header but no product rows.');
  if (parsed.products.length === 0) throw new NothingImportableError(parsed.skipped);
  return parsed;
}

/**
 * Imports the export `input` (its bytes, or text already decoded) and resolves to the summary:
 * parseForImport, then writeCatalogue.
 * @throws as parseForImport before the database is touched; any database error rolls the whole
 *   import back and is rethrown
 */
export async function importCatalogue(
  db: DbExecutor,
  input: string | Uint8Array,
  options: ImportOptions = {},
): Promise<ImportSummary> {
  return writeCatalogue(db, parseForImport(input, options), options);
}

/**
 * Writes a catalogue read by parseForImport, in one transaction, and resolves to the summary.
 * @throws any database error, after rolling the whole import back
 */
export async function writeCatalogue(
  db: DbExecutor,
  parsed: ParsedCatalogue,
  options: ImportOptions = {},
): Promise<ImportSummary> {
  const now = options.now ?? new Date();
  const full = options.full ?? false;
  const wanted = parsed.products;
  const productCounts = { ...emptyCounts(), skipped: parsed.skippedProducts };
  const variantCounts = { ...emptyCounts(), skipped: parsed.skippedVariants };

  return db.transaction(async (tx) => {
    // Before anything is written, so the catalogue still holds the SKUs' old handles.
    const movedSkus = await movedSkuWarnings(tx, wanted);
    const brandIds = new Map<string, number>();
    for (const row of await tx.select().from(brands).orderBy(asc(brands.id))) {
      if (!brandIds.has(brandKey(row.name))) brandIds.set(brandKey(row.name), row.id);
    }
    const newBrands = new Map<string, string>();
    for (const product of wanted) {
      if (product.vendor === null) continue;
      const key = brandKey(product.vendor);
      if (!brandIds.has(key) && !newBrands.has(key)) newBrands.set(key, product.vendor.trim());
    }
    for (const names of chunks([...newBrands.values()])) {
      const inserted = await tx
        .insert(brands)
        .values(names.map((name) => ({ name })))
        .returning();
      for (const row of inserted) brandIds.set(brandKey(row.name), row.id);
    }
    const brandOf = (product: ParsedProduct) =>
      product.vendor === null ? null : (brandIds.get(brandKey(product.vendor)) ?? null);

    const existing = new Map<string, ProductRow>();
    for (const handles of chunks(wanted.map((product) => product.handle))) {
      for (const row of await tx.select().from(products).where(inArray(products.handle, handles))) {
        existing.set(row.handle, row);
      }
    }

    const created = new Set<string>();
    const updated = new Set<string>();
    const productIds = new Map<string, number>();
    for (const batch of chunks(wanted.filter((product) => !existing.has(product.handle)))) {
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

    // A batch of products at a time: what the catalogue holds for them is read, compared and
    // written before the next batch, so memory stays flat however large the export.
    let written = 0;
    for (const batch of chunks(wanted)) {
      const ids = batch.flatMap((product) => {
        const current = existing.get(product.handle);
        return current ? [current.id] : [];
      });
      const storedVariants =
        ids.length === 0
          ? []
          : await tx.select().from(productVariants).where(inArray(productVariants.product_id, ids));
      const storedAssets =
        ids.length === 0
          ? []
          : await tx
              .select()
              .from(productAssets)
              .where(inArray(productAssets.product_id, ids))
              .orderBy(asc(productAssets.position), asc(productAssets.id));
      const variantsByProduct = groupBy(storedVariants, (row) => row.product_id);
      const assetsByProduct = groupBy(storedAssets, (row) => row.product_id);

      const newVariants: (typeof productVariants.$inferInsert)[] = [];
      const newAssets: (typeof productAssets.$inferInsert)[] = [];
      const archivedVariantIds: number[] = [];
      for (const product of batch) {
        const productId = productIds.get(product.handle) ?? 0;
        const changed = () => {
          if (!created.has(product.handle)) updated.add(product.handle);
        };
        const stored = new Map((variantsByProduct.get(productId) ?? []).map((row) => [row.option_key, row]));
        for (const variant of product.variants) {
          const values = variantValues(variant, productId);
          const current = stored.get(variant.optionKey);
          stored.delete(variant.optionKey);
          if (!current) {
            newVariants.push(values);
            variantCounts.created++;
            changed();
          } else if (!sameFields(current, values)) {
            await tx.update(productVariants).set(values).where(eq(productVariants.id, current.id));
            variantCounts.updated++;
            changed();
          } else {
            variantCounts.unchanged++;
          }
        }
        // What is left was deleted in Shopify (every variant of a product is in its export), except
        // the variants whose rows were skipped for a bad value: those are left as they were.
        const unreadable = new Set(product.skippedOptionKeys);
        const gone = [...stored.values()].filter((row) => !row.archived && !unreadable.has(row.option_key));
        if (gone.length > 0) {
          archivedVariantIds.push(...gone.map((row) => row.id));
          variantCounts.archived += gone.length;
          changed();
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
      for (const rows of chunks(newVariants)) await tx.insert(productVariants).values(rows);
      for (const rows of chunks(newAssets)) await tx.insert(productAssets).values(rows);
      for (const archived of chunks(archivedVariantIds)) {
        await tx
          .update(productVariants)
          .set({ archived: true, archived_at: now })
          .where(inArray(productVariants.id, archived));
      }
      written += batch.length;
      options.onProgress?.({ stage: 'write', products: written, total: wanted.length });
    }
    for (const handles of chunks([...updated])) {
      await tx.update(products).set({ updated_at: now }).where(inArray(products.handle, handles));
    }

    if (full) {
      // The file is the whole catalogue: what it does not list is no longer in the shop. A product
      // it lists but skipped (e.g. an unknown status) is still in the shop.
      const listedIds = new Set(productIds.values());
      const skippedHandles = new Set(parsed.skippedHandles);
      const absent = (
        await tx.select({ id: products.id, handle: products.handle, status: products.status }).from(products)
      ).filter((row) => !listedIds.has(row.id) && !skippedHandles.has(row.handle));
      const toArchive = absent.filter((row) => row.status !== 'archived').map((row) => row.id);
      for (const ids of chunks(toArchive)) {
        await tx
          .update(products)
          .set({ status: 'archived', updated_at: now })
          .where(inArray(products.id, ids));
      }
      productCounts.archived = toArchive.length;
      for (const ids of chunks(absent.map((row) => row.id))) {
        const archived = await tx
          .update(productVariants)
          .set({ archived: true, archived_at: now })
          .where(and(inArray(productVariants.product_id, ids), eq(productVariants.archived, false)))
          .returning({ id: productVariants.id });
        variantCounts.archived += archived.length;
      }
    }

    productCounts.created = created.size;
    productCounts.updated = updated.size;
    productCounts.unchanged = wanted.length - created.size - updated.size;
    return {
      full,
      products: productCounts,
      variants: variantCounts,
      brandsCreated: newBrands.size,
      barcodesCleaned: parsed.barcodesCleaned,
      skips: parsed.skipped,
      warnings: [...parsed.warnings, ...movedSkus],
    };
  });
}
