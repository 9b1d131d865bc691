/**
 * The /backoffice guard (spec §6, issue 2 "Auth"): 401 on every protected route for any bad token,
 * 403 for a Customer outside /account. The protected routes come from the app's registry, so
 * routes added later are covered without touching this file.
 */
import { rmSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MessageResponse } from '@/api/schemas/common';
import { buildApp } from '../../server/app';
import { accessFor, BACKOFFICE_PREFIX } from '../../server/auth/guard';
import {
  ACCESS_TOKEN_TTL_SECONDS,
  JWT_AUDIENCE,
  JWT_ISSUER,
  signAccessToken,
  verifyAccessToken,
} from '../../server/auth/jwt';
import { revokeUserFamilies } from '../../server/auth/refresh-tokens';
import { testConfig } from '../../server/config';
import { users } from '../../server/db/schema';
import type { RegisteredRoute } from '../../server/http/openapi';
import { defineRoute } from '../../server/http/route';
import { createTestApp, getProfile, login } from './helpers';
import type { TestApp } from './helpers';

/** An admin-only probe so the 403 path is exercised even before the admin resources exist. */
async function probeRoutes(app: FastifyInstance) {
  defineRoute(
    app,
    {
      method: 'GET',
      url: '/probe',
      summary: 'Test-only admin route',
      responses: { 200: { description: 'ok', schema: MessageResponse } },
    },
    async () => ({ message: 'admin only' }),
  );
}

let t: TestApp;
let protectedRoutes: RegisteredRoute[];
beforeAll(async () => {
  t = await createTestApp({}, async (app) => {
    await app.register(probeRoutes, { prefix: BACKOFFICE_PREFIX });
  });
  protectedRoutes = t.app.routeRegistry.list().filter((route) => route.access !== 'public');
});
afterAll(async () => {
  await t.close();
});

function inject(route: RegisteredRoute, authorization?: string) {
  return t.app.inject({
    method: route.method,
    // Any well-formed id will do: the guard answers before the handler looks.
    url: route.path.replace(/:\w+/g, '1'),
    headers: authorization === undefined ? {} : { authorization },
    ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }),
  });
}

const secretOf = () => t.config.jwtSecret;
const claimsFor = (familyId: number) => ({ typ: 'access', fid: familyId, role: 1 });

/** Tokens that must all be refused, each built from a real login's family. */
async function badTokens(): Promise<Record<string, string>> {
  const pair = await login(t.app, t.users.admin.email);
  const now = t.clock.now();
  const { userId, familyId } = await verifyAccessToken(secretOf(), pair.access_token, now);
  const issuedAt = Math.floor(now.getTime() / 1000);
  const base = (claims: Record<string, unknown>, alg = 'HS256') =>
    new SignJWT(claims).setProtectedHeader({ alg }).setSubject(String(userId)).setIssuedAt(issuedAt);
  const valid = (builder: SignJWT) =>
    builder
      .setAudience(JWT_AUDIENCE)
      .setIssuer(JWT_ISSUER)
      .setExpirationTime(issuedAt + 600);
  const unsigned = [
    Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url'),
    Buffer.from(
      JSON.stringify({
        ...claimsFor(familyId),
        sub: String(userId),
        aud: JWT_AUDIENCE,
        iss: JWT_ISSUER,
        iat: issuedAt,
        exp: issuedAt + 600,
      }),
    ).toString('base64url'),
    '',
  ].join('.');
  return {
    garbage: 'not-a-jwt',
    expired: await signAccessToken(
      secretOf(),
      { userId, familyId, role: 1 },
      new Date(now.getTime() - (ACCESS_TOKEN_TTL_SECONDS + 60) * 1000),
    ),
    'wrong audience': await base(claimsFor(familyId))
      .setAudience('someone-else')
      .setIssuer(JWT_ISSUER)
      .setExpirationTime(issuedAt + 600)
      .sign(secretOf()),
    'wrong issuer': await base(claimsFor(familyId))
      .setAudience(JWT_AUDIENCE)
      .setIssuer('someone-else')
      .setExpirationTime(issuedAt + 600)
      .sign(secretOf()),
    'wrong typ': await valid(base({ ...claimsFor(familyId), typ: 'refresh' })).sign(secretOf()),
    'wrong algorithm (HS512)': await valid(base(claimsFor(familyId), 'HS512')).sign(secretOf()),
    'alg none': unsigned,
    'other secret': await signAccessToken(new Uint8Array(32).fill(7), { userId, familyId, role: 1 }, now),
    'unknown family': await signAccessToken(
      secretOf(),
      { userId, familyId: familyId + 10_000, role: 1 },
      now,
    ),
    'refresh token as access token': pair.refresh_token,
  };
}

describe('the guard on every protected route', () => {
  it('covers the routes of the registry', () => {
    const paths = protectedRoutes.map((route) => `${route.method} ${route.path}`);
    expect(paths).toEqual(
      expect.arrayContaining([
        'POST /api/backoffice/logout',
        'GET /api/backoffice/account/profile',
        'GET /api/backoffice/probe',
      ]),
    );
  });

  it('answers 401 without a token, with the spec message', async () => {
    for (const route of protectedRoutes) {
      for (const authorization of [undefined, '', 'Bearer', 'Basic YWRtaW46cGFzcw==']) {
        const response = await inject(route, authorization);
        expect(response.statusCode, `${route.method} ${route.path} with ${authorization}`).toBe(401);
        expect(response.json()).toEqual({
          statusCode: 401,
          error: 'Unauthorized',
          message: 'Invalid or missing login token, please login again',
        });
      }
    }
  });

  it('answers 401 for every kind of bad token', async () => {
    const tokens = await badTokens();
    for (const route of protectedRoutes) {
      for (const [kind, token] of Object.entries(tokens)) {
        const response = await inject(route, `Bearer ${token}`);
        expect(response.statusCode, `${route.method} ${route.path}: ${kind}`).toBe(401);
      }
    }
  });

  it('answers 403 to a Customer on admin routes and lets them reach /account', async () => {
    const customer = await login(t.app, t.users.customer.email);
    const admin = await login(t.app, t.users.admin.email);
    const adminRoutes = protectedRoutes.filter((route) => route.access === 'admin');
    expect(adminRoutes.length).toBeGreaterThan(0);
    for (const route of adminRoutes) {
      const response = await inject(route, `Bearer ${customer.access_token}`);
      expect(response.statusCode, `${route.method} ${route.path}`).toBe(403);
      expect(response.json()).toEqual({ statusCode: 403, error: 'Forbidden', message: 'Forbidden' });
    }
    expect((await getProfile(t.app, customer.access_token)).statusCode).toBe(200);
    const probe = await t.app.inject({
      method: 'GET',
      url: '/api/backoffice/probe',
      headers: { authorization: `Bearer ${admin.access_token}` },
    });
    expect(probe.json()).toEqual({ message: 'admin only' });
  });

  it('reads the role from the database, not from the token', async () => {
    const pair = await login(t.app, t.users.customer.email);
    await t.db.update(users).set({ user_type_id: 1 }).where(eq(users.id, t.users.customer.id));
    try {
      const probe = await t.app.inject({
        method: 'GET',
        url: '/api/backoffice/probe',
        headers: { authorization: `Bearer ${pair.access_token}` },
      });
      expect(probe.statusCode).toBe(200);
    } finally {
      await t.db.update(users).set({ user_type_id: 2 }).where(eq(users.id, t.users.customer.id));
    }
  });

  it('refuses a valid token once its user is inactive or all their logins are revoked', async () => {
    const pair = await login(t.app, t.users.customer.email);
    await t.db.update(users).set({ status: 2 }).where(eq(users.id, t.users.customer.id));
    expect((await getProfile(t.app, pair.access_token)).statusCode).toBe(401);
    await t.db.update(users).set({ status: 1 }).where(eq(users.id, t.users.customer.id));
    expect((await getProfile(t.app, pair.access_token)).statusCode).toBe(200);

    await revokeUserFamilies(t.db, t.users.customer.id, 'password_changed', t.clock.now());
    expect((await getProfile(t.app, pair.access_token)).statusCode).toBe(401);
  });

  it('guards the HEAD twin of GET routes too', async () => {
    const response = await t.app.inject({ method: 'HEAD', url: '/api/backoffice/account/profile' });
    expect(response.statusCode).toBe(401);
  });
});

describe('accessFor', () => {
  it('maps back-office paths to their access level', () => {
    expect(accessFor('/api/backoffice/login')).toBe('public');
    expect(accessFor('/api/backoffice/token-refresh')).toBe('public');
    expect(accessFor('/api/backoffice/logout')).toBe('user');
    expect(accessFor('/api/backoffice/account/profile')).toBe('user');
    expect(accessFor('/api/backoffice/account/upload/avatar')).toBe('user');
    expect(accessFor('/api/backoffice/users/:userId')).toBe('admin');
    expect(accessFor('/api/backoffice/accounts')).toBe('admin');
    expect(accessFor('/api/backoffice/login/extra')).toBe('admin');
    expect(accessFor('/api/backoffice')).toBe('admin');
    expect(accessFor('/api/health')).toBeNull();
    expect(accessFor('/api/backofficex')).toBeNull();
  });
});

describe('route registration', () => {
  it('refuses a back-office route that is not declared with defineRoute', async () => {
    const config = testConfig();
    const app = await buildApp(config, { db: t.db });
    try {
      const rawRoutes = async (scope: FastifyInstance) => {
        scope.get('/raw', async () => ({ raw: true }));
      };
      await expect(app.register(rawRoutes, { prefix: BACKOFFICE_PREFIX })).rejects.toThrow(
        'GET /api/backoffice/raw: routes under /api/backoffice must use defineRoute',
      );
    } finally {
      await app.close();
      rmSync(config.dataDir, { recursive: true, force: true });
    }
  });
});
