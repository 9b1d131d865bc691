/**
 * POST /api/backoffice/users/{userId}/shopify/check (issue 29): each connection result and reason,
 * against the Shopify stand-in, the result kept and shown on the user; a key that is never logged or
 * echoed, and a redirect that is never followed.
 */
import * as v from 'valibot';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ShopifyConnection } from '@/api/schemas/shopify';
import { User } from '@/api/schemas/users';
import { DEFAULT_SHOPIFY_API_VERSION } from '../../server/config';
import { INVALID_TOKEN_BODY } from '../support/shopify-standin/standin';
import type { ScriptedAnswer, StandinStore } from '../support/shopify-standin/standin';
import { createShopifyTestApp, insertStoreCustomer, post } from './shopify-fixtures';
import type { ShopifyTestApp } from './shopify-fixtures';

const KEY = 'shpat_0123456789abcdef0123456789abcdef';
const lines: string[] = [];
let s: ShopifyTestApp;

beforeAll(async () => {
  s = await createShopifyTestApp({ logLevel: 'trace' }, { logStream: { write: (line) => lines.push(line) } });
});
afterAll(() => s.close());
afterEach(() => {
  // Every query the product sent is one the GraphQL Admin API would take.
  expect(s.standin.invalid).toEqual([]);
});

let hosts = 0;
/** A customer of a fresh stand-in store holding KEY (fields over the stand-in's defaults). */
async function customerWithStore(fields: Partial<Omit<StandinStore, 'hold'>> = {}) {
  const host = `store-${++hosts}.myshopify.com`;
  const store = s.standin.addStore(host, { token: KEY, ...fields });
  return { id: await insertStoreCustomer(s.t, host, KEY), host, store };
}

async function check(userId: number | string) {
  const response = await post(s, `/users/${userId}/shopify/check`);
  expect(response.statusCode).toBe(200);
  return v.parse(ShopifyConnection, response.json());
}

async function userOf(id: number) {
  const response = await s.t.app.inject({
    method: 'GET',
    url: `/api/backoffice/users/${id}`,
    headers: { authorization: `Bearer ${s.admin}` },
  });
  return v.parse(User, response.json());
}

describe('checking a connection', () => {
  it('answers not_configured, sending nothing, without a domain or a key', async () => {
    const before = s.standin.received.length;
    const withoutKey = await insertStoreCustomer(s.t, 'keyless.myshopify.com', null);
    expect((await check(withoutKey)).status).toBe('not_configured');
    expect((await check(s.t.users.customer.id)).status).toBe('not_configured');
    expect(s.standin.received.length).toBe(before);
  });

  it("connects: the shop's name and the key's scopes, kept with the check's time and shown on the user", async () => {
    const { id, host } = await customerWithStore({
      shopName: 'Acme Supplements',
      scopes: ['read_products', 'read_inventory'],
    });
    expect((await userOf(id)).shopify_connection.status).toBe('not_checked');
    const connection = await check(id);
    expect(connection).toEqual({
      status: 'connected',
      checked_at: s.t.clock.now().toISOString(),
      shop_name: 'Acme Supplements',
      scopes: ['read_products', 'read_inventory'],
      failure: null,
    });
    expect((await userOf(id)).shopify_connection).toEqual(connection);
    const call = s.standin.received.at(-1);
    expect([call?.host, call?.version, call?.token]).toEqual([host, DEFAULT_SHOPIFY_API_VERSION, KEY]);
  });

  it('fails with missing_scope when the key lacks read_products, naming the scopes it has', async () => {
    const { id } = await customerWithStore({ scopes: ['read_orders'] });
    const { status, failure } = await check(id);
    expect(status).toBe('failed');
    expect(failure).toEqual({
      code: 'missing_scope',
      message: 'The Admin API key lacks the read_products scope (it has: read_orders)',
      retry_after_seconds: null,
    });
  });

  it.each<[string, ScriptedAnswer, string, number | null]>([
    ['401', { status: 401, body: INVALID_TOKEN_BODY }, 'invalid_token', null],
    [
      '403',
      {
        status: 403,
        body: JSON.stringify({ errors: 'This action requires merchant approval for read_products scope.' }),
      },
      'missing_scope',
      null,
    ],
    [
      '402 (frozen)',
      { status: 402, body: JSON.stringify({ errors: 'Unavailable Shop' }) },
      'shop_not_found',
      null,
    ],
    ['423 (locked)', { status: 423, body: JSON.stringify({ errors: 'Locked' }) }, 'shop_not_found', null],
    [
      '429',
      {
        status: 429,
        headers: { 'retry-after': '2.0' },
        body: JSON.stringify({
          errors:
            'Exceeded 2 calls per second for api client. Reduce request rates to resume uninterrupted service.',
        }),
      },
      'throttled',
      2,
    ],
    ['503', { status: 503, body: '<html>Service unavailable</html>' }, 'unreachable', null],
    [
      'a 200 in HTML',
      { status: 200, headers: { 'content-type': 'text/html' }, body: '<html>Log in</html>' },
      'unexpected_answer',
      null,
    ],
  ])('classifies %s', async (_name, answer, code, retryAfter) => {
    const { id } = await customerWithStore({ next: [answer] });
    const { status, failure } = await check(id);
    expect([status, failure?.code, failure?.retry_after_seconds]).toEqual(['failed', code, retryAfter]);
  });

  it("puts Shopify's own reason beside ours", async () => {
    const { id } = await customerWithStore({ next: [{ status: 401, body: INVALID_TOKEN_BODY }] });
    expect((await check(id)).failure?.message).toBe(
      'Shopify refused the Admin API key: wrong or revoked (Shopify: [API] Invalid API key or access token (unrecognized login or wrong password))',
    );
  });

  it('fails with shop_not_found where no shop answers for the host', async () => {
    const id = await insertStoreCustomer(s.t, 'closed-shop.myshopify.com', KEY);
    expect((await check(id)).failure?.code).toBe('shop_not_found');
  });

  it('fails with unreachable when the store does not answer in time', async () => {
    const { id, store } = await customerWithStore();
    const release = store.hold();
    try {
      const { failure } = await check(id);
      expect(failure?.code).toBe('unreachable');
      expect(failure?.message).toContain('no answer within 3 s');
    } finally {
      release();
    }
  });

  it('refuses a redirect to another host: reported with its host, never followed', async () => {
    const { id } = await customerWithStore({
      next: [
        { status: 301, headers: { location: 'https://real-store.myshopify.com/admin/api/graphql.json' } },
      ],
    });
    const before = s.standin.received.length;
    const { failure } = await check(id);
    expect(failure?.code).toBe('redirected');
    expect(failure?.message).toContain('redirect to real-store.myshopify.com');
    expect(s.standin.received.slice(before).map((call) => call.host)).toEqual([
      `store-${hosts}.myshopify.com`,
    ]);
  });

  it('starts again from not_checked when a save changes the domain', async () => {
    const { id } = await customerWithStore();
    expect((await check(id)).status).toBe('connected');
    const user = await userOf(id);
    const response = await s.t.app.inject({
      method: 'PUT',
      url: `/api/backoffice/users/${id}`,
      headers: { authorization: `Bearer ${s.admin}` },
      payload: {
        ...user,
        shopify_id: '1001',
        shopify_domain: 'another-store.myshopify.com',
        phone: '01234 567890',
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect((await userOf(id)).shopify_connection.status).toBe('not_checked');
  });

  it('answers 404 for no such user', async () => {
    expect((await post(s, '/users/999999/shopify/check')).statusCode).toBe(404);
  });
});

describe('the Admin API key', () => {
  it('is sent to the store, and never logged or echoed, even when Shopify echoes it', async () => {
    const { id } = await customerWithStore({
      next: [{ status: 401, body: JSON.stringify({ errors: `Invalid token ${KEY}` }) }],
    });
    const failed = await post(s, `/users/${id}/shopify/check`);
    const connected = await post(s, `/users/${id}/shopify/check`);
    expect(s.standin.received.at(-1)?.token).toBe(KEY);
    expect(failed.body).toContain('Invalid token [redacted]');
    for (const text of [failed.body, connected.body, ...lines]) expect(text).not.toContain(KEY);
    // The log was written: the requests above are in it.
    expect(lines.some((line) => line.includes(`/users/${id}/shopify/check`))).toBe(true);
  });
});
