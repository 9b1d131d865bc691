/**
 * POST /login, /token-refresh and /logout under /api/backoffice (spec §4, §7, §8; issue 2 "Auth").
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { LoginRequest, TokenPair } from '@/api/schemas/auth';
import { ErrorResponse, MessageResponse, UserStatus } from '@/api/schemas/common';
import type { AppServices } from '../app';
import { authOf, bearerToken } from '../auth/guard';
import { signAccessToken } from '../auth/jwt';
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

/** Failures are counted per client address and email, so one attacker cannot lock out everyone. */
function loginKey(request: FastifyRequest): string {
  const email = (request.body as { email?: unknown } | undefined)?.email;
  return `${request.ip}|${typeof email === 'string' ? email.trim().toLowerCase() : ''}`;
}

/** Route plugin; register with prefix /api/backoffice. */
export async function authRoutes(app: FastifyInstance, { config, db, now }: AppServices): Promise<void> {
  const loginLimit = app.createRateLimit({
    max: config.loginRateLimit.max,
    timeWindow: config.loginRateLimit.windowMs,
    keyGenerator: loginKey,
  });

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
          description: 'Too many failed attempts for this address and email; see Retry-After (seconds)',
          schema: ErrorResponse,
        },
      },
    },
    async ({ body, request, reply }) => {
      // Peek first: only failures count, so a successful login never uses up the allowance.
      const before = await loginLimit(request, { increment: false });
      if (!before.isAllowed && before.remaining <= 0) {
        throw new HttpError(429, tooManyLoginsMessage(before.ttlInSeconds), {
          'retry-after': before.ttlInSeconds,
          'ratelimit-limit': before.max,
          'ratelimit-remaining': 0,
          'ratelimit-reset': before.ttlInSeconds,
        });
      }

      const [user] = await db
        .select({
          id: users.id,
          password_hash: users.password_hash,
          status: users.status,
          user_type_id: users.user_type_id,
        })
        .from(users)
        .where(eq(users.email, body.email.toLowerCase()))
        .limit(1);
      // The password is checked even for an inactive user so every failure costs the same time.
      const passwordOk = user
        ? await verifyPassword(user.password_hash, body.password)
        : await verifyAgainstDummy(body.password);

      if (!user || !passwordOk || user.status !== UserStatus.Active) {
        const after = await loginLimit(request);
        if (!after.isAllowed) {
          reply.headers({
            'ratelimit-limit': after.max,
            'ratelimit-remaining': after.remaining,
            'ratelimit-reset': after.ttlInSeconds,
          });
        }
        throw new HttpError(401, INVALID_LOGIN_MESSAGE);
      }

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
      const result = await rotateRefreshToken(db, presented, now());
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
