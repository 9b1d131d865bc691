/**
 * POST /api/backoffice/feeds/{feedId}/shopify/sync and what a synced store changes in the feed (issue
 * 29), against the Shopify stand-in: variants matched by option values in other orders, cases and
 * accents; products the store lacks or does not publish excluded; an unmatched variant linked to its
 * product page and warned about; pagination past 250 variants; cost-based waits, THROTTLED and 429;
 * one sync per customer at a time; failures kept.
 */
import * as v from 'valibot';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DeliveredFeed } from '@/api/schemas/feed-delivery';
import { FeedDiagnostics } from '@/api/schemas/feed-diagnostics';
import {
  FeedShopifyStatus,
  SHOPIFY_NOT_CONFIGURED_MESSAGE,
  SHOPIFY_SYNC_RUNNING_MESSAGE,
} from '@/api/schemas/shopify';
import { INVALID_TOKEN_BODY } from '../support/shopify-standin/standin';
import type { StandinStore } from '../support/shopify-standin/standin';
import { CONDITION } from '../support/time-limits';
import { insertFeed, insertProduct } from './feed-content-fixtures';
import { issueToken } from './feed-fixtures';
import { createShopifyTestApp, insertStoreCustomer, numeric, post, storeProduct } from './shopify-fixtures';
import type { ShopifyTestApp } from './shopify-fixtures';

const KEY = 'shpat_sync_test_key';
const HOST = 'acme.myshopify.com';
let s: ShopifyTestApp;
let feedId: number;
let pullToken: string;
let ids: Record<'whey' | 'omega' | 'zinc' | 'hidden' | 'big', { id: number; variants: number[] }>;
let store: Record<'whey' | 'omega' | 'hidden' | 'big', ReturnType<typeof storeProduct>>;

const image = ['https://cdn.example.com/p.jpg'];
const bigSizes = Array.from({ length: 300 }, (_, index) => `Size ${index + 1}`);

beforeAll(async () => {
  s = await createShopifyTestApp();
  const customer = await insertStoreCustomer(s.t, HOST, KEY);
  ids = {
    whey: await insertProduct(s.t.db, {
      handle: 'whey',
      name: 'Whey',
      optionNames: ['Flavour', 'Size'],
      images: image,
      variants: [
        { options: ['Chocolate', '1 kg'], price: 3000 },
        { options: ['Vanilla', '1 kg'], price: 3000 },
        { options: ['Strawberry', '2 kg'], price: 5500 },
      ],
    }),
    omega: await insertProduct(s.t.db, {
      handle: 'omega',
      name: 'Omega',
      optionNames: ['Title'],
      images: image,
      variants: [{ options: ['Default Title'] }],
    }),
    zinc: await insertProduct(s.t.db, { handle: 'zinc', name: 'Zinc', images: image, variants: [{}] }),
    hidden: await insertProduct(s.t.db, { handle: 'hidden', name: 'Hidden', images: image, variants: [{}] }),
    big: await insertProduct(s.t.db, {
      handle: 'big',
      name: 'Big',
      optionNames: ['Size'],
      images: image,
      variants: bigSizes.map((size) => ({ options: [size] })),
    }),
  };
  store = {
    // Other order, other case, an accent the catalogue does not have; no Strawberry / 2 kg.
    whey: storeProduct('whey', [
      [
        ['size', '1 KG'],
        ['FLAVOUR', 'chocolate'],
      ],
      [
        ['Size', '1 kg'],
        ['Flavour', 'Vanílla'],
      ],
    ]),
    omega: storeProduct('omega', [[['Title', 'Default Title']]]),
    hidden: storeProduct('hidden', [[['Title', 'Default Title']]], false),
    big: storeProduct('big', bigSizes.map((size): [string, string][] => [['Size', size]]).reverse()),
  };
  s.standin.addStore(HOST, { token: KEY, products: Object.values(store) });
  feedId = await insertFeed(
    s.t.db,
    'Acme',
    customer,
    Object.values(ids).map((product) => product.id),
  );
  pullToken = (await issueToken(s.t, customer)).token;
});
afterAll(() => s.close());
afterEach(() => {
  expect(s.standin.invalid).toEqual([]);
});

async function feedJson() {
  const response = await s.t.app.inject({
    method: 'GET',
    url: `/api/feed/v1/feeds/${feedId}.json`,
    headers: { authorization: `Bearer ${pullToken}` },
  });
  return v.parse(DeliveredFeed, response.json());
}

async function diagnostics(id = feedId) {
  const response = await s.t.app.inject({
    method: 'GET',
    url: `/api/backoffice/feeds/${id}/diagnostics`,
    headers: { authorization: `Bearer ${s.admin}` },
  });
  return v.parse(FeedDiagnostics, response.json());
}

async function sync(id = feedId) {
  const response = await post(s, `/feeds/${id}/shopify/sync`);
  expect(response.statusCode, response.body).toBe(200);
  return v.parse(FeedShopifyStatus, response.json());
}

const linkOf = (items: DeliveredFeed['items'], variantId: number | undefined) =>
  items.find((item) => item.variant_id === variantId)?.link;

describe('a feed before and after its store is synced', () => {
  it('is as without a store until a sync succeeds, then links to the store’s own variants', async () => {
    const before = await feedJson();
    expect(linkOf(before.items, ids.whey.variants[0])).toBe(`https://${HOST}/products/whey`);
    expect(before.items.some((item) => item.product_id === ids.zinc.id)).toBe(true);
    expect((await diagnostics()).shopify).toMatchObject({
      last_sync_at: null,
      mapped_count: 0,
      excluded_count: 0,
    });

    const status = await sync();
    expect(status).toEqual({
      connection: expect.objectContaining({ status: 'connected' }),
      last_sync_at: s.t.clock.now().toISOString(),
      last_sync_failure: null,
      sync_running: false,
      mapped_count: 2 + 1 + 300,
      unmapped_count: 1,
      excluded_count: 2,
    });
    // The rendering cached a moment ago is dropped by the sync: no clock moved.
    const after = await feedJson();
    const variantLink = (gid: string | undefined, handle: string) =>
      `https://${HOST}/products/${handle}?variant=${numeric(gid ?? '')}`;
    expect(linkOf(after.items, ids.whey.variants[0])).toBe(variantLink(store.whey.variants[0]?.id, 'whey'));
    expect(linkOf(after.items, ids.whey.variants[1])).toBe(variantLink(store.whey.variants[1]?.id, 'whey'));
    expect(linkOf(after.items, ids.whey.variants[2])).toBe(`https://${HOST}/products/whey`);
    expect(linkOf(after.items, ids.omega.variants[0])).toBe(
      variantLink(store.omega.variants[0]?.id, 'omega'),
    );
    expect(linkOf(after.items, ids.big.variants[299])).toBe(variantLink(store.big.variants[0]?.id, 'big'));
    expect(after.items.filter((item) => [ids.zinc.id, ids.hidden.id].includes(item.product_id))).toEqual([]);
  });

  it('reports the exclusions, the unmatched variant, and no landing_variant for mapped items', async () => {
    const report = await diagnostics();
    const excluded = Object.fromEntries(
      report.excluded.map((group) => [group.reason, group.items.map((item) => item.product_id)]),
    );
    expect(excluded).toMatchObject({ not_in_store: [ids.zinc.id], not_published_in_store: [ids.hidden.id] });
    const warned = Object.fromEntries(
      report.warnings.map((group) => [group.code, group.items.map((item) => item.variant_id)]),
    );
    expect(warned.variant_not_in_store).toEqual([ids.whey.variants[2]]);
    expect(warned.landing_variant).toEqual([ids.whey.variants[2]]);
    expect(report.shopify?.mapped_count).toBe(303);
  });

  it('reads a product’s variants past its first 25 by cursor, 250 a page', () => {
    const pages = s.standin.received.filter((call) => call.query.includes('ProductVariantsPage'));
    expect(pages.map((call) => [call.variables.first, typeof call.variables.after])).toEqual([
      [250, 'string'],
      [250, 'string'],
    ]);
  });
});

let customers = 0;
/** A customer whose store (fields over the defaults) has `whey` and `big`, with a feed of both. */
async function customerFeed(fields: Partial<Omit<StandinStore, 'hold'>> = {}) {
  const host = `store-${++customers}.myshopify.com`;
  const standinStore = s.standin.addStore(host, { token: KEY, products: [store.whey, store.big], ...fields });
  const customer = await insertStoreCustomer(s.t, host, KEY);
  return { id: await insertFeed(s.t.db, host, customer, [ids.whey.id, ids.big.id]), store: standinStore };
}

describe("keeping to Shopify's rate limits", () => {
  it('waits before a query the bucket cannot afford, so Shopify never refuses one', async () => {
    const { id } = await customerFeed({
      bucket: { maximumAvailable: 1000, currentlyAvailable: 560, restoreRate: 50 },
    });
    const [sleeps, refusals] = [s.sleeps.length, s.standin.throttled.count];
    expect((await sync(id)).last_sync_failure).toBeNull();
    expect(s.sleeps.slice(sleeps)).toEqual([10_000, 10_000]);
    expect(s.standin.throttled.count).toBe(refusals);
  });

  it('backs off after a THROTTLED answer and goes on', async () => {
    const { id } = await customerFeed({
      bucket: { maximumAvailable: 1000, currentlyAvailable: 0, restoreRate: 100 },
    });
    const [sleeps, refusals] = [s.sleeps.length, s.standin.throttled.count];
    expect((await sync(id)).mapped_count).toBe(302);
    expect(s.standin.throttled.count).toBe(refusals + 1);
    expect(s.sleeps[sleeps]).toBe(1000);
  });

  it('waits out a 429’s Retry-After and goes on', async () => {
    const { id } = await customerFeed({ next: [{ status: 429, headers: { 'retry-after': '3' } }] });
    const sleeps = s.sleeps.length;
    expect((await sync(id)).last_sync_failure).toBeNull();
    expect(s.sleeps.slice(sleeps)).toEqual([3000]);
  });
});

describe('sync runs and failures', () => {
  it('runs one sync per customer at a time: a second one meanwhile gets 409', async () => {
    const { id, store: held } = await customerFeed();
    const release = held.hold();
    const first = post(s, `/feeds/${id}/shopify/sync`);
    const calls = s.standin.received.length;
    await vi.waitFor(() => expect(s.standin.received.length).toBeGreaterThan(calls), CONDITION);
    const second = await post(s, `/feeds/${id}/shopify/sync`);
    expect([second.statusCode, second.json()]).toMatchObject([
      409,
      { message: SHOPIFY_SYNC_RUNNING_MESSAGE },
    ]);
    expect((await diagnostics(id)).shopify?.sync_running).toBe(true);
    release();
    expect((await first).statusCode).toBe(200);
    expect((await diagnostics(id)).shopify?.sync_running).toBe(false);
  });

  it('keeps a failed run as last_sync_failure, and a refused key on the connection too', async () => {
    const { id } = await customerFeed({ next: [{ status: 401, body: INVALID_TOKEN_BODY }] });
    const status = await sync(id);
    expect(status.last_sync_failure?.code).toBe('invalid_token');
    expect(status.connection.failure?.code).toBe('invalid_token');
    expect(status.mapped_count).toBe(0);
  });

  it('answers 409 without a domain and key, and 404 for no such feed', async () => {
    const keyless = await insertStoreCustomer(s.t, 'keyless.myshopify.com', null);
    const feed = await insertFeed(s.t.db, 'Keyless', keyless, [ids.whey.id]);
    const response = await post(s, `/feeds/${feed}/shopify/sync`);
    expect([response.statusCode, response.json()]).toMatchObject([
      409,
      { message: SHOPIFY_NOT_CONFIGURED_MESSAGE },
    ]);
    expect((await post(s, '/feeds/999999/shopify/sync')).statusCode).toBe(404);
  });
});
