/**
 * Each real-world export fixture (issue 11, "Tests") imported into PGlite through the importer: the
 * exact numbers of products and variants stored, and the summary `npm run catalogue:import` prints.
 */
import { asc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { brands, products, productVariants } from '../db/schema';
import { catalogueRows, useCatalogueDatabase } from '@test-support/catalogue-db';
import { readFixture } from '@test-support/catalogue-exports';
import { importCatalogue } from './import';
import { formatSummary } from './import-summary';
import { CatalogueFileError } from './shopify-csv';

const NOW = new Date('2026-03-02T09:00:00Z');
const database = useCatalogueDatabase();

/** Rows stored: products by status, variants live and archived, brands by name. */
async function stored() {
  const db = database();
  const productRows = await db.select().from(products).orderBy(asc(products.id));
  const variantRows = await db.select().from(productVariants).orderBy(asc(productVariants.id));
  const brandRows = await db.select().from(brands).orderBy(asc(brands.id));
  return {
    products: productRows.length,
    variants: variantRows.filter((row) => !row.archived).length,
    archivedVariants: variantRows.filter((row) => row.archived).length,
    statuses: Object.fromEntries(
      [...new Set(productRows.map((row) => row.status))].map((status) => [
        status,
        productRows.filter((row) => row.status === status).length,
      ]),
    ),
    brands: brandRows.map((row) => row.name),
  };
}

/** Imports a fixture and returns the summary text as printed, one string per line. */
async function importFixture(name: string, full = false): Promise<string[]> {
  const summary = await importCatalogue(database(), readFixture(name), { now: NOW, full });
  return formatSummary(name, summary).split('\n');
}

/** The summary's first four lines for a first import of `products` products with `variants` variants of one brand. */
function firstImport(file: string, products: number, variants: number): string[] {
  return [
    `Imported ${file}:`,
    `  Products: ${products} created, 0 updated, 0 unchanged, 0 archived, 0 skipped.`,
    `  Variants: ${variants} created, 0 updated, 0 unchanged, 0 archived, 0 skipped.`,
    '  Brands: 1 new.',
  ];
}

const apostrophes = (count: number, first: string) => [
  'Warnings (1):',
  `  Barcodes: ${count} had a spreadsheet's leading apostrophe (first on line 2: '${first}), removed. Shopify still stores them with it; correct them there too.`,
];

const NO_QUANTITIES =
  '  The file has no inventory quantity column: quantities unknown; availability will follow the inventory policy.';

describe('importing real-world exports', () => {
  it('keeps every variant of a store that never set SKUs', async () => {
    expect(await importFixture('ceramics-2016-no-sku.csv')).toEqual([
      'Imported ceramics-2016-no-sku.csv:',
      '  Products: 5 created, 0 updated, 0 unchanged, 0 archived, 0 skipped.',
      '  Variants: 11 created, 0 updated, 0 unchanged, 0 archived, 0 skipped.',
      '  Brands: 1 new.',
      'Warnings (1):',
      NO_QUANTITIES,
    ]);
    expect(await stored()).toEqual({
      products: 5,
      variants: 11,
      archivedVariants: 0,
      statuses: { active: 5 },
      brands: ['Kiln & Co'],
    });
    const [giftCard] = await database()
      .select()
      .from(products)
      .where(sql`${products.handle} = 'gift-card'`);
    expect(giftCard?.gift_card).toBe(true);
    const unknown = await database()
      .select()
      .from(productVariants)
      .where(sql`${productVariants.sku} is null and ${productVariants.inventory_quantity} is null`);
    expect(unknown).toHaveLength(11);
  });

  it('keeps every size of styles that share one SKU, and one brand for a vendor spelled in two cases', async () => {
    const kept = 'Each is kept as its own variant.';
    expect(await importFixture('swimwear-shared-sku.csv')).toEqual([
      'Imported swimwear-shared-sku.csv:',
      '  Products: 4 created, 0 updated, 0 unchanged, 0 archived, 0 skipped.',
      '  Variants: 27 created, 0 updated, 0 unchanged, 0 archived, 1 skipped.',
      '  Brands: 1 new.',
      'Warnings (5):',
      `  SKU AUR-TOP-BLK is shared by 5 variants: aurora-bikini-top (lines 2–4, 6–7). ${kept}`,
      `  SKU AUR-TOP-CRL is shared by 5 variants: aurora-bikini-top (lines 8–12). ${kept}`,
      `  SKU AUR-BTM-BLK is shared by 5 variants: aurora-bikini-bottom (lines 15–19). ${kept}`,
      `  SKU AUR-BTM-CRL is shared by 5 variants: aurora-bikini-bottom (lines 20–24). ${kept}`,
      `  SKU TIDE-01 is shared by 7 variants: tide-swimsuit (lines 27–31), tide-swimsuit-long-torso (lines 33–34). ${kept}`,
      'Skipped (1):',
      '  line 5 (aurora-bikini-top): same options as line 4 (Black / 12)',
    ]);
    expect(await stored()).toEqual({
      products: 4,
      variants: 27,
      archivedVariants: 0,
      statuses: { active: 4 },
      brands: ['Saltwater Studio'],
    });
  });

  it('reads the current header style and stores draft, archived and unlisted products; skips an unknown status', async () => {
    expect(await importFixture('plants-current.csv')).toEqual([
      'Imported plants-current.csv:',
      '  Products: 7 created, 0 updated, 0 unchanged, 0 archived, 1 skipped.',
      '  Variants: 16 created, 0 updated, 0 unchanged, 0 archived, 2 skipped.',
      '  Brands: 2 new.',
      'Skipped (1):',
      "  line 9 (olive-tree-standard): unknown status 'Pending' (Shopify's are active, draft, archived and unlisted)",
    ]);
    expect(await stored()).toEqual({
      products: 7,
      variants: 16,
      archivedVariants: 0,
      statuses: { active: 4, draft: 1, archived: 1, unlisted: 1 },
      brands: ['Leaf & Root', 'terra ceramics'],
    });
  });

  it('archives the variant and the product a later full export no longer lists', async () => {
    expect(await importFixture('homeware-v1.csv')).toEqual([
      'Imported homeware-v1.csv:',
      '  Products: 4 created, 0 updated, 0 unchanged, 0 archived, 0 skipped.',
      '  Variants: 9 created, 0 updated, 0 unchanged, 0 archived, 0 skipped.',
      '  Brands: 1 new.',
    ]);
    // v2: the Rust cushion and the jute rug were deleted in Shopify (so the Oat cushion moves up to
    // position 2), the bath towel costs more, and a cotton throw is new.
    expect(await importFixture('homeware-v2.csv', true)).toEqual([
      'Imported homeware-v2.csv as a full export:',
      '  Products: 1 created, 2 updated, 1 unchanged, 1 archived, 0 skipped.',
      '  Variants: 1 created, 2 updated, 4 unchanged, 3 archived, 0 skipped.',
      '  Brands: 0 new.',
    ]);
    expect(await stored()).toEqual({
      products: 5,
      variants: 7,
      archivedVariants: 3,
      statuses: { active: 4, archived: 1 },
      brands: ['Casa Marta'],
    });
    // Importing v2 again changes nothing.
    expect((await importFixture('homeware-v2.csv', true)).slice(1, 3)).toEqual([
      '  Products: 0 created, 0 updated, 4 unchanged, 0 archived, 0 skipped.',
      '  Variants: 0 created, 0 updated, 7 unchanged, 0 archived, 0 skipped.',
    ]);
  });

  it('stores the sum of per-location stock of a Matrixify-like export', async () => {
    expect(await importFixture('matrixify-locations.csv')).toEqual([
      'Imported matrixify-locations.csv:',
      '  Products: 3 created, 0 updated, 0 unchanged, 0 archived, 0 skipped.',
      '  Variants: 6 created, 0 updated, 0 unchanged, 0 archived, 0 skipped.',
      '  Brands: 1 new.',
    ]);
    const quantities = await database()
      .select({ quantity: productVariants.inventory_quantity })
      .from(productVariants)
      .orderBy(asc(productVariants.id));
    expect(quantities.map((row) => row.quantity)).toEqual([24, 7, 0, 11, null, 2]);
  });

  it('imports a Windows-1252 file with a warning, and the same file in UTF-16 identically without one', async () => {
    expect(await importFixture('supplements-windows-1252.csv')).toEqual([
      'Imported supplements-windows-1252.csv:',
      '  Products: 3 created, 0 updated, 0 unchanged, 0 archived, 0 skipped.',
      '  Variants: 4 created, 0 updated, 0 unchanged, 0 archived, 0 skipped.',
      '  Brands: 1 new.',
      'Warnings (1):',
      '  The file is not UTF-8; it was read as Windows-1252 (Excel\'s "CSV" on Windows). Check accented letters and symbols such as £ in the shop, and next time save as "CSV UTF-8".',
    ]);
    const names = await database().select({ name: products.name }).from(products).orderBy(asc(products.id));
    expect(names.map((row) => row.name)).toEqual([
      'Café Latte Collagen',
      'Crème Brûlée Whey',
      'Açaí Berry Capsules',
    ]);
    expect((await stored()).brands).toEqual(['Nature’s Answer']);
    expect(await importFixture('supplements-utf16le.csv')).toEqual([
      'Imported supplements-utf16le.csv:',
      '  Products: 0 created, 0 updated, 3 unchanged, 0 archived, 0 skipped.',
      '  Variants: 0 created, 0 updated, 4 unchanged, 0 archived, 0 skipped.',
      '  Brands: 0 new.',
    ]);
  });

  it('numbers skips by physical line in a CRLF file with line breaks in cells, an overflowing price included', async () => {
    expect(await importFixture('supplements-crlf.csv')).toEqual([
      'Imported supplements-crlf.csv:',
      '  Products: 3 created, 0 updated, 0 unchanged, 0 archived, 0 skipped.',
      '  Variants: 4 created, 0 updated, 0 unchanged, 0 archived, 2 skipped.',
      '  Brands: 1 new.',
      'Skipped (2):',
      '  line 10 (omega-3-algae-oil): price 99999999999.99 out of range (at most 21474836.47)',
      "  line 11 (omega-3-algae-oil): compare-at price '4,900.00' is not a price (write it as 9.99)",
    ]);
    expect(await stored()).toMatchObject({ products: 3, variants: 4 });
  });

  it('refuses semicolon- and tab-separated files and writes nothing', async () => {
    for (const [name, separator] of [
      ['supplements-semicolon.csv', 'semicolon'],
      ['supplements-tab.txt', 'tab'],
    ] as const) {
      const failure = importCatalogue(database(), readFixture(name), { now: NOW });
      await expect(failure).rejects.toBeInstanceOf(CatalogueFileError);
      await expect(importCatalogue(database(), readFixture(name))).rejects.toThrow(
        `The file is ${separator}-separated`,
      );
    }
    expect(await stored()).toMatchObject({ products: 0, variants: 0, brands: [] });
  });

  // Issue 26's stores, written from what real exports hold: the counts are the fixtures' products and
  // variant rows (every one kept), and the barcodes written with a spreadsheet's apostrophe.
  it.each([
    ['clothing-pt-current.csv', 6, 28, []],
    ['knitwear-pl-classic.csv', 5, 18, apostrophes(15, '5905523000108')],
    ['fashion-fr-current.csv', 5, 26, []],
    ['outdoor-de-classic.csv', 3, 16, []],
    ['jewellery-en-classic.csv', 7, 33, []],
    ['print-on-demand-100-variants.csv', 3, 103, []],
    ['supplements-se-current.csv', 7, 23, apostrophes(18, '7350177880008')],
    ['garden-classic.csv', 5, 12, []],
    ['candles-v1.csv', 3, 9, []],
  ])('keeps every variant of %s', async (file, productCount, variantCount, warnings) => {
    expect(await importFixture(file)).toEqual([
      ...firstImport(file, productCount, variantCount),
      ...warnings,
    ]);
    expect(await stored()).toMatchObject({
      products: productCount,
      variants: variantCount,
      archivedVariants: 0,
    });
  });

  it('changes nothing for a truncated file or one with a row missing a cell', async () => {
    await importFixture('garden-classic.csv');
    const before = await catalogueRows(database());
    for (const file of [
      'refused-truncated-in-description.csv',
      'refused-truncated-mid-row.csv',
      'refused-missing-cell.csv',
    ]) {
      await expect(importFixture(file, true)).rejects.toBeInstanceOf(CatalogueFileError);
    }
    expect(await catalogueRows(database())).toEqual(before);
  });

  it('leaves a stored variant as it was when a later file has a typo in its price, and lists the row', async () => {
    await importFixture('candles-v1.csv');
    const glassJar = async () =>
      (await catalogueRows(database())).variants.find((row) => row.sku === 'WW-12');
    const before = await glassJar();
    expect(await importFixture('candles-v2-price-typo.csv', true)).toEqual([
      'Imported candles-v2-price-typo.csv as a full export:',
      '  Products: 0 created, 1 updated, 2 unchanged, 0 archived, 0 skipped.',
      '  Variants: 0 created, 1 updated, 7 unchanged, 0 archived, 1 skipped.',
      '  Brands: 0 new.',
      'Skipped (1):',
      "  line 3 (fig-cedar-candle): price '32..00' is not a price (write it as 9.99: digits, a point, two decimals)",
    ]);
    expect(await glassJar()).toEqual(before);
    expect(before).toMatchObject({ price: 3200, archived: false, position: 2 });
  });

  it('does not archive, in a full import, a product the file lists but skips', async () => {
    const plants = readFixture('plants-current.csv').toString('utf8');
    await importCatalogue(database(), plants.replace(',Pending,', ',active,'), { now: NOW });
    const summary = await importCatalogue(database(), plants, { now: NOW, full: true });
    expect([summary.products.archived, summary.variants.archived]).toEqual([0, 0]);
    const [olive] = await database()
      .select()
      .from(products)
      .where(eq(products.handle, 'olive-tree-standard'));
    const oliveVariants = await database()
      .select()
      .from(productVariants)
      .where(eq(productVariants.product_id, olive?.id ?? 0));
    expect(olive?.status).toBe('active');
    expect(oliveVariants.map((row) => row.archived)).toEqual([false, false]);
  });
});
