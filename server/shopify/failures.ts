/**
 * Shopify's answers that are not data, as the contract's ShopifyFailure (issue 29): our words first,
 * Shopify's own reason beside them. Pure, so every case is table-tested.
 *
 * Sources (shopify.dev): "Shopify API response status and error codes"
 * (docs/api/usage/response-codes: 401 Unauthorized, 402 Payment Required = shop frozen, 403
 * Forbidden = missing scope, 404 Not Found, 423 Locked = shop locked, 429 Too Many Requests with
 * Retry-After, 5xx = Shopify's side); "GraphQL Admin API rate limits" (docs/api/usage/limits: a
 * THROTTLED error in a 200, `extensions.cost.throttleStatus` with `currentlyAvailable` and
 * `restoreRate` points per second); the GraphQL Admin API's ACCESS_DENIED error code
 * (docs/api/admin-graphql#status_and_error_codes).
 */
import type { ShopifyFailure } from '@/api/schemas/shopify';

/** Shopify's cost bucket as `extensions.cost.throttleStatus` reports it (points, points per second). */
export interface ThrottleStatus {
  maximumAvailable: number;
  currentlyAvailable: number;
  restoreRate: number;
}

/** A GraphQL error as Shopify sends it in `errors`. */
export interface GraphQLErrorEntry {
  message: string;
  extensions?: { code?: string } | undefined;
}

/** What went wrong with one call, as read off the wire (every field optional). */
export interface CallOutcome {
  /** HTTP status, absent when nothing answered. */
  status?: number;
  /** The `errors` text of a non-2xx JSON body (Shopify's reason), or a short body. */
  reason?: string;
  /** The Retry-After header, in seconds as sent. */
  retryAfter?: string | null;
  /** The Location header of a 3xx. */
  location?: string | null;
  /** The GraphQL errors of a 200. */
  graphQLErrors?: readonly GraphQLErrorEntry[];
  /** The bucket after the call, when reported. */
  throttleStatus?: ThrottleStatus | null;
  /** Points the refused query asked for (`extensions.cost.requestedQueryCost`). */
  requestedQueryCost?: number | null;
  /** Why no answer came (DNS, refused, timed out), or why the answer was not the Admin API's. */
  thrown?: string;
}

/** Seconds Shopify asks to wait after a 429 when it sends no Retry-After (its documented default). */
export const DEFAULT_RETRY_AFTER_SECONDS = 2;

const withReason = (ours: string, reason: string | undefined): string =>
  reason === undefined || reason.trim() === '' ? ours : `${ours} (Shopify: ${reason.trim()})`;

const failure = (
  code: ShopifyFailure['code'],
  message: string,
  retryAfter: number | null = null,
): ShopifyFailure => ({
  code,
  message,
  retry_after_seconds: retryAfter,
});

/** Seconds of a Retry-After header ("2.0", "5"), rounded up; the default when absent or not a number. */
export function retryAfterSeconds(header: string | null | undefined): number {
  const seconds = Number(header);
  return header != null && header.trim() !== '' && Number.isFinite(seconds) && seconds >= 0
    ? Math.ceil(seconds)
    : DEFAULT_RETRY_AFTER_SECONDS;
}

/**
 * Seconds until the bucket holds `needed` points again at its restore rate (0 when it does now),
 * rounded up; Shopify's own advice for a THROTTLED answer.
 */
export function secondsUntilAffordable(status: ThrottleStatus, needed: number): number {
  const missing = Math.min(needed, status.maximumAvailable) - status.currentlyAvailable;
  if (missing <= 0) return 0;
  return Math.ceil(missing / Math.max(status.restoreRate, 1));
}

/** The host of a Location header (absolute or not), or null. */
function locationHost(location: string | null | undefined, base: string): string | null {
  if (!location) return null;
  try {
    return new URL(location, `https://${base}`).host;
  } catch {
    return null;
  }
}

/**
 * The failure a call's outcome means, or null when it is none (a 2xx with data and no errors).
 * `host` is the store's host (for the words of a redirect).
 */
export function classifyOutcome(outcome: CallOutcome, host: string): ShopifyFailure | null {
  const { status, reason } = outcome;
  if (status === undefined) {
    return failure('unreachable', withReason(`No answer from ${host}`, outcome.thrown));
  }
  if (status >= 300 && status < 400) {
    const target = locationHost(outcome.location, host);
    return failure(
      'redirected',
      `${host} answered with a redirect${target ? ` to ${target}` : ''}, which is not followed so the ` +
        `key goes only to the saved domain: save the store's myshopify.com domain` +
        (target ? ` (if ${target} is it)` : ''),
    );
  }
  if (status === 401)
    return failure(
      'invalid_token',
      withReason('Shopify refused the Admin API key: wrong or revoked', reason),
    );
  if (status === 403)
    return failure(
      'missing_scope',
      withReason('The Admin API key may not do this: it lacks an access scope', reason),
    );
  if (status === 404)
    return failure('shop_not_found', withReason(`No Shopify shop answers at ${host}`, reason));
  if (status === 402) return failure('shop_not_found', withReason('The shop is frozen (unpaid)', reason));
  if (status === 423) return failure('shop_not_found', withReason('The shop is locked', reason));
  if (status === 429) {
    const seconds = retryAfterSeconds(outcome.retryAfter);
    return failure(
      'throttled',
      withReason(`Shopify is throttling calls: retry after ${seconds} s`, reason),
      seconds,
    );
  }
  if (status >= 500)
    return failure('unreachable', withReason(`Shopify answered ${status}: an error on its side`, reason));
  if (status < 200 || status >= 300 || outcome.thrown !== undefined) {
    return failure(
      'unexpected_answer',
      withReason(`Not an Admin API answer (HTTP ${status})`, reason ?? outcome.thrown),
    );
  }
  const errors = outcome.graphQLErrors ?? [];
  if (errors.length === 0) return null;
  const shopifyWords = errors.map((error) => error.message).join('; ');
  const codes = new Set(errors.map((error) => error.extensions?.code));
  if (codes.has('THROTTLED')) {
    const seconds = outcome.throttleStatus
      ? Math.max(1, secondsUntilAffordable(outcome.throttleStatus, outcome.requestedQueryCost ?? 1))
      : DEFAULT_RETRY_AFTER_SECONDS;
    return failure(
      'throttled',
      withReason(`Shopify is throttling calls: retry after ${seconds} s`, shopifyWords),
      seconds,
    );
  }
  if (codes.has('ACCESS_DENIED')) {
    return failure(
      'missing_scope',
      withReason('The Admin API key may not do this: it lacks an access scope', shopifyWords),
    );
  }
  return failure('unexpected_answer', withReason('The Admin API refused the query', shopifyWords));
}
