/**
 * What the admin reads about a feed (issue 12 "Diagnostics for the admin"): the counts of what it
 * selects and delivers, what it leaves out grouped by reason, the warnings Google may raise, what
 * the feed validator finds, the three URLs the customer's store fetches, and the first items as
 * the customer receives them, and its customer's Shopify store (issue 29). Built from the very build the delivery sends (delivery.ts).
 */
import type { DiagnosticItem, FeedDiagnostics, WarningGroup } from '@/api/schemas/feed-diagnostics';
import { DIAGNOSTIC_WARNINGS } from '@/api/schemas/feed-diagnostics';
import { feedUrls } from '@/api/schemas/feed-formats';
import { EXCLUSION_REASONS, EXCLUSION_TEXTS } from '@/api/schemas/shop';
import type { ExclusionReason } from '@/api/schemas/shop';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/open';
import { feeds } from '../db/schema';
import type { DeliveryOptions, DiagnosticWarning } from './delivery';
import { buildDeliveredFeed } from './delivery';
import { validateFeedItems } from './feed-validator';
import { feedShopifyStatus } from '../shopify/feed-store';
import { googleAttributes } from './google-item';

/** How many delivered items the preview shows. */
export const PREVIEW_SIZE = 10;

/** What the admin reads for each warning. */
export const WARNING_TEXTS: Record<DiagnosticWarning, string> = {
  quantity_unknown: 'Stock is tracked but the catalogue export had no quantity: sent as in stock',
  no_gtin: 'No valid GTIN (barcode missing or not a GTIN): sent with identifier_exists "no"',
  title_truncated: 'Title longer than 150 characters: cut on a word',
  landing_variant:
    "Landing page may show another variant's price or availability: the link opens the product page, " +
    "which cannot select the variant until the customer's store variant ids are known",
  variant_not_in_store:
    "Not found among the variants of the product in the customer's Shopify store: the link opens the " +
    'product page, on whichever variant it shows first',
};

/** The entries of `entries` grouped by `key`, in the order of `order`, empty groups left out. */
function grouped<K extends string>(
  order: readonly K[],
  entries: readonly { key: K; item: DiagnosticItem }[],
): { key: K; items: DiagnosticItem[] }[] {
  return order
    .map((key) => ({ key, items: entries.filter((entry) => entry.key === key).map((entry) => entry.item) }))
    .filter((group) => group.items.length > 0);
}

/**
 * The diagnostics of feed `feedId`, or null when there is no such feed. `now` tells whether a
 * store sync still runs.
 * @param feedUrlBase where the delivery API serves feeds, e.g.
 *   'https://feeds.example.com/api/feed/v1/feeds', or '/api/feed/v1/feeds' on the browser's origin
 *   (the id and '.json', '.csv' or '.xml' follow)
 */
export async function feedDiagnostics(
  db: Db,
  feedId: number,
  options: DeliveryOptions & { feedUrlBase: string; now: Date },
): Promise<FeedDiagnostics | null> {
  const build = await buildDeliveredFeed(db, feedId, options);
  if (!build) return null;
  const counts = build.store ?? { mapped: 0, unmapped: 0, excluded: 0 };
  const shopify =
    build.userId === null ? null : await feedShopifyStatus(db, build.userId, counts, options.now);
  const { feed } = build;
  const [pulled] = await db
    .select({ at: feeds.last_pulled_at })
    .from(feeds)
    .where(eq(feeds.id, feedId))
    .limit(1);
  const excluded = grouped<ExclusionReason>(
    EXCLUSION_REASONS,
    build.excluded.map(({ reason, item }) => ({ key: reason, item })),
  ).map(({ key, items }) => ({ reason: key, message: EXCLUSION_TEXTS[key], items }));
  const warnings: WarningGroup[] = grouped<DiagnosticWarning>(
    DIAGNOSTIC_WARNINGS,
    build.warnings.map(({ code, item }) => ({ key: code, item })),
  ).map(({ key, items }) => ({ code: key, message: WARNING_TEXTS[key], items }));
  return {
    feed_id: feed.id,
    currency: feed.currency,
    discount_rate: feed.discount_rate,
    product_count: build.productCount,
    deliverable_product_count: build.deliverableProductCount,
    delivered_count: feed.items.length,
    excluded,
    archived_variants: build.archived
      .map(({ item, optionValues, archivedAt }) => ({
        ...item,
        option_values: optionValues,
        archived_at: archivedAt?.toISOString() ?? null,
      }))
      .sort((a, b) => (b.archived_at ?? '').localeCompare(a.archived_at ?? '')),
    warnings,
    errors: validateFeedItems(feed.items.map(googleAttributes)),
    urls: feedUrls(options.feedUrlBase, feed.id),
    last_pulled_at: pulled?.at?.toISOString() ?? null,
    preview: feed.items.slice(0, PREVIEW_SIZE).map((item) => ({
      id: item.id,
      title: item.title,
      price: item.price,
      sale_price: item.sale_price,
      availability: item.availability,
      link: item.link,
      image_link: item.image_link,
    })),
    shopify,
  };
}
