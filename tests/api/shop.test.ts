/**
 * GET /shop/products with real catalogues (issue 11 "Shop contract and screens"): every current
 * variant of a product, its status and why it or a variant is never delivered, availability by
 * Shopify's own rule, SKUs that are missing or shared. Rows are inserted directly, so each case is
 * exactly the catalogue state it names.
 */
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ShopProducts } from '@/api/schemas/shop';
import type { ShopProduct, ShopVariant } from '@/api/schemas/shop';
import { optionKey } from '../../server/catalogue/variant-key';
import type { Db } from '../../server/db/open';
import { brands, productAssets, products, productVariants } from '../../server/db/schema';
import { createTestApp, login } from './helpers';
import type { TestApp } from './helpers';

type ProductRow = typeof products.$inferInsert;
type VariantRow = Omit<typeof productVariants.$inferInsert, 'product_id' | 'option_key'>;

let t: TestApp;
let admin: string;
let brandId: number;
/** Product ids by the fixture's handle. */
const ids = new Map<string, number>();
/** Variant ids by `handle/option1`. */
const variantIds = new Map<string, number>();

/** Inserts a product with its variants (keyed by their options) and images; records their ids. */
async function insertProduct(
  db: Db,
  product: Omit<ProductRow, 'brand_id'>,
  variants: VariantRow[],
  images: string[] = [`https://cdn.example.com/${product.handle}.jpg`],
): Promise<void> {
  const [row] = await db
    .insert(products)
    .values({ brand_id: brandId, ...product })
    .returning({ id: products.id });
  if (!row) throw new Error('product not inserted');
  ids.set(product.handle, row.id);
  if (variants.length > 0) {
    const inserted = await db
      .insert(productVariants)
      .values(
        variants.map((variant) => ({
          ...variant,
          product_id: row.id,
          option_key: optionKey([variant.option1, variant.option2, variant.option3]),
        })),
      )
      .returning({ id: productVariants.id, option1: productVariants.option1 });
    for (const variant of inserted) variantIds.set(`${product.handle}/${variant.option1}`, variant.id);
  }
  if (images.length > 0) {
    await db.insert(productAssets).values(
      images.map((src, index) => ({
        product_id: row.id,
        src,
        thumbnail_50: src,
        position: index + 1,
        is_primary: index === 0,
      })),
    );
  }
}

/** An untracked, in-stock variant priced `price` pence; `overrides` set the rest. */
function variant(option1: string, price: number, overrides: Partial<VariantRow> = {}): VariantRow {
  return {
    sku: null,
    option1,
    price,
    position: 1,
    inventory_tracker: null,
    inventory_policy: 'deny',
    inventory_quantity: null,
    ...overrides,
  };
}

beforeAll(async () => {
  t = await createTestApp();
  admin = (await login(t.app, t.users.admin.email)).access_token;
  const [brand] = await t.db.insert(brands).values({ name: 'Seeking Health' }).returning({ id: brands.id });
  brandId = brand?.id ?? 0;

  // Sizes listed out of position order, with one size deleted in Shopify (archived) at position 1.
  await insertProduct(
    t.db,
    { handle: 'magnesium', name: 'Magnesium Glycinate', option1_name: 'Size', option2_name: 'Flavour' },
    [
      variant('120 capsules', 1800, { sku: 'MAG-120', position: 3, option2: 'Unflavoured' }),
      variant('60 capsules', 1200, {
        sku: 'MAG-60',
        position: 2,
        option2: 'Unflavoured',
        compare_at_price: 1500,
        barcode: '5012345678900',
      }),
      variant('30 capsules', 900, { sku: 'MAG-30', position: 1, option2: 'Unflavoured', archived: true }),
    ],
  );
  // A store that reuses one SKU for every size, and another product sharing it.
  await insertProduct(t.db, { handle: 'swim-shorts', name: 'Swim Shorts', option1_name: 'Size' }, [
    variant('S', 3000, { sku: 'STYLE-1', position: 1 }),
    variant('M', 3000, { sku: 'STYLE-1', position: 2 }),
  ]);
  await insertProduct(t.db, { handle: 'swim-shirt', name: 'Swim Shirt', option1_name: 'Size' }, [
    variant('One size', 2500, { sku: 'STYLE-1' }),
  ]);
  // No SKU at all (Shopify does not require one).
  await insertProduct(t.db, { handle: 'vase', name: 'Stoneware Vase', option1_name: 'Title' }, [
    variant('Default Title', 4200),
  ]);
  // Availability by Shopify's rule, one variant per case.
  await insertProduct(t.db, { handle: 'stock', name: 'Stock Cases', option1_name: 'Case' }, [
    variant('untracked', 100, { position: 1, inventory_quantity: 0 }),
    variant('continue', 100, {
      position: 2,
      inventory_tracker: 'shopify',
      inventory_policy: 'continue',
      inventory_quantity: -3,
    }),
    variant('unknown', 100, { position: 3, inventory_tracker: 'shopify', inventory_quantity: null }),
    variant('sold-out', 100, { position: 4, inventory_tracker: 'shopify', inventory_quantity: 0 }),
    variant('in-stock', 100, { position: 5, inventory_tracker: 'shopify', inventory_quantity: 4 }),
  ]);
  // Not active in the shop, a gift card, and variants Google refuses.
  await insertProduct(t.db, { handle: 'draft', name: 'Draft Product', status: 'draft' }, [
    variant('Default', 1000),
  ]);
  await insertProduct(t.db, { handle: 'unlisted', name: 'Unlisted Product', status: 'unlisted' }, [
    variant('Default', 1000),
  ]);
  await insertProduct(t.db, { handle: 'gift', name: 'Gift Card', gift_card: true }, [variant('£10', 1000)]);
  await insertProduct(
    t.db,
    { handle: 'no-image', name: 'No Image' },
    [variant('own image', 1000, { image_src: 'https://cdn.example.com/own.jpg' }), variant('bare', 1000)],
    [],
  );
  await insertProduct(t.db, { handle: 'free', name: 'Free Sample' }, [variant('Default', 0)]);
  // Every variant deleted in Shopify, and a product imported without variants: neither is listed.
  await insertProduct(t.db, { handle: 'gone', name: 'Gone' }, [variant('Default', 1000, { archived: true })]);
  await insertProduct(t.db, { handle: 'empty', name: 'Empty' }, []);
});

afterAll(async () => {
  await t?.close();
});

async function listed(): Promise<Map<string, ShopProduct>> {
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/backoffice/shop/products',
    headers: { authorization: `Bearer ${admin}` },
  });
  expect(response.statusCode).toBe(200);
  const body = v.parse(ShopProducts, response.json());
  const handles = new Map([...ids].map(([handle, id]) => [id, handle]));
  return new Map(body.map((product) => [handles.get(product.id) ?? String(product.id), product]));
}

function idOf(key: string): number {
  const id = variantIds.get(key);
  if (id === undefined) throw new Error(`no variant ${key}`);
  return id;
}

describe('GET /shop/products', () => {
  it('lists products with a current variant, by id; archived variants and variant-less products are left out', async () => {
    const products = await listed();
    expect([...products.keys()]).toEqual([
      'magnesium',
      'swim-shorts',
      'swim-shirt',
      'vase',
      'stock',
      'draft',
      'unlisted',
      'gift',
      'no-image',
      'free',
    ]);
    const ordered = [...products.values()].map((product) => product.id);
    expect(ordered).toEqual([...ordered].sort((a, b) => a - b));
  });

  it('gives a multi-variant product every current variant by position, the first as `variant`, its option names and status', async () => {
    const magnesium = (await listed()).get('magnesium');
    const sixty: ShopVariant = {
      id: idOf('magnesium/60 capsules'),
      sku: 'MAG-60',
      option1: '60 capsules',
      option2: 'Unflavoured',
      option3: null,
      price: 1200,
      compare_at_price: 1500,
      availability: 'in_stock',
      barcode: '5012345678900',
      exclusion: null,
    };
    expect(magnesium).toEqual({
      id: ids.get('magnesium'),
      name: 'Magnesium Glycinate',
      brand: { id: brandId },
      status: 'active',
      exclusion: null,
      option_names: ['Size', 'Flavour'],
      variant: sixty,
      variants: [
        sixty,
        {
          ...sixty,
          id: idOf('magnesium/120 capsules'),
          sku: 'MAG-120',
          option1: '120 capsules',
          price: 1800,
          compare_at_price: null,
          barcode: null,
        },
      ],
      assets: [
        {
          src: 'https://cdn.example.com/magnesium.jpg',
          is_primary: true,
          thumbnails: { thumbnail_50: 'https://cdn.example.com/magnesium.jpg' },
        },
      ],
    });
  });

  it('keeps variants without a SKU and variants sharing one', async () => {
    const products = await listed();
    expect(products.get('vase')?.variants.map((item) => [item.option1, item.sku])).toEqual([
      ['Default Title', null],
    ]);
    expect(products.get('swim-shorts')?.variants.map((item) => [item.option1, item.sku])).toEqual([
      ['S', 'STYLE-1'],
      ['M', 'STYLE-1'],
    ]);
    expect(products.get('swim-shirt')?.variant.sku).toBe('STYLE-1');
  });

  it("decides availability by Shopify's rule: out of stock only when tracked, deny and known ≤ 0", async () => {
    const stock = (await listed()).get('stock');
    expect(stock?.variants.map((item) => [item.option1, item.availability])).toEqual([
      ['untracked', 'in_stock'],
      ['continue', 'in_stock'],
      ['unknown', 'in_stock'],
      ['sold-out', 'out_of_stock'],
      ['in-stock', 'in_stock'],
    ]);
  });

  it('marks products and variants that are never delivered with their reason', async () => {
    const products = await listed();
    expect(products.get('draft')).toMatchObject({ status: 'draft', exclusion: 'status_draft' });
    expect(products.get('unlisted')).toMatchObject({ status: 'unlisted', exclusion: 'status_unlisted' });
    expect(products.get('gift')).toMatchObject({ status: 'active', exclusion: 'gift_card' });
    expect(products.get('no-image')?.exclusion).toBeNull();
    expect(products.get('no-image')?.variants.map((item) => item.exclusion)).toEqual([null, 'no_image']);
    expect(products.get('free')?.variant.exclusion).toBe('price_zero');
    expect(products.get('magnesium')?.variants.every((item) => item.exclusion === null)).toBe(true);
  });
});
