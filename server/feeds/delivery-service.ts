/**
 * The feed delivery behind the customers' pulls (ARCHITECTURE.md §4 "Sync vs feeds"; issues 4 and
 * 12 "Delivery"): checking and counting a pull's API token against the feed's customer, and the
 * feed's documents as JSON, CSV or Google's RSS, each rendering reused for a few seconds
 * (delivery-cache.ts). How a verdict is answered over HTTP (401 challenge, 404, 429 with RateLimit
 * fields) is the route's business: server/routes/feed-delivery.ts.
 */
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { apiTokenRefusal, countApiTokenRequest } from '../auth/api-token-check';
import { hashApiToken } from '../auth/api-tokens';
import type { ApiTokenOutcome } from '../auth/api-token-check';
import type { FeedFormat } from '@/api/schemas/feed-formats';
import type { Config } from '../config';
import type { Db } from '../db/open';
import { prepareNamed } from '../db/planned-statements';
import { feeds } from '../db/schema';
import { findFeedOwner, loadDeliveredFeed } from './delivery';
import { MicroCache, RenderedDocument } from './delivery-cache';
import { FEED_RENDERERS } from './feed-renderers';
import { KeyedBatches } from './keyed-batches';

/** A feed id no customer owns: a missing feed is checked as "another customer's", counting nothing. */
const NO_OWNER = 0;

/**
 * How fresh `last_pulled_at` is kept, in ms: a pull writes it only when the stamp is older, so a burst
 * of pulls of one feed (50 connections) does not write and lock the feed's row on every request.
 */
export const LAST_PULLED_RESOLUTION_MS = 60_000;

/** What the delivery service needs from the app. */
export interface DeliveryDeps {
  db: Db;
  /** The clock of the document cache, of the tokens' `last_used_at` and the feeds' `last_pulled_at`. */
  now: () => Date;
  /** Where relative image paths and links point, and what prices are in. */
  config: Pick<Config, 'publicUrl' | 'catalogueCurrency'>;
}

/** The delivery service bound to the app's dependencies, as route plugins receive it (AppServices). */
export interface DeliveryService {
  /**
   * Checks `token` against feed `feedId`'s customer and, when it may pull, counts the pull and
   * stamps the feed's `last_pulled_at` when older than LAST_PULLED_RESOLUTION_MS (issue 30: the
   * Delivery panel says when a client last pulled).
   * Pulls of one token and feed that arrive while their previous count runs are counted together
   * in the next statement (keyed-batches.ts), each resolved once that count is committed.
   * Resolves to the grant or to why the token was refused (an unknown feed is `not_owner`, as
   * another customer's feed is); never rejects for a refusal.
   */
  authorise(token: string, feedId: number): Promise<ApiTokenOutcome>;
  /**
   * Feed `feedId` rendered as `format` (the same rendering for FEED_CACHE_MS), or null when the feed
   * does not exist. `selfLink` is the XML channel's own URL.
   */
  document(format: FeedFormat, feedId: number, selfLink: string): Promise<RenderedDocument | null>;
  /**
   * Drops this process's cached renderings of `feedIds` (a store sync changed their links, issue
   * 29); other processes' expire within FEED_CACHE_MS.
   */
  forget(feedIds: readonly number[]): void;
}

/**
 * Granted pulls in one prepared statement (issue 31): up to `count` pulls are counted against the
 * token for the feed's customer and the feed's `last_pulled_at` written when older than `stale`, in
 * one round trip, and the SQL is built and planned once rather than per pull (building it was a
 * tenth of a pull's CPU). Data-modifying CTEs always run to completion, and `stamped` sees whether
 * `granted` updated a row. Placeholders: tokenHash, feedId, count, now and stale (ISO 8601
 * instants). Resolves to the token's row (its used requests before and after), or to no row when
 * the token may not pull this feed.
 */
function prepareGrantPull(db: Db) {
  const now = sql`${sql.placeholder('now')}::timestamptz`;
  const feedId = sql`${sql.placeholder('feedId')}::integer`;
  const feedOwner = db.select({ userId: feeds.user_id }).from(feeds).where(eq(feeds.id, feedId));
  const granted = db
    .$with('granted')
    .as(
      countApiTokenRequest(
        db,
        sql`${sql.placeholder('tokenHash')}`,
        sql`(${feedOwner})`,
        now,
        sql`${sql.placeholder('count')}::integer`,
      ),
    );
  const stale = sql`${sql.placeholder('stale')}::timestamptz`;
  const stamped = db.$with('stamped').as(
    db
      .update(feeds)
      .set({ last_pulled_at: now })
      .where(
        and(
          eq(feeds.id, feedId),
          sql`exists (select 1 from ${granted})`,
          or(isNull(feeds.last_pulled_at), lt(feeds.last_pulled_at, stale)),
        ),
      ),
  );
  return prepareNamed(db, db.with(granted, stamped).select().from(granted), 'grant_feed_pull');
}

/** A batch of pulls with one token of one feed: the token's hash and the feed's id. */
interface PullKey {
  tokenHash: string;
  feedId: number;
}

/** The delivery service over `deps`, with its own document cache. */
export function createDeliveryService({ db, now, config }: DeliveryDeps): DeliveryService {
  // Prepared on the first pull, not here: an app built over a stand-in database (a test's) must
  // not touch it until a request does.
  let grantPull: ReturnType<typeof prepareGrantPull> | undefined;
  const documents = new MicroCache<RenderedDocument | null>(now);
  const { publicUrl, catalogueCurrency: currency } = config;

  const render = async (format: FeedFormat, feedId: number, selfLink: string) => {
    const feed = await loadDeliveredFeed(db, feedId, { publicUrl, currency });
    if (!feed) return null;
    return new RenderedDocument(FEED_RENDERERS[format](feed, selfLink));
  };

  /**
   * Counts `size` concurrent pulls of one token and feed in one statement (keyed-batches.ts): the
   * first ones get the grants the token had left, each with its own count; when it had fewer, the
   * rest are `exhausted`; when it may not pull at all, all get the one refusal.
   */
  const countPulls = async ({ tokenHash, feedId }: PullKey, size: number): Promise<ApiTokenOutcome[]> => {
    const at = now();
    const stale = new Date(at.getTime() - LAST_PULLED_RESOLUTION_MS);
    grantPull ??= prepareGrantPull(db);
    const [grant] = await grantPull.execute({
      tokenHash,
      feedId,
      count: size,
      now: at.toISOString(),
      stale: stale.toISOString(),
    });
    if (!grant) {
      const feed = await findFeedOwner(db, feedId);
      const refusal = await apiTokenRefusal(db, tokenHash, feed?.userId ?? NO_OWNER);
      return Array.from({ length: size }, () => refusal);
    }
    const { tokenId, userId, usedBefore, totalRequests } = grant;
    return Array.from({ length: size }, (_, index): ApiTokenOutcome => {
      const usedRequests = usedBefore + index + 1;
      return usedRequests <= grant.usedRequests
        ? { status: 'ok', tokenId, userId, usedRequests, totalRequests }
        : { status: 'exhausted', tokenId, userId, totalRequests };
    });
  };
  const pulls = new KeyedBatches(countPulls);

  return {
    authorise(token, feedId) {
      const tokenHash = hashApiToken(token);
      return pulls.join(`${feedId} ${tokenHash}`, { tokenHash, feedId });
    },

    document: (format, feedId, selfLink) =>
      documents.get(`${feedId} ${format}`, () => render(format, feedId, selfLink)),

    forget(feedIds) {
      const stale = new Set(feedIds.map(String));
      documents.forget((key) => stale.has(key.split(' ')[0] ?? ''));
    },
  };
}
