/**
 * GET /api/backoffice/feeds/{feedId}/diagnostics (issue 12 "Diagnostics for the admin"): counts,
 * exclusions grouped by reason, warnings, validator errors, the feed's URLs, and a preview equal to
 * what the customer's store receives.
 */
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeliveredFeed } from '@/api/schemas/feed-delivery';
import { FeedDiagnostics } from '@/api/schemas/feed-diagnostics';
import { FeedList } from '@/api/schemas/feeds';
import { EXCLUSION_TEXTS } from '@/api/schemas/shop';
import { WARNING_TEXTS } from '../../server/feeds/diagnostics';
import { FEED_NOT_FOUND } from '../../server/feeds/feeds-service';
import { insertFeed, insertProduct } from './feed-content-fixtures';
import { insertCustomer, issueToken } from './feed-fixtures';
import { createTestApp, login } from './helpers';
import type { TestApp } from './helpers';

const PUBLIC_URL = 'https://feeds.example.com';
const LONG_NAME = `${'Magnesium glycinate '.repeat(8)}capsules`;

let t: TestApp;
let admin: string;
let customer: number;
let feedId: number;
let emptyFeedId: number;
let p: Record<
  'tee' | 'drops' | 'long' | 'draft' | 'gift' | 'bare' | 'socks' | 'hidden',
  { id: number; variants: number[] }
>;

function diagnostics(id: number | string, token: string | null = admin) {
  return t.app.inject({
    method: 'GET',
    url: `/api/backoffice/feeds/${id}/diagnostics`,
    headers: token === null ? {} : { authorization: `Bearer ${token}` },
  });
}

beforeAll(async () => {
  t = await createTestApp({ publicUrl: PUBLIC_URL });
  admin = (await login(t.app, t.users.admin.email)).access_token;
  customer = await insertCustomer(t.db, {
    email: 'acme@test.example',
    company_name: 'Acme Ltd',
    discount_rate: 20,
    shopify_domain: 'acme.myshopify.com',
  });
  const image = (name: string) => [`https://cdn.example.com/${name}.jpg`];
  const tee = await insertProduct(t.db, {
    handle: 'tee',
    name: 'Tee',
    optionNames: ['Size'],
    images: image('tee'),
    variants: [
      ...Array.from({ length: 11 }, (_, index) => ({
        sku: `TEE-${index + 1}`,
        options: [`Size ${index + 1}`],
        price: 1500,
        compareAtPrice: index === 0 ? 2000 : null,
        barcode: '4006381333931',
      })),
      // Gone from the shop's export: archived by the imports of 2 and 9 March.
      {
        sku: 'TEE-OLD',
        options: ['Size 0'],
        archivedAt: new Date('2026-03-02T09:00:00Z'),
      },
      {
        sku: 'TEE-XXL',
        options: ['Size 12'],
        archivedAt: new Date('2026-03-09T09:00:00Z'),
      },
    ],
  });
  const drops = await insertProduct(t.db, {
    handle: 'drops',
    name: 'Drops',
    optionNames: ['Size'],
    images: image('drops'),
    variants: [
      { sku: 'DROPS-FREE', options: ['Sample'], price: 0 },
      { sku: 'DROPS-30', options: ['30 ml'], quantity: null },
      { sku: 'DROPS-60', options: ['60 ml'], quantity: 3 },
    ],
  });
  const long = await insertProduct(t.db, {
    handle: 'long',
    name: LONG_NAME,
    images: image('long'),
    variants: [{ sku: 'LONG-1', barcode: '4006381333931' }],
  });
  const draft = await insertProduct(t.db, {
    handle: 'draft',
    name: 'Draft',
    status: 'draft',
    images: image('draft'),
    variants: [{}],
  });
  const gift = await insertProduct(t.db, {
    handle: 'gift',
    name: 'Gift Card',
    giftCard: true,
    images: image('gift'),
    variants: [{}],
  });
  const bare = await insertProduct(t.db, {
    handle: 'bare',
    name: 'Bare',
    variants: [{ sku: 'BARE-1' }],
  });
  // An export that left one variant without a colour: Google refuses the group.
  const socks = await insertProduct(t.db, {
    handle: 'socks',
    name: 'Socks',
    optionNames: ['Size', 'Color'],
    images: image('socks'),
    variants: [
      { options: ['S', 'Black'], barcode: '4006381333931' },
      { options: ['M', null], barcode: '4006381333931' },
    ],
  });
  // Active but not published on the online store: its page would be a 404.
  const hidden = await insertProduct(t.db, {
    handle: 'hidden',
    name: 'Hidden',
    published: false,
    images: image('hidden'),
    variants: [{ barcode: '4006381333931' }],
  });
  p = { tee, drops, long, draft, gift, bare, socks, hidden };
  feedId = await insertFeed(
    t.db,
    'Acme feed',
    customer,
    Object.values(p).map((product) => product.id),
  );
  emptyFeedId = await insertFeed(t.db, 'Empty', customer, []);
});

afterAll(async () => {
  await t?.close();
});

describe('GET /feeds/{feedId}/diagnostics', () => {
  it('counts what the feed selects and delivers', async () => {
    const response = await diagnostics(feedId);
    expect(response.statusCode).toBe(200);
    const body = v.parse(FeedDiagnostics, response.json());
    expect(body).toMatchObject({
      feed_id: feedId,
      currency: 'EUR',
      discount_rate: 20,
      product_count: 8,
      // tee, drops, long, socks
      deliverable_product_count: 4,
      // 11 + 2 + 1 + 2
      delivered_count: 16,
    });
  });

  it('groups exclusions by reason with product, variant and SKU', async () => {
    const body = v.parse(FeedDiagnostics, (await diagnostics(feedId)).json());
    const whole = (product: { id: number }, name: string) => ({
      product_id: product.id,
      product_name: name,
      variant_id: null,
      sku: null,
    });
    expect(body.excluded).toEqual([
      { reason: 'status_draft', message: EXCLUSION_TEXTS.status_draft, items: [whole(p.draft, 'Draft')] },
      { reason: 'gift_card', message: EXCLUSION_TEXTS.gift_card, items: [whole(p.gift, 'Gift Card')] },
      { reason: 'not_published', message: EXCLUSION_TEXTS.not_published, items: [whole(p.hidden, 'Hidden')] },
      {
        reason: 'price_zero',
        message: 'Price is 0',
        items: [
          {
            product_id: p.drops.id,
            product_name: 'Drops',
            variant_id: p.drops.variants[0],
            sku: 'DROPS-FREE',
          },
        ],
      },
      {
        reason: 'no_image',
        message: 'No image',
        items: [
          { product_id: p.bare.id, product_name: 'Bare', variant_id: p.bare.variants[0], sku: 'BARE-1' },
        ],
      },
    ]);
  });

  it('warns of unknown quantities, missing GTINs, cut titles and landing pages on another variant, on delivered items only', async () => {
    const body = v.parse(FeedDiagnostics, (await diagnostics(feedId)).json());
    const variantsOf = (code: string) =>
      body.warnings.find((group) => group.code === code)?.items.map((item) => item.variant_id);
    expect(body.warnings.map((group) => [group.code, group.message])).toEqual([
      ['quantity_unknown', WARNING_TEXTS.quantity_unknown],
      ['no_gtin', WARNING_TEXTS.no_gtin],
      ['title_truncated', WARNING_TEXTS.title_truncated],
      ['landing_variant', WARNING_TEXTS.landing_variant],
    ]);
    expect(variantsOf('quantity_unknown')).toEqual([p.drops.variants[1]]);
    expect(variantsOf('no_gtin')).toEqual(p.drops.variants.slice(1));
    expect(variantsOf('title_truncated')).toEqual(p.long.variants);
    // The page opens on the first available variant: the tee's first (on sale) and the drops'
    // free sample, which the feed leaves out but the store still shows.
    expect(variantsOf('landing_variant')).toEqual([
      ...p.tee.variants.slice(1, 11),
      ...p.drops.variants.slice(1),
    ]);
    expect(body.warnings[0]?.items[0]).toEqual({
      product_id: p.drops.id,
      product_name: 'Drops',
      variant_id: p.drops.variants[1],
      sku: 'DROPS-30',
    });
  });

  it('lists the variants an import archived, newest first, with the time of that import', async () => {
    const body = v.parse(FeedDiagnostics, (await diagnostics(feedId)).json());
    expect(body.archived_variants).toEqual([
      {
        product_id: p.tee.id,
        product_name: 'Tee',
        variant_id: p.tee.variants[12],
        sku: 'TEE-XXL',
        option_values: ['Size 12'],
        archived_at: '2026-03-09T09:00:00.000Z',
      },
      {
        product_id: p.tee.id,
        product_name: 'Tee',
        variant_id: p.tee.variants[11],
        sku: 'TEE-OLD',
        option_values: ['Size 0'],
        archived_at: '2026-03-02T09:00:00.000Z',
      },
    ]);
  });

  it('delivers unpublished products once the feed includes them on purpose', async () => {
    const hiddenFeed = await insertFeed(t.db, 'Headless store', customer, [p.hidden.id]);
    expect(v.parse(FeedDiagnostics, (await diagnostics(hiddenFeed)).json()).delivered_count).toBe(0);
    const saved = await t.app.inject({
      method: 'PUT',
      url: `/api/backoffice/feeds/${hiddenFeed}`,
      headers: { authorization: `Bearer ${admin}` },
      payload: {
        name: 'Headless store',
        products: [p.hidden.id],
        user_id: customer,
        include_unpublished: true,
      },
    });
    expect(saved.statusCode).toBe(200);
    const body = v.parse(FeedDiagnostics, (await diagnostics(hiddenFeed)).json());
    expect(body).toMatchObject({ delivered_count: 1, excluded: [] });
  });

  it("reports the feed validator's errors", async () => {
    const body = v.parse(FeedDiagnostics, (await diagnostics(feedId)).json());
    expect(body.errors).toEqual([
      {
        item_id: `v${p.socks.variants[1]}`,
        attribute: 'item_group_id',
        message: `items of group p${p.socks.id} give different variant attributes ([size, color] and [size])`,
      },
    ]);
  });

  it('gives the three feed URLs on PUBLIC_URL', async () => {
    const body = v.parse(FeedDiagnostics, (await diagnostics(feedId)).json());
    expect(body.urls).toEqual({
      json: `${PUBLIC_URL}/api/feed/v1/feeds/${feedId}.json`,
      csv: `${PUBLIC_URL}/api/feed/v1/feeds/${feedId}.csv`,
      xml: `${PUBLIC_URL}/api/feed/v1/feeds/${feedId}.xml`,
    });
  });

  it("last_pulled_at: null until a pull is accepted, then that pull's server time; a refused pull leaves it (issue 30)", async () => {
    const lastPulled = async () =>
      v.parse(FeedDiagnostics, (await diagnostics(emptyFeedId)).json()).last_pulled_at;
    expect(await lastPulled()).toBeNull();
    const { token } = await issueToken(t, customer);
    const pull = (password: string) =>
      t.app.inject({
        method: 'GET',
        url: `/api/feed/v1/feeds/${emptyFeedId}.xml`,
        // As Google's scheduled fetch sends it: HTTP Basic, the token as the password.
        headers: { authorization: `Basic ${Buffer.from(`google:${password}`).toString('base64')}` },
      });
    t.clock.advance(60_000);
    const pulledAt = t.clock.now().toISOString();
    expect((await pull(token)).statusCode).toBe(200);
    expect(await lastPulled()).toBe(pulledAt);
    // Within the minute a pull does not write the stamp again (no row write per request in a burst).
    t.clock.advance(30_000);
    expect((await pull(token)).statusCode).toBe(200);
    expect(await lastPulled()).toBe(pulledAt);
    t.clock.advance(30_000);
    expect((await pull('pf_live_not-a-token')).statusCode).toBe(401);
    expect(await lastPulled()).toBe(pulledAt);
    t.clock.advance(1);
    const laterAt = t.clock.now().toISOString();
    expect((await pull(token)).statusCode).toBe(200);
    expect(await lastPulled()).toBe(laterAt);
  });

  it('previews the first 10 items exactly as the customer receives them', async () => {
    const body = v.parse(FeedDiagnostics, (await diagnostics(feedId)).json());
    const { token } = await issueToken(t, customer);
    const pulled = await t.app.inject({
      method: 'GET',
      url: `/api/feed/v1/feeds/${feedId}.json`,
      headers: { authorization: `Bearer ${token}` },
    });
    const delivered = v.parse(DeliveredFeed, pulled.json()).items;
    expect(body.preview).toEqual(
      delivered.slice(0, 10).map((item) => ({
        id: item.id,
        title: item.title,
        price: item.price,
        sale_price: item.sale_price,
        availability: item.availability,
        link: item.link,
        image_link: item.image_link,
      })),
    );
    // 20 % off: the compare-at 20.00 and the price 15.00.
    expect(body.preview[0]).toMatchObject({ title: 'Tee - Size 1', price: 1600, sale_price: 1200 });
  });

  it('reports an empty feed with nothing in it', async () => {
    const body = v.parse(FeedDiagnostics, (await diagnostics(emptyFeedId)).json());
    expect(body).toMatchObject({
      product_count: 0,
      deliverable_product_count: 0,
      delivered_count: 0,
      excluded: [],
      warnings: [],
      errors: [],
      preview: [],
    });
  });

  it('answers 404 for an unknown feed and 400 for an id that is not one', async () => {
    const missing = await diagnostics(999_999);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(FEED_NOT_FOUND);
    expect((await diagnostics('abc')).statusCode).toBe(400);
    expect((await diagnostics(0)).statusCode).toBe(400);
  });

  it('is for admins only', async () => {
    const customerToken = (await login(t.app, t.users.customer.email)).access_token;
    expect((await diagnostics(feedId, customerToken)).statusCode).toBe(403);
    expect((await diagnostics(feedId, null)).statusCode).toBe(401);
  });

  it('is documented in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const operation = doc.paths['/api/backoffice/feeds/{feedId}/diagnostics'].get;
    expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(['200', '404']));
  });
});

describe('GET /feeds/{feedId}/diagnostics and GET /feeds without PUBLIC_URL (issue 30)', () => {
  it("gives the feed URLs as paths on the browser's origin, never the listening address", async () => {
    const bare = await createTestApp({ publicUrl: 'http://0.0.0.0:3000', publicUrlSet: false });
    try {
      const token = (await login(bare.app, bare.users.admin.email)).access_token;
      const id = await insertFeed(bare.db, 'Bare', bare.users.customer.id, []);
      const answer = await bare.app.inject({
        method: 'GET',
        url: `/api/backoffice/feeds/${id}/diagnostics`,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(v.parse(FeedDiagnostics, answer.json()).urls).toEqual({
        json: `/api/feed/v1/feeds/${id}.json`,
        csv: `/api/feed/v1/feeds/${id}.csv`,
        xml: `/api/feed/v1/feeds/${id}.xml`,
      });
      const list = await bare.app.inject({
        method: 'GET',
        url: `/api/backoffice/feeds?user_id=${bare.users.customer.id}`,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(v.parse(FeedList, list.json()).map((feed) => feed.feed_url)).toEqual([
        `/api/feed/v1/feeds/${id}.xml`,
      ]);
    } finally {
      await bare.close();
    }
  });
});
