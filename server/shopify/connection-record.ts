/**
 * A customer's stored Shopify connection (issue 29): the columns of `users` it is read from and the
 * contract's ShopifyConnection computed from them, shared by the users list, a user's page and a
 * feed's diagnostics so they never disagree.
 */
import { sql } from 'drizzle-orm';
import type { ShopifyConnection, ShopifyFailure } from '@/api/schemas/shopify';
import { users } from '../db/schema';

/** The `users` columns a connection is computed from, for a Drizzle select. */
export const connectionColumns = {
  shopifyDomain: users.shopify_domain,
  hasShopifyKey: sql<boolean>`${users.shopify_admin_api_encrypted} is not null`.mapWith(Boolean),
  checkStatus: users.shopify_check_status,
  checkedAt: users.shopify_checked_at,
  shopName: users.shopify_shop_name,
  scopes: users.shopify_scopes,
  failureCode: users.shopify_failure_code,
  failureMessage: users.shopify_failure_message,
  failureRetryAfter: users.shopify_failure_retry_after_seconds,
};

/** One row of {@link connectionColumns}. */
export interface ConnectionRow {
  shopifyDomain: string;
  hasShopifyKey: boolean;
  checkStatus: 'connected' | 'failed' | null;
  checkedAt: Date | null;
  shopName: string | null;
  scopes: string[];
  failureCode: ShopifyFailure['code'] | null;
  failureMessage: string | null;
  failureRetryAfter: number | null;
}

/**
 * The connection as the contract words it: `not_configured` without a domain or a key (whatever was
 * checked before), `not_checked` when configured but never checked since the domain or key last
 * changed, else the last check's result.
 */
export function connectionOf(row: ConnectionRow): ShopifyConnection {
  const configured = row.shopifyDomain !== '' && row.hasShopifyKey;
  if (!configured || row.checkStatus === null) {
    return {
      status: configured ? 'not_checked' : 'not_configured',
      checked_at: null,
      shop_name: null,
      scopes: [],
      failure: null,
    };
  }
  return {
    status: row.checkStatus,
    checked_at: row.checkedAt?.toISOString() ?? null,
    shop_name: row.shopName,
    scopes: row.scopes,
    failure:
      row.checkStatus === 'failed' && row.failureCode !== null
        ? {
            code: row.failureCode,
            message: row.failureMessage ?? '',
            retry_after_seconds: row.failureRetryAfter,
          }
        : null,
  };
}

/** The `users` columns that a changed domain or key clears: the store is then "not checked". */
export const UNCHECKED_CONNECTION = {
  shopify_check_status: null,
  shopify_checked_at: null,
  shopify_shop_name: null,
  shopify_scopes: [] as string[],
  shopify_failure_code: null,
  shopify_failure_message: null,
  shopify_failure_retry_after_seconds: null,
};
