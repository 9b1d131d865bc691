/**
 * GET /feeds/{feedId}/diagnostics (issue 12 "Diagnostics for the admin"): what the feed delivers
 * right now, what it leaves out and why, what Google would warn about, and where it is fetched.
 * Prices are minor units in `currency`, after the customer's discount.
 */
import * as v from 'valibot';
import { FeedUrls } from './feed-formats';
import { Availability, ExclusionReason } from './shop';
import { FeedShopifyStatus } from './shopify';

/** One catalogue variant the diagnostics name (variant null when the whole product is meant). */
export const DiagnosticItem = v.object({
  product_id: v.number(),
  product_name: v.string(),
  variant_id: v.nullable(v.number()),
  sku: v.nullable(v.string()),
});
export type DiagnosticItem = v.InferOutput<typeof DiagnosticItem>;

/** Items left out of the feed for one reason. */
export const ExclusionGroup = v.object({
  reason: ExclusionReason,
  /** What the admin reads (EXCLUSION_TEXTS). */
  message: v.string(),
  items: v.array(DiagnosticItem),
});
export type ExclusionGroup = v.InferOutput<typeof ExclusionGroup>;

/**
 * Delivered items Google accepts but may warn about; `landing_variant`: the item's link opens its
 * product's page on another variant, whose price or availability differs (issue 26).
 */
export const DIAGNOSTIC_WARNINGS = [
  'quantity_unknown',
  'no_gtin',
  'title_truncated',
  'landing_variant',
  'variant_not_in_store',
] as const;
export const WarningGroup = v.object({
  code: v.picklist(DIAGNOSTIC_WARNINGS),
  message: v.string(),
  items: v.array(DiagnosticItem),
});
export type WarningGroup = v.InferOutput<typeof WarningGroup>;

/**
 * A variant of a delivered product that an import archived because the shop's export no longer
 * listed it (deleted in Shopify, issue 26), with when that import ran: an ISO 8601 time, or null
 * for variants archived before the time was kept.
 */
export const ArchivedVariant = v.object({
  ...DiagnosticItem.entries,
  /** Its option values, as the export last listed them (the editor's catalogue no longer has it). */
  option_values: v.array(v.string()),
  archived_at: v.nullable(v.string()),
});
export type ArchivedVariant = v.InferOutput<typeof ArchivedVariant>;

/** A delivered item as the customer receives it (the first few, for a preview). */
export const PreviewItem = v.object({
  id: v.string(),
  title: v.string(),
  /** What `g:price` says: the compare-at price when the item is on sale, else the price. */
  price: v.number(),
  /** What `g:sale_price` says, or null when the item is not on sale. */
  sale_price: v.nullable(v.number()),
  availability: Availability,
  link: v.string(),
  image_link: v.string(),
});
export type PreviewItem = v.InferOutput<typeof PreviewItem>;

export const FeedDiagnostics = v.object({
  feed_id: v.number(),
  currency: v.string(),
  discount_rate: v.number(),
  /** Products the feed selects, and how many of them deliver at least one item. */
  product_count: v.number(),
  deliverable_product_count: v.number(),
  /** Items (one per deliverable variant) the feed sends. */
  delivered_count: v.number(),
  excluded: v.array(ExclusionGroup),
  /** Newest first. */
  archived_variants: v.array(ArchivedVariant),
  warnings: v.array(WarningGroup),
  /** Problems the feed validator finds in delivered items; empty when Google would accept all. */
  errors: v.array(v.object({ item_id: v.string(), attribute: v.string(), message: v.string() })),
  /**
   * Where the feed is fetched: absolute under PUBLIC_URL, or paths on the back-office's own origin
   * when PUBLIC_URL is not set (the browser resolves them; never the server's listening address).
   */
  urls: FeedUrls,
  /** When a client last pulled the feed with an accepted token (ISO 8601), or null: never (issue 30). */
  last_pulled_at: v.nullable(v.string()),
  preview: v.array(PreviewItem),
  /** The customer's Shopify store as this feed sees it (issue 29); null for a feed with no customer. */
  shopify: v.nullable(FeedShopifyStatus),
});
export type FeedDiagnostics = v.InferOutput<typeof FeedDiagnostics>;
