/**
 * Access tokens (ARCHITECTURE.md §3): HS256 JWTs of 60 minutes, signed and checked with jose.
 * Verification accepts only HS256 and checks signature, expiry, audience, issuer and token type.
 */
import { errors, jwtVerify, SignJWT } from 'jose';
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
 * Verifies `token` as of `now` and returns its claims.
 * Rejects with `InvalidAccessTokenError` for any bad token; other errors are rethrown.
 */
export async function verifyAccessToken(
  secret: Uint8Array,
  token: string,
  now = new Date(),
): Promise<AccessClaims> {
  let payload: unknown;
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
  const claims = v.safeParse(Payload, payload);
  if (!claims.success) throw new InvalidAccessTokenError('unexpected claims');
  return { userId: claims.output.sub, familyId: claims.output.fid, role: claims.output.role };
}
