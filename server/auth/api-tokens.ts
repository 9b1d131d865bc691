/**
 * Customers' API tokens for the feed delivery API (ARCHITECTURE.md §3–4): bearer secrets shown to
 * admins, so stored encrypted (see secret-box.ts) and found by a SHA-256 lookup hash.
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

/** The lookup hash stored in `api_tokens.token_hash`: SHA-256 of the whole token, 64 hex characters. */
export function hashApiToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}
