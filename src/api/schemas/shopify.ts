/**
 * The customer's Shopify store connection and variant mapping (issue 29; ARCHITECTURE.md §4 "The
 * customer's store"): what the admin sees of a customer's connection (`User.shopify_connection`,
 * POST /users/{userId}/shopify/check), of a feed's store sync (`FeedDiagnostics.shopify`,
 * POST /feeds/{feedId}/shopify/sync). The server reads the store through the GraphQL Admin API with
 * the customer's `shopify_admin_api` key; the key never appears in any of these answers.
 */
import * as v from 'valibot';

/**
 * Why a connection or a sync failed, each a reason Shopify (or the way to it) gives:
 * - `invalid_token`: 401, the key is wrong or was revoked (uninstalled app);
 * - `missing_scope`: 403 or ACCESS_DENIED, or the key lacks `read_products`;
 * - `shop_not_found`: 404 (no such store), 402 (frozen: unpaid) or 423 (locked) — closed or unusable;
 * - `throttled`: 429 or a THROTTLED error; `retry_after_seconds` says when to try again;
 * - `redirected`: the saved host answered with a redirect (a custom domain sends Admin API calls to
 *   its myshopify.com host): never followed, so the token only goes to the host an admin saved;
 * - `unreachable`: no answer (DNS, refused, timed out) or a 5xx;
 * - `unexpected_answer`: an answer that is not the Admin API's (HTML, a body that fails its schema).
 */
export const SHOPIFY_FAILURE_CODES = [
  'invalid_token',
  'missing_scope',
  'shop_not_found',
  'throttled',
  'redirected',
  'unreachable',
  'unexpected_answer',
] as const;
export const ShopifyFailureCode = v.picklist(SHOPIFY_FAILURE_CODES);
export type ShopifyFailureCode = v.InferOutput<typeof ShopifyFailureCode>;

/** A failure in words: `message` is what the admin reads (Shopify's own reason beside ours). */
export const ShopifyFailure = v.object({
  code: ShopifyFailureCode,
  message: v.string(),
  /** Seconds until Shopify accepts calls again (`throttled` only), else null. */
  retry_after_seconds: v.nullable(v.number()),
});
export type ShopifyFailure = v.InferOutput<typeof ShopifyFailure>;

/**
 * A customer's connection as last checked:
 * - `not_configured`: no shopify_domain or no Admin API key stored (nothing can be checked);
 * - `not_checked`: configured, never checked since the domain or key last changed;
 * - `connected`: the last check reached the shop with a key that has `read_products`;
 * - `failed`: the last check failed (`failure` says why).
 * 'Checking' is the screen's state while a check runs, never stored.
 */
export const SHOPIFY_CONNECTION_STATUSES = ['not_configured', 'not_checked', 'connected', 'failed'] as const;
export const ShopifyConnectionStatus = v.picklist(SHOPIFY_CONNECTION_STATUSES);
export type ShopifyConnectionStatus = v.InferOutput<typeof ShopifyConnectionStatus>;

export const ShopifyConnection = v.object({
  status: ShopifyConnectionStatus,
  /** When the last check ended (ISO 8601 UTC), null when never checked. */
  checked_at: v.nullable(v.string()),
  /** The shop's name as Shopify gives it (`shop.name`), when connected. */
  shop_name: v.nullable(v.string()),
  /** The key's access scopes (`currentAppInstallation.accessScopes`), when connected. */
  scopes: v.array(v.string()),
  /** Why the last check failed (status `failed` only), else null. */
  failure: v.nullable(ShopifyFailure),
});
export type ShopifyConnection = v.InferOutput<typeof ShopifyConnection>;

/** Words for each connection status, as the users list and the edit page show them. */
export const SHOPIFY_CONNECTION_TEXTS: Record<ShopifyConnectionStatus, string> = {
  not_configured: 'Not configured',
  not_checked: 'Not checked',
  connected: 'Connected',
  failed: 'Failed',
};

/**
 * A feed's view of its customer's store (in GET /feeds/{feedId}/diagnostics and the answer of
 * POST /feeds/{feedId}/shopify/sync): the connection, the last sync of the customer's variant
 * mapping (syncs cover every product of the customer's feeds), and what it means for this feed's
 * delivered items. Counts are of this feed's items (one per deliverable variant).
 */
export const FeedShopifyStatus = v.object({
  connection: ShopifyConnection,
  /** When the last sync of this customer's store ended (ISO 8601 UTC), null when never. */
  last_sync_at: v.nullable(v.string()),
  /** Why the last sync failed, null when it succeeded or never ran. */
  last_sync_failure: v.nullable(ShopifyFailure),
  /** True while a sync of this customer's store runs (in this or another process). */
  sync_running: v.boolean(),
  /** Delivered items whose link selects the store's own variant (`?variant={store id}`). */
  mapped_count: v.number(),
  /** Delivered items of a product the store has whose variant it did not find: linked to the product page. */
  unmapped_count: v.number(),
  /** Items left out because the store lacks or does not publish their product (`not_in_store`, `not_published_in_store`). */
  excluded_count: v.number(),
});
export type FeedShopifyStatus = v.InferOutput<typeof FeedShopifyStatus>;

/** Message of the 409 when a sync of the same store already runs (in any process). */
export const SHOPIFY_SYNC_RUNNING_MESSAGE = "A sync of this customer's store is already running";
/** Message of the 409 when a sync is asked for a customer with no Shopify domain or Admin API key saved. */
export const SHOPIFY_NOT_CONFIGURED_MESSAGE =
  "The customer has no Shopify domain and Admin API key saved: add them on the customer's page";
