import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/open';
import type { OpenedDatabase } from '../db/open';
import { brands, productAssets, products, productVariants } from '../db/schema';
import { importCatalogue } from './import';
import { CatalogueFileError, formatPrice, parsePrice, parseShopifyCsv, toShopifyCsv } from './shopify-csv';

const here = path.dirname(fileURLToPath(import.meta.url));
const FIXTURE = readFileSync(path.join(here, 'fixtures', 'shopify-products.csv'), 'utf8');
const NOW = new Date('2025-06-11T10:30:00Z');

let opened: OpenedDatabase;

beforeAll(async () => {
  opened = await openDatabase({});
});

afterAll(async () => {
  await opened.close();
});

beforeEach(async () => {
  // One database for the file (opening PGlite is slow); each test starts from an empty catalogue.
  await opened.db.execute(
    sql`TRUNCATE TABLE ${productAssets}, ${productVariants}, ${products}, ${brands} RESTART IDENTITY CASCADE`,
  );
});

/** Every catalogue row, ordered, for before/after comparisons. */
async function snapshot() {
  const { db } = opened;
  return {
    brands: await db.select().from(brands).orderBy(asc(brands.id)),
    products: await db.select().from(products).orderBy(asc(products.id)),
    variants: await db.select().from(productVariants).orderBy(asc(productVariants.id)),
    assets: await db.select().from(productAssets).orderBy(asc(productAssets.id)),
  };
}

describe('parsePrice', () => {
  it('turns major units into minor units and refuses anything else', () => {
    expect(parsePrice('14.99')).toBe(1499);
    expect(parsePrice('7.5')).toBe(750);
    expect(parsePrice('22')).toBe(2200);
    expect(parsePrice(' 0.05 ')).toBe(5);
    for (const bad of ['9,99', '£9.99', '-1', '1.999', '', 'abc']) expect(parsePrice(bad)).toBeNull();
  });
});

describe('parseShopifyCsv', () => {
  it('reads multi-row products, quoted HTML bodies with newlines and doubled quotes', () => {
    const { products: parsed } = parseShopifyCsv(FIXTURE);
    const magnesium = parsed.find((product) => product.handle === 'magnesium-glycinate');
    expect(magnesium?.descriptionHtml).toBe(
      '<p>Our "gentle" magnesium, bound to glycine.</p>\n<ul>\n<li>Chelated &amp; well absorbed</li>\n<li>Suitable for vegans</li>\n</ul>',
    );
    expect(magnesium?.variants.map((variant) => [variant.sku, variant.price, variant.line])).toEqual([
      ['SH-MAG-60', 1499, 2],
      ['SH-MAG-120', 2499, 7],
    ]);
    expect(magnesium?.images.map((image) => [image.position, image.alt])).toEqual([
      [1, 'Magnesium Glycinate bottle'],
      [2, 'Label, "back" view'],
      [3, null],
    ]);
  });
});

describe('toShopifyCsv', () => {
  it('writes what parseShopifyCsv reads back, quoting only where needed', () => {
    const body = '<p>A "quoted", multi-line\nbody</p>';
    const text = toShopifyCsv([
      {
        Handle: 'a',
        Title: 'A',
        'Body (HTML)': body,
        Vendor: 'V',
        'Variant SKU': 'A-1',
        'Variant Price': formatPrice(1205),
      },
      { Handle: 'a', 'Variant SKU': 'A-2', 'Variant Price': formatPrice(7) },
    ]);
    expect(text.split('\n')[2]).toBe('body</p>",V,,,,,,,,,,,A-1,,,,,,12.05,,,,,,,,,,,,,,,');
    const [product] = parseShopifyCsv(text).products;
    expect(product?.descriptionHtml).toBe(body);
    expect(product?.variants.map((variant) => [variant.sku, variant.price, variant.line])).toEqual([
      ['A-1', 1205, 2],
      ['A-2', 7, 4],
    ]);
  });
});

describe('importCatalogue', () => {
  it('imports the fixture and ends with the exact summary', async () => {
    const summary = await importCatalogue(opened.db, FIXTURE, { now: NOW });
    expect(summary).toEqual({
      created: 4,
      updated: 0,
      unchanged: 0,
      skipped: 1,
      brandsCreated: 4,
      skips: [
        { line: 11, handle: 'vitamin-d3', reason: "bad price '9,99'" },
        { line: 12, handle: 'zinc-citrate', reason: 'missing SKU' },
        { line: 12, handle: 'zinc-citrate', reason: 'no importable variant' },
      ],
    });

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
      'kids-probiotic',
    ]);
    const probiotic = productRows[3];
    expect(probiotic).toMatchObject({ status: 'draft', published: false, name: 'Kids Probiotic' });
    expect(probiotic?.brand_id).toBe(brandRows[3]?.id);
    expect(productRows[0]?.created_at).toEqual(NOW);
    expect(variants.map((row) => [row.sku, row.price, row.position])).toEqual([
      ['SH-MAG-60', 1499, 1],
      ['SH-MAG-120', 2499, 2],
      ['BB-O3-60SG', 2200, 1],
      ['RW-D3-120', 750, 1],
      ['LG-PBK-G60-S', 1199, 1],
      ['LG-PBK-G60-O', 1199, 2],
      ['LG-PBK-P250', 1349, 3],
    ]);
    expect(variants[4]).toMatchObject({ option1: 'Gummies', option2: 'Strawberry', inventory_quantity: 20 });
    expect(variants[0]).toMatchObject({ barcode: '5012345678900', inventory_quantity: 42 });
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
    await importCatalogue(opened.db, FIXTURE, { now: NOW });
    const before = await snapshot();
    const summary = await importCatalogue(opened.db, FIXTURE, { now: new Date('2025-07-01T00:00:00Z') });
    expect(summary).toMatchObject({ created: 0, updated: 0, unchanged: 4, skipped: 1, brandsCreated: 0 });
    expect(await snapshot()).toEqual(before);
  });

  it('updates a product whose price, title or images changed, and only that one', async () => {
    await importCatalogue(opened.db, FIXTURE, { now: NOW });
    const later = new Date('2025-07-01T00:00:00Z');
    const changed = FIXTURE.replace(',22,', ',23.50,').replace(
      'https://images.example.com/kids-probiotic.webp',
      'https://images.example.com/kids-probiotic-v2.webp',
    );
    const summary = await importCatalogue(opened.db, changed, { now: later });
    expect(summary).toMatchObject({ created: 0, updated: 2, unchanged: 2 });
    const [omega] = await opened.db
      .select({ price: productVariants.price, updatedAt: products.updated_at })
      .from(productVariants)
      .innerJoin(products, eq(products.id, productVariants.product_id))
      .where(eq(productVariants.sku, 'BB-O3-60SG'));
    expect(omega).toEqual({ price: 2350, updatedAt: later });
    const probioticAssets = await opened.db
      .select({ src: productAssets.src })
      .from(productAssets)
      .innerJoin(products, eq(products.id, productAssets.product_id))
      .where(eq(products.handle, 'kids-probiotic'));
    expect(probioticAssets).toEqual([{ src: 'https://images.example.com/kids-probiotic-v2.webp' }]);
  });

  it('refuses a file with the wrong header with a clear error and leaves the catalogue untouched', async () => {
    await importCatalogue(opened.db, FIXTURE, { now: NOW });
    const before = await snapshot();
    const woocommerce = 'ID,Type,SKU,Name,Regular price\n1,simple,SH-MAG-60,Magnesium,9.99\n';
    await expect(importCatalogue(opened.db, woocommerce)).rejects.toThrow(CatalogueFileError);
    await expect(importCatalogue(opened.db, woocommerce)).rejects.toThrow(
      'The file is not a Shopify product CSV export: the header lacks Handle, Title, Vendor, Variant SKU, Variant Price.',
    );
    await expect(importCatalogue(opened.db, '')).rejects.toThrow(/empty/);
    await expect(importCatalogue(opened.db, 'Handle,Title\n"unterminated,x\n')).rejects.toThrow(
      /not valid CSV/,
    );
    expect(await snapshot()).toEqual(before);
  });

  it('rolls the whole import back when it fails half-way', async () => {
    const local = FIXTURE.replace(
      'https://cdn.shopify.com/s/files/1/0612/3456/7890/products/omega.png',
      '/uploads/products/omega.png',
    );
    const failing = importCatalogue(opened.db, local, {
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
    await importCatalogue(opened.db, local, { localThumbnail: (src) => src.replace('.png', '-50.png') });
    const [asset] = await opened.db
      .select()
      .from(productAssets)
      .where(eq(productAssets.src, '/uploads/products/omega.png'));
    expect(asset?.thumbnail_50).toBe('/uploads/products/omega-50.png');
  });
});
