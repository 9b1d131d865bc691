/** Login, token refresh (rotation, reuse detection), logout and profile (spec §4, §7, §8). */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { ProfileUser, TokenPair } from '@/api/schemas/auth';
import { ErrorResponse } from '@/api/schemas/common';
import { verifyAccessToken } from '../../server/auth/jwt';
import {
  hashRefreshToken,
  REFRESH_TOKEN_TTL_MS,
  REUSE_GRACE_MS,
  SAME_CLIENT_GRACE_MS,
} from '../../server/auth/refresh-tokens';
import { refreshTokenFamilies, refreshTokens, users } from '../../server/db/schema';
import { createTestApp, getProfile, login, postLogin, postRefresh } from './helpers';
import type { TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function familyOf(refreshToken: string) {
  const [row] = await t.db
    .select({ id: refreshTokenFamilies.id, revoked_reason: refreshTokenFamilies.revoked_reason })
    .from(refreshTokens)
    .innerJoin(refreshTokenFamilies, eq(refreshTokenFamilies.id, refreshTokens.family_id))
    .where(eq(refreshTokens.token_hash, hashRefreshToken(refreshToken)));
  if (!row) throw new Error('family not found');
  return row;
}

describe('POST /login', () => {
  it('answers a token pair whose access token names the user, role and family', async () => {
    const pair = await login(t.app, t.users.admin.email);
    const claims = await verifyAccessToken(t.config.jwtSecret, pair.access_token, t.clock.now());
    expect(claims.userId).toBe(t.users.admin.id);
    expect(claims.role).toBe(1);
    expect(claims.familyId).toBe((await familyOf(pair.refresh_token)).id);
    expect(pair.refresh_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('stores only the hash of the refresh token', async () => {
    const pair = await login(t.app, t.users.admin.email);
    const stored = await t.db.select({ hash: refreshTokens.token_hash }).from(refreshTokens);
    expect(stored.map((row) => row.hash)).toContain(hashRefreshToken(pair.refresh_token));
    expect(stored.map((row) => row.hash)).not.toContain(pair.refresh_token);
  });

  it('compares emails case-insensitively', async () => {
    const response = await postLogin(t.app, '  ADMIN@Test.Example ');
    expect(response.statusCode).toBe(200);
  });

  it('gives the same 401 body for a wrong password, an unknown email and an inactive user', async () => {
    const expected = { statusCode: 401, error: 'Unauthorized', message: 'Invalid username or password' };
    const wrongPassword = await postLogin(t.app, t.users.admin.email, 'Wrong-pass1', '10.0.0.1');
    const unknownEmail = await postLogin(t.app, 'nobody@test.example', undefined, '10.0.0.1');
    const inactive = await postLogin(t.app, t.users.inactive.email, undefined, '10.0.0.1');
    for (const response of [wrongPassword, unknownEmail, inactive]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual(expected);
    }
  });
});

describe('POST /token-refresh', () => {
  it('rotates: the new pair works and the presented token is used up', async () => {
    const first = await login(t.app, t.users.admin.email);
    const refreshed = await postRefresh(t.app, first.refresh_token);
    expect(refreshed.statusCode).toBe(200);
    const second = refreshed.json<{ access_token: string; refresh_token: string }>();
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect((await getProfile(t.app, second.access_token)).statusCode).toBe(200);
    expect((await familyOf(second.refresh_token)).id).toBe((await familyOf(first.refresh_token)).id);
    expect((await postRefresh(t.app, second.refresh_token)).statusCode).toBe(200);
  });

  it('revokes the whole family when an old token is reused, so the newest fails too', async () => {
    const first = await login(t.app, t.users.admin.email);
    const second = (await postRefresh(t.app, first.refresh_token)).json<{
      refresh_token: string;
      access_token: string;
    }>();
    const third = (await postRefresh(t.app, second.refresh_token)).json<{
      refresh_token: string;
      access_token: string;
    }>();

    const reuse = await postRefresh(t.app, first.refresh_token);
    expect(reuse.statusCode).toBe(401);
    expect(v.parse(ErrorResponse, reuse.json()).error).toBe('Unauthorized');
    expect((await familyOf(first.refresh_token)).revoked_reason).toBe('reuse');
    expect((await postRefresh(t.app, third.refresh_token)).statusCode).toBe(401);
    expect((await getProfile(t.app, third.access_token)).statusCode).toBe(401);
  });

  it('answers a retry within the grace window with the refresh token it missed, without revoking', async () => {
    const first = await login(t.app, t.users.admin.email);
    const missed = (await postRefresh(t.app, first.refresh_token)).json<TokenPair>();
    t.clock.advance(REUSE_GRACE_MS - 1000);

    const retry = await postRefresh(t.app, first.refresh_token);
    expect(retry.statusCode).toBe(200);
    const received = v.parse(TokenPair, retry.json());
    expect(received.refresh_token).toBe(missed.refresh_token);
    expect((await getProfile(t.app, received.access_token)).statusCode).toBe(200);
    expect((await familyOf(first.refresh_token)).revoked_reason).toBeNull();
    expect((await postRefresh(t.app, received.refresh_token)).statusCode).toBe(200);
  });

  it('gives two simultaneous refreshes with the same token the same new refresh token, without revoking', async () => {
    const pair = await login(t.app, t.users.admin.email);
    const responses = await Promise.all([
      postRefresh(t.app, pair.refresh_token),
      postRefresh(t.app, pair.refresh_token),
    ]);
    expect(responses.map((response) => response.statusCode)).toEqual([200, 200]);
    const [a, b] = responses.map((response) => v.parse(TokenPair, response.json()).refresh_token);
    expect(a).toBe(b);
    expect((await familyOf(pair.refresh_token)).revoked_reason).toBeNull();
    expect((await postRefresh(t.app, a ?? '')).statusCode).toBe(200);
  });

  it("revokes when the direct parent comes back after the same client's grace window", async () => {
    const first = await login(t.app, t.users.admin.email);
    const second = (await postRefresh(t.app, first.refresh_token)).json<{ refresh_token: string }>();
    t.clock.advance(SAME_CLIENT_GRACE_MS + 1000);

    expect((await postRefresh(t.app, first.refresh_token)).statusCode).toBe(401);
    expect((await familyOf(first.refresh_token)).revoked_reason).toBe('reuse');
    expect((await postRefresh(t.app, second.refresh_token)).statusCode).toBe(401);
  });

  it('refuses an expired refresh token', async () => {
    const pair = await login(t.app, t.users.admin.email);
    t.clock.advance(REFRESH_TOKEN_TTL_MS + 1000);
    expect((await postRefresh(t.app, pair.refresh_token)).statusCode).toBe(401);
  });

  it('refuses a missing, malformed or unknown token, and an access token', async () => {
    const pair = await login(t.app, t.users.admin.email);
    const noHeader = await t.app.inject({ method: 'POST', url: '/api/backoffice/token-refresh' });
    expect(noHeader.statusCode).toBe(401);
    expect(noHeader.json()).toEqual({
      statusCode: 401,
      error: 'Unauthorized',
      message: 'Invalid or expired refresh token, please login again',
    });
    expect((await postRefresh(t.app, 'not-a-token')).statusCode).toBe(401);
    expect((await postRefresh(t.app, 'A'.repeat(43))).statusCode).toBe(401);
    expect((await postRefresh(t.app, pair.access_token)).statusCode).toBe(401);
  });

  it('refuses and revokes once the user has been made inactive', async () => {
    const pair = await login(t.app, t.users.customer.email);
    await t.db.update(users).set({ status: 2 }).where(eq(users.id, t.users.customer.id));
    try {
      expect((await postRefresh(t.app, pair.refresh_token)).statusCode).toBe(401);
      expect((await familyOf(pair.refresh_token)).revoked_reason).toBe('user_inactive');
    } finally {
      await t.db.update(users).set({ status: 1 }).where(eq(users.id, t.users.customer.id));
    }
  });
});

describe('POST /logout', () => {
  it('revokes the family: neither the refresh token nor the access token works afterwards', async () => {
    const pair = await login(t.app, t.users.customer.email);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/backoffice/logout',
      headers: { authorization: `Bearer ${pair.access_token}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Logged out' });
    expect((await familyOf(pair.refresh_token)).revoked_reason).toBe('logout');
    expect((await postRefresh(t.app, pair.refresh_token)).statusCode).toBe(401);
    expect((await getProfile(t.app, pair.access_token)).statusCode).toBe(401);
  });

  it('leaves the other logins of the same user alive', async () => {
    const tabA = await login(t.app, t.users.customer.email);
    const tabB = await login(t.app, t.users.customer.email);
    await t.app.inject({
      method: 'POST',
      url: '/api/backoffice/logout',
      headers: { authorization: `Bearer ${tabA.access_token}` },
    });
    expect((await getProfile(t.app, tabB.access_token)).statusCode).toBe(200);
  });
});

describe('GET /account/profile', () => {
  it('answers the signed-in user in the ProfileUser shape, without secrets', async () => {
    const pair = await login(t.app, t.users.customer.email);
    const response = await getProfile(t.app, pair.access_token);
    expect(response.statusCode).toBe(200);
    const body = response.json<Record<string, unknown>>();
    expect(v.parse(ProfileUser, body)).toEqual({
      id: t.users.customer.id,
      user_type_id: 2,
      first_name: 'Cal',
      last_name: 'Customer',
      email: 'customer@test.example',
      avatar: null,
    });
    expect(Object.keys(body).sort()).toEqual([
      'avatar',
      'email',
      'first_name',
      'id',
      'last_name',
      'user_type_id',
    ]);
  });

  it('maps the stored avatar paths to {original, thumbnails.thumb_36}', async () => {
    await t.db
      .update(users)
      .set({ avatar_original: '/uploads/avatars/a.webp', avatar_thumb_36: '/uploads/avatars/a-36.webp' })
      .where(eq(users.id, t.users.admin.id));
    const pair = await login(t.app, t.users.admin.email);
    const body = (await getProfile(t.app, pair.access_token)).json<{ avatar: unknown }>();
    expect(body.avatar).toEqual({
      original: '/uploads/avatars/a.webp',
      thumbnails: { thumb_36: '/uploads/avatars/a-36.webp' },
    });
  });
});
