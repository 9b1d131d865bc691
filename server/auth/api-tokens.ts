/**
 * Customers' API tokens for the feed delivery API (ARCHITECTURE.md §3–4): bearer secrets found by a
 * SHA-256 lookup hash, and stored encrypted too (see secret-box.ts) because admins were once shown
 * them in full; since issue 30 the whole token is shown once, at issue, and then only its prefix.
 */
import { createHash, randomBytes } from 'node:crypto';

/** Prefix of every API token, so leaked tokens are recognisable by secret scanners. */
export const API_TOKEN_PREFIX = 'pf_live_';

/** Requests a new token may make before it is exhausted (`api_tokens.total_requests` default). */
export const DEFAULT_TOTAL_REQUESTS = 10000;

const TOKEN_RANDOM_BYTES = 32;

/** A new API token: `pf_live_` followed by 256 random bits in base64url (43 characters). */
export function generateApiToken(): string {
  return API_TOKEN_PREFIX + randomBytes(TOKEN_RANDOM_BYTES).toString('base64url');
}

/**
 * How many leading characters of a token the back-office lists (`token_prefix`, issue 30): the
 * fixed API_TOKEN_PREFIX and 4 random characters (24 of the 256 random bits), enough to tell a
 * user's tokens apart while the rest stays secret.
 */
export const TOKEN_PREFIX_LENGTH = API_TOKEN_PREFIX.length + 4;

/** The part of `token` the back-office lists after issuing it (its first TOKEN_PREFIX_LENGTH characters). */
export function tokenPrefix(token: string): string {
  return token.slice(0, TOKEN_PREFIX_LENGTH);
}

/** The lookup hash stored in `api_tokens.token_hash`: SHA-256 of the whole token, 64 hex characters. */
export function hashApiToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}
