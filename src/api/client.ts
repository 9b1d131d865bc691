/**
 * The HTTP client of the /backoffice contract (ARCHITECTURE.md §2, spec §7 and §8 "Generic"):
 * one ky instance that adds the bearer token, maps every failure to an `ApiError`, and parses every
 * answer with its valibot schema so the rest of the app only ever sees contract-shaped data.
 */
import ky from 'ky';
import type { KyInstance } from 'ky';
import * as v from 'valibot';
import { API_URL } from './assets';
import { ErrorResponse } from './schemas/common';
import { getAccessToken, getRefreshToken, isUsableToken } from './tokens-storage';

/** Base of every call: `${VITE_API_URL ?? '/api'}/backoffice` (ARCHITECTURE.md §4, "API host"). */
export const API_BASE_URL = `${API_URL}/backoffice`;

/** Spec §8: no stored token on a call that needs one. */
export const UNAUTHORIZED_MESSAGE = 'Unauthorized';
/** Spec §8: 401 on a call that needs a token. */
export const TOKENS_EXPIRED_MESSAGE = 'Tokens expired';
/** An answer that does not match its schema (or is not JSON). */
export const UNEXPECTED_RESPONSE_MESSAGE = 'Unexpected response from the server';
/** No answer at all: offline, DNS, refused connection or timeout. */
export const NETWORK_FAILURE_MESSAGE = 'Could not reach the server';

/**
 * What went wrong:
 * - `unauthorized`: no usable token was stored, nothing was sent;
 * - `tokens-expired`: 401 on a call that sent a token;
 * - `http`: any other non-OK status;
 * - `unexpected-response`: an OK status whose body does not match the schema;
 * - `network`: no response (offline, refused, timeout).
 */
export type ApiErrorKind = 'unauthorized' | 'tokens-expired' | 'http' | 'unexpected-response' | 'network';

/** Every failure of `request`. `message` is safe to show a person. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly kind: ApiErrorKind;
  /** HTTP status, or null when no response was received. */
  readonly status: number | null;
  /** `message` of the server's ErrorResponse body, when the body was one. */
  readonly serverMessage: string | null;
  /** Seconds from the `Retry-After` header (sent with 429), when present. */
  readonly retryAfterSeconds: number | null;

  constructor(
    message: string,
    details: {
      kind: ApiErrorKind;
      status?: number | null;
      serverMessage?: string | null;
      retryAfterSeconds?: number | null;
      cause?: unknown;
    },
  ) {
    super(message, { cause: details.cause });
    this.kind = details.kind;
    this.status = details.status ?? null;
    this.serverMessage = details.serverMessage ?? null;
    this.retryAfterSeconds = details.retryAfterSeconds ?? null;
  }
}

/** Which bearer token a call sends: the access token, the refresh token (token-refresh) or none. */
export type AuthMode = 'access' | 'refresh' | 'none';

/** HTTP methods the contract uses. */
export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** Options of one call. */
export interface RequestOptions {
  /** JSON body. */
  json?: unknown;
  /** A multipart/form-data body (uploads); the browser sets its Content-Type with the boundary. */
  formData?: FormData;
  searchParams?: Record<string, string | number | boolean>;
  /** Default 'access' (spec §6: all dashboard calls send the bearer access token). */
  auth?: AuthMode;
  /** Bearer token to send instead of the stored one (e.g. the session's own copy). */
  token?: string;
  signal?: AbortSignal;
}

/** Makes one call and returns its body parsed with `schema`; throws `ApiError` otherwise. */
export type RequestFn = <TSchema extends v.GenericSchema>(
  schema: TSchema,
  method: HttpMethod,
  path: string,
  options?: RequestOptions,
) => Promise<v.InferOutput<TSchema>>;

interface AuthContext {
  auth: AuthMode;
  token: string | undefined;
}

/** Seconds from a Retry-After header: delta-seconds or an HTTP date (RFC 9110 §10.2.3). */
export function parseRetryAfter(header: string | null, now: number = Date.now()): number | null {
  if (header === null) return null;
  const trimmed = header.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? null : Math.max(0, Math.ceil((date - now) / 1000));
}

async function errorFromResponse(response: Response, auth: AuthMode): Promise<ApiError> {
  const body: unknown = await response.json().catch(() => null);
  const parsed = v.safeParse(ErrorResponse, body);
  const serverMessage = parsed.success ? parsed.output.message : null;
  const details = {
    status: response.status,
    serverMessage,
    retryAfterSeconds: parseRetryAfter(response.headers.get('Retry-After')),
  };
  if (response.status === 401 && auth !== 'none') {
    return new ApiError(TOKENS_EXPIRED_MESSAGE, { kind: 'tokens-expired', ...details });
  }
  return new ApiError(serverMessage ?? `Request failed with status ${response.status}`, {
    kind: 'http',
    ...details,
  });
}

/**
 * Builds a client. The app uses the default one (`request` below); tests pass a stub `fetch` and an
 * absolute `prefixUrl`.
 * @param options.prefixUrl base of every path, default `API_BASE_URL`
 * @param options.fetch fetch implementation, default the global one
 */
export function createApiClient(options: { prefixUrl?: string; fetch?: typeof fetch } = {}): {
  http: KyInstance;
  request: RequestFn;
} {
  const http = ky.create({
    prefixUrl: options.prefixUrl ?? API_BASE_URL,
    ...(options.fetch ? { fetch: options.fetch } : {}),
    // The machines own every retry decision (refresh, logout, 429 wait); ky must not retry behind them.
    retry: 0,
    throwHttpErrors: false,
    hooks: {
      beforeRequest: [
        (request, requestOptions) => {
          const { auth, token } = requestOptions.context as unknown as AuthContext;
          if (auth === 'none') return;
          const bearer = token ?? (auth === 'refresh' ? getRefreshToken() : getAccessToken());
          if (!isUsableToken(bearer)) {
            throw new ApiError(UNAUTHORIZED_MESSAGE, { kind: 'unauthorized' });
          }
          request.headers.set('Authorization', `Bearer ${bearer}`);
        },
      ],
    },
  });

  const request: RequestFn = async (schema, method, path, requestOptions = {}) => {
    const auth = requestOptions.auth ?? 'access';
    const context: AuthContext = { auth, token: requestOptions.token };
    let response: Response;
    try {
      response = await http(path, {
        method,
        json: requestOptions.json,
        body: requestOptions.formData,
        searchParams: requestOptions.searchParams,
        signal: requestOptions.signal,
        context: { ...context },
      });
    } catch (error) {
      if (error instanceof ApiError || requestOptions.signal?.aborted) throw error;
      throw new ApiError(NETWORK_FAILURE_MESSAGE, { kind: 'network', cause: error });
    }
    if (!response.ok) throw await errorFromResponse(response, auth);

    const body: unknown = await response.json().catch(() => undefined);
    const parsed = v.safeParse(schema, body);
    if (!parsed.success) {
      throw new ApiError(UNEXPECTED_RESPONSE_MESSAGE, {
        kind: 'unexpected-response',
        status: response.status,
        cause: new v.ValiError(parsed.issues),
      });
    }
    return parsed.output;
  };

  return { http, request };
}

const defaultClient = createApiClient();

/**
 * Makes one /backoffice call with the app's client: `request(schema, method, path, options)`.
 * `path` has no leading slash (e.g. 'account/profile'). Resolves with the body parsed by `schema`.
 * @throws ApiError 'Unauthorized' (nothing sent) when the call needs a token and none is stored;
 *   'Tokens expired' on 401 of such a call; the server's message (with `status` and
 *   `retryAfterSeconds`) on other non-OK answers; 'Unexpected response from the server' when the
 *   body does not match `schema`; 'Could not reach the server' without an answer. An aborted call
 *   rethrows the abort error unchanged.
 */
export const request: RequestFn = defaultClient.request;
