/**
 * The feed delivery API that customers' stores call (ARCHITECTURE.md §4, "Sync vs feeds"; issue 4):
 * GET /api/feed/v1/feeds/{feedId}.json, .csv and .xml with `Authorization: Bearer <API token>`.
 * Outside /api/backoffice, so the back-office guard does not apply; the API token is checked here.
 * Every pull the token may make is counted first, in one atomic statement (consumeApiTokenRequest),
 * conditional pulls answered 304 included. Rendered documents are reused for a few seconds
 * (delivery-cache.ts). The token travels only in the header, which the app's logger redacts.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DeliveredFeed } from '@/api/schemas/feed-delivery';
import { FeedIdParams } from '@/api/schemas/feeds';
import type { AppServices } from '../app';
import { consumeApiTokenRequest } from '../auth/api-token-check';
import type { ApiTokenGrant } from '../auth/api-token-check';
import { bearerToken } from '../auth/guard';
import type { Db } from '../db/open';
import { findFeedOwner, loadDeliveredFeed, renderFeedCsv, renderFeedXml } from '../feeds/delivery';
import { MicroCache } from '../feeds/delivery-cache';
import { etagOf, sendWithEtag } from '../http/etag';
import { HttpError } from '../http/errors';
import { defineRoute } from '../http/route';

/** Where the delivery API lives. */
export const FEED_DELIVERY_PREFIX = '/api/feed/v1';
/** 401 message: no token, an unknown or revoked one, or one of an inactive customer. */
export const INVALID_API_TOKEN = 'Missing, invalid or revoked API token';
/** 404 message: no such feed, or a feed of another customer (the two are not told apart). */
export const FEED_NOT_FOUND = 'Feed not found';
/** 429 message of an exhausted token. */
export const QUOTA_EXHAUSTED = 'This API token has used all its requests';
/**
 * Retry-After of an exhausted token, in seconds. The quota does not renew by itself (an admin
 * raises it or issues a new token), so this only paces a store's retries.
 */
export const EXHAUSTED_RETRY_AFTER_SECONDS = 3600;

/** A feed id no customer owns: a missing feed is checked as "another customer's", counting nothing. */
const NO_OWNER = 0;

const FORMATS = {
  json: { contentType: 'application/json; charset=utf-8', label: 'JSON' },
  csv: { contentType: 'text/csv; charset=utf-8', label: 'CSV (Google Merchant Center attribute names)' },
  xml: {
    contentType: 'application/rss+xml; charset=utf-8',
    label: 'Google Merchant Center RSS 2.0 (g: namespace)',
  },
} as const;
type Format = keyof typeof FORMATS;

function unauthorized(): HttpError {
  return new HttpError(401, INVALID_API_TOKEN, { 'WWW-Authenticate': 'Bearer realm="feed"' });
}

/**
 * Checks the request's API token against the feed's customer and counts the pull.
 * @returns the grant (the token's numbers after this pull)
 * @throws HttpError 401 (no, unknown or revoked token, or inactive customer), 404 (no such feed, or
 *   another customer's), 429 with RateLimit-* and Retry-After headers (no requests left)
 */
async function authorisePull(db: Db, request: FastifyRequest, feedId: number): Promise<ApiTokenGrant> {
  const token = bearerToken(request);
  if (!token) throw unauthorized();
  const feed = await findFeedOwner(db, feedId);
  const outcome = await consumeApiTokenRequest(db, token, feed?.userId ?? NO_OWNER);
  switch (outcome.status) {
    case 'ok':
      return outcome;
    case 'unknown':
    case 'revoked':
    case 'inactive':
      throw unauthorized();
    case 'not_owner':
      throw new HttpError(404, FEED_NOT_FOUND);
    case 'exhausted':
      throw new HttpError(429, QUOTA_EXHAUSTED, {
        'Retry-After': EXHAUSTED_RETRY_AFTER_SECONDS,
        'RateLimit-Limit': outcome.totalRequests,
        'RateLimit-Remaining': 0,
        'RateLimit-Reset': EXHAUSTED_RETRY_AFTER_SECONDS,
      });
  }
}

/** Route plugin; register with prefix FEED_DELIVERY_PREFIX. */
export async function feedDeliveryRoutes(
  app: FastifyInstance,
  { db, now, config }: AppServices,
): Promise<void> {
  const documents = new MicroCache<{ body: string; etag: string } | null>(now);
  const { publicUrl, catalogueCurrency: currency } = config;

  const render = async (format: Format, feedId: number) => {
    const feed = await loadDeliveredFeed(db, feedId, { publicUrl, currency });
    if (!feed) return null;
    const body =
      format === 'json'
        ? JSON.stringify(feed)
        : format === 'csv'
          ? renderFeedCsv(feed)
          : renderFeedXml(feed, `${publicUrl}${FEED_DELIVERY_PREFIX}/feeds/${feedId}.xml`);
    return { body, etag: etagOf(body) };
  };

  const pull = async (format: Format, request: FastifyRequest, reply: FastifyReply, feedId: number) => {
    const grant = await authorisePull(db, request, feedId);
    reply
      .header('RateLimit-Limit', grant.totalRequests)
      .header('RateLimit-Remaining', grant.totalRequests - grant.usedRequests);
    const document = await documents.get(`${feedId} ${format}`, () => render(format, feedId));
    // Deleted between the token check and now.
    if (document === null) throw new HttpError(404, FEED_NOT_FOUND);
    return sendWithEtag(request, reply, document.body, FORMATS[format].contentType, document.etag);
  };

  for (const format of Object.keys(FORMATS) as Format[]) {
    defineRoute(
      app,
      {
        method: 'GET',
        url: `/feeds/:feedId.${format}`,
        summary: `A customer's feed as ${FORMATS[format].label}, priced with the customer's discount`,
        tags: ['feed delivery'],
        security: 'apiToken',
        params: FeedIdParams,
        responses: {
          200: {
            description:
              "The feed's active products. Sends ETag and RateLimit-Limit / RateLimit-Remaining; each pull counts one request against the token",
            contentType: FORMATS[format].contentType,
            ...(format === 'json' ? { schema: DeliveredFeed } : {}),
          },
          304: { description: 'Not modified since the ETag in If-None-Match (the pull still counts)' },
          401: { description: INVALID_API_TOKEN + ', or the customer is inactive' },
          404: { description: "No such feed, or another customer's feed" },
          429: { description: `${QUOTA_EXHAUSTED}; Retry-After and RateLimit-* headers say so` },
        },
      },
      ({ request, reply, params }) => pull(format, request, reply, params.feedId),
    );
  }
}
