/**
 * Shop calls of the /backoffice contract (spec §7 /shop/categories, /shop/products) and the
 * 'shopProducts' localStorage cache of the products (spec §7 "result cached in local storage",
 * §9 "Shop products cache 24 hours", storage key 'shopProducts').
 */
import * as v from 'valibot';
import { request } from './client';
import { ShopCategories, ShopProducts } from './schemas/shop';

/** Spec §9: the storage key of the cached products. */
export const SHOP_PRODUCTS_STORAGE_KEY = 'shopProducts';

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

/** The cache as stored, or null when there is none or it does not parse (it is then ignored). */
export function readShopProductsCache(): ShopProductsCache | null {
  let raw: string | null;
  try {
    raw = localStorage.getItem(SHOP_PRODUCTS_STORAGE_KEY);
  } catch {
    return null;
  }
  if (raw === null) return null;
  try {
    const parsed = v.safeParse(ShopProductsCache, JSON.parse(raw));
    return parsed.success ? parsed.output : null;
  } catch {
    return null;
  }
}

/** Stores `products` as fetched at `savedAt` (ms); a full or blocked storage is not an error. */
export function writeShopProductsCache(products: ShopProducts, savedAt: number): void {
  try {
    localStorage.setItem(SHOP_PRODUCTS_STORAGE_KEY, JSON.stringify({ savedAt, products }));
  } catch (error) {
    console.warn('Could not cache the shop products', error);
  }
}
