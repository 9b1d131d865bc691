/**
 * What a feed knows of its customer's Shopify store (issue 29; ARCHITECTURE.md §4 "The customer's
 * store"): the variant mapping of the last successful sync, read for the feed's build, and the
 * store's status as a feed's diagnostics report it.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { FeedShopifyStatus } from '@/api/schemas/shopify';
import type { Db } from '../db/open';
import { shopifyProducts, shopifySyncs, shopifyVariants, users } from '../db/schema';
import { connectionColumns, connectionOf } from './connection-record';
import { numericId } from './gid';

/** The store's view of one catalogue product, as the last sync left it. */
export interface StoreProduct {
  found: boolean;
  /** On the store's online store (`Product.onlineStoreUrl` not null). */
  published: boolean;
}

/** The mapping a feed's build uses; absent (null) when the customer's store was never synced. */
export interface StoreMapping {
  /** By our product id; a product the last sync did not look at (added since) has no entry. */
  products: Map<number, StoreProduct>;
  /** Our variant id → the store's numeric variant id (from its GID), for matched variants only. */
  variants: Map<number, string>;
}

/**
 * The mapping of customer `userId`'s store for `productIds`, or null when the customer has no domain
 * or key saved, or no sync of their store ever succeeded: the feed then goes out as without a store.
 */
export async function loadStoreMapping(
  db: Db,
  userId: number,
  productIds: readonly number[],
): Promise<StoreMapping | null> {
  const [state] = await db
    .select({ ...connectionColumns, succeededAt: shopifySyncs.succeeded_at })
    .from(users)
    .leftJoin(shopifySyncs, eq(shopifySyncs.user_id, users.id))
    .where(eq(users.id, userId));
  if (!state || state.shopifyDomain === '' || !state.hasShopifyKey || state.succeededAt === null) return null;
  if (productIds.length === 0) return { products: new Map(), variants: new Map() };
  const [productRows, variantRows] = await Promise.all([
    db
      .select({
        id: shopifyProducts.product_id,
        found: shopifyProducts.found,
        published: shopifyProducts.published,
      })
      .from(shopifyProducts)
      .where(and(eq(shopifyProducts.user_id, userId), inArray(shopifyProducts.product_id, [...productIds]))),
    db
      .select({ id: shopifyVariants.variant_id, storeId: shopifyVariants.shopify_variant_id })
      .from(shopifyVariants)
      .where(eq(shopifyVariants.user_id, userId)),
  ]);
  return {
    products: new Map(productRows.map((row) => [row.id, { found: row.found, published: row.published }])),
    variants: new Map(
      variantRows.flatMap((row) => {
        const id = numericId(row.storeId);
        return id === null ? [] : [[row.id, id] as const];
      }),
    ),
  };
}

/**
 * Why the store leaves product `productId` out, after the catalogue's own rules: the store does not
 * have it (`not_in_store`), or does not publish it on its online store (`not_published_in_store`,
 * unless the feed includes unpublished products on purpose, as for the catalogue's own flag). Null
 * when it is delivered, or when the last sync did not look at it (added to a feed since).
 */
export function storeExclusion(
  mapping: StoreMapping,
  productId: number,
  feed: { includeUnpublished: boolean },
): 'not_in_store' | 'not_published_in_store' | null {
  const product = mapping.products.get(productId);
  if (product === undefined) return null;
  if (!product.found) return 'not_in_store';
  if (!product.published && !feed.includeUnpublished) return 'not_published_in_store';
  return null;
}

/** A feed's items as its store's mapping left them (counts of items, one per deliverable variant). */
export interface StoreCounts {
  mapped: number;
  unmapped: number;
  excluded: number;
}

/**
 * Customer `userId`'s store as feed diagnostics report it, with `counts` of the feed's items; null
 * when there is no such user. `now` decides whether a lease still runs.
 */
export async function feedShopifyStatus(
  db: Db,
  userId: number,
  counts: StoreCounts,
  now: Date,
): Promise<FeedShopifyStatus | null> {
  const [row] = await db
    .select({
      ...connectionColumns,
      endedAt: shopifySyncs.ended_at,
      failureCodeOfSync: shopifySyncs.failure_code,
      failureMessageOfSync: shopifySyncs.failure_message,
      failureRetryAfterOfSync: shopifySyncs.failure_retry_after_seconds,
      running: shopifySyncs.locked_until,
    })
    .from(users)
    .leftJoin(shopifySyncs, eq(shopifySyncs.user_id, users.id))
    .where(eq(users.id, userId));
  if (!row) return null;
  return {
    connection: connectionOf(row),
    last_sync_at: row.endedAt?.toISOString() ?? null,
    last_sync_failure:
      row.failureCodeOfSync === null
        ? null
        : {
            code: row.failureCodeOfSync,
            message: row.failureMessageOfSync ?? '',
            retry_after_seconds: row.failureRetryAfterOfSync,
          },
    sync_running: row.running !== null && row.running > now,
    mapped_count: counts.mapped,
    unmapped_count: counts.unmapped,
    excluded_count: counts.excluded,
  };
}
