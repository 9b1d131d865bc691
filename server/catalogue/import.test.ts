import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { productAssets, products, productVariants } from '../db/schema';
import { catalogueRows, useCatalogueDatabase } from '@test-support/catalogue-db';
import { readFixture } from '@test-support/catalogue-exports';
import { importCatalogue, NothingImportableError } from './import';
import { formatSummary } from './import-summary';
import type { ImportProgress } from './parsed-catalogue';
import { CatalogueFileError } from './shopify-csv';

const FIXTURE = readFixture('shopify-products.csv').toString('utf8');
const NOW = new Date('2025-06-11T10:30:00Z');
const database = useCatalogueDatabase();
const snapshot = () => catalogueRows(database());

/** The fixture's counts on a first import into an empty catalogue. */
const FIRST_IMPORT = {
  products: { created: 5, updated: 0, unchanged: 0, archived: 0, skipped: 0 },
  variants: { created: 8, updated: 0, unchanged: 0, archived: 0, skipped: 1 },
  brandsCreated: 4,
};

describe('importCatalogue', () => {
  it('imports the fixture, variants without a SKU included, and ends with the exact summary', async () => {
    const summary = await importCatalogue(database(), FIXTURE, { now: NOW });
    expect(summary).toMatchObject({ full: false, ...FIRST_IMPORT, warnings: [] });
    expect(summary.skips).toEqual([
      { line: 11, handle: 'vitamin-d3', reason: expect.stringContaining('9,99') },
    ]);

    const { brands: brandRows, products: productRows, variants, assets } = await snapshot();
    expect(brandRows.map((row) => row.name)).toEqual([
      'Seeking Health',
      'Bare Biology',
      'Risewell',
      'Listen To Your Gut',
    ]);
    expect(productRows.map((row) => row.handle)).toEqual([
      'magnesium-glycinate',
      'omega-3-fish-oil',
      'vitamin-d3',
      'zinc-citrate',
      'kids-probiotic',
    ]);
    const probiotic = productRows[4];
    expect(probiotic).toMatchObject({
      status: 'draft',
      published: false,
      name: 'Kids Probiotic',
      option1_name: 'Form',
      option2_name: 'Flavour',
      option3_name: null,
    });
    expect(probiotic?.brand_id).toBe(brandRows[3]?.id);
    expect(productRows[0]).toMatchObject({
      created_at: NOW,
      product_category: 'Health & Beauty > Health Care > Fitness & Nutrition > Vitamins & Supplements',
      gift_card: false,
    });
    expect(variants.map((row) => [row.sku, row.price, row.position, row.option_key])).toEqual([
      ['SH-MAG-60', 1499, 1, '60 capsules\u001f\u001f'],
      ['SH-MAG-120', 2499, 2, '120 capsules\u001f\u001f'],
      ['BB-O3-60SG', 2200, 1, 'default title\u001f\u001f'],
      ['RW-D3-120', 750, 1, 'capsules\u001f\u001f'],
      [null, 699, 1, 'default title\u001f\u001f'],
      ['LG-PBK-G60-S', 1199, 1, 'gummies\u001fstrawberry\u001f'],
      ['LG-PBK-G60-O', 1199, 2, 'gummies\u001forange\u001f'],
      ['LG-PBK-P250', 1349, 3, 'powder\u001funflavoured\u001f'],
    ]);
    expect(variants[5]).toMatchObject({ option1: 'Gummies', option2: 'Strawberry', inventory_quantity: 20 });
    expect(variants[0]).toMatchObject({
      barcode: '5012345678900',
      inventory_quantity: 42,
      inventory_tracker: 'shopify',
      inventory_policy: 'deny',
      grams: 90,
      compare_at_price: null,
    });
    expect(variants[1]).toMatchObject({ compare_at_price: 2799, inventory_quantity: 0 });
    // A blank quantity cell is unknown, not 0; a blank tracker means stock is not tracked.
    expect(variants[4]).toMatchObject({ inventory_quantity: null, inventory_tracker: null });
    const magnesiumAssets = assets.filter((asset) => asset.product_id === productRows[0]?.id);
    expect(magnesiumAssets.map((asset) => [asset.position, asset.is_primary])).toEqual([
      [1, true],
      [2, false],
      [3, false],
    ]);
    // Remote images are kept as they are and are their own thumbnail.
    for (const asset of assets) expect(asset.thumbnail_50).toBe(asset.src);
    expect(magnesiumAssets[0]?.src).toBe(
      'https://cdn.shopify.com/s/files/1/0612/3456/7890/products/magnesium-front.jpg?v=1700000000',
    );
  });

  it('changes nothing when the same file is imported again', async () => {
    await importCatalogue(database(), FIXTURE, { now: NOW });
    const before = await snapshot();
    const summary = await importCatalogue(database(), FIXTURE, { now: new Date('2025-07-01T00:00:00Z') });
    expect(summary).toMatchObject({
      products: { created: 0, updated: 0, unchanged: 5, archived: 0, skipped: 0 },
      variants: { created: 0, updated: 0, unchanged: 8, archived: 0, skipped: 1 },
      brandsCreated: 0,
    });
    expect(await snapshot()).toEqual(before);
  });

  it('takes the same file as bytes, with a UTF-8 byte order mark', async () => {
    const bytes = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(FIXTURE, 'utf8')]);
    expect(await importCatalogue(database(), bytes, { now: NOW })).toMatchObject(FIRST_IMPORT);
  });

  it('updates a product whose price, title or images changed, and only that one', async () => {
    await importCatalogue(database(), FIXTURE, { now: NOW });
    const later = new Date('2025-07-01T00:00:00Z');
    const changed = FIXTURE.replace(',22,', ',23.50,').replace(
      'https://images.example.com/kids-probiotic.webp',
      'https://images.example.com/kids-probiotic-v2.webp',
    );
    const summary = await importCatalogue(database(), changed, { now: later });
    expect(summary.products).toMatchObject({ created: 0, updated: 2, unchanged: 3 });
    expect(summary.variants).toMatchObject({ created: 0, updated: 1, unchanged: 7 });
    const [omega] = await database()
      .select({ price: productVariants.price, updatedAt: products.updated_at })
      .from(productVariants)
      .innerJoin(products, eq(products.id, productVariants.product_id))
      .where(eq(productVariants.sku, 'BB-O3-60SG'));
    expect(omega).toEqual({ price: 2350, updatedAt: later });
    const probioticAssets = await database()
      .select({ src: productAssets.src })
      .from(productAssets)
      .innerJoin(products, eq(products.id, productAssets.product_id))
      .where(eq(products.handle, 'kids-probiotic'));
    expect(probioticAssets).toEqual([{ src: 'https://images.example.com/kids-probiotic-v2.webp' }]);
  });

  it('keeps the id of a variant whose options are unchanged, even when its SKU changes', async () => {
    await importCatalogue(database(), FIXTURE, { now: NOW });
    const before = await snapshot();
    await importCatalogue(database(), FIXTURE.replace('SH-MAG-120', 'SH-MAG-120-V2'), { now: NOW });
    const after = await snapshot();
    expect(after.variants.map((row) => row.id)).toEqual(before.variants.map((row) => row.id));
    expect(after.variants[1]).toMatchObject({ id: before.variants[1]?.id, sku: 'SH-MAG-120-V2' });
  });

  it('archives a variant deleted in Shopify, stamped with the import time, so it no longer wins the first position', async () => {
    await importCatalogue(database(), FIXTURE, { now: NOW });
    const later = new Date('2025-07-01T00:00:00Z');
    // The 60-capsule size is gone; 120 capsules is now the product's first variant.
    const withoutSixty = FIXTURE.replace(
      'Size,60 Capsules,,,,,SH-MAG-60,90,shopify,42,deny,manual,14.99,,TRUE,TRUE,5012345678900',
      'Size,120 Capsules,,,,,SH-MAG-120,160,shopify,0,deny,manual,24.99,27.99,TRUE,TRUE,5012345678917',
    ).replace(
      'magnesium-glycinate,,,,,,,,,120 Capsules,,,,,SH-MAG-120,160,shopify,0,deny,manual,24.99,27.99,TRUE,TRUE,5012345678917,',
      `magnesium-glycinate${','.repeat(25)}`,
    );
    const summary = await importCatalogue(database(), withoutSixty, { now: later });
    expect(summary.variants).toMatchObject({ created: 0, updated: 1, archived: 1 });
    const magnesium = async () =>
      (await snapshot()).variants
        .filter((row) => row.sku?.startsWith('SH-MAG'))
        .map((row) => [row.option1, row.archived, row.archived_at]);
    expect(await magnesium()).toEqual([
      ['60 Capsules', true, later],
      ['120 Capsules', false, null],
    ]);
    // Importing the same file again archives nothing more, and keeps the date of the first archive.
    const again = await importCatalogue(database(), withoutSixty, { now: new Date('2025-08-01T00:00:00Z') });
    expect(again.variants.archived).toBe(0);
    expect(await magnesium()).toEqual([
      ['60 Capsules', true, later],
      ['120 Capsules', false, null],
    ]);
  });

  it('with full, archives the products a full export no longer lists, and brings them back later', async () => {
    await importCatalogue(database(), FIXTURE, { now: NOW });
    const onlyOmega = FIXTURE.split('\n')
      .filter((line, index) => index === 0 || line.startsWith('omega-3-fish-oil,'))
      .join('\n');
    const partial = await importCatalogue(database(), onlyOmega, { now: NOW });
    expect(partial.products).toMatchObject({ unchanged: 1, archived: 0 });

    const later = new Date('2025-07-01T00:00:00Z');
    const full = await importCatalogue(database(), onlyOmega, { now: later, full: true });
    expect(full).toMatchObject({
      full: true,
      products: { created: 0, updated: 0, unchanged: 1, archived: 4, skipped: 0 },
      variants: { created: 0, updated: 0, unchanged: 1, archived: 7, skipped: 0 },
    });
    const statuses = (await snapshot()).products.map((row) => [row.handle, row.status]);
    expect(statuses).toEqual([
      ['magnesium-glycinate', 'archived'],
      ['omega-3-fish-oil', 'active'],
      ['vitamin-d3', 'archived'],
      ['zinc-citrate', 'archived'],
      ['kids-probiotic', 'archived'],
    ]);
    const variants = (await snapshot()).variants;
    expect(variants.map((row) => row.archived_at)).toEqual(
      variants.map((row) => (row.sku === 'BB-O3-60SG' ? null : later)),
    );

    const back = await importCatalogue(database(), FIXTURE, { now: NOW, full: true });
    expect(back.products).toMatchObject({ updated: 4, unchanged: 1, archived: 0 });
    expect(back.variants).toMatchObject({ updated: 7, unchanged: 1, archived: 0 });
    expect((await snapshot()).variants.every((row) => !row.archived && row.archived_at === null)).toBe(true);
  });

  it('reports each batch of products written to onProgress', async () => {
    const reports: ImportProgress[] = [];
    await importCatalogue(database(), FIXTURE, {
      now: NOW,
      onProgress: (progress) => reports.push(progress),
    });
    expect(reports).toEqual([{ stage: 'write', products: 5, total: 5 }]);
  });

  it('matches vendors to brands case-insensitively after trimming; the first spelling wins', async () => {
    await importCatalogue(database(), FIXTURE, { now: NOW });
    const respelled = FIXTURE.replace(',Bare Biology,', ',  BARE biology ,').replace(
      ',Listen To Your Gut,',
      ',Listen to your gut,',
    );
    const summary = await importCatalogue(database(), respelled, { now: NOW });
    expect(summary.brandsCreated).toBe(0);
    expect((await snapshot()).brands.map((row) => row.name)).toEqual([
      'Seeking Health',
      'Bare Biology',
      'Risewell',
      'Listen To Your Gut',
    ]);
  });

  it('warns when a SKU moves to another handle', async () => {
    await importCatalogue(database(), FIXTURE, { now: NOW });
    const moved = FIXTURE.replace('omega-3-fish-oil,Omega', 'omega-3-fish-oil-new,Omega');
    const summary = await importCatalogue(database(), moved, { now: NOW });
    expect(summary.warnings).toEqual([
      {
        code: 'sku_moved',
        message: 'SKU BB-O3-60SG moved from omega-3-fish-oil to omega-3-fish-oil-new (line 9).',
      },
    ]);
  });

  it('refuses a file with nothing importable, and a header without rows, leaving the catalogue untouched', async () => {
    await importCatalogue(database(), FIXTURE, { now: NOW });
    const before = await snapshot();
    const header = FIXTURE.split('\n')[0] ?? '';
    const allBad = `${header}\nbroken,Broken,,V,,,,TRUE,Title,Default Title,,,,,X-1,,,,,,abc,,,,,,,,,,,,,,,active\n`;
    const failure = importCatalogue(database(), allBad, { full: true });
    await expect(failure).rejects.toBeInstanceOf(NothingImportableError);
    await expect(importCatalogue(database(), `${header}\n`, { full: true })).rejects.toThrow(
      CatalogueFileError,
    );
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a file with the wrong header with a clear error and leaves the catalogue untouched', async () => {
    await importCatalogue(database(), FIXTURE, { now: NOW });
    const before = await snapshot();
    const woocommerce = 'ID,Type,SKU,Name,Regular price\n1,simple,SH-MAG-60,Magnesium,9.99\n';
    await expect(importCatalogue(database(), woocommerce)).rejects.toThrow(CatalogueFileError);
    await expect(importCatalogue(database(), '')).rejects.toThrow(CatalogueFileError);
    expect(await snapshot()).toEqual(before);
  });

  it('rolls the whole import back when it fails half-way', async () => {
    const local = FIXTURE.replace(
      'https://cdn.shopify.com/s/files/1/0612/3456/7890/products/omega.png',
      '/uploads/products/omega.png',
    );
    const failing = importCatalogue(database(), local, {
      localThumbnail: () => {
        throw new Error('thumbnail store unavailable');
      },
    });
    await expect(failing).rejects.toThrow('thumbnail store unavailable');
    const after = await snapshot();
    expect([after.brands, after.products, after.variants, after.assets]).toEqual([[], [], [], []]);
  });

  it('asks for the thumbnail of a local image', async () => {
    const local = FIXTURE.replace(
      'https://cdn.shopify.com/s/files/1/0612/3456/7890/products/omega.png',
      '/uploads/products/omega.png',
    );
    await importCatalogue(database(), local, { localThumbnail: (src) => src.replace('.png', '-50.png') });
    const [asset] = await database()
      .select()
      .from(productAssets)
      .where(eq(productAssets.src, '/uploads/products/omega.png'));
    expect(asset?.thumbnail_50).toBe('/uploads/products/omega-50.png');
  });
});

describe('formatSummary', () => {
  it('prints counts for products and variants, the warnings and each skip by line', async () => {
    const summary = await importCatalogue(database(), FIXTURE, { now: NOW });
    expect(formatSummary('shop.csv', summary).split('\n')).toEqual([
      'Imported shop.csv:',
      '  Products: 5 created, 0 updated, 0 unchanged, 0 archived, 0 skipped.',
      '  Variants: 8 created, 0 updated, 0 unchanged, 0 archived, 1 skipped.',
      '  Brands: 4 new.',
      'Skipped (1):',
      `  line 11 (vitamin-d3): ${summary.skips[0]?.reason ?? ''}`,
    ]);
  });
});
