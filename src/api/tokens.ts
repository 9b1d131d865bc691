/** A user's API tokens (spec §7 /users/{userId}/tokens). */
import { request } from './client';
import { ApiToken, ApiTokenCreated, ApiTokenList } from './schemas/users';

/** GET /users/{userId}/tokens, newest first. @throws ApiError (404 for an unknown user) */
export function fetchTokens(userId: number, signal?: AbortSignal): Promise<ApiToken[]> {
  return request(ApiTokenList, 'get', `users/${userId}/tokens`, { signal });
}

/** POST /users/{userId}/tokens: issues a token; resolves with 'Added new token successfully' and it. */
export function addToken(userId: number, signal?: AbortSignal): Promise<ApiTokenCreated> {
  return request(ApiTokenCreated, 'post', `users/${userId}/tokens`, { signal });
}

/**
 * PUT /users/{userId}/tokens/{tokenId}/revoke with `{revoke}`; resolves with the token as stored.
 * @throws ApiError (404 when the token is not the user's)
 */
export function setTokenRevoked(
  userId: number,
  tokenId: number,
  revoke: boolean,
  signal?: AbortSignal,
): Promise<ApiToken> {
  return request(ApiToken, 'put', `users/${userId}/tokens/${tokenId}/revoke`, { json: { revoke }, signal });
}
