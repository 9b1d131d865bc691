/**
 * What the browser reads from a stored access token without asking the server (issue 31): the
 * `role` it was signed for (the user's `user_type_id` at sign-in) while its `exp` is still ahead.
 * Reading is not trusting: the signature is not checked here, the server checks every request. The
 * app only uses the role to start drawing the dashboard, under the session's loading overlay, while
 * the session check (spec §4 "Start") is on its way.
 */
import { decodeJwt } from 'jose';
import * as v from 'valibot';
import { getStoredTokens } from './tokens-storage';

/** The claims read: `role` (a user_type_id) and `exp` (seconds since the epoch). */
const Claims = v.object({ role: v.pipe(v.number(), v.integer()), exp: v.number() });

/**
 * The `role` claim of `token`, or null when `token` is null, not a JWT, has no integer `role` or
 * `exp`, or expired at or before `nowMs` (ms since the epoch).
 */
export function unexpiredTokenRole(token: string | null, nowMs: number): number | null {
  if (token === null) return null;
  let payload: unknown;
  try {
    payload = decodeJwt(token);
  } catch {
    return null;
  }
  const claims = v.safeParse(Claims, payload);
  if (!claims.success || claims.output.exp * 1000 <= nowMs) return null;
  return claims.output.role;
}

/**
 * The `role` of the stored session's access token ({@link unexpiredTokenRole} at `nowMs`), or null
 * when the browser keeps no session (either token missing, spec §4 "Start") or its role cannot be read.
 */
export function storedSessionRole(nowMs: number): number | null {
  return unexpiredTokenRole(getStoredTokens()?.accessToken ?? null, nowMs);
}
