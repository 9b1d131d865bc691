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
  /** ISO 4217 code of the catalogue's prices (CATALOGUE_CURRENCY; ARCHITECTURE.md §4 "Currency"). */
  currency: v.pipe(v.string(), v.regex(/^[A-Z]{3}$/)),
});
export type ShopCategories = v.InferOutput<typeof ShopCategories>;

/** One image of a product; `src` and `thumbnail_50` are absolute URLs or paths under /uploads. */
export const ShopProductAsset = v.object({
  src: v.string(),
  is_primary: v.boolean(),
  thumbnails: v.object({ thumbnail_50: v.string() }),
});
export type ShopProductAsset = v.InferOutput<typeof ShopProductAsset>;

/** Shopify's product statuses (issue 11); only `active` products are delivered. */
export const PRODUCT_STATUSES = ['active', 'draft', 'archived', 'unlisted'] as const;
export const ProductStatus = v.picklist(PRODUCT_STATUSES);
export type ProductStatus = v.InferOutput<typeof ProductStatus>;

/** Google Merchant Center's availability values a feed item can take. */
export const Availability = v.picklist(['in_stock', 'out_of_stock']);
export type Availability = v.InferOutput<typeof Availability>;

/**
 * Why a product or a variant is never delivered in a feed (issues 12 "Excluded, never sent" and
 * 26): a product that is not active (one code per status), a gift card, an empty title, or only
 * not published on the store's online store (its page would be a 404; a feed may include such
 * products on purpose, `include_unpublished`); a variant priced 0 or without any image (its own or
 * the product's). For a customer whose Shopify store was synced (issue 29), a product that store does
 * not have (`not_in_store`) or does not publish on its online store (`not_published_in_store`): its
 * page there would be a 404.
 */
export const EXCLUSION_REASONS = [
  'status_draft',
  'status_archived',
  'status_unlisted',
  'gift_card',
  'no_title',
  'not_published',
  'not_in_store',
  'not_published_in_store',
  'price_zero',
  'no_image',
] as const;
export const ExclusionReason = v.picklist(EXCLUSION_REASONS);
export type ExclusionReason = v.InferOutput<typeof ExclusionReason>;

/** What the admin reads for each exclusion reason. */
export const EXCLUSION_TEXTS: Record<ExclusionReason, string> = {
  status_draft: 'Draft in the shop: not for sale',
  status_archived: 'Archived in the shop: not for sale',
  status_unlisted: 'Unlisted in the shop: never sold through a feed',
  gift_card: 'Gift card: Google does not accept gift cards',
  no_title: 'No title',
  not_published: 'Not on the online store: its product page would not be found',
  not_in_store: "Not in the customer's Shopify store: its product page would not be found",
  not_published_in_store: "Not published on the customer's online store: its product page would not be found",
  price_zero: 'Price is 0',
  no_image: 'No image',
};

/**
 * One variant of a catalogue product (issue 11): its option values (null where the product has
 * fewer options), price and compare-at price in minor units, availability by Shopify's rule
 * (in stock when quantity > 0, selling continues, stock is not tracked, or the quantity is
 * unknown), and why it is never delivered (null when it is, as far as the variant goes).
 */
export const ShopVariant = v.object({
  id: v.number(),
  sku: v.nullable(v.string()),
  option1: v.nullable(v.string()),
  option2: v.nullable(v.string()),
  option3: v.nullable(v.string()),
  price: v.number(),
  compare_at_price: v.nullable(v.number()),
  availability: Availability,
  barcode: v.nullable(v.string()),
  exclusion: v.nullable(ExclusionReason),
});
export type ShopVariant = v.InferOutput<typeof ShopVariant>;

/**
 * A catalogue product (spec §3 "Shop product"): its brand (null when the export had no Vendor),
 * `variant` = its default variant (the first by position), every current variant by position,
 * its option names, its Shopify status, why the product as a whole is never delivered (null when
 * it is), and its images (primary first).
 */
export const ShopProduct = v.object({
  id: v.number(),
  name: v.string(),
  brand: v.nullable(v.object({ id: v.number() })),
  status: ProductStatus,
  exclusion: v.nullable(ExclusionReason),
  option_names: v.array(v.string()),
  variant: ShopVariant,
  variants: v.pipe(v.array(ShopVariant), v.minLength(1)),
  assets: v.array(ShopProductAsset),
});
export type ShopProduct = v.InferOutput<typeof ShopProduct>;

/** GET /shop/products: every catalogue product with at least one current variant, by id. */
export const ShopProducts = v.array(ShopProduct);
export type ShopProducts = v.InferOutput<typeof ShopProducts>;
