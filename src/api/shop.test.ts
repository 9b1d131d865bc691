import { gzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { memoryStorage } from '@test-support/memory-storage';
import { product, variant, withVariants } from '@test-support/shop';
import type { ShopProduct } from './schemas/shop';
import {
  SHOP_PRODUCTS_CACHE_PREFIX,
  SHOP_PRODUCTS_STORAGE_KEY,
  readShopProductsCache,
  writeShopProductsCache,
} from './shop';

/** `count` products of three variants each, as GET /shop/products sends them. */
function catalogue(count: number): ShopProduct[] {
  return Array.from({ length: count }, (_, index) =>
    withVariants(
      product(index + 1, 1 + (index % 40), null, `Product ${index + 1}`, {
        option_names: ['Size'],
        assets: [
          {
            src: `https://cdn.example.com/${index}.jpg`,
            is_primary: true,
            thumbnails: { thumbnail_50: `https://cdn.example.com/${index}-50.jpg` },
          },
        ],
      }),
      [1, 2, 3].map((n) =>
        variant(index * 10 + n, `SKU-${index}-${n}`, { option1: `${n * 60} capsules`, price: 1000 + n }),
      ),
    ),
  );
}

let storage: ReturnType<typeof memoryStorage>;

beforeEach(() => {
  storage = memoryStorage();
  vi.stubGlobal('localStorage', storage);
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the shopProducts cache (spec §9)', () => {
  it('reads back what was written', async () => {
    const products = catalogue(3);
    await writeShopProductsCache(products, 1234);
    expect(await readShopProductsCache()).toEqual({ savedAt: 1234, products });
  });

  it('stores gzip as base64 behind its prefix, so a catalogue far above the quota still fits', async () => {
    const products = catalogue(2000);
    const json = JSON.stringify({ savedAt: 1, products });
    storage = memoryStorage(json.length / 4);
    vi.stubGlobal('localStorage', storage);
    await writeShopProductsCache(products, 1);
    const stored = storage.items.get(SHOP_PRODUCTS_STORAGE_KEY) ?? '';
    expect(stored.startsWith(SHOP_PRODUCTS_CACHE_PREFIX)).toBe(true);
    expect(stored.length).toBeLessThan(json.length / 4);
    expect((await readShopProductsCache())?.products).toHaveLength(2000);
  });

  it('reads a value gzipped elsewhere (the format is plain gzip)', async () => {
    const products = catalogue(1);
    const value = gzipSync(JSON.stringify({ savedAt: 5, products })).toString('base64');
    storage.items.set(SHOP_PRODUCTS_STORAGE_KEY, `${SHOP_PRODUCTS_CACHE_PREFIX}${value}`);
    expect(await readShopProductsCache()).toEqual({ savedAt: 5, products });
  });

  it('ignores no cache, an old plain-JSON cache, bad base64, bad gzip and a body of another shape', async () => {
    expect(await readShopProductsCache()).toBeNull();
    const bad = [
      JSON.stringify({ savedAt: 1, products: catalogue(1) }),
      `${SHOP_PRODUCTS_CACHE_PREFIX}***`,
      `${SHOP_PRODUCTS_CACHE_PREFIX}${btoa('not gzip')}`,
      `${SHOP_PRODUCTS_CACHE_PREFIX}${gzipSync('{"savedAt":"yesterday","products":[]}').toString('base64')}`,
    ];
    for (const value of bad) {
      storage.items.set(SHOP_PRODUCTS_STORAGE_KEY, value);
      expect(await readShopProductsCache()).toBeNull();
    }
  });

  it('leaves a full storage alone and warns', async () => {
    storage = memoryStorage(10);
    vi.stubGlobal('localStorage', storage);
    await writeShopProductsCache(catalogue(1), 1);
    expect(storage.items.size).toBe(0);
    expect(console.warn).toHaveBeenCalledOnce();
  });
});
