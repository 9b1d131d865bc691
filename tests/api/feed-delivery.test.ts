/**
 * The feed delivery API (issue 4, "Feed delivery API"): the auth matrix, the three formats, the
 * customer's discount, ETags, and the atomic per-pull count under concurrency.
 */
import { eq } from 'drizzle-orm';
import { XMLParser } from 'fast-xml-parser';
import { parse } from 'csv-parse/sync';
import * as v from 'valibot';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { UserStatus } from '@/api/schemas/common';
import { DeliveredFeed } from '@/api/schemas/feed-delivery';
import { feedProducts, feeds, users } from '../../server/db/schema';
import { FEED_CACHE_MS } from '../../server/feeds/delivery-cache';
import {
  fixtureProducts,
  importFixtureCatalogue,
  insertCustomer,
  issueToken,
  usedRequests,
} from './feed-fixtures';
import { createTestApp } from './helpers';
import type { TestApp } from './helpers';

let t: TestApp;
let acme: number;
let beta: number;
let dormant: number;
let acmeFeed: number;
let dormantFeed: number;
let productIds: number[];

async function createFeed(userId: number, ids: number[]): Promise<number> {
  const [feed] = await t.db
    .insert(feeds)
    .values({ name: `Feed of ${userId}`, user_id: userId })
    .returning();
  if (!feed) throw new Error('feed not inserted');
  if (ids.length > 0)
    await t.db.insert(feedProducts).values(ids.map((id) => ({ feed_id: feed.id, product_id: id })));
  return feed.id;
}

function pull(
  feedId: number,
  format: 'json' | 'csv' | 'xml',
  token?: string,
  headers: Record<string, string> = {},
) {
  return t.app.inject({
    method: 'GET',
    url: `/api/feed/v1/feeds/${feedId}.${format}`,
    headers: { ...(token === undefined ? {} : { authorization: `Bearer ${token}` }), ...headers },
  });
}

beforeAll(async () => {
  t = await createTestApp();
  const items = fixtureProducts(6);
  items[5] = { ...items[5]!, status: 'draft' };
  productIds = await importFixtureCatalogue(t.db, items);
  acme = await insertCustomer(t.db, {
    email: 'acme@test.example',
    company_name: 'Acme Ltd',
    discount_rate: 15,
    shopify_domain: 'acme-health.myshopify.com',
  });
  beta = await insertCustomer(t.db, { email: 'beta@test.example', company_name: 'Beta Ltd' });
  dormant = await insertCustomer(t.db, {
    email: 'dormant@test.example',
    company_name: 'Dormant Ltd',
    status: UserStatus.Inactive,
  });
  acmeFeed = await createFeed(acme, productIds);
  dormantFeed = await createFeed(dormant, productIds.slice(0, 1));
});

afterAll(async () => {
  await t?.close();
});

describe('authentication', () => {
  it('answers 401 without a token, with an unknown or revoked one, and for an inactive customer', async () => {
    const revoked = await issueToken(t, acme, { revoked: true });
    const inactive = await issueToken(t, dormant);
    const cases = [
      await pull(acmeFeed, 'json'),
      await pull(acmeFeed, 'json', 'pf_live_not-a-token'),
      await pull(acmeFeed, 'json', revoked.token),
      await pull(dormantFeed, 'json', inactive.token),
    ];
    for (const response of cases) {
      expect(response.statusCode).toBe(401);
      expect(response.json().message).toBe('Missing, invalid or revoked API token');
      expect(response.headers['www-authenticate']).toBe(
        'Basic realm="feed", charset="UTF-8", Bearer realm="feed"',
      );
    }
    expect(await usedRequests(t.db, revoked.id)).toBe(0);
    expect(await usedRequests(t.db, inactive.id)).toBe(0);
  });

  it("answers 404 for another customer's feed and for a missing feed, counting nothing", async () => {
    const other = await issueToken(t, beta);
    const response = await pull(acmeFeed, 'json', other.token);
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('Feed not found');
    expect((await pull(999_999, 'xml', other.token)).statusCode).toBe(404);
    expect(await usedRequests(t.db, other.id)).toBe(0);
  });

  it('answers 429 with RateLimit headers and Retry-After when the quota is used up', async () => {
    const spent = await issueToken(t, acme, { totalRequests: 5, usedRequests: 5 });
    const response = await pull(acmeFeed, 'csv', spent.token);
    expect(response.statusCode).toBe(429);
    expect(response.headers).toMatchObject({
      'retry-after': '3600',
      'ratelimit-limit': '5',
      'ratelimit-remaining': '0',
      'ratelimit-reset': '3600',
      'ratelimit-policy': '"token";q=5',
      ratelimit: '"token";r=0',
    });
    expect(await usedRequests(t.db, spent.id)).toBe(5);
  });

  it("serves the valid token of the feed's customer and counts the pull", async () => {
    const valid = await issueToken(t, acme, { totalRequests: 10 });
    const response = await pull(acmeFeed, 'json', valid.token);
    expect(response.statusCode).toBe(200);
    expect(response.headers['ratelimit-limit']).toBe('10');
    expect(response.headers['ratelimit-remaining']).toBe('9');
    expect(await usedRequests(t.db, valid.id)).toBe(1);
  });
});

describe('formats', () => {
  it('JSON: the active products, priced with the customer discount, in the contract shape', async () => {
    const { token } = await issueToken(t, acme);
    const response = await pull(acmeFeed, 'json', token);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    const feed = v.parse(DeliveredFeed, response.json());
    expect(feed).toMatchObject({ id: acmeFeed, discount_rate: 15, currency: 'EUR' });
    // The sixth product is a draft: not for sale, not delivered.
    expect(feed.items.map((item) => item.product_id)).toEqual(productIds.slice(0, 5));
    const first = feed.items[0];
    expect(first).toEqual({
      id: `v${first?.variant_id}`,
      item_group_id: null,
      product_id: productIds[0],
      variant_id: expect.any(Number),
      sku: 'SKU-0001',
      title: 'Product 0001 "Extra" & Co',
      description: 'Product 0001 "Extra" & Co for everyday use.',
      link: 'https://acme-health.myshopify.com/products/product-0001',
      image_link: 'https://cdn.example.com/p/0001.jpg',
      additional_image_links: [],
      availability: 'in_stock',
      price: 850,
      sale_price: null,
      currency: 'EUR',
      brand: 'Brand A',
      // The fixture's barcode 5000000000001 has a wrong check digit, so no GTIN is sent.
      gtin: null,
      identifier_exists: false,
      condition: 'new',
      size: null,
      color: null,
      material: null,
      pattern: null,
      age_group: null,
      gender: null,
      product_type: null,
      google_product_category: null,
    });
    // 1003 pence less 15 % = 852.55, rounded; local images get PUBLIC_URL's origin. The fixture's
    // export has no inventory tracker column: untracked stock is always in stock (Shopify's rule).
    expect(feed.items[3]).toMatchObject({
      price: 853,
      availability: 'in_stock',
      image_link: 'http://feeds.test/uploads/products/0004.png',
    });
  });

  it('XML: RSS 2.0 in the g: namespace with every required attribute on every item', async () => {
    const { token } = await issueToken(t, acme);
    const response = await pull(acmeFeed, 'xml', token);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
    const doc = new XMLParser({ ignoreAttributes: false, isArray: (name) => name === 'item' }).parse(
      response.body,
    );
    expect(doc.rss['@_version']).toBe('2.0');
    expect(doc.rss['@_xmlns:g']).toBe('http://base.google.com/ns/1.0');
    expect(doc.rss.channel.title).toBe(`Feed of ${acme}`);
    const items = doc.rss.channel.item as Record<string, unknown>[];
    expect(items).toHaveLength(5);
    const required = [
      'id',
      'title',
      'description',
      'link',
      'image_link',
      'availability',
      'price',
      'brand',
      'identifier_exists',
      'condition',
    ];
    for (const item of items) {
      for (const attribute of required) expect(String(item[`g:${attribute}`] ?? '')).not.toBe('');
      expect(item['g:price']).toMatch(/^\d+\.\d{2} EUR$/);
      expect(['in_stock', 'out_of_stock']).toContain(item['g:availability']);
    }
    expect(items[0]).toMatchObject({
      'g:id': expect.stringMatching(/^v\d+$/),
      'g:title': 'Product 0001 "Extra" & Co',
      'g:price': '8.50 EUR',
    });
  });

  it('CSV: a header of Google attribute names and one quoted-as-needed row per product', async () => {
    const { token } = await issueToken(t, acme);
    const response = await pull(acmeFeed, 'csv', token);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    const rows = parse(response.body, { columns: true }) as Record<string, string>[];
    expect(rows).toHaveLength(5);
    expect(rows[1]).toMatchObject({
      id: expect.stringMatching(/^v\d+$/),
      title: 'Product 0002 "Extra" & Co',
      price: '8.51 EUR',
      brand: 'Brand B',
    });
  });

  it('answers 304 to a matching If-None-Match, counting the pull, and 200 once the feed changes', async () => {
    const { token, id } = await issueToken(t, acme);
    const first = await pull(acmeFeed, 'xml', token);
    const etag = first.headers.etag as string;
    const again = await pull(acmeFeed, 'xml', token, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(await usedRequests(t.db, id)).toBe(2);

    await t.db.update(users).set({ discount_rate: 20 }).where(eq(users.id, acme));
    // Rendered documents are reused for FEED_CACHE_MS; the change shows once that has passed.
    expect((await pull(acmeFeed, 'xml', token, { 'if-none-match': etag })).statusCode).toBe(304);
    t.clock.advance(FEED_CACHE_MS);
    const changed = await pull(acmeFeed, 'xml', token, { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    await t.db.update(users).set({ discount_rate: 15 }).where(eq(users.id, acme));
  });

  it('delivers an empty feed as an empty list', async () => {
    const empty = await createFeed(beta, []);
    const { token } = await issueToken(t, beta);
    const response = await pull(empty, 'json', token);
    expect(response.json()).toMatchObject({ items: [], discount_rate: 0 });
  });
});

describe('concurrency', () => {
  it('lets exactly 100 of 300 concurrent pulls through a quota of 100', async () => {
    const limited = await issueToken(t, acme, { totalRequests: 100 });
    const responses = await Promise.all(
      Array.from({ length: 300 }, () => pull(acmeFeed, 'json', limited.token)),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(100);
    expect(statuses.filter((status) => status === 429)).toHaveLength(200);
    expect(await usedRequests(t.db, limited.id)).toBe(100);
    // Counted together in batches (keyed-batches.ts), each granted pull still has its own count.
    const remaining = responses
      .filter((response) => response.statusCode === 200)
      .map((response) => Number(response.headers['ratelimit-remaining']))
      .sort((a, b) => a - b);
    expect(remaining).toEqual(Array.from({ length: 100 }, (_, index) => index));
  });

  it('counts one quota across feeds pulled at once with the same token', async () => {
    const limited = await issueToken(t, acme, { totalRequests: 100 });
    const otherFeed = await createFeed(acme, productIds.slice(0, 1));
    const responses = await Promise.all(
      Array.from({ length: 300 }, (_, index) =>
        pull(index % 2 === 0 ? acmeFeed : otherFeed, 'json', limited.token),
      ),
    );
    expect(responses.filter((response) => response.statusCode === 200)).toHaveLength(100);
    expect(await usedRequests(t.db, limited.id)).toBe(100);
  });

  // Another server process counting with the same token holds its row until it commits; a count
  // made meanwhile must start from that committed count (the row is locked before it is read).
  it.runIf(process.env.TEST_DATABASE_URL)(
    "counts from another process's committed count when it had to wait for it",
    async () => {
      const limited = await issueToken(t, acme, { totalRequests: 10 });
      const other = new pg.Client({ connectionString: t.config.databaseUrl });
      const watcher = new pg.Client({ connectionString: t.config.databaseUrl });
      await Promise.all([other.connect(), watcher.connect()]);
      try {
        await other.query('begin');
        await other.query('update api_tokens set used_requests = used_requests + 8 where id = $1', [
          limited.id,
        ]);
        const pulls = Promise.all(Array.from({ length: 4 }, () => pull(acmeFeed, 'json', limited.token)));
        await vi.waitFor(
          async () => {
            const { rows } = await watcher.query(
              "select count(*)::int as waiting from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()",
            );
            expect(rows[0].waiting).toBe(1);
          },
          { timeout: 10_000, interval: 20 },
        );
        await other.query('commit');
        const responses = await pulls;
        const granted = responses.filter((response) => response.statusCode === 200);
        expect(granted.map((response) => response.headers['ratelimit-remaining']).sort()).toEqual(['0', '1']);
        expect(await usedRequests(t.db, limited.id)).toBe(10);
      } finally {
        await Promise.all([other.end(), watcher.end()]);
      }
    },
  );
});

describe('OpenAPI', () => {
  it('documents the three delivery routes with the API-token scheme', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    for (const format of ['json', 'csv', 'xml']) {
      const operation = doc.paths[`/api/feed/v1/feeds/{feedId}.${format}`].get;
      expect(operation.security).toEqual([{ apiToken: [] }, { apiTokenBasic: [] }]);
      expect(Object.keys(operation.responses)).toEqual(
        expect.arrayContaining(['200', '304', '401', '404', '429']),
      );
    }
    expect(doc.components.securitySchemes.apiToken).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.components.securitySchemes.apiTokenBasic).toMatchObject({ type: 'http', scheme: 'basic' });
  });
});
