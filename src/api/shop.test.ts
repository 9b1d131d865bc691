import { gzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ShopProduct } from './schemas/shop';
import {
  SHOP_PRODUCTS_CACHE_PREFIX,
  SHOP_PRODUCTS_STORAGE_KEY,
  readShopProductsCache,
  writeShopProductsCache,
} from './shop';

/** A Map-backed localStorage that refuses values longer than `quota` characters, as browsers do. */
function fakeStorage(quota = Number.POSITIVE_INFINITY) {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => {
      if (value.length > quota) throw new DOMException('quota exceeded', 'QuotaExceededError');
      items.set(key, value);
    },
    removeItem: (key: string) => items.delete(key),
  };
}

/** `count` products of three variants each, as GET /shop/products sends them. */
function catalogue(count: number): ShopProduct[] {
  return Array.from({ length: count }, (_, index) => {
    const variants = [1, 2, 3].map((n) => ({
      id: index * 10 + n,
      sku: `SKU-${index}-${n}`,
      option1: `${n * 60} capsules`,
      option2: null,
      option3: null,
      price: 1000 + n,
      compare_at_price: null,
      availability: 'in_stock' as const,
      barcode: null,
      exclusion: null,
    }));
    return {
      id: index + 1,
      name: `Product ${index + 1}`,
      brand: { id: 1 + (index % 40) },
      status: 'active' as const,
      exclusion: null,
      option_names: ['Size'],
      variant: variants[0]!,
      variants,
      assets: [
        {
          src: `https://cdn.example.com/${index}.jpg`,
          is_primary: true,
          thumbnails: { thumbnail_50: `https://cdn.example.com/${index}-50.jpg` },
        },
      ],
    };
  });
}

let storage: ReturnType<typeof fakeStorage>;

beforeEach(() => {
  storage = fakeStorage();
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
    storage = fakeStorage(json.length / 4);
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
    storage = fakeStorage(10);
    vi.stubGlobal('localStorage', storage);
    await writeShopProductsCache(catalogue(1), 1);
    expect(storage.items.size).toBe(0);
    expect(console.warn).toHaveBeenCalledOnce();
  });
});
