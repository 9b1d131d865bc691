/**
 * The customer's Shopify store calls of the /backoffice contract (issue 29; schemas/shopify.ts):
 * check a customer's connection, and sync a feed's customer's store (the variant mapping).
 */
import { request } from './client';
import { FeedShopifyStatus, ShopifyConnection } from './schemas/shopify';

/**
 * POST /users/{userId}/shopify/check: asks the customer's store with their Admin API key and
 * resolves to the connection as now stored (`connected`, or `failed` with Shopify's reason: a
 * failed check is an answer, not an error).
 * @throws ApiError with status 404 for an unknown user, and as `request` (no answer: 'Could not reach the server')
 */
export function checkShopifyConnection(userId: number, signal?: AbortSignal): Promise<ShopifyConnection> {
  return request(ShopifyConnection, 'post', `users/${userId}/shopify/check`, { signal });
}

/**
 * POST /feeds/{feedId}/shopify/sync: refreshes the variant mapping of the feed's customer's store
 * and resolves to the feed's view of that store afterwards (a sync Shopify refused carries
 * `last_sync_failure`).
 * @throws ApiError with status 409 and the server's message when a sync of that store already runs
 *   (SHOPIFY_SYNC_RUNNING_MESSAGE) or the customer has no domain and key saved
 *   (SHOPIFY_NOT_CONFIGURED_MESSAGE); 404 for an unknown feed; and as `request`
 */
export function syncFeedShopify(feedId: number, signal?: AbortSignal): Promise<FeedShopifyStatus> {
  return request(FeedShopifyStatus, 'post', `feeds/${feedId}/shopify/sync`, { signal });
}
