import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOKEN_ADDED_MESSAGE } from '@/api/schemas/users';
import type { ApiToken } from '@/api/schemas/users';
import { consumeApiTokenRequest } from '../../server/auth/api-token-check';
import { API_TOKEN_PREFIX, DEFAULT_TOTAL_REQUESTS, hashApiToken } from '../../server/auth/api-tokens';
import { apiTokens } from '../../server/db/schema';
import { TOKEN_NOT_FOUND_MESSAGE } from '../../server/users/tokens-service';
import { USER_NOT_FOUND_MESSAGE } from '../../server/users/users-service';
import { createTestApp, login } from './helpers';
import type { TestApp } from './helpers';
import { call } from './users-fixtures';

describe('API tokens of a user', () => {
  let t: TestApp;
  let admin: string;
  let customerId: number;
  let first: ApiToken;

  beforeAll(async () => {
    t = await createTestApp();
    admin = (await login(t.app, t.users.admin.email)).access_token;
    customerId = t.users.customer.id;
  });
  afterAll(() => t.close());

  it('a user without tokens lists none', async () => {
    const response = await call(t.app, admin, 'GET', `/users/${customerId}/tokens`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([]);
  });

  it('issues a token: 201, the spec message, 256 random bits with the prefix, the default quota', async () => {
    const response = await call(t.app, admin, 'POST', `/users/${customerId}/tokens`);
    expect(response.statusCode).toBe(201);
    expect(response.json().message).toBe(TOKEN_ADDED_MESSAGE);
    first = response.json().token;
    expect(first).toMatchObject({
      revoked: false,
      used_requests: 0,
      total_requests: DEFAULT_TOTAL_REQUESTS,
      created_at: t.clock.now().toISOString(),
      updated_at: null,
    });
    // base64url of 32 bytes is 43 characters: 256 bits.
    expect(first.token).toMatch(new RegExp(`^${API_TOKEN_PREFIX}[A-Za-z0-9_-]{43}$`));
  });

  it('stores it encrypted with its lookup hash, never in clear', async () => {
    const [row] = await t.db.select().from(apiTokens).where(eq(apiTokens.id, first.id));
    expect(row!.token_encrypted).not.toContain(first.token);
    expect(row!.token_hash).toBe(hashApiToken(first.token));
  });

  it('lists tokens newest first, in full', async () => {
    t.clock.advance(1000);
    const second: ApiToken = (await call(t.app, admin, 'POST', `/users/${customerId}/tokens`)).json().token;
    expect(second.token).not.toBe(first.token);
    const listed: ApiToken[] = (await call(t.app, admin, 'GET', `/users/${customerId}/tokens`)).json();
    expect(listed).toEqual([second, first]);
  });

  it('revokes idempotently; a revoked token is refused by the feed delivery check; restoring works', async () => {
    expect((await consumeApiTokenRequest(t.db, first.token)).status).toBe('ok');
    t.clock.advance(5000);
    const revokedAt = t.clock.now().toISOString();
    const path = `/users/${customerId}/tokens/${first.id}/revoke`;
    const revoked = await call(t.app, admin, 'PUT', path, { revoke: true });
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json()).toMatchObject({
      id: first.id,
      revoked: true,
      used_requests: 1,
      updated_at: revokedAt,
    });
    expect(await consumeApiTokenRequest(t.db, first.token)).toMatchObject({ status: 'revoked' });

    t.clock.advance(5000);
    const again = await call(t.app, admin, 'PUT', path, { revoke: true });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(revoked.json());

    const restored = await call(t.app, admin, 'PUT', path, { revoke: false });
    expect(restored.json()).toMatchObject({ revoked: false, updated_at: t.clock.now().toISOString() });
    expect((await consumeApiTokenRequest(t.db, first.token)).status).toBe('ok');
  });

  it('a token of another user → 404, and it is left alone', async () => {
    const response = await call(t.app, admin, 'PUT', `/users/${t.users.admin.id}/tokens/${first.id}/revoke`, {
      revoke: true,
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe(TOKEN_NOT_FOUND_MESSAGE);
    const [row] = await t.db.select().from(apiTokens).where(eq(apiTokens.id, first.id));
    expect(row!.revoked).toBe(false);
  });

  it('unknown user → 404; bad ids and bodies → 400', async () => {
    for (const [method, path] of [
      ['GET', '/users/999999/tokens'],
      ['POST', '/users/999999/tokens'],
    ] as const) {
      const response = await call(t.app, admin, method, path);
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(USER_NOT_FOUND_MESSAGE);
    }
    expect(
      (await call(t.app, admin, 'PUT', `/users/${customerId}/tokens/999999/revoke`, { revoke: true }))
        .statusCode,
    ).toBe(404);
    expect((await call(t.app, admin, 'GET', '/users/0/tokens')).statusCode).toBe(400);
    expect(
      (await call(t.app, admin, 'PUT', `/users/${customerId}/tokens/x/revoke`, { revoke: true })).statusCode,
    ).toBe(400);
    const body = await call(t.app, admin, 'PUT', `/users/${customerId}/tokens/${first.id}/revoke`, {
      revoke: 'yes',
    });
    expect(body.statusCode).toBe(400);
    expect(body.json().message).toBe('revoke: revoke must be true or false');
  });
});
