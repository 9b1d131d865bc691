/**
 * The feed delivery API's JSON document (ARCHITECTURE.md §4 "Sync vs feeds"; issue 12 "Delivery"):
 * what a customer's store pulls from /api/feed/v1/feeds/{feedId}.json. It is a public contract.
 *
 * One entry per deliverable variant of the feed's products (variants archived in the shop, and
 * products or variants with an exclusion reason, are never in it). Field names are Google Merchant
 * Center's product data attributes, which the .xml and .csv forms of the same feed send (there as
 * `g:` elements or columns, prices as text such as '12.34 EUR'); here prices are integers in minor
 * units of `currency`, after the customer's discount, and absent attributes are null.
 */
import * as v from 'valibot';
import { Availability } from './shop';

/** One delivered item (a variant) of a feed. */
export const DeliveredItem = v.object({
  /** Stable and unique (at most 50 characters): 'v' and the catalogue variant id, e.g. 'v1042'. */
  id: v.string(),
  /**
   * 'p' and the catalogue product id when the product delivers more than one variant (Google
   * groups the variants by it); null for a product delivered as one item.
   */
  item_group_id: v.nullable(v.string()),
  product_id: v.number(),
  variant_id: v.number(),
  /** The merchant's SKU, or null; not unique (merchants reuse SKUs), so never an identifier. */
  sku: v.nullable(v.string()),
  /**
   * The product's title (with the variant's option values after ' - ' when the product has
   * several variants), at most 150 characters, cut on a word.
   */
  title: v.string(),
  /** Plain text from the product's HTML body (line breaks kept), at most 5,000 characters. */
  description: v.string(),
  /** The variant's page in the customer's store: https://{domain}/products/{handle}?variant={variant_id}. */
  link: v.string(),
  /** Absolute URL: the variant's own image, else the product's primary image. */
  image_link: v.string(),
  /** The product's other images, absolute URLs, at most 10 (Google's additional_image_link). */
  additional_image_links: v.array(v.string()),
  availability: Availability,
  /**
   * Minor units after the customer's discount: the compare-at price when the variant is on sale
   * (compare-at above the price), else the price.
   */
  price: v.number(),
  /** Minor units after the customer's discount: the price when on sale, else null. */
  sale_price: v.nullable(v.number()),
  /** ISO 4217 code of both prices (the catalogue's currency). */
  currency: v.string(),
  brand: v.nullable(v.string()),
  /** A GTIN-8/12/13/14 with a valid check digit, or null (a barcode that is not one is left out). */
  gtin: v.nullable(v.string()),
  /** False when there is no valid GTIN (Google's identifier_exists 'no'). */
  identifier_exists: v.boolean(),
  condition: v.literal('new'),
  /** From the product's option named Size, Colour/Color, Material or Pattern (any case); else null. */
  size: v.nullable(v.string()),
  color: v.nullable(v.string()),
  material: v.nullable(v.string()),
  pattern: v.nullable(v.string()),
  /** The catalogue's product type, or null. */
  product_type: v.nullable(v.string()),
  /** The catalogue's Google product category (an id or a taxonomy path), or null. */
  google_product_category: v.nullable(v.string()),
});
export type DeliveredItem = v.InferOutput<typeof DeliveredItem>;

/** GET /api/feed/v1/feeds/{feedId}.json. */
export const DeliveredFeed = v.object({
  id: v.number(),
  name: v.string(),
  /** Percent taken off every catalogue price (the customer's discount_rate). */
  discount_rate: v.number(),
  /** ISO 4217 code of every price in the feed. */
  currency: v.string(),
  /** By product id, then by the variants' position in the product. */
  items: v.array(DeliveredItem),
});
export type DeliveredFeed = v.InferOutput<typeof DeliveredFeed>;
