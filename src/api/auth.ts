/** Auth calls of the /backoffice contract (spec §7: /login, /logout, /token-refresh, /account/profile). */
import { request } from './client';
import { MessageResponse } from './schemas/common';
import { ProfileUser, TokenPair } from './schemas/auth';

/**
 * POST /login with `{email, password}`; sends no token.
 * @returns the new `{access_token, refresh_token}`
 * @throws ApiError with `status` 401 (wrong credentials, server message), 400, 429 (`retryAfterSeconds`), ...
 */
export function login(
  credentials: { email: string; password: string },
  signal?: AbortSignal,
): Promise<TokenPair> {
  return request(TokenPair, 'post', 'login', {
    json: { email: credentials.email, password: credentials.password },
    auth: 'none',
    signal,
  });
}

/**
 * POST /logout with the given access token; the server revokes the session's refresh-token family.
 * @returns the server's `{message}`
 * @throws ApiError ('Unauthorized' when `accessToken` is not usable, 'Tokens expired' on 401, ...)
 */
export function logout(accessToken: string, signal?: AbortSignal): Promise<MessageResponse> {
  return request(MessageResponse, 'post', 'logout', { auth: 'access', token: accessToken, signal });
}

/**
 * POST /token-refresh with the refresh token as bearer; the server rotates it.
 * @param refreshToken token to spend; the stored refresh token when omitted
 * @returns the new token pair (the old refresh token is spent)
 * @throws ApiError ('Unauthorized' without a token, 'Tokens expired' when it is invalid, reused or revoked)
 */
export function refreshTokens(refreshToken?: string, signal?: AbortSignal): Promise<TokenPair> {
  return request(TokenPair, 'post', 'token-refresh', { auth: 'refresh', token: refreshToken, signal });
}

/**
 * GET /account/profile: the signed-in user.
 * @param accessToken token to send; the stored access token when omitted
 * @throws ApiError ('Unauthorized' without a token, 'Tokens expired' on 401, ...)
 */
export function fetchProfile(accessToken?: string, signal?: AbortSignal): Promise<ProfileUser> {
  return request(ProfileUser, 'get', 'account/profile', { auth: 'access', token: accessToken, signal });
}
