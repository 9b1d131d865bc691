/**
 * Property test of the catalogue import (issue 11, "Tests"): a generated catalogue written as a
 * Shopify export with `toShopifyCsv`, imported, and read back through GET /shop/products equals the
 * generated one: every variant (options, SKU or none, shared SKUs, price, compare-at, barcode) in
 * order, option names, brand, and every image in order.
 */
import fc from 'fast-check';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ShopCategories, ShopProducts } from '@/api/schemas/shop';
import { emptyCatalogue } from '@test-support/catalogue-db';
import { importCatalogue } from '../../server/catalogue/import';
import { formatPrice, toShopifyCsv } from '../../server/catalogue/shopify-csv-write';
import type { ShopifyRow } from '../../server/catalogue/shopify-csv-write';
import { createTestApp, login } from './helpers';
import type { TestApp } from './helpers';

interface GeneratedVariant {
  options: string[];
  sku: string | null;
  /** Minor units. */
  price: number;
  compareAt: number | null;
  barcode: string | null;
}

interface GeneratedProduct {
  handle: string;
  title: string;
  vendor: string;
  optionNames: string[];
  variants: GeneratedVariant[];
  images: string[];
}

/** Cell text as merchants type it: letters, digits, spaces inside, commas, quotes, £ and accents. */
const text = fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9 ,"'&£éü/-]{0,24}[A-Za-z0-9]$/);
const handle = fc.stringMatching(/^[a-z0-9]{1,8}(-[a-z0-9]{1,8}){0,3}$/);
const money = fc.integer({ min: 1, max: 10_000_000 });
/** A few SKUs shared across the whole catalogue, so that reuse across sizes and products happens. */
const sku = fc.option(
  fc.oneof(fc.constantFrom('SHARED-1', 'shared-2'), fc.stringMatching(/^[A-Z0-9-]{1,12}$/)),
  {
    nil: null,
  },
);

const product: fc.Arbitrary<GeneratedProduct> = fc
  .record({
    handle,
    title: text,
    vendor: fc.constantFrom('Seeking Health', 'Bare Biology', 'Risewell'),
    optionNames: fc.uniqueArray(fc.constantFrom('Size', 'Colour', 'Material', 'Flavour'), {
      minLength: 1,
      maxLength: 3,
    }),
    images: fc.uniqueArray(
      fc
        .stringMatching(/^[a-z0-9]{1,10}$/)
        .map((name) => `https://cdn.shopify.com/s/files/1/products/${name}.jpg`),
      { maxLength: 4 },
    ),
  })
  .chain((base) =>
    fc
      .uniqueArray(
        fc.record({
          options: fc.tuple(...base.optionNames.map(() => text)),
          sku,
          price: money,
          compareAt: fc.option(money, { nil: null }),
          barcode: fc.option(fc.stringMatching(/^\d{8,14}$/), { nil: null }),
        }),
        {
          minLength: 1,
          maxLength: 5,
          // A variant is its options, trimmed and case-insensitive: no two alike in one product.
          selector: (variant) => variant.options.map((value) => value.toLowerCase()).join('\u001f'),
        },
      )
      .map((variants) => ({ ...base, variants })),
  );

const catalogue = fc.uniqueArray(product, { minLength: 1, maxLength: 6, selector: (item) => item.handle });

function exportRows(generated: GeneratedProduct[]): ShopifyRow[] {
  return generated.flatMap((item) => {
    const rows = Math.max(item.variants.length, item.images.length);
    return Array.from({ length: rows }, (_, index): ShopifyRow => {
      const variant = item.variants[index];
      const image = item.images[index];
      const row: ShopifyRow = { Handle: item.handle };
      if (index === 0) {
        Object.assign(row, {
          Title: item.title,
          Vendor: item.vendor,
          Status: 'active',
          Published: 'TRUE',
          'Option1 Name': item.optionNames[0] ?? '',
          'Option2 Name': item.optionNames[1] ?? '',
          'Option3 Name': item.optionNames[2] ?? '',
        });
      }
      if (variant) {
        Object.assign(row, {
          'Option1 Value': variant.options[0] ?? '',
          'Option2 Value': variant.options[1] ?? '',
          'Option3 Value': variant.options[2] ?? '',
          'Variant SKU': variant.sku ?? '',
          'Variant Price': formatPrice(variant.price),
          'Variant Compare At Price': variant.compareAt === null ? '' : formatPrice(variant.compareAt),
          'Variant Barcode': variant.barcode ?? '',
        });
      }
      if (image) Object.assign(row, { 'Image Src': image, 'Image Position': String(index + 1) });
      return row;
    });
  });
}

let t: TestApp;
let accessToken: string;

beforeAll(async () => {
  t = await createTestApp();
  accessToken = (await login(t.app, t.users.admin.email)).access_token;
});

afterAll(async () => {
  await t?.close();
});

async function get<T>(schema: v.GenericSchema<unknown, T>, url: string): Promise<T> {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/backoffice${url}`,
    headers: { authorization: `Bearer ${accessToken}` },
  });
  expect(response.statusCode).toBe(200);
  return v.parse(schema, response.json());
}

describe('a generated catalogue, exported, imported and read back', () => {
  it('equals what was generated: every variant, price, option and image in order', async () => {
    await fc.assert(
      fc.asyncProperty(catalogue, async (generated) => {
        await emptyCatalogue(t.db);
        await importCatalogue(t.db, toShopifyCsv(exportRows(generated)));
        const [listed, categories] = await Promise.all([
          get(ShopProducts, '/shop/products'),
          get(ShopCategories, '/shop/categories'),
        ]);
        const brandNames = new Map(categories.brands.map((brand) => [brand.id, brand.name]));
        const readBack = listed.map((item) => ({
          title: item.name,
          vendor: item.brand ? brandNames.get(item.brand.id) : undefined,
          status: item.status,
          optionNames: item.option_names,
          variants: item.variants.map((variant) => ({
            options: [variant.option1, variant.option2, variant.option3].slice(0, item.option_names.length),
            sku: variant.sku,
            price: variant.price,
            compareAt: variant.compare_at_price,
            barcode: variant.barcode,
          })),
          images: item.assets.map((asset) => asset.src),
        }));
        expect(readBack).toEqual(
          generated.map((item) => ({
            title: item.title,
            vendor: item.vendor,
            status: 'active',
            optionNames: item.optionNames,
            variants: item.variants,
            images: item.images,
          })),
        );
        for (const item of listed) expect(item.variant).toEqual(item.variants[0]);
      }),
      { numRuns: 30 },
    );
  });
});
