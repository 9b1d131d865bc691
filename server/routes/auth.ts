/**
 * POST /login, /token-refresh and /logout under /api/backoffice (spec §4, §7, §8; issue 2 "Auth").
 * The limits and checks behind them are the auth service's (server/auth/auth-service.ts).
 */
import type { FastifyInstance } from 'fastify';
import { LoginRequest, TokenPair } from '@/api/schemas/auth';
import { ErrorResponse, MessageResponse } from '@/api/schemas/common';
import type { AppServices } from '../app-services';
import { INVALID_LOGIN_MESSAGE } from '../auth/auth-service';
import { authOf, bearerToken } from '../auth/guard';
import { HASHING_BUSY_MESSAGE } from '../auth/hashing-gate';
import { defineRoute } from '../http/route';

/** Route plugin; register with prefix /api/backoffice. */
export async function authRoutes(app: FastifyInstance, { auth }: AppServices): Promise<void> {
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
    async ({ body, request }) => auth.login({ email: body.email, password: body.password, ip: request.ip }),
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
          description:
            'Unknown, expired, revoked or reused refresh token (reuse revokes the login, a retry by the same client inside the grace window excepted)',
          schema: ErrorResponse,
        },
      },
    },
    async ({ request }) =>
      auth.refresh(
        bearerToken(request),
        { ip: request.ip, userAgent: request.headers['user-agent'] },
        request.log,
      ),
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
      await auth.logout(authOf(request).familyId);
      return { message: 'Logged out' };
    },
  );
}
