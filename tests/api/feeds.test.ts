/**
 * The feed editor's back-office calls (issue 4, "Server"): GET /shop/categories, GET /shop/products
 * with its ETag, and feeds CRUD with its validation; issue 15: the feeds list as CSV (search, sort,
 * header row, formula-safe cells, admins only).
 */
import { parse } from 'csv-parse/sync';
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FeedDetail, FeedList } from '@/api/schemas/feeds';
import { ShopCategories, ShopProducts } from '@/api/schemas/shop';
import { fixtureProducts, importFixtureCatalogue, insertCustomer } from './feed-fixtures';
import { createTestApp, login } from './helpers';
import type { TestApp } from './helpers';

let t: TestApp;
let admin: string;
let customerToken: string;
let productIds: number[];
let acme: number;
/** A feed the refused saves try to overwrite. */
let existingFeedId: number;

beforeAll(async () => {
  t = await createTestApp();
  productIds = await importFixtureCatalogue(t.db, fixtureProducts(12, 8));
  acme = await insertCustomer(t.db, {
    email: 'acme@test.example',
    company_name: 'Acme Health Ltd',
    discount_rate: 15,
  });
  admin = (await login(t.app, t.users.admin.email)).access_token;
  customerToken = (await login(t.app, t.users.customer.email)).access_token;
  const existing = await call(t.app, 'POST', '/feeds/create', { name: 'Kept', products: [], user_id: acme });
  existingFeedId = v.parse(FeedDetail, existing.json()).id;
});

afterAll(async () => {
  await t?.close();
});

function call(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: unknown,
  token = admin,
) {
  return app.inject({
    method,
    url: `/api/backoffice${url}`,
    headers: { authorization: `Bearer ${token}` },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

describe('GET /shop/categories', () => {
  it('lists Customers only (id, company_name) and every brand, by name', async () => {
    const response = await call(t.app, 'GET', '/shop/categories');
    expect(response.statusCode).toBe(200);
    const body = v.parse(ShopCategories, response.json());
    expect(body.customers.map((customer) => customer.company_name)).toEqual(['', 'Acme Health Ltd']);
    expect(body.customers.map((customer) => customer.id)).toEqual([t.users.customer.id, acme]);
    expect(body.brands.map((brand) => brand.name)).toEqual([
      'Brand A',
      'Brand B',
      'Brand C',
      'Brand D',
      'Brand E',
      'Brand F',
      'Brand G',
      'Brand H',
    ]);
    expect(Object.keys(response.json().customers[0]).sort()).toEqual(['company_name', 'id']);
    // The test configuration's CATALOGUE_CURRENCY, for the editor's prices.
    expect(body.currency).toBe('EUR');
  });

  it('is for admins only', async () => {
    expect((await call(t.app, 'GET', '/shop/categories', undefined, customerToken)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/backoffice/shop/products' })).statusCode).toBe(
      401,
    );
  });
});

describe('GET /shop/products', () => {
  it('lists every imported product with brand id, status, variants (price in minor units) and assets', async () => {
    const response = await call(t.app, 'GET', '/shop/products');
    expect(response.statusCode).toBe(200);
    const body = v.parse(ShopProducts, response.json());
    expect(body.map((product) => product.id)).toEqual(productIds);
    const variant = {
      id: expect.any(Number),
      sku: 'SKU-0001',
      option1: null,
      option2: null,
      option3: null,
      price: 1000,
      compare_at_price: null,
      availability: 'in_stock',
      barcode: '5000000000001',
      exclusion: null,
    };
    expect(body[0]).toEqual({
      id: productIds[0],
      name: 'Product 0001 "Extra" & Co',
      brand: { id: expect.any(Number) },
      status: 'active',
      exclusion: null,
      option_names: [],
      variant,
      variants: [variant],
      assets: [
        {
          src: 'https://cdn.example.com/p/0001.jpg',
          is_primary: true,
          thumbnails: { thumbnail_50: 'https://cdn.example.com/p/0001.jpg' },
        },
      ],
    });
  });

  it('sends an ETag and answers 304 to If-None-Match until the catalogue changes', async () => {
    const first = await call(t.app, 'GET', '/shop/products');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await t.app.inject({
      method: 'GET',
      url: '/api/backoffice/shop/products',
      headers: { authorization: `Bearer ${admin}`, 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);

    await importFixtureCatalogue(t.db, [...fixtureProducts(12, 8), ...fixtureProducts(13, 8).slice(12)]);
    const changed = await t.app.inject({
      method: 'GET',
      url: '/api/backoffice/shop/products',
      headers: { authorization: `Bearer ${admin}`, 'if-none-match': etag },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.json()).toHaveLength(13);
  });
});

describe('feeds', () => {
  it('creates a feed, lists it with brands, count and customer details, reads and updates it', async () => {
    const chosen = [productIds[2], productIds[0], productIds[0], productIds[9]] as number[];
    const created = await call(t.app, 'POST', '/feeds/create', {
      name: '  Acme main  ',
      products: chosen,
      user_id: acme,
    });
    expect(created.statusCode).toBe(201);
    const feed = v.parse(FeedDetail, created.json());
    expect(feed).toEqual({
      id: expect.any(Number),
      name: 'Acme main',
      user_id: acme,
      include_unpublished: false,
      products: [productIds[0], productIds[2], productIds[9]],
    });

    const list = v.parse(FeedList, (await call(t.app, 'GET', '/feeds')).json());
    expect(list[0]).toEqual({
      id: feed.id,
      name: 'Acme main',
      user_id: acme,
      brands: [
        { id: expect.any(Number), name: 'Brand A' },
        { id: expect.any(Number), name: 'Brand B' },
        { id: expect.any(Number), name: 'Brand C' },
      ],
      products_count: 3,
      user_details: `Acme Health Ltd (#${acme})`,
      user_discount: 15,
      shipping_user_discount: 5,
      // Issue 30: what Google fetches, on the test config's PUBLIC_URL.
      feed_url: `http://feeds.test/api/feed/v1/feeds/${feed.id}.xml`,
    });

    const read = await call(t.app, 'GET', `/feeds/${feed.id}`);
    expect(read.json()).toEqual(feed);

    const updated = await call(t.app, 'PUT', `/feeds/${feed.id}`, {
      name: 'Acme EU',
      products: [productIds[5]],
      user_id: t.users.customer.id,
      include_unpublished: true,
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toEqual({
      id: feed.id,
      name: 'Acme EU',
      user_id: t.users.customer.id,
      include_unpublished: true,
      products: [productIds[5]],
    });
    // A client that sends only the spec's fields keeps the admin's choice.
    const kept = await call(t.app, 'PUT', `/feeds/${feed.id}`, {
      name: 'Acme EU',
      products: [productIds[5]],
      user_id: t.users.customer.id,
    });
    expect(kept.json()).toMatchObject({ include_unpublished: true });
    const listed = v.parse(FeedList, (await call(t.app, 'GET', '/feeds')).json())[0];
    expect(listed).toMatchObject({
      products_count: 1,
      user_details: `Cal Customer (#${t.users.customer.id})`,
    });
  });

  it('keeps an empty feed empty: no brands, no products', async () => {
    const created = await call(t.app, 'POST', '/feeds/create', {
      name: 'Empty',
      products: [],
      user_id: acme,
    });
    expect(created.statusCode).toBe(201);
    const list = v.parse(FeedList, (await call(t.app, 'GET', '/feeds')).json());
    expect(list.find((row) => row.name === 'Empty')).toMatchObject({ brands: [], products_count: 0 });
  });

  it.each([
    [{ name: '   ', products: [], user_id: 1 }, 'name: Please enter a feed name'],
    [{ products: [], user_id: 1 }, 'name is required'],
    [{ name: 'x', products: [] }, 'user_id is required'],
    [{ name: 'x', products: [], user_id: 0 }, 'user_id: Please select a customer'],
    [
      { name: 'x', products: ['1'], user_id: 1 },
      'products.0: must be a product id, a whole number from 1 to 2147483647',
    ],
    // Issue 13: ids past PostgreSQL's integer and NUL bytes were 500s.
    [
      { name: 'x', products: [1, 2_147_483_648], user_id: 1 },
      'products.1: must be a product id, a whole number from 1 to 2147483647',
    ],
    [{ name: 'x', products: [], user_id: 2_147_483_648 }, 'user_id: Please select a customer'],
    [{ name: 'x', products: [], user_id: 1.5 }, 'user_id: Please select a customer'],
    [
      { name: 'Feed\u0000name', products: [], user_id: 1 },
      'name: Feed name must not contain control characters',
    ],
  ])('refuses %j with 400 "%s"', async (payload, message) => {
    for (const [method, url] of [
      ['POST', '/feeds/create'],
      ['PUT', `/feeds/${existingFeedId}`],
    ] as const) {
      const response = await call(t.app, method, url, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(message);
    }
  });

  it('refuses a user_id that is not an existing Customer, on create and on update', async () => {
    for (const userId of [t.users.admin.id, 999_999]) {
      for (const [method, url] of [
        ['POST', '/feeds/create'],
        ['PUT', `/feeds/${existingFeedId}`],
      ] as const) {
        const response = await call(t.app, method, url, { name: 'x', products: [], user_id: userId });
        expect(response.statusCode).toBe(400);
        expect(response.json().message).toBe(`user_id: there is no customer with id ${userId}`);
      }
    }
    const kept = await call(t.app, 'GET', `/feeds/${existingFeedId}`);
    expect(kept.json()).toEqual({
      id: existingFeedId,
      name: 'Kept',
      user_id: acme,
      include_unpublished: false,
      products: [],
    });
  });

  it('refuses unknown product ids, listing them, and writes nothing', async () => {
    const before = (await call(t.app, 'GET', '/feeds')).json().length;
    const response = await call(t.app, 'POST', '/feeds/create', {
      name: 'x',
      products: [productIds[0], 999_998, 999_997, 999_998],
      user_id: acme,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('products: unknown product ids 999997, 999998');
    expect((await call(t.app, 'GET', '/feeds')).json()).toHaveLength(before);
  });

  it("lists one customer's feeds with ?user_id, with their own counts and brands (issue 30)", async () => {
    const other = await insertCustomer(t.db, {
      email: 'other-feeds@test.example',
      company_name: 'Other Ltd',
    });
    const ofOther = v.parse(
      FeedDetail,
      (
        await call(t.app, 'POST', '/feeds/create', {
          name: 'Other feed',
          products: productIds.slice(0, 3),
          user_id: other,
        })
      ).json(),
    );
    const all = v.parse(FeedList, (await call(t.app, 'GET', '/feeds')).json());
    const onlyOther = v.parse(FeedList, (await call(t.app, 'GET', `/feeds?user_id=${other}`)).json());
    expect(onlyOther).toEqual(all.filter((feed) => feed.user_id === other));
    expect(onlyOther.map((feed) => feed.id)).toEqual([ofOther.id]);
    expect(onlyOther[0]?.products_count).toBe(3);

    const none = await call(t.app, 'GET', '/feeds?user_id=999999');
    expect(none.statusCode).toBe(200);
    expect(none.json()).toEqual([]);
    for (const bad of ['0', 'abc', '-1', '2147483648']) {
      const refused = await call(t.app, 'GET', `/feeds?user_id=${bad}`);
      expect(refused.statusCode, bad).toBe(400);
      expect(refused.json().message, bad).toMatch(/^user_id: Id /);
    }
  });

  it('answers 404 for an unknown feed and 400 for an id that is not one', async () => {
    const body = { name: 'x', products: [], user_id: acme };
    expect((await call(t.app, 'GET', '/feeds/999999')).statusCode).toBe(404);
    expect((await call(t.app, 'GET', '/feeds/999999')).json().message).toBe('Feed not found');
    expect((await call(t.app, 'PUT', '/feeds/999999', body)).statusCode).toBe(404);
    expect((await call(t.app, 'GET', '/feeds/0')).statusCode).toBe(400);
    expect((await call(t.app, 'GET', '/feeds/abc')).statusCode).toBe(400);
  });

  it('is for admins only', async () => {
    expect((await call(t.app, 'GET', '/feeds', undefined, customerToken)).statusCode).toBe(403);
  });
});

describe('GET /feeds/export.csv', () => {
  const header = [
    'ID',
    'Name',
    'Brands',
    'Brands count',
    'Products',
    'Customer',
    'Discount (%)',
    'Shipping discount (%)',
  ];
  /** Feeds whose names a spreadsheet would run as formulas, all holding 'Export'. */
  const risky = ['=HYPERLINK("http://x.example","Export")', '+Export plus', '-Export minus', '@Export at'];
  let riskyIds: number[] = [];

  beforeAll(async () => {
    riskyIds = [];
    for (const [position, name] of risky.entries()) {
      const created = await call(t.app, 'POST', '/feeds/create', {
        name,
        products: productIds.slice(0, position + 1),
        user_id: acme,
      });
      riskyIds.push(v.parse(FeedDetail, created.json()).id);
    }
  });

  function exportCsv(search: string, token = admin) {
    return t.app.inject({
      method: 'GET',
      url: `/api/backoffice/feeds/export.csv${search}`,
      headers: { authorization: `Bearer ${token}` },
    });
  }

  it('sends every feed, newest first, as a dated attachment with a header row', async () => {
    const response = await exportCsv('');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="feeds-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(response.headers['cache-control']).toBe('no-store');
    const rows = parse(response.body) as string[][];
    expect(rows[0]).toEqual(header);
    const list = v.parse(FeedList, (await call(t.app, 'GET', '/feeds')).json());
    expect(rows.slice(1).map((row) => Number(row[0]))).toEqual(list.map((feed) => feed.id));
    const acmeFeed = list.find((feed) => feed.id === riskyIds[1]);
    expect(rows.find((row) => Number(row[0]) === riskyIds[1])).toEqual([
      String(riskyIds[1]),
      "'+Export plus",
      acmeFeed?.brands.map((brand) => brand.name).join('; '),
      String(acmeFeed?.brands.length),
      '2',
      `Acme Health Ltd (#${acme})`,
      '15',
      '5',
    ]);
  });

  it('neutralises every cell a spreadsheet would run as a formula', async () => {
    const rows = parse((await exportCsv('?query=export')).body) as string[][];
    expect(
      rows
        .slice(1)
        .map((row) => row[1])
        .sort(),
    ).toEqual(risky.map((name) => `'${name}`).sort());
  });

  it('holds the search and the sort of the list', async () => {
    const byName = parse((await exportCsv('?query=EXPORT&sort=name')).body) as string[][];
    // The names as the table sorts them (en-GB collation puts '-' before '@', '+' and '='), not
    // as the neutralised cells would sort.
    expect(byName.slice(1).map((row) => Number(row[0]))).toEqual([
      riskyIds[2],
      riskyIds[3],
      riskyIds[1],
      riskyIds[0],
    ]);
    const byProducts = parse((await exportCsv('?query=export&sort=-products')).body) as string[][];
    expect(byProducts.slice(1).map((row) => Number(row[0]))).toEqual([...riskyIds].reverse());
    const none = parse((await exportCsv('?query=no%20such%20feed')).body) as string[][];
    expect(none, 'nothing found: the header alone').toEqual([header]);
  });

  it('refuses a sort the list does not have, and is for admins only', async () => {
    const bad = await exportCsv('?sort=price');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/^sort: sort must be one of id, -id, name/);
    expect((await exportCsv('', customerToken)).statusCode).toBe(403);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/backoffice/feeds/export.csv' });
    expect(anonymous.statusCode).toBe(401);
  });
});
