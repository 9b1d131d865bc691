import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOKEN_ADDED_MESSAGE, TOKEN_NAME_MESSAGES } from '@/api/schemas/tokens';
import type { ApiToken, ApiTokenSecret } from '@/api/schemas/tokens';
import {
  API_TOKEN_PREFIX,
  DEFAULT_TOTAL_REQUESTS,
  TOKEN_PREFIX_LENGTH,
  hashApiToken,
} from '../../server/auth/api-tokens';
import { apiTokens, feeds } from '../../server/db/schema';
import { TOKEN_NOT_FOUND_MESSAGE } from '../../server/users/tokens-service';
import { USER_NOT_FOUND_MESSAGE } from '../../server/users/users-service';
import { checkPull } from './feed-fixtures';
import { createTestApp, login } from './helpers';
import type { TestApp } from './helpers';
import { call } from './users-fixtures';

/** PATCH /api/backoffice{path} with `payload`, as `token` (null: anonymous). */
function patch(app: FastifyInstance, token: string | null, path: string, payload: unknown) {
  return app.inject({
    method: 'PATCH',
    url: `/api/backoffice${path}`,
    headers: token === null ? {} : { authorization: `Bearer ${token}` },
    payload: payload as object,
  });
}

/** A just-issued token as every later answer shows it: its prefix, never the whole token (issue 30). */
function asListed({ token, ...rest }: ApiTokenSecret): ApiToken {
  return { ...rest, token_prefix: token.slice(0, TOKEN_PREFIX_LENGTH) };
}

describe('API tokens of a user', () => {
  let t: TestApp;
  let admin: string;
  let customerId: number;
  let first: ApiTokenSecret;

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
      name: null,
      revoked: false,
      used_requests: 0,
      last_used_at: null,
      total_requests: DEFAULT_TOTAL_REQUESTS,
      created_at: t.clock.now().toISOString(),
      updated_at: null,
    });
    // base64url of 32 bytes is 43 characters: 256 bits.
    expect(first.token).toMatch(new RegExp(`^${API_TOKEN_PREFIX}[A-Za-z0-9_-]{43}$`));
    expect(first.token_prefix).toBe(first.token.slice(0, API_TOKEN_PREFIX.length + 4));
  });

  it('stores it encrypted with its lookup hash, never in clear', async () => {
    const [row] = await t.db.select().from(apiTokens).where(eq(apiTokens.id, first.id));
    expect(row!.token_encrypted).not.toContain(first.token);
    expect(row!.token_hash).toBe(hashApiToken(first.token));
  });

  it('lists tokens newest first, each by its prefix only: the whole token was answered once (issue 30)', async () => {
    t.clock.advance(1000);
    const second: ApiTokenSecret = (await call(t.app, admin, 'POST', `/users/${customerId}/tokens`)).json()
      .token;
    expect(second.token).not.toBe(first.token);
    const response = await call(t.app, admin, 'GET', `/users/${customerId}/tokens`);
    expect(response.json()).toEqual([asListed(second), asListed(first)]);
    expect(response.body).not.toContain(first.token);
    expect(response.body).not.toContain(second.token);
  });

  it('revokes idempotently; a revoked token is refused by the feed delivery check; restoring works', async () => {
    expect((await checkPull(t.db, first.token)).status).toBe('ok');
    t.clock.advance(5000);
    const revokedAt = t.clock.now().toISOString();
    const path = `/users/${customerId}/tokens/${first.id}/revoke`;
    const revoked = await call(t.app, admin, 'PUT', path, { revoke: true });
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json()).toEqual({
      ...asListed(first),
      revoked: true,
      used_requests: 1,
      last_used_at: revoked.json().last_used_at,
      updated_at: revokedAt,
    });
    expect(await checkPull(t.db, first.token)).toMatchObject({ status: 'revoked' });

    t.clock.advance(5000);
    const again = await call(t.app, admin, 'PUT', path, { revoke: true });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(revoked.json());

    const restored = await call(t.app, admin, 'PUT', path, { revoke: false });
    expect(restored.json()).toMatchObject({ revoked: false, updated_at: t.clock.now().toISOString() });
    expect((await checkPull(t.db, first.token)).status).toBe('ok');
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

describe('token names and last use (issue 15)', () => {
  let t: TestApp;
  let admin: string;
  let customerId: number;

  beforeAll(async () => {
    t = await createTestApp();
    admin = (await login(t.app, t.users.admin.email)).access_token;
    customerId = t.users.customer.id;
  });
  afterAll(() => t.close());

  const issue = async (body?: unknown) => call(t.app, admin, 'POST', `/users/${customerId}/tokens`, body);

  it('names a new token, trimmed; a blank, null or absent name leaves it unnamed', async () => {
    const named = await issue({ name: '  Google Merchant Center  ' });
    expect(named.statusCode).toBe(201);
    expect(named.json().token.name).toBe('Google Merchant Center');
    const longest = ` ${'x'.repeat(100)} `;
    expect((await issue({ name: longest })).json().token.name).toBe('x'.repeat(100));
    for (const body of [undefined, {}, { name: null }, { name: '   ' }]) {
      const response = await issue(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(201);
      expect(response.json().token.name).toBeNull();
    }
    const listed: ApiToken[] = (await call(t.app, admin, 'GET', `/users/${customerId}/tokens`)).json();
    expect(listed.map((token) => token.name)).toContain('Google Merchant Center');
  });

  it('refuses a name too long, with control characters or not text: 400 with the message, nothing issued', async () => {
    const before = (await t.db.select().from(apiTokens)).length;
    for (const [name, message] of [
      ['x'.repeat(101), TOKEN_NAME_MESSAGES.tooLong],
      ['Shop\u0007feed', TOKEN_NAME_MESSAGES.controlCharacters],
      ['Shop\nfeed', TOKEN_NAME_MESSAGES.controlCharacters],
      ['\u0000', TOKEN_NAME_MESSAGES.controlCharacters],
      [42, TOKEN_NAME_MESSAGES.notText],
    ] as const) {
      const response = await issue({ name });
      expect(response.statusCode, JSON.stringify(name)).toBe(400);
      expect(response.json().message).toBe(`name: ${message}`);
    }
    expect((await t.db.select().from(apiTokens)).length).toBe(before);
  });

  it('renames with PATCH: trimmed, updated_at set; the same name changes nothing; blank removes it', async () => {
    const token: ApiTokenSecret = (await issue()).json().token;
    const path = `/users/${customerId}/tokens/${token.id}`;
    t.clock.advance(60_000);
    const renamedAt = t.clock.now().toISOString();
    const renamed = await patch(t.app, admin, path, { name: ' Shopify store ' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toEqual({ ...asListed(token), name: 'Shopify store', updated_at: renamedAt });

    t.clock.advance(60_000);
    const same = await patch(t.app, admin, path, { name: 'Shopify store' });
    expect(same.json()).toEqual(renamed.json());

    const cleared = await patch(t.app, admin, path, { name: '' });
    expect(cleared.json()).toMatchObject({ name: null, updated_at: t.clock.now().toISOString() });
    const [row] = await t.db.select().from(apiTokens).where(eq(apiTokens.id, token.id));
    expect(row!.name).toBeNull();
  });

  it('rename: bad names → 400 with the message; another user’s token → 404; no name → 400', async () => {
    const token: ApiToken = (await issue({ name: 'Kept' })).json().token;
    const path = `/users/${customerId}/tokens/${token.id}`;
    const tooLong = await patch(t.app, admin, path, { name: 'y'.repeat(101) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toBe(`name: ${TOKEN_NAME_MESSAGES.tooLong}`);
    const control = await patch(t.app, admin, path, { name: 'a\u009fb' });
    expect(control.statusCode).toBe(400);
    expect(control.json().message).toBe(`name: ${TOKEN_NAME_MESSAGES.controlCharacters}`);
    const missing = await patch(t.app, admin, path, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('name is required');

    const elsewhere = await patch(t.app, admin, `/users/${t.users.admin.id}/tokens/${token.id}`, {
      name: 'Stolen',
    });
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json().message).toBe(TOKEN_NOT_FOUND_MESSAGE);
    expect((await patch(t.app, admin, `/users/${customerId}/tokens/999999`, { name: 'x' })).statusCode).toBe(
      404,
    );
    const [row] = await t.db.select().from(apiTokens).where(eq(apiTokens.id, token.id));
    expect(row!.name).toBe('Kept');
  });

  it('rename is Admin only: 401 without a token, 403 with a Customer token', async () => {
    const customer = (await login(t.app, t.users.customer.email)).access_token;
    const path = `/users/${customerId}/tokens/1`;
    expect((await patch(t.app, null, path, { name: 'x' })).statusCode).toBe(401);
    expect((await patch(t.app, customer, path, { name: 'x' })).statusCode).toBe(403);
  });

  it('last_used_at: null until a feed pull is accepted, then the server clock of that pull', async () => {
    const token: ApiTokenSecret = (await issue()).json().token;
    const [feed] = await t.db.insert(feeds).values({ name: 'Pulled', user_id: customerId }).returning();
    const pull = () =>
      t.app.inject({
        method: 'GET',
        url: `/api/feed/v1/feeds/${feed!.id}.json`,
        headers: { authorization: `Bearer ${token.token}` },
      });
    const listed = async () =>
      ((await call(t.app, admin, 'GET', `/users/${customerId}/tokens`)).json() as ApiToken[]).find(
        (row) => row.id === token.id,
      );
    expect((await listed())?.last_used_at).toBeNull();

    t.clock.advance(600_000);
    const pulledAt = t.clock.now().toISOString();
    expect((await pull()).statusCode).toBe(200);
    expect(await listed()).toMatchObject({ used_requests: 1, last_used_at: pulledAt });

    // A refused pull (revoked) neither counts nor stamps.
    await call(t.app, admin, 'PUT', `/users/${customerId}/tokens/${token.id}/revoke`, { revoke: true });
    t.clock.advance(600_000);
    expect((await pull()).statusCode).not.toBe(200);
    expect(await listed()).toMatchObject({ used_requests: 1, last_used_at: pulledAt });
  });

  it('OpenAPI documents the rename and the optional name of a new token', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const rename = doc.paths['/api/backoffice/users/{userId}/tokens/{tokenId}'].patch;
    expect(rename.responses['200']).toBeDefined();
    expect(JSON.stringify(rename.requestBody)).toContain('"maxLength":100');
    const create = doc.paths['/api/backoffice/users/{userId}/tokens'].post;
    expect(JSON.stringify(create.requestBody)).toContain('"name"');
  });
});
