/**
 * Access tokens (ARCHITECTURE.md §3): HS256 JWTs of 60 minutes, signed and checked with jose.
 * Verification accepts only HS256 and checks signature, expiry, audience, issuer and token type.
 */
import { errors, jwtVerify, SignJWT } from 'jose';
import type { JWTPayload } from 'jose';
import { LRUCache } from 'lru-cache';
import * as v from 'valibot';

export const ACCESS_TOKEN_TTL_SECONDS = 60 * 60;
export const JWT_AUDIENCE = 'product-feed-backoffice';
export const JWT_ISSUER = 'product-feed';
const ACCESS_TYPE = 'access';

/** What an access token says: its user, the refresh-token family it belongs to, and the role. */
export interface AccessClaims {
  userId: number;
  familyId: number;
  /** user_type_id at sign-in; the guard re-reads the current role from the database. */
  role: number;
}

/** Any reason an access token is not acceptable (malformed, forged, expired, wrong audience...). */
export class InvalidAccessTokenError extends Error {
  constructor(reason: string) {
    super(`Invalid access token: ${reason}`);
    this.name = 'InvalidAccessTokenError';
  }
}

const Payload = v.object({
  sub: v.pipe(v.string(), v.regex(/^[1-9]\d*$/), v.transform(Number)),
  typ: v.literal(ACCESS_TYPE),
  fid: v.pipe(v.number(), v.integer(), v.minValue(1)),
  role: v.pipe(v.number(), v.integer()),
});

/**
 * The HS256 CryptoKey of each secret, imported once: jose imports a raw secret on every call, which
 * doubled the cost of a verification (125 µs against 65 µs on this machine; issue 31).
 */
const hmacKeys = new WeakMap<Uint8Array, Promise<CryptoKey>>();

function hmacKey(secret: Uint8Array): Promise<CryptoKey> {
  let key = hmacKeys.get(secret);
  if (!key) {
    key = crypto.subtle.importKey('raw', new Uint8Array(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
      'sign',
      'verify',
    ]);
    hmacKeys.set(secret, key);
  }
  return key;
}

/** Claims of a verified token, and its `exp` in epoch seconds. */
interface Verified {
  claims: AccessClaims;
  expiresAt: number;
}

/** How many verified tokens each secret's cache keeps (the least recently used go first). */
const VERIFIED_TOKENS_KEPT = 10_000;

/**
 * Tokens already verified under each secret, by their text (issue 31: jose's HMAC check through
 * WebCrypto, a job on libuv's pool, was 8 % of a users-list request's server CPU, and a browser sends
 * the same token with every request for up to an hour). The same bytes under the same key verify the
 * same way every time; only the expiry depends on the time, and `verifyAccessToken` checks it on
 * every call. Only accepted tokens are kept.
 */
const verifiedTokens = new WeakMap<Uint8Array, LRUCache<string, Verified>>();

function verifiedUnder(secret: Uint8Array): LRUCache<string, Verified> {
  let cache = verifiedTokens.get(secret);
  if (!cache) {
    cache = new LRUCache({ max: VERIFIED_TOKENS_KEPT });
    verifiedTokens.set(secret, cache);
  }
  return cache;
}

/**
 * Signs an access token for `claims`, valid for ACCESS_TOKEN_TTL_SECONDS from `now`.
 * `secret` is the HS256 key (Config.jwtSecret). Resolves to the compact JWT.
 */
export async function signAccessToken(
  secret: Uint8Array,
  claims: AccessClaims,
  now = new Date(),
): Promise<string> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  return new SignJWT({ typ: ACCESS_TYPE, fid: claims.familyId, role: claims.role })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(claims.userId))
    .setAudience(JWT_AUDIENCE)
    .setIssuer(JWT_ISSUER)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + ACCESS_TOKEN_TTL_SECONDS)
    .sign(await hmacKey(secret));
}

/**
 * Verifies `token` as of `now` and returns its claims. A token verified before under `secret` is
 * only checked for expiry again, as jose does: expired once `exp` ≤ `now` in whole seconds.
 * Rejects with `InvalidAccessTokenError` for any bad token; other errors are rethrown.
 */
export async function verifyAccessToken(
  secret: Uint8Array,
  token: string,
  now = new Date(),
): Promise<AccessClaims> {
  const cache = verifiedUnder(secret);
  const known = cache.get(token);
  if (known) {
    if (known.expiresAt <= Math.floor(now.getTime() / 1000))
      throw new InvalidAccessTokenError('ERR_JWT_EXPIRED');
    return known.claims;
  }
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(token, await hmacKey(secret), {
      algorithms: ['HS256'],
      audience: JWT_AUDIENCE,
      issuer: JWT_ISSUER,
      currentDate: now,
      requiredClaims: ['exp', 'iat', 'sub'],
    }));
  } catch (error) {
    if (error instanceof errors.JOSEError) throw new InvalidAccessTokenError(error.code);
    throw error;
  }
  const parsed = v.safeParse(Payload, payload);
  if (!parsed.success || payload.exp === undefined) throw new InvalidAccessTokenError('unexpected claims');
  const claims = { userId: parsed.output.sub, familyId: parsed.output.fid, role: parsed.output.role };
  cache.set(token, { claims, expiresAt: payload.exp });
  return claims;
}
