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
   * The group of variants Google shows as one product: 'p' and the catalogue product id, plus '-'
   * and a short hash of the values of the product's other options (flavour, count, ...) when it
   * has any; null for an item that goes out on its own (its product delivers one item, or its
   * siblings differ from it only by options that are none of Google's variant attributes).
   */
  item_group_id: v.nullable(v.string()),
  product_id: v.number(),
  variant_id: v.number(),
  /** The merchant's SKU, or null; not unique (merchants reuse SKUs), so never an identifier. */
  sku: v.nullable(v.string()),
  /**
   * The product's title, then (when the product delivers several items) ' - ' and the variant's
   * option values; at most 150 characters, the product's title cut on a word so that the option
   * values fit, and unique within the item's group.
   */
  title: v.string(),
  /** Plain text from the product's HTML body (line breaks kept), at most 5,000 characters. */
  description: v.string(),
  /**
   * The product's page in the customer's store: https://{domain}/products/{handle}. No `?variant=`:
   * only the store's own variant ids select a variant there, and the catalogue does not know them.
   */
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
  /**
   * Google's variant attributes, from the product's options as merchants name them in several
   * languages (server/feeds/variant-attributes.ts: 'Ring size', 'Colours', 'Tamanho', 'Farbe', ...);
   * null when no option stands for the attribute.
   */
  size: v.nullable(v.string()),
  color: v.nullable(v.string()),
  material: v.nullable(v.string()),
  pattern: v.nullable(v.string()),
  /** One of Google's values (newborn, infant, toddler, kids, adult), from an option or the product's `Google Shopping / Age Group`; else null. */
  age_group: v.nullable(v.picklist(['newborn', 'infant', 'toddler', 'kids', 'adult'])),
  /** One of Google's values (male, female, unisex), from an option or the product's `Google Shopping / Gender`; else null. */
  gender: v.nullable(v.picklist(['male', 'female', 'unisex'])),
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
