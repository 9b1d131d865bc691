/**
 * The customer's Shopify store as the back-office uses it (issue 29): checking a customer's
 * connection, syncing their variant mapping on demand (one run per customer across processes) and on
 * a schedule. Calls go only to the customer's saved host (store-client.ts).
 */
import { and, eq, isNotNull, ne } from 'drizzle-orm';
import type { FeedShopifyStatus, ShopifyConnection, ShopifyFailure } from '@/api/schemas/shopify';
import { SHOPIFY_NOT_CONFIGURED_MESSAGE, SHOPIFY_SYNC_RUNNING_MESSAGE } from '@/api/schemas/shopify';
import { shopDomainHost } from '@/api/schemas/users';
import type { Config } from '../config';
import type { Db } from '../db/open';
import { feeds, users } from '../db/schema';
import { ConflictError, NotFoundError } from '../domain-errors';
import { buildDeliveredFeed } from '../feeds/delivery';
import { FEED_NOT_FOUND } from '../feeds/feeds-service';
import { USER_NOT_FOUND_MESSAGE } from '../users/users-service';
import { connectionColumns, connectionOf } from './connection-record';
import { feedShopifyStatus } from './feed-store';
import { CONNECTION_QUERY, ConnectionData, ESTIMATED_COST, REQUIRED_SCOPE } from './queries';
import { callStore, ShopifyCallError } from './store-client';
import type { ShopifyTransport, StoreAccess, StoreSettings } from './store-client';
import { StoreSession } from './store-session';
import { syncStore } from './store-sync';
import type { SyncSummary } from './store-sync';
import { acquireLease, releaseLease, renewLease } from './sync-lease';

/** What a sync's log line may say: ids, counts and the failure's code and words (never the key). */
export interface ShopifyLog {
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
}

export interface ShopifyDeps {
  db: Db;
  now: () => Date;
  config: Pick<Config, 'encryptionKey' | 'shopifyApiVersion' | 'publicUrl' | 'catalogueCurrency'>;
  transport: ShopifyTransport;
  /** Called after a sync with the ids of the customer's feeds, whose cached renderings are stale. */
  onMappingChanged: (feedIds: number[]) => void;
}

export interface ShopifyService {
  /**
   * Checks customer `userId`'s connection now and keeps the result with its time: connected when the
   * shop answers and the key has `read_products`, else failed with why. Without a domain or key it
   * sends nothing and answers `not_configured`. Throws NotFoundError for an unknown user.
   */
  check(userId: number): Promise<ShopifyConnection>;
  /**
   * Syncs the mapping of feed `feedId`'s customer and answers the store's status for that feed (a
   * failed run is its `last_sync_failure`). Throws NotFoundError (no feed), ConflictError with
   * SHOPIFY_NOT_CONFIGURED_MESSAGE (no customer, domain or key) or SHOPIFY_SYNC_RUNNING_MESSAGE (a
   * run of that customer's store holds the lease).
   */
  syncFeed(feedId: number): Promise<FeedShopifyStatus>;
  /**
   * Syncs every connected customer's store in turn (the schedule), skipping those whose lease is held,
   * writing one log line per customer.
   */
  syncAll(log: ShopifyLog): Promise<void>;
}

/** Connection failures: the stored connection says so too (a throttled or unreachable run says nothing of the key). */
const CONNECTION_FAILURES: ReadonlySet<ShopifyFailure['code']> = new Set([
  'invalid_token',
  'missing_scope',
  'shop_not_found',
  'redirected',
]);

export function createShopifyService(deps: ShopifyDeps): ShopifyService {
  const { db, now, config } = deps;
  const settings: StoreSettings = {
    transport: deps.transport,
    encryptionKey: config.encryptionKey,
    apiVersion: config.shopifyApiVersion,
  };

  /** The user's store access, null when not configured; NotFoundError for no such user. */
  async function accessOf(userId: number): Promise<StoreAccess | null> {
    const [row] = await db
      .select({ domain: users.shopify_domain, key: users.shopify_admin_api_encrypted })
      .from(users)
      .where(eq(users.id, userId));
    if (!row) throw new NotFoundError(USER_NOT_FOUND_MESSAGE);
    const host = shopDomainHost(row.domain);
    return host === null || row.key === null ? null : { host, encryptedKey: row.key };
  }

  async function storeConnection(
    userId: number,
    result: { shopName: string; scopes: string[] } | ShopifyFailure,
  ) {
    const failure = 'code' in result ? result : null;
    await db
      .update(users)
      .set({
        shopify_check_status: failure ? 'failed' : 'connected',
        shopify_checked_at: now(),
        shopify_shop_name: failure ? null : (result as { shopName: string }).shopName,
        shopify_scopes: failure ? [] : (result as { scopes: string[] }).scopes,
        shopify_failure_code: failure?.code ?? null,
        shopify_failure_message: failure?.message ?? null,
        shopify_failure_retry_after_seconds: failure?.retry_after_seconds ?? null,
      })
      .where(eq(users.id, userId));
  }

  /** The connection query's verdict: the shop and scopes, or why not (a missing read_products included). */
  function verdict(data: ConnectionData): { shopName: string; scopes: string[] } | ShopifyFailure {
    const scopes = data.currentAppInstallation.accessScopes.map((scope) => scope.handle);
    if (scopes.includes(REQUIRED_SCOPE)) return { shopName: data.shop.name, scopes };
    return {
      code: 'missing_scope',
      message: `The Admin API key lacks the ${REQUIRED_SCOPE} scope (it has: ${scopes.join(', ') || 'none'})`,
      retry_after_seconds: null,
    };
  }

  async function readConnection(userId: number): Promise<ShopifyConnection> {
    const [row] = await db.select(connectionColumns).from(users).where(eq(users.id, userId));
    if (!row) throw new NotFoundError(USER_NOT_FOUND_MESSAGE);
    return connectionOf(row);
  }

  async function syncCustomer(userId: number, access: StoreAccess): Promise<SyncSummary | ShopifyFailure> {
    const lease = await acquireLease(db, userId, now());
    if (!lease) throw new ConflictError(SHOPIFY_SYNC_RUNNING_MESSAGE);
    let result: SyncSummary | ShopifyFailure;
    try {
      const session = new StoreSession(settings, access);
      const connection = verdict(
        await session.query(CONNECTION_QUERY, {}, ConnectionData, ESTIMATED_COST.connection),
      );
      await storeConnection(userId, connection);
      result =
        'code' in connection
          ? connection
          : await syncStore(db, session, userId, { now, renew: () => renewLease(db, lease, now()) });
    } catch (error) {
      if (!(error instanceof ShopifyCallError)) {
        // Our own fault (the database): the lease goes, the last result stands.
        await releaseLease(db, lease, now());
        throw error;
      }
      result = error.failure;
      if (CONNECTION_FAILURES.has(result.code)) await storeConnection(userId, result);
    }
    await releaseLease(db, lease, now(), 'code' in result ? result : null);
    const customerFeeds = await db.select({ id: feeds.id }).from(feeds).where(eq(feeds.user_id, userId));
    deps.onMappingChanged(customerFeeds.map((feed) => feed.id));
    return result;
  }

  return {
    async check(userId) {
      const access = await accessOf(userId);
      if (access === null) return readConnection(userId);
      try {
        const { data } = await callStore(settings, access, CONNECTION_QUERY, {}, ConnectionData);
        await storeConnection(userId, verdict(data));
      } catch (error) {
        if (!(error instanceof ShopifyCallError)) throw error;
        await storeConnection(userId, error.failure);
      }
      return readConnection(userId);
    },

    async syncFeed(feedId) {
      const [feed] = await db.select({ userId: feeds.user_id }).from(feeds).where(eq(feeds.id, feedId));
      if (!feed) throw new NotFoundError(FEED_NOT_FOUND);
      const access = feed.userId === null ? null : await accessOf(feed.userId);
      if (feed.userId === null || access === null) throw new ConflictError(SHOPIFY_NOT_CONFIGURED_MESSAGE);
      await syncCustomer(feed.userId, access);
      const build = await buildDeliveredFeed(db, feedId, {
        publicUrl: config.publicUrl,
        currency: config.catalogueCurrency,
      });
      const counts = build?.store ?? { mapped: 0, unmapped: 0, excluded: 0 };
      const status = await feedShopifyStatus(db, feed.userId, counts, now());
      // The feed and its customer were just read; only a concurrent delete gets here.
      if (!status) throw new NotFoundError(FEED_NOT_FOUND);
      return status;
    },

    async syncAll(log) {
      const customers = await db
        .select({ id: users.id })
        .from(users)
        .where(
          and(
            eq(users.shopify_check_status, 'connected'),
            ne(users.shopify_domain, ''),
            isNotNull(users.shopify_admin_api_encrypted),
          ),
        );
      for (const { id } of customers) {
        try {
          const access = await accessOf(id);
          if (access === null) continue;
          const result = await syncCustomer(id, access);
          if ('code' in result) log.warn({ userId: id, failure: result }, 'Shopify store sync failed');
          else log.info({ userId: id, ...result }, 'Shopify store synced');
        } catch (error) {
          // Another process runs this store's sync: it will report it.
          if (error instanceof ConflictError) continue;
          throw error;
        }
      }
    },
  };
}
