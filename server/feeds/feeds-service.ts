/**
 * Feeds as the admin manages them (spec §3 "Feed", §7 /feeds, /feeds/{feedId}, /feeds/create;
 * issue 12 diagnostics): a feed belongs to one Customer and lists catalogue products. Behind
 * server/routes/feeds.ts.
 */
import type { Readable } from 'node:stream';
import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import { UserType } from '@/api/schemas/common';
import type { FeedDiagnostics } from '@/api/schemas/feed-diagnostics';
import { GOOGLE_FEED_FORMAT, feedUrl } from '@/api/schemas/feed-formats';
import type { FeedsExportQuery } from '@/api/schemas/feed-list';
import type { FeedDetail, FeedListItem, FeedSaveRequest } from '@/api/schemas/feeds';
import type { DbExecutor } from '../catalogue/import';
import type { Config } from '../config';
import type { Db } from '../db/open';
import { brands, feedProducts, feeds, products, users } from '../db/schema';
import { InvalidInputError, NotFoundError } from '../domain-errors';
import { feedDiagnostics } from './diagnostics';
import { feedsCsvFilename, feedsCsvStream } from './feeds-export';

/** 404 message of an unknown feed id. */
export const FEED_NOT_FOUND = 'Feed not found';

const INSERT_BATCH = 1000;

/** How the feeds list names a customer: company (or person) and customer number. */
export function customerDetails(user: {
  id: number;
  company_name: string;
  first_name: string;
  last_name: string;
}) {
  const name = user.company_name || `${user.first_name} ${user.last_name}`;
  return `${name} (#${user.id})`;
}

/** A feeds list row as the database gives it: without its URL, which depends on where it is served. */
export type FeedListRow = Omit<FeedListItem, 'feed_url'>;

/**
 * Every feed for the feeds list, newest first, with its brands (by name) and product count; only
 * customer `userId`'s when given.
 */
export async function listFeeds(db: Db, userId?: number): Promise<FeedListRow[]> {
  const ofCustomer = userId === undefined ? undefined : eq(feeds.user_id, userId);
  const feedsOfCustomer =
    userId === undefined
      ? undefined
      : inArray(feedProducts.feed_id, db.select({ id: feeds.id }).from(feeds).where(ofCustomer));
  const [feedRows, counts, brandRows] = await Promise.all([
    db
      .select({ feed: feeds, user: users })
      .from(feeds)
      .leftJoin(users, eq(users.id, feeds.user_id))
      .where(ofCustomer)
      .orderBy(desc(feeds.id)),
    db
      .select({ feedId: feedProducts.feed_id, n: count() })
      .from(feedProducts)
      .where(feedsOfCustomer)
      .groupBy(feedProducts.feed_id),
    db
      .selectDistinct({ feedId: feedProducts.feed_id, id: brands.id, name: brands.name })
      .from(feedProducts)
      .innerJoin(products, eq(products.id, feedProducts.product_id))
      .innerJoin(brands, eq(brands.id, products.brand_id))
      .where(feedsOfCustomer)
      .orderBy(asc(feedProducts.feed_id), asc(brands.name)),
  ]);
  const countByFeed = new Map(counts.map((row) => [row.feedId, row.n]));
  const brandsByFeed = new Map<number, { id: number; name: string }[]>();
  for (const row of brandRows) {
    brandsByFeed.set(row.feedId, [...(brandsByFeed.get(row.feedId) ?? []), { id: row.id, name: row.name }]);
  }
  return feedRows.map(({ feed, user }) => ({
    id: feed.id,
    name: feed.name,
    user_id: feed.user_id,
    brands: brandsByFeed.get(feed.id) ?? [],
    products_count: countByFeed.get(feed.id) ?? 0,
    user_details: user ? customerDetails(user) : null,
    user_discount: user ? user.discount_rate : null,
    shipping_user_discount: user ? user.shipping_discount_rate : null,
  }));
}

/** The feed with its product ids (ascending), or null when there is none with `feedId`. */
export async function findFeed(db: DbExecutor, feedId: number): Promise<FeedDetail | null> {
  const [feed] = await db
    .select({
      id: feeds.id,
      name: feeds.name,
      user_id: feeds.user_id,
      include_unpublished: feeds.include_unpublished,
    })
    .from(feeds)
    .where(eq(feeds.id, feedId));
  if (!feed) return null;
  const rows = await db
    .select({ id: feedProducts.product_id })
    .from(feedProducts)
    .where(eq(feedProducts.feed_id, feedId))
    .orderBy(asc(feedProducts.product_id));
  return { ...feed, products: rows.map((row) => row.id) };
}

/**
 * Checks a save's references: `user_id` must be an existing Customer and every product id must
 * exist; their rows are locked (FOR SHARE) until the save commits, so none is deleted in between
 * and the insert never trips a foreign key. Resolves to the de-duplicated product ids, ascending.
 * @throws InvalidInputError naming the customer id, or listing every unknown product id
 */
async function checkReferences(db: DbExecutor, body: FeedSaveRequest): Promise<number[]> {
  const [customer] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, body.user_id), eq(users.user_type_id, UserType.Customer)))
    .for('share');
  if (!customer) {
    throw new InvalidInputError(`user_id: there is no customer with id ${body.user_id}`, {
      field: 'user_id',
    });
  }

  const ids = [...new Set(body.products)].sort((a, b) => a - b);
  const known = new Set<number>();
  for (let start = 0; start < ids.length; start += INSERT_BATCH) {
    const batch = ids.slice(start, start + INSERT_BATCH);
    for (const row of await db
      .select({ id: products.id })
      .from(products)
      .where(inArray(products.id, batch))
      .for('share')) {
      known.add(row.id);
    }
  }
  const unknown = ids.filter((id) => !known.has(id));
  if (unknown.length > 0) {
    throw new InvalidInputError(`products: unknown product ids ${unknown.join(', ')}`, { field: 'products' });
  }
  return ids;
}

async function replaceProducts(db: DbExecutor, feedId: number, productIds: number[]): Promise<void> {
  await db.delete(feedProducts).where(eq(feedProducts.feed_id, feedId));
  for (let start = 0; start < productIds.length; start += INSERT_BATCH) {
    await db
      .insert(feedProducts)
      .values(
        productIds
          .slice(start, start + INSERT_BATCH)
          .map((productId) => ({ feed_id: feedId, product_id: productId })),
      );
  }
}

/** What the feeds service needs from the app. */
export interface FeedsDeps {
  db: Db;
  now: () => Date;
  /** Where the delivery links items and what it prices them in (the diagnostics show what it sends). */
  config: Pick<Config, 'publicUrl' | 'catalogueCurrency'>;
}

/** The feeds service bound to the app's dependencies, as route plugins receive it (AppServices). */
export interface FeedsService {
  /**
   * Every feed, newest first, or customer `userId`'s only (see listFeeds), each with `feed_url`, its
   * RSS 2.0 URL under `feedUrlBase` (what Google Merchant Center fetches).
   */
  list(feedUrlBase: string, userId?: number): Promise<FeedListItem[]>;
  /**
   * The feeds list as CSV for `query` (its search and sort, as the list shows them; issue 15), with
   * the file name of the day.
   */
  exportCsv(query: FeedsExportQuery): Promise<{ filename: string; stream: Readable }>;
  /** The feed with its product ids. @throws NotFoundError (FEED_NOT_FOUND) */
  get(feedId: number): Promise<FeedDetail>;
  /**
   * What the feed delivers now (server/feeds/diagnostics.ts).
   * @param feedUrlBase where the delivery API serves feeds (the id and the format's extension follow)
   * @throws NotFoundError (FEED_NOT_FOUND)
   */
  diagnostics(feedId: number, feedUrlBase: string): Promise<FeedDiagnostics>;
  /** Creates a feed. @throws InvalidInputError (unknown customer or products) */
  create(body: FeedSaveRequest): Promise<FeedDetail>;
  /**
   * Replaces a feed's name, customer and products.
   * @throws NotFoundError (FEED_NOT_FOUND), InvalidInputError (unknown customer or products)
   */
  update(feedId: number, body: FeedSaveRequest): Promise<FeedDetail>;
}

/** The feeds service over `deps`. */
export function createFeedsService({ db, now, config }: FeedsDeps): FeedsService {
  return {
    list: async (feedUrlBase, userId) =>
      (await listFeeds(db, userId)).map((feed) => ({
        ...feed,
        feed_url: feedUrl(feedUrlBase, feed.id, GOOGLE_FEED_FORMAT),
      })),

    async exportCsv(query) {
      const feedList = await listFeeds(db);
      return { filename: feedsCsvFilename(now()), stream: feedsCsvStream(feedList, query) };
    },

    async get(feedId) {
      const feed = await findFeed(db, feedId);
      if (!feed) throw new NotFoundError(FEED_NOT_FOUND);
      return feed;
    },

    async diagnostics(feedId, feedUrlBase) {
      const diagnostics = await feedDiagnostics(db, feedId, {
        publicUrl: config.publicUrl,
        currency: config.catalogueCurrency,
        feedUrlBase,
        now: now(),
      });
      if (!diagnostics) throw new NotFoundError(FEED_NOT_FOUND);
      return diagnostics;
    },

    create: (body) =>
      db.transaction(async (tx) => {
        const productIds = await checkReferences(tx, body);
        const includeUnpublished = body.include_unpublished ?? false;
        const [row] = await tx
          .insert(feeds)
          .values({
            name: body.name,
            user_id: body.user_id,
            include_unpublished: includeUnpublished,
            created_at: now(),
          })
          .returning({ id: feeds.id });
        if (!row) throw new Error('feed insert returned no row');
        await replaceProducts(tx, row.id, productIds);
        return {
          id: row.id,
          name: body.name,
          user_id: body.user_id,
          include_unpublished: includeUnpublished,
          products: productIds,
        };
      }),

    update: (feedId, body) =>
      db.transaction(async (tx) => {
        const [existing] = await tx
          .select({ id: feeds.id, include_unpublished: feeds.include_unpublished })
          .from(feeds)
          .where(eq(feeds.id, feedId))
          .for('update');
        if (!existing) throw new NotFoundError(FEED_NOT_FOUND);
        // Before the update: an unknown user_id is the save's 400, not a foreign key's 500.
        const productIds = await checkReferences(tx, body);
        // A client that sends only the spec's fields keeps the admin's choice.
        const includeUnpublished = body.include_unpublished ?? existing.include_unpublished;
        await tx
          .update(feeds)
          .set({
            name: body.name,
            user_id: body.user_id,
            include_unpublished: includeUnpublished,
            updated_at: now(),
          })
          .where(eq(feeds.id, feedId));
        await replaceProducts(tx, feedId, productIds);
        return {
          id: feedId,
          name: body.name,
          user_id: body.user_id,
          include_unpublished: includeUnpublished,
          products: productIds,
        };
      }),
  };
}
