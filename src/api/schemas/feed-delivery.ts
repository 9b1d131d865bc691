/**
 * The feed delivery API's JSON document (ARCHITECTURE.md §4, "Sync vs feeds"): what a customer's
 * store pulls from /api/feed/v1/feeds/{feedId}.json. Field names follow Google Merchant Center's
 * product data specification, which the .xml and .csv forms of the same feed use.
 */
import * as v from 'valibot';
import { Availability } from './shop';

/** One product of a delivered feed; prices are the customer's, after their discount_rate. */
export const DeliveredProduct = v.object({
  /** The variant's SKU: stable across catalogue imports. */
  id: v.string(),
  product_id: v.number(),
  title: v.string(),
  /** Plain text (the catalogue's HTML body without markup). */
  description: v.string(),
  /** The product's page in the customer's store. */
  link: v.string(),
  image_link: v.nullable(v.string()),
  availability: Availability,
  /** Minor units (cents), after the customer's discount. */
  price: v.number(),
  /** Minor units (cents), the catalogue price before the discount. */
  list_price: v.number(),
  currency: v.string(),
  brand: v.nullable(v.string()),
  mpn: v.string(),
  gtin: v.nullable(v.string()),
  condition: v.literal('new'),
});
export type DeliveredProduct = v.InferOutput<typeof DeliveredProduct>;

/** GET /api/feed/v1/feeds/{feedId}.json. */
export const DeliveredFeed = v.object({
  id: v.number(),
  name: v.string(),
  /** Percent taken off every list price (the customer's discount_rate). */
  discount_rate: v.number(),
  currency: v.string(),
  products: v.array(DeliveredProduct),
});
export type DeliveredFeed = v.InferOutput<typeof DeliveredFeed>;
