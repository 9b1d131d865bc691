/**
 * How a feed is fetched (issue 12 "Delivery"): HTTP Basic with the API token as the password beside
 * Bearer, tokens in the query string refused and never logged, gzip and Brotli representations
 * with their own ETags, and the RateLimit fields. What the feed holds is feed-delivery.test.ts's.
 */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UserStatus } from '@/api/schemas/common';
import { buildApp } from '../../server/app';
import { feedProducts, feeds } from '../../server/db/schema';
import { contentCodingFor, TOKEN_IN_QUERY } from '../../server/routes/feed-delivery';
import {
  fixtureProducts,
  importFixtureCatalogue,
  insertCustomer,
  issueToken,
  usedRequests,
} from './feed-fixtures';
import { createTestApp } from './helpers';
import type { TestApp } from './helpers';

const CHALLENGE = 'Basic realm="feed", charset="UTF-8", Bearer realm="feed"';
const FORMATS = ['json', 'csv', 'xml'] as const;

let t: TestApp;
let acme: number;
let dormant: number;
let acmeFeed: number;
let dormantFeed: number;

function basic(user: string, password: string): string {
  return `Basic ${Buffer.from(`${user}:${password}`, 'utf8').toString('base64')}`;
}

function pull(path: string, headers: Record<string, string> = {}, app: FastifyInstance = t.app) {
  return app.inject({ method: 'GET', url: `/api/feed/v1/feeds/${path}`, headers });
}

async function createFeed(userId: number, productIds: number[]): Promise<number> {
  const [feed] = await t.db
    .insert(feeds)
    .values({ name: `Feed of ${userId}`, user_id: userId })
    .returning();
  if (!feed) throw new Error('feed not inserted');
  await t.db.insert(feedProducts).values(productIds.map((id) => ({ feed_id: feed.id, product_id: id })));
  return feed.id;
}

beforeAll(async () => {
  t = await createTestApp();
  // Enough items that compression has something to do.
  const productIds = await importFixtureCatalogue(t.db, fixtureProducts(40));
  acme = await insertCustomer(t.db, {
    email: 'acme@test.example',
    company_name: 'Acme Ltd',
    discount_rate: 10,
    shopify_domain: 'acme-health.myshopify.com',
  });
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

describe('HTTP Basic for Google Merchant Center', () => {
  it('serves the token given as the password, whatever the user name, and counts each pull', async () => {
    const { token, id } = await issueToken(t, acme, { totalRequests: 50 });
    for (const user of ['google', String(acmeFeed), '', 'ünïcode user']) {
      const response = await pull(`${acmeFeed}.xml`, { authorization: basic(user, token) });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<rss version="2.0"');
    }
    expect(await usedRequests(t.db, id)).toBe(4);
  });

  it('keeps Bearer working', async () => {
    const { token, id } = await issueToken(t, acme);
    const response = await pull(`${acmeFeed}.json`, { authorization: `Bearer ${token}` });
    expect(response.statusCode).toBe(200);
    expect(await usedRequests(t.db, id)).toBe(1);
  });

  it('answers 401 with both challenges to a wrong, revoked, empty or misplaced password and an inactive customer', async () => {
    const valid = await issueToken(t, acme);
    const revoked = await issueToken(t, acme, { revoked: true });
    const dormantToken = await issueToken(t, dormant);
    const cases: Array<[string, string]> = [
      [`${acmeFeed}.xml`, basic('google', `${valid.token}x`)],
      [`${acmeFeed}.xml`, basic('google', revoked.token)],
      [`${acmeFeed}.xml`, basic('google', '')],
      // The token belongs in the password, not the user name.
      [`${acmeFeed}.xml`, basic(valid.token, '')],
      [`${acmeFeed}.xml`, 'Basic not-base64!'],
      [`${acmeFeed}.xml`, `Basic ${Buffer.from(valid.token).toString('base64')}`],
      [`${dormantFeed}.xml`, basic('google', dormantToken.token)],
    ];
    for (const [path, authorization] of cases) {
      const response = await pull(path, { authorization });
      expect(response.statusCode, authorization).toBe(401);
      expect(response.headers['www-authenticate']).toBe(CHALLENGE);
      expect(response.json().message).toBe('Missing, invalid or revoked API token');
    }
    expect(await usedRequests(t.db, valid.id)).toBe(0);
    expect(await usedRequests(t.db, revoked.id)).toBe(0);
    expect(await usedRequests(t.db, dormantToken.id)).toBe(0);
  });
});

describe('tokens in the query string', () => {
  it('refuses them with 400 saying how to authenticate, before counting anything', async () => {
    const { token, id } = await issueToken(t, acme);
    const queries = [
      `token=${token}`,
      `access_token=${token}`,
      `API_KEY=${token}`,
      `apikey=whatever`,
      `api_token=whatever`,
      `feed=${encodeURIComponent(token)}`,
      `v=1&v=${token}`,
    ];
    for (const query of queries) {
      const response = await pull(`${acmeFeed}.json?${query}`, { authorization: `Bearer ${token}` });
      expect(response.statusCode, query).toBe(400);
      expect(response.json().message).toBe(`Query string: ${TOKEN_IN_QUERY}`);
    }
    expect(TOKEN_IN_QUERY).toMatch(/Authorization header.*Bearer.*password of HTTP Basic/);
    expect(await usedRequests(t.db, id)).toBe(0);
  });

  it('lets other parameters (cache busters) through', async () => {
    const { token } = await issueToken(t, acme);
    const response = await pull(`${acmeFeed}.json?v=1718000000`, { authorization: `Bearer ${token}` });
    expect(response.statusCode).toBe(200);
  });

  it('never writes a feed URL query string to the log; other routes keep theirs', async () => {
    const lines: string[] = [];
    const logged = await buildApp(
      { ...t.config, logLevel: 'info' },
      { db: t.db, now: t.clock.now, logStream: { write: (line) => void lines.push(line) } },
    );
    try {
      await logged.ready();
      const { token } = await issueToken(t, acme);
      const refused = await pull(`${acmeFeed}.xml?token=${token}`, {}, logged);
      expect(refused.statusCode).toBe(400);
      const served = await pull(
        `${acmeFeed}.xml?cachebuster=42`,
        { authorization: basic('g', token) },
        logged,
      );
      expect(served.statusCode).toBe(200);
      await logged.inject({ method: 'GET', url: `/api/feed/v1/nothing-here?access_token=${token}` });
      await logged.inject({ method: 'GET', url: '/api/health?probe=1' });

      const log = lines.join('');
      expect(log).not.toContain(token);
      expect(log).not.toContain('cachebuster');
      const urls = lines
        .map((line) => JSON.parse(line) as { req?: { url: string } })
        .flatMap((entry) => (entry.req ? [entry.req.url] : []));
      expect(urls).toEqual([
        `/api/feed/v1/feeds/${acmeFeed}.xml`,
        `/api/feed/v1/feeds/${acmeFeed}.xml`,
        '/api/feed/v1/nothing-here',
        '/api/health?probe=1',
      ]);
    } finally {
      await logged.close();
    }
  });
});

describe('compression', () => {
  it.each(FORMATS)('%s: gzip and Brotli bodies decompress to the identity bytes', async (format) => {
    const { token } = await issueToken(t, acme);
    const authorization = `Bearer ${token}`;
    const identity = await pull(`${acmeFeed}.${format}`, { authorization });
    const gzip = await pull(`${acmeFeed}.${format}`, { authorization, 'accept-encoding': 'gzip' });
    const br = await pull(`${acmeFeed}.${format}`, { authorization, 'accept-encoding': 'br' });

    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(br.headers['content-encoding']).toBe('br');
    for (const response of [identity, gzip, br]) {
      expect(response.statusCode).toBe(200);
      expect(response.headers.vary).toBe('Authorization, Accept-Encoding');
      expect(response.headers['content-type']).toBe(identity.headers['content-type']);
    }
    expect(gunzipSync(gzip.rawPayload).equals(identity.rawPayload)).toBe(true);
    expect(brotliDecompressSync(br.rawPayload).equals(identity.rawPayload)).toBe(true);
    expect(Number(gzip.headers['content-length'])).toBe(gzip.rawPayload.length);
    // Issue 12's target for gzip is at most 0.15 of the identity size.
    expect(gzip.rawPayload.length).toBeLessThan(identity.rawPayload.length * 0.15);
  });

  it('gives each representation its own ETag and answers 304 to each', async () => {
    const { token, id } = await issueToken(t, acme);
    const authorization = `Bearer ${token}`;
    const url = `${acmeFeed}.xml`;
    const identity = await pull(url, { authorization });
    const gzip = await pull(url, { authorization, 'accept-encoding': 'gzip, deflate' });
    const br = await pull(url, { authorization, 'accept-encoding': 'gzip, deflate, br' });
    const tag = identity.headers.etag as string;
    expect(tag).toMatch(/^"[\w-]+"$/);
    expect(gzip.headers.etag).toBe(`${tag.slice(0, -1)}-gzip"`);
    expect(br.headers.etag).toBe(`${tag.slice(0, -1)}-br"`);

    for (const [encoding, etag] of [
      ['identity', tag],
      ['gzip', `${tag.slice(0, -1)}-gzip"`],
      ['br', `${tag.slice(0, -1)}-br"`],
    ] as const) {
      const again = await pull(url, { authorization, 'accept-encoding': encoding, 'if-none-match': etag });
      expect(again.statusCode, encoding).toBe(304);
      expect(again.body).toBe('');
      expect(again.headers.etag).toBe(etag);
      expect(again.headers.vary).toBe('Authorization, Accept-Encoding');
    }
    // The identity tag does not validate the gzip representation: the client gets the gzip body.
    const switched = await pull(url, { authorization, 'accept-encoding': 'gzip', 'if-none-match': tag });
    expect(switched.statusCode).toBe(200);
    expect(switched.headers['content-encoding']).toBe('gzip');
    expect(await usedRequests(t.db, id)).toBe(7);
  });

  it('reuses the compressed bytes of a rendering across pulls', async () => {
    const { token } = await issueToken(t, acme);
    const headers = { authorization: `Bearer ${token}`, 'accept-encoding': 'br' };
    const [first, second] = [await pull(`${acmeFeed}.csv`, headers), await pull(`${acmeFeed}.csv`, headers)];
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
  });

  it.each([
    [undefined, null],
    ['', null],
    ['identity', null],
    ['gzip', 'gzip'],
    ['GZIP', 'gzip'],
    ['gzip, deflate, br, zstd', 'br'],
    ['*', 'br'],
    ['gzip;q=1.0, br;q=0.5', 'gzip'],
    ['br;q=0, *', 'gzip'],
    ['br;q=0, gzip;q=0, *', null],
    ['identity;q=0, gzip;q=0.1', 'gzip'],
    ['deflate', null],
    // Refusing every coding still gets the feed, unencoded.
    ['identity;q=0, *;q=0', null],
  ])('Accept-Encoding %j → %s', (header, expected) => {
    const headers = header === undefined ? {} : { 'accept-encoding': header };
    expect(contentCodingFor({ headers })).toBe(expected);
  });
});

describe('RateLimit fields', () => {
  it('sends RateLimit-Policy and RateLimit (the IETF draft) beside RateLimit-Limit and -Remaining', async () => {
    const { token } = await issueToken(t, acme, { totalRequests: 10, usedRequests: 3 });
    const authorization = basic('google', token);
    const first = await pull(`${acmeFeed}.xml`, { authorization });
    expect(first.headers).toMatchObject({
      'ratelimit-policy': '"token";q=10',
      ratelimit: '"token";r=6',
      'ratelimit-limit': '10',
      'ratelimit-remaining': '6',
    });
    const notModified = await pull(`${acmeFeed}.xml`, {
      authorization,
      'if-none-match': first.headers.etag as string,
    });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.headers).toMatchObject({ ratelimit: '"token";r=5', 'ratelimit-remaining': '5' });
  });

  it('says the quota is spent on the 429', async () => {
    const { token } = await issueToken(t, acme, { totalRequests: 2, usedRequests: 2 });
    const response = await pull(`${acmeFeed}.xml`, { authorization: basic('google', token) });
    expect(response.statusCode).toBe(429);
    expect(response.headers).toMatchObject({
      'ratelimit-policy': '"token";q=2',
      ratelimit: '"token";r=0',
      'ratelimit-limit': '2',
      'ratelimit-remaining': '0',
      'retry-after': '3600',
    });
  });
});
