/** A user's API tokens (spec §7 /users/{userId}/tokens; issue 15: names). */
import { request } from './client';
import { ApiToken, ApiTokenCreated, ApiTokenList } from './schemas/tokens';

/** GET /users/{userId}/tokens, newest first. @throws ApiError (404 for an unknown user) */
export function fetchTokens(userId: number, signal?: AbortSignal): Promise<ApiToken[]> {
  return request(ApiTokenList, 'get', `users/${userId}/tokens`, { signal });
}

/**
 * POST /users/{userId}/tokens with `{name}` (null: unnamed): issues a token; resolves with 'Added
 * new token successfully' and it. @throws ApiError (400 for a name the contract refuses, 404 for an
 * unknown user)
 */
export function addToken(
  userId: number,
  name: string | null,
  signal?: AbortSignal,
): Promise<ApiTokenCreated> {
  return request(ApiTokenCreated, 'post', `users/${userId}/tokens`, { json: { name }, signal });
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

/**
 * PATCH /users/{userId}/tokens/{tokenId} with `{name}` (null removes it); resolves with the token as
 * stored. @throws ApiError (400 for a name the contract refuses, 404 when the token is not the user's)
 */
export function renameToken(
  userId: number,
  tokenId: number,
  name: string | null,
  signal?: AbortSignal,
): Promise<ApiToken> {
  return request(ApiToken, 'patch', `users/${userId}/tokens/${tokenId}`, { json: { name }, signal });
}
