/**
 * Calls to one customer's Shopify store through Shopify's own `@shopify/admin-api-client` (GraphQL
 * Admin API; issue 29, ARCHITECTURE.md §4 "The customer's store"). Every call goes to
 * `https://{host}/admin/api/{version}/graphql.json` on the host an admin saved, and nowhere else:
 * the fetch it is given refuses any other URL and never follows a redirect (a 3xx is the
 * `redirected` failure). The Admin API key is decrypted inside the call only; it is sent in the
 * `X-Shopify-Access-Token` header (shopify.dev/docs/api/usage/authentication) and never logged, put in
 * an error message or returned: the client's own logger (which sees the request headers) is given
 * nothing to write to, and any message is scrubbed of the key as a last guard.
 */
import { createAdminApiClient } from '@shopify/admin-api-client';
import type { ShopifyFailure } from '@/api/schemas/shopify';
import * as v from 'valibot';
import { decryptSecret } from '../auth/secret-box';
import { classifyOutcome } from './failures';
import type { CallOutcome, GraphQLErrorEntry, ThrottleStatus } from './failures';

/**
 * How calls reach the network. Production passes the global fetch, setTimeout and a timeout; tests
 * pass a fetch that carries `https://{store host}` to a stand-in on the loopback (keeping the Host),
 * and a sleep that records its waits instead of waiting. Nothing here chooses the host.
 */
export interface ShopifyTransport {
  fetch: typeof fetch;
  /** Waits `ms` milliseconds (throttling). */
  sleep: (ms: number) => Promise<void>;
  /** How long one call may take before it counts as unreachable, in ms. */
  timeoutMs: number;
}

/** How long one call may take by default (ms): Shopify answers in well under a second. */
export const DEFAULT_CALL_TIMEOUT_MS = 30_000;

/** The production transport: the global fetch, real waits. */
export function networkTransport(): ShopifyTransport {
  return {
    fetch: (input, init) => fetch(input, init),
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    timeoutMs: DEFAULT_CALL_TIMEOUT_MS,
  };
}

/** One customer's store: its saved host (shopDomainHost) and encrypted Admin API key. */
export interface StoreAccess {
  host: string;
  encryptedKey: string;
}

/** What every call needs besides the store. */
export interface StoreSettings {
  transport: ShopifyTransport;
  /** config.encryptionKey: decrypts the stored key. */
  encryptionKey: Buffer;
  /** config.shopifyApiVersion. */
  apiVersion: string;
}

/** A call that did not bring data: why, in the contract's words, and the bucket when reported. */
export class ShopifyCallError extends Error {
  constructor(
    readonly failure: ShopifyFailure,
    readonly throttleStatus: ThrottleStatus | null = null,
  ) {
    super(failure.message);
    this.name = 'ShopifyCallError';
  }
}

/** A call's data and Shopify's cost report (`extensions.cost`). */
export interface CallResult<T> {
  data: T;
  throttleStatus: ThrottleStatus | null;
}

const ThrottleStatusSchema = v.object({
  maximumAvailable: v.number(),
  currentlyAvailable: v.number(),
  restoreRate: v.number(),
});
const CostSchema = v.object({
  requestedQueryCost: v.optional(v.nullable(v.number())),
  throttleStatus: v.optional(ThrottleStatusSchema),
});

/** Shopify's cost report of a response's `extensions`, when it has a well-formed one. */
function costOf(extensions: unknown): { throttleStatus: ThrottleStatus | null; requested: number | null } {
  const cost = v.safeParse(CostSchema, (extensions as { cost?: unknown } | undefined)?.cost);
  return cost.success
    ? {
        throttleStatus: cost.output.throttleStatus ?? null,
        requested: cost.output.requestedQueryCost ?? null,
      }
    : { throttleStatus: null, requested: null };
}

/** Shopify's reason in a non-2xx body: `{"errors": "..."}` or `{"errors": [{"message": ...}]}`, else a short text. */
async function reasonOf(response: Response): Promise<string | undefined> {
  const text = await response.text().catch(() => '');
  try {
    const errors = (JSON.parse(text) as { errors?: unknown }).errors;
    if (typeof errors === 'string') return errors;
    if (Array.isArray(errors))
      return errors
        .map((entry) => (entry as { message?: unknown }).message)
        .filter((m) => typeof m === 'string')
        .join('; ');
  } catch {
    // Not JSON: Shopify's HTML error pages say nothing useful beyond their status.
  }
  return undefined;
}

/** Why a fetch threw, in words: a timeout, or the network's error code (ECONNREFUSED, ENOTFOUND). */
function networkReason(error: unknown, timeoutMs: number): string {
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError'))
    return `no answer within ${timeoutMs / 1000} s`;
  const cause = error instanceof Error ? (error.cause as { code?: unknown } | undefined) : undefined;
  if (typeof cause?.code === 'string') return cause.code;
  return error instanceof Error ? error.message : String(error);
}

/**
 * The fetch a client of `host` gets: https to exactly `host` only (anything else is refused before a
 * byte is sent), redirects never followed (`redirect: 'manual'` hands the 3xx back), a timeout, and
 * a network error's reason in words.
 */
function guardedFetch(transport: ShopifyTransport, host: string) {
  return async (url: string, init?: RequestInit): Promise<Response> => {
    const target = new URL(url);
    if (target.protocol !== 'https:' || target.host !== host) {
      throw new Error(`refused a request to ${target.host}: only ${host} is called`);
    }
    try {
      return await transport.fetch(target.href, {
        ...init,
        redirect: 'manual',
        signal: AbortSignal.timeout(transport.timeoutMs),
      });
    } catch (error) {
      throw new Error(networkReason(error, transport.timeoutMs));
    }
  };
}

/** `failure` with every occurrence of `secret` in its message replaced. */
function scrubbed(failure: ShopifyFailure, secret: string): ShopifyFailure {
  return secret === '' ? failure : { ...failure, message: failure.message.split(secret).join('[redacted]') };
}

/**
 * Sends `query` with `variables` to the store of `access` and resolves to its data parsed by
 * `schema`, with Shopify's cost report. Rejects with ShopifyCallError (never anything carrying the
 * key) for every failure: no answer, a redirect, a non-2xx status, GraphQL errors (THROTTLED,
 * ACCESS_DENIED, ...), data not of `schema` (`unexpected_answer`), or a stored key this server cannot
 * decrypt (`invalid_token`, nothing sent). One attempt: waiting and
 * retrying are the caller's (StoreSession).
 */
export async function callStore<T>(
  settings: StoreSettings,
  access: StoreAccess,
  query: string,
  variables: Record<string, unknown>,
  schema: v.GenericSchema<unknown, T>,
): Promise<CallResult<T>> {
  const { host } = access;
  let token: string;
  try {
    token = decryptSecret(settings.encryptionKey, access.encryptedKey);
  } catch {
    throw new ShopifyCallError({
      code: 'invalid_token',
      message:
        "The stored Admin API key cannot be read with this server's ENCRYPTION_KEY: save the key again",
      retry_after_seconds: null,
    });
  }
  const client = createAdminApiClient({
    storeDomain: host,
    apiVersion: settings.apiVersion,
    accessToken: token,
    customFetchApi: guardedFetch(settings.transport, host),
    retries: 0,
    // The client logs whole requests, headers (the key) included: nothing of it is kept. Its one other
    // message, an API version past Shopify's support window, is config.shopifyApiVersion's business.
    logger: () => undefined,
  });
  const result = await client.request(query, { variables });
  const { throttleStatus, requested } = costOf(result.extensions);
  const fail = (outcome: CallOutcome): never => {
    const failure = classifyOutcome(outcome, host) ?? {
      code: 'unexpected_answer' as const,
      message: 'The Admin API answered without data',
      retry_after_seconds: null,
    };
    throw new ShopifyCallError(scrubbed(failure, token), throttleStatus);
  };
  const errors = result.errors;
  if (errors) {
    const response = errors.response;
    if (errors.networkStatusCode === undefined || response === undefined)
      return fail({ thrown: errors.message ?? '' });
    if (!response.ok) {
      return fail({
        status: response.status,
        reason: await reasonOf(response),
        retryAfter: response.headers.get('retry-after'),
        location: response.headers.get('location'),
      });
    }
    return fail({
      status: response.status,
      graphQLErrors: (errors.graphQLErrors ?? []) as GraphQLErrorEntry[],
      throttleStatus,
      requestedQueryCost: requested,
      ...(errors.graphQLErrors ? {} : { thrown: errors.message ?? '' }),
    });
  }
  const data = v.safeParse(schema, result.data);
  if (!data.success) {
    return fail({ status: 200, thrown: `unexpected data at ${v.getDotPath(data.issues[0]) ?? 'its root'}` });
  }
  return { data: data.output, throttleStatus };
}
