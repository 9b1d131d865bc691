/**
 * The feed delivery API that customers' stores call (ARCHITECTURE.md §4, "Sync vs feeds"; issues 4
 * and 12 "Delivery"): GET /api/feed/v1/feeds/{feedId}.json, .csv and .xml.
 *
 * - Authentication: the customer's API token as `Authorization: Bearer <token>`, or as the password
 *   of HTTP Basic (the user name is ignored), because Google Merchant Center's scheduled fetch can
 *   only send a user name and password. A token in the query string is refused (400) before
 *   anything is looked up, and the app's logger never writes these routes' query strings
 *   (`loggableUrl`). Outside /api/backoffice, so the back-office guard does not apply.
 * - Counting: every pull the token may make is counted first, by one atomic statement (the
 *   delivery service's `authorise`), conditional pulls answered 304 included. The quota does not
 *   renew, which the RateLimit-Policy / RateLimit fields (IETF draft-ietf-httpapi-ratelimit-headers-11)
 *   say beside the older RateLimit-Limit / RateLimit-Remaining that existing stores read.
 * - Representations: rendered documents are reused for a few seconds (delivery-cache.ts) with
 *   their gzip and Brotli forms, chosen by Accept-Encoding; each has its own ETag.
 * The token check and the documents are the delivery service's (server/feeds/delivery-service.ts);
 * this plugin answers its verdicts over HTTP.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import Negotiator from 'negotiator';
import * as v from 'valibot';
import { DeliveredFeed } from '@/api/schemas/feed-delivery';
import { FEED_FORMATS, feedUrls } from '@/api/schemas/feed-formats';
import type { FeedFormatEntry } from '@/api/schemas/feed-formats';
import { FeedIdParams } from '@/api/schemas/feeds';
import type { AppServices } from '../app-services';
import type { ApiTokenGrant } from '../auth/api-token-check';
import { API_TOKEN_PREFIX } from '../auth/api-tokens';
import { basicCredentials, bearerToken } from '../auth/guard';
import { CONTENT_CODINGS } from '../feeds/delivery-cache';
import type { ContentCoding } from '../feeds/delivery-cache';
import type { DeliveryService } from '../feeds/delivery-service';
import { answeredNotModified } from '../http/etag';
import { HttpError } from '../http/errors';
import { defineRoute } from '../http/route';

/** Where the delivery API lives. */
export const FEED_DELIVERY_PREFIX = '/api/feed/v1';
/** 401 message: no token, an unknown or revoked one, or one of an inactive customer. */
export const INVALID_API_TOKEN = 'Missing, invalid or revoked API token';
/**
 * The 401's WWW-Authenticate: both schemes the routes take. Basic first, since a client that reads
 * only the first challenge is more likely a fetcher configured with a user name and password than
 * a store sending a bearer header (which never waits for a challenge).
 */
export const FEED_AUTH_CHALLENGE = 'Basic realm="feed", charset="UTF-8", Bearer realm="feed"';
/** 400 message of a token in the URL (after "Query string: "): says how to send it instead. */
export const TOKEN_IN_QUERY =
  'API tokens are not accepted in the URL, where logs and proxies keep them; send the token in the ' +
  'Authorization header, as "Bearer <token>" or as the password of HTTP Basic authentication (any user name)';
/** 404 message: no such feed, or a feed of another customer (the two are not told apart). */
export const FEED_NOT_FOUND = 'Feed not found';
/** 429 message of an exhausted token. */
export const QUOTA_EXHAUSTED = 'This API token has used all its requests';
/**
 * Retry-After of an exhausted token, in seconds. The quota does not renew by itself (an admin
 * raises it or issues a new token), so this only paces a store's retries.
 */
export const EXHAUSTED_RETRY_AFTER_SECONDS = 3600;
/** The name of the token's quota policy in RateLimit-Policy and RateLimit. */
export const RATE_LIMIT_POLICY = 'token';

/** Query parameter names clients commonly put credentials in, compared in lower case. */
const CREDENTIAL_PARAMETERS: ReadonlySet<string> = new Set([
  'token',
  'access_token',
  'api_token',
  'api_key',
  'apikey',
]);

/**
 * The query string of a pull: the routes take no parameters and ignore unknown ones (cache
 * busters), but refuse a credential: a parameter named like one (CREDENTIAL_PARAMETERS) or any
 * value that looks like an API token (`pf_live_...`).
 */
const FeedPullQuery = v.pipe(
  v.record(v.string(), v.unknown()),
  v.check(
    (query) =>
      !Object.entries(query).some(
        ([name, value]) =>
          CREDENTIAL_PARAMETERS.has(name.toLowerCase()) ||
          [value].flat().some((item) => typeof item === 'string' && item.includes(API_TOKEN_PREFIX)),
      ),
    TOKEN_IN_QUERY,
  ),
);

/**
 * `url` as the app's request log may show it: under /api/feed/ without its query string (a
 * mistaken client may have put its token there; issue 12), elsewhere unchanged.
 */
export function loggableUrl(url: string): string {
  const query = url.indexOf('?');
  if (query < 0 || !url.slice(0, query).toLowerCase().startsWith('/api/feed/')) return url;
  return url.slice(0, query);
}

/** Vary of every pull answer: the answer depends on the credential and on the accepted codings. */
const VARY = 'Authorization, Accept-Encoding';
/** What a pull may be sent in, in the server's order of preference on a tie. */
const ENCODINGS = [...CONTENT_CODINGS, 'identity'];

function unauthorized(): HttpError {
  return new HttpError(401, INVALID_API_TOKEN, { 'WWW-Authenticate': FEED_AUTH_CHALLENGE });
}

/**
 * The API token a pull presents: the bearer token, else the password of HTTP Basic (whatever the
 * user name), else null. An empty Basic password is no token.
 */
function apiTokenOf(request: FastifyRequest): string | null {
  return bearerToken(request) ?? (basicCredentials(request)?.password || null);
}

/**
 * The RateLimit fields of a token with `limit` requests in all and `remaining` left: the draft's
 * RateLimit-Policy and RateLimit (structured-field lists; no window, as the quota never renews)
 * and the older RateLimit-Limit / RateLimit-Remaining.
 */
function rateLimitHeaders(limit: number, remaining: number): Record<string, string | number> {
  return {
    'RateLimit-Policy': `"${RATE_LIMIT_POLICY}";q=${limit}`,
    RateLimit: `"${RATE_LIMIT_POLICY}";r=${remaining}`,
    'RateLimit-Limit': limit,
    'RateLimit-Remaining': remaining,
  };
}

/**
 * Checks the request's API token against the feed's customer and counts the pull.
 * @returns the grant (the token's numbers after this pull)
 * @throws HttpError 401 (no, unknown or revoked token, or inactive customer), 404 (no such feed, or
 *   another customer's), 429 with RateLimit fields and Retry-After (no requests left)
 */
async function authorisePull(
  delivery: DeliveryService,
  request: FastifyRequest,
  feedId: number,
): Promise<ApiTokenGrant> {
  const token = apiTokenOf(request);
  if (!token) throw unauthorized();
  const outcome = await delivery.authorise(token, feedId);
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
        ...rateLimitHeaders(outcome.totalRequests, 0),
        'RateLimit-Reset': EXHAUSTED_RETRY_AFTER_SECONDS,
      });
  }
}

/** negotiator's `encoding` with the `preferred` option its type declarations do not list yet. */
type ChooseEncoding = (
  available: readonly string[],
  options: { preferred: readonly string[] },
) => string | undefined;

/**
 * The content coding to send by the request's Accept-Encoding (RFC 9110 §12.5.3: q-values,
 * `identity`, `*`; on a tie Brotli, then gzip, then identity), or null for identity. Identity is
 * also the answer when the header refuses every coding, since a feed is better sent than refused.
 */
export function contentCodingFor(request: Pick<FastifyRequest, 'headers'>): ContentCoding | null {
  const negotiator = new Negotiator({ headers: request.headers });
  const choose = negotiator.encoding.bind(negotiator) as ChooseEncoding;
  const chosen = choose(ENCODINGS, { preferred: ENCODINGS });
  return CONTENT_CODINGS.find((coding) => coding === chosen) ?? null;
}

/** Route plugin; register with prefix FEED_DELIVERY_PREFIX. */
export async function feedDeliveryRoutes(
  app: FastifyInstance,
  { delivery, config }: AppServices,
): Promise<void> {
  const pull = async (
    format: FeedFormatEntry,
    request: FastifyRequest,
    reply: FastifyReply,
    feedId: number,
  ) => {
    const grant = await authorisePull(delivery, request, feedId);
    reply.headers(rateLimitHeaders(grant.totalRequests, grant.totalRequests - grant.usedRequests));
    const selfLink = feedUrls(`${config.publicUrl}${FEED_DELIVERY_PREFIX}/feeds`, feedId).xml;
    const document = await delivery.document(format.key, feedId, selfLink);
    // Deleted between the token check and now.
    if (document === null) throw new HttpError(404, FEED_NOT_FOUND);
    const coding = contentCodingFor(request);
    if (answeredNotModified(request, reply, document.etag(coding), VARY)) return reply;
    const { body } = await document.representation(coding);
    if (coding !== null) reply.header('Content-Encoding', coding);
    return reply.code(200).type(format.contentType).send(body);
  };

  for (const format of FEED_FORMATS) {
    defineRoute(
      app,
      {
        method: 'GET',
        url: `/feeds/:feedId.${format.extension}`,
        summary: `A customer's feed as ${format.description}, priced with the customer's discount`,
        tags: ['feed delivery'],
        security: 'apiToken',
        params: FeedIdParams,
        query: FeedPullQuery,
        responses: {
          200: {
            description:
              "The feed's deliverable items, gzip or Brotli by Accept-Encoding (Vary: Authorization, Accept-Encoding). " +
              'Sends an ETag per representation, RateLimit-Policy / RateLimit and RateLimit-Limit / RateLimit-Remaining; ' +
              'each pull counts one request against the token',
            contentType: format.contentType,
            ...(format.key === 'json' ? { schema: DeliveredFeed } : {}),
          },
          304: { description: 'Not modified since the ETag in If-None-Match (the pull still counts)' },
          400: { description: `An API token in the query string: ${TOKEN_IN_QUERY}` },
          401: {
            description: `${INVALID_API_TOKEN}, or the customer is inactive; WWW-Authenticate offers Basic and Bearer`,
          },
          404: { description: "No such feed, or another customer's feed" },
          429: { description: `${QUOTA_EXHAUSTED}; Retry-After and the RateLimit fields say so` },
        },
      },
      ({ request, reply, params }) => pull(format, request, reply, params.feedId),
    );
  }
}
