/**
 * The session's tokens in the browser's local storage (spec §3 "Tokens (session)", §9 storage keys).
 * Every reader goes through here so the spec's rule "the literal text 'undefined' counts as missing"
 * (left behind by older clients that stored `String(undefined)`) is applied in one place.
 */

/** Local-storage key of the access token (spec §9). */
export const ACCESS_TOKEN_KEY = 'access_token';
/** Local-storage key of the refresh token (spec §9). */
export const REFRESH_TOKEN_KEY = 'refresh_token';

/** Both tokens of a session, as the browser keeps them. */
export interface StoredTokens {
  accessToken: string;
  refreshToken: string;
}

/** True when `value` can be sent as a bearer token: not null, not empty, not the text 'undefined'. */
export function isUsableToken(value: string | null | undefined): value is string {
  return typeof value === 'string' && value !== '' && value !== 'undefined';
}

function readToken(key: string): string | null {
  const value = localStorage.getItem(key);
  return isUsableToken(value) ? value : null;
}

/** The stored access token, or null when missing or unusable. */
export function getAccessToken(): string | null {
  return readToken(ACCESS_TOKEN_KEY);
}

/** The stored refresh token, or null when missing or unusable. */
export function getRefreshToken(): string | null {
  return readToken(REFRESH_TOKEN_KEY);
}

/** Both stored tokens, or null when either is missing (spec §4 "Start": either missing means logged out). */
export function getStoredTokens(): StoredTokens | null {
  const accessToken = getAccessToken();
  const refreshToken = getRefreshToken();
  return accessToken && refreshToken ? { accessToken, refreshToken } : null;
}

/** Stores both tokens; other tabs see this as `storage` events. */
export function setStoredTokens(tokens: StoredTokens): void {
  localStorage.setItem(ACCESS_TOKEN_KEY, tokens.accessToken);
  localStorage.setItem(REFRESH_TOKEN_KEY, tokens.refreshToken);
}

/** Removes both tokens; other tabs see this as `storage` events. */
export function clearStoredTokens(): void {
  localStorage.removeItem(ACCESS_TOKEN_KEY);
  localStorage.removeItem(REFRESH_TOKEN_KEY);
}

/**
 * Dispatches a synthetic `storage` event for the access token on this window (spec §4 "Login
 * sequence": trigger a storage event). Browsers only deliver `storage` events to *other* tabs, so
 * this is how listeners in the same tab learn that tokens were stored. The event is untrusted
 * (`isTrusted === false`), which lets the session's cross-tab sync tell it apart from other tabs.
 */
export function announceStoredTokens(): void {
  window.dispatchEvent(
    new StorageEvent('storage', {
      key: ACCESS_TOKEN_KEY,
      newValue: localStorage.getItem(ACCESS_TOKEN_KEY),
      storageArea: localStorage,
      url: window.location.href,
    }),
  );
}
