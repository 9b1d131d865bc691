/**
 * POST /login, /token-refresh and /logout under /api/backoffice (spec §4, §7, §8; issue 2 "Auth").
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { LoginRequest, TokenPair } from '@/api/schemas/auth';
import { ErrorResponse, MessageResponse, UserStatus } from '@/api/schemas/common';
import type { AppServices } from '../app';
import { authOf, bearerToken } from '../auth/guard';
import { signAccessToken } from '../auth/jwt';
import { createAttemptCounter, rateLimitHeaders, tightest, tooManyAttempts } from '../auth/attempt-limits';
import { HASHING_BUSY_MESSAGE } from '../auth/hashing-gate';
import { verifyAgainstDummy, verifyPassword } from '../auth/passwords';
import { revokeFamily, rotateRefreshToken, startFamily } from '../auth/refresh-tokens';
import { users } from '../db/schema';
import { HttpError } from '../http/errors';
import { defineRoute } from '../http/route';

/** The one 401 message for unknown email, wrong password and inactive user alike (spec §8). */
export const INVALID_LOGIN_MESSAGE = 'Invalid username or password';
export const INVALID_REFRESH_MESSAGE = 'Invalid or expired refresh token, please login again';

/** The 429 message the login machine shows too (ARCHITECTURE.md §4). */
export function tooManyLoginsMessage(seconds: number): string {
  return `Too many login attempts. Try again in ${seconds} seconds.`;
}

/** The (address, email) counter's key: one attacker cannot lock an account out for everyone. */
function loginKey(ip: string, email: string): string {
  return `login:${ip}|${email}`;
}

/** The per-address counter's key, across all emails (password spraying). */
function loginAddressKey(ip: string): string {
  return `login-address:${ip}`;
}

/**
 * Route plugin; register with prefix /api/backoffice.
 *
 * Login limits (issue 13), counted in the database before the password is checked:
 * - per (address, email), `config.loginRateLimit`: every attempt counts; a successful login clears
 *   the counter (whoever sent it knows the password), so earlier mistakes are forgotten;
 * - per address, `config.loginAddressRateLimit`: counts the attempts the first limit let through;
 *   a success gives its count back, so only failed checks add up and one's own account cannot be
 *   used to reset it;
 * - Argon2 work per process is bounded by the hashing gate (503 beyond it; both counts given back).
 */
export async function authRoutes(
  app: FastifyInstance,
  { config, db, hashing, now }: AppServices,
): Promise<void> {
  const attempts = createAttemptCounter(db, now);

  async function issueTokens(user: { userId: number; familyId: number; role: number }, refreshToken: string) {
    const access_token = await signAccessToken(config.jwtSecret, user, now());
    return { access_token, refresh_token: refreshToken };
  }

  defineRoute(
    app,
    {
      method: 'POST',
      url: '/login',
      summary: 'Sign in with email and password',
      tags: ['auth'],
      body: LoginRequest,
      responses: {
        200: { description: 'Signed in: a 60-minute access token and a refresh token', schema: TokenPair },
        401: { description: INVALID_LOGIN_MESSAGE, schema: ErrorResponse },
        429: {
          description:
            'Too many attempts for this address and email, or failed ones from this address; see Retry-After (seconds)',
          schema: ErrorResponse,
        },
        503: { description: `${HASHING_BUSY_MESSAGE} (see Retry-After)`, schema: ErrorResponse },
      },
    },
    async ({ body, request, reply }) => {
      // A flood is refused before it costs any database work.
      hashing.assertRoom();
      const email = body.email.toLowerCase();
      const pairKey = loginKey(request.ip, email);
      const pair = await attempts.count(pairKey, config.loginRateLimit);
      if (!pair.allowed) throw tooManyAttempts(pair, tooManyLoginsMessage(pair.resetSeconds));
      const addressKey = loginAddressKey(request.ip);
      const address = await attempts.count(addressKey, config.loginAddressRateLimit);
      if (!address.allowed) throw tooManyAttempts(address, tooManyLoginsMessage(address.resetSeconds));

      const [user] = await db
        .select({
          id: users.id,
          password_hash: users.password_hash,
          status: users.status,
          user_type_id: users.user_type_id,
        })
        .from(users)
        .where(eq(users.email, email))
        .limit(1);
      let passwordOk: boolean;
      try {
        // The password is checked even for an inactive user so every failure costs the same time.
        passwordOk = await hashing.run(() =>
          user ? verifyPassword(user.password_hash, body.password) : verifyAgainstDummy(body.password),
        );
      } catch (error) {
        // Nothing was checked (the hashing gate was full), so neither count stands.
        await Promise.all([attempts.refund(pairKey, pair), attempts.refund(addressKey, address)]);
        throw error;
      }

      if (!user || !passwordOk || user.status !== UserStatus.Active) {
        reply.headers(rateLimitHeaders(tightest(pair, address)));
        throw new HttpError(401, INVALID_LOGIN_MESSAGE);
      }
      await Promise.all([attempts.clear(pairKey), attempts.refund(addressKey, address)]);

      const family = await startFamily(db, user.id, now());
      return issueTokens(
        { userId: user.id, familyId: family.familyId, role: user.user_type_id },
        family.refreshToken,
      );
    },
  );

  defineRoute(
    app,
    {
      method: 'POST',
      url: '/token-refresh',
      summary: 'Exchange the refresh token (Authorization: Bearer <refresh_token>) for a new token pair',
      tags: ['auth'],
      security: 'refreshToken',
      responses: {
        200: { description: 'A new token pair; the presented refresh token is used up', schema: TokenPair },
        401: {
          description: 'Unknown, expired, revoked or reused refresh token (reuse revokes the login)',
          schema: ErrorResponse,
        },
      },
    },
    async ({ request }) => {
      const presented = bearerToken(request);
      if (!presented) throw new HttpError(401, INVALID_REFRESH_MESSAGE);
      const result = await rotateRefreshToken(db, presented, config.jwtSecret, now());
      if (!result.ok) {
        if (result.reason === 'reuse') request.log.warn('refresh token reused: its family was revoked');
        throw new HttpError(401, INVALID_REFRESH_MESSAGE);
      }
      return issueTokens(
        { userId: result.userId, familyId: result.familyId, role: result.userTypeId },
        result.refreshToken,
      );
    },
  );

  defineRoute(
    app,
    {
      method: 'POST',
      url: '/logout',
      summary: 'Sign out: revokes the refresh-token family of the presented access token',
      tags: ['auth'],
      responses: { 200: { description: 'Signed out', schema: MessageResponse } },
    },
    async ({ request }) => {
      await revokeFamily(db, authOf(request).familyId, 'logout', now());
      return { message: 'Logged out' };
    },
  );
}
