/**
 * Shop calls of the /backoffice contract (spec §7 /shop/categories, /shop/products) and the
 * 'shopProducts' localStorage cache of the products (spec §7 "result cached in local storage",
 * §9 "Shop products cache 24 hours", storage key 'shopProducts').
 *
 * The cache is stored gzipped (the platform's CompressionStream) and base64-encoded behind a
 * 'gz:' prefix: with every variant on the wire (issue 11) a catalogue of 10,000 products is about
 * 12 MB of JSON, more than an origin's localStorage holds, and under 1 MB gzipped.
 */
import * as v from 'valibot';
import { request } from './client';
import { ShopCategories, ShopProducts } from './schemas/shop';

/** Spec §9: the storage key of the cached products. */
export const SHOP_PRODUCTS_STORAGE_KEY = 'shopProducts';
/** Marks the stored value's format: gzip, then base64. A value without it is no cache. */
export const SHOP_PRODUCTS_CACHE_PREFIX = 'gz:';

/** The cached products and when they were fetched (ms since the epoch). */
export const ShopProductsCache = v.object({ savedAt: v.number(), products: ShopProducts });
export type ShopProductsCache = v.InferOutput<typeof ShopProductsCache>;

/**
 * GET /shop/categories: customers and brands.
 * @throws ApiError ('Unauthorized' without a token, 'Tokens expired' on 401, the server's message otherwise)
 */
export function fetchShopCategories(signal?: AbortSignal): Promise<ShopCategories> {
  return request(ShopCategories, 'get', 'shop/categories', { signal });
}

/**
 * GET /shop/products: every catalogue product (price in minor units).
 * @throws ApiError as fetchShopCategories
 */
export function fetchShopProducts(signal?: AbortSignal): Promise<ShopProducts> {
  return request(ShopProducts, 'get', 'shop/products', { signal });
}

/** Bytes of base64 text are encoded in slices, so no call gets more arguments than engines allow. */
const BASE64_SLICE = 0x8000;

async function gzipToBase64(text: string): Promise<string> {
  const stream = new Blob([text]).stream().pipeThrough(new CompressionStream('gzip'));
  const bytes = new Uint8Array(await new Response(stream).arrayBuffer());
  let binary = '';
  for (let start = 0; start < bytes.length; start += BASE64_SLICE) {
    binary += String.fromCharCode(...bytes.subarray(start, start + BASE64_SLICE));
  }
  return btoa(binary);
}

async function gunzipFromBase64(base64: string): Promise<string> {
  const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip'));
  return new Response(stream).text();
}

/**
 * The cache as stored, or null when there is none, it is in another format, or it does not
 * decode and parse (it is then ignored).
 */
export async function readShopProductsCache(): Promise<ShopProductsCache | null> {
  let raw: string | null;
  try {
    raw = localStorage.getItem(SHOP_PRODUCTS_STORAGE_KEY);
  } catch {
    return null;
  }
  if (raw === null || !raw.startsWith(SHOP_PRODUCTS_CACHE_PREFIX)) return null;
  try {
    const text = await gunzipFromBase64(raw.slice(SHOP_PRODUCTS_CACHE_PREFIX.length));
    const parsed = v.safeParse(ShopProductsCache, JSON.parse(text));
    return parsed.success ? parsed.output : null;
  } catch {
    return null;
  }
}

/**
 * Stores `products` as fetched at `savedAt` (ms), gzipped; resolves once stored. A full or blocked
 * storage is not an error (the next load fetches again).
 */
export async function writeShopProductsCache(products: ShopProducts, savedAt: number): Promise<void> {
  try {
    const encoded = await gzipToBase64(JSON.stringify({ savedAt, products }));
    localStorage.setItem(SHOP_PRODUCTS_STORAGE_KEY, `${SHOP_PRODUCTS_CACHE_PREFIX}${encoded}`);
  } catch (error) {
    console.warn('Could not cache the shop products', error);
  }
}
