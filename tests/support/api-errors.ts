/**
 * The `ApiError`s a fake actor rejects with, built as `src/api/client.ts` builds them and worded by
 * its constants (issue 28: the client's texts are asserted once, in `src/api/client.test.ts`; other
 * tests refer to them through these builders and the constants).
 */
import { ApiError, NETWORK_FAILURE_MESSAGE, TOKENS_EXPIRED_MESSAGE } from '@/api/client';

/** No answer at all (offline, refused, timed out): `NETWORK_FAILURE_MESSAGE`, no status. */
export function networkFailure(): ApiError {
  return new ApiError(NETWORK_FAILURE_MESSAGE, { kind: 'network' });
}

/** A 401 on a call that sent a token: `TOKENS_EXPIRED_MESSAGE`. */
export function tokensExpired(): ApiError {
  return new ApiError(TOKENS_EXPIRED_MESSAGE, { kind: 'tokens-expired', status: 401 });
}

/**
 * Any other non-OK status `status`; with `serverMessage` when the body was the API's ErrorResponse
 * (then it is also the message), else the client's 'Request failed with status N'.
 */
export function httpFailure(status: number, serverMessage?: string): ApiError {
  return new ApiError(serverMessage ?? `Request failed with status ${status}`, {
    kind: 'http',
    status,
    serverMessage: serverMessage ?? null,
  });
}
