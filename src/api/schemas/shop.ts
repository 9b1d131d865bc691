/** Shop contract (spec §3 "Shop product", "Customer list item", "Brand"; §7 /shop/categories, /shop/products). */
import * as v from 'valibot';

/** A customer as the feed editor's customer select lists it (spec §3 "Customer list item"). */
export const CustomerListItem = v.object({ id: v.number(), company_name: v.string() });
export type CustomerListItem = v.InferOutput<typeof CustomerListItem>;

/** A catalogue brand (spec §3 "Brand"). */
export const Brand = v.object({ id: v.number(), name: v.string() });
export type Brand = v.InferOutput<typeof Brand>;

/** GET /shop/categories: every Customer (user_type_id 2) and every brand, each sorted by name. */
export const ShopCategories = v.object({
  customers: v.array(CustomerListItem),
  brands: v.array(Brand),
});
export type ShopCategories = v.InferOutput<typeof ShopCategories>;

/** One image of a product; `src` and `thumbnail_50` are absolute URLs or paths under /uploads. */
export const ShopProductAsset = v.object({
  src: v.string(),
  is_primary: v.boolean(),
  thumbnails: v.object({ thumbnail_50: v.string() }),
});
export type ShopProductAsset = v.InferOutput<typeof ShopProductAsset>;

/**
 * A catalogue product (spec §3 "Shop product"): its brand (null when the export had no Vendor),
 * its first variant (price in minor units) and its images.
 */
export const ShopProduct = v.object({
  id: v.number(),
  name: v.string(),
  brand: v.nullable(v.object({ id: v.number() })),
  variant: v.object({ sku: v.string(), price: v.number() }),
  assets: v.array(ShopProductAsset),
});
export type ShopProduct = v.InferOutput<typeof ShopProduct>;

/** GET /shop/products: every catalogue product, by id. */
export const ShopProducts = v.array(ShopProduct);
export type ShopProducts = v.InferOutput<typeof ShopProducts>;
