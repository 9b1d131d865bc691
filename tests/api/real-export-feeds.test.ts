/**
 * Issue 12, "Done when": a feed built from any real Shopify store's export passes the validator with
 * zero errors. Each importable fixture export (tests/support/catalogue-exports) is imported through the
 * importer, every product goes into one customer's feed, and the XML, CSV and JSON forms Google
 * fetches (with HTTP Basic, as its scheduled fetch does) are parsed and validated; what is not
 * delivered is explained by the diagnostics, product by product.
 */
import { readdirSync } from 'node:fs';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeliveredFeed } from '@/api/schemas/feed-delivery';
import { FeedDiagnostics } from '@/api/schemas/feed-diagnostics';
import { emptyCatalogue } from '@test-support/catalogue-db';
import { FIXTURES_DIR, readFixture } from '@test-support/catalogue-exports';
import { importCatalogue } from '../../server/catalogue/import';
import { products } from '../../server/db/schema';
import { googleAttributes } from '../../server/feeds/google-item';
import { validateFeedItems } from '../../server/feeds/feed-validator';
import { insertFeed, parseFeedCsv, parseFeedXml } from './feed-content-fixtures';
import { insertCustomer, issueToken } from './feed-fixtures';
import { createTestApp, login } from './helpers';
import type { TestApp } from './helpers';

/**
 * The files meant to be refused (for their delimiter, or `refused-`: damaged) hold no catalogue;
 * every other fixture is a store's export.
 */
const exportsOf = readdirSync(FIXTURES_DIR)
  .filter((file) => !/semicolon|tab|^refused-/.test(file))
  .sort();

let t: TestApp;
let token: string;
let adminToken: string;
let customer: number;

beforeAll(async () => {
  t = await createTestApp({ publicUrl: 'https://feeds.example.com' });
  customer = await insertCustomer(t.db, {
    email: 'store@test.example',
    company_name: 'Store Ltd',
    discount_rate: 15,
    shopify_domain: 'store.myshopify.com',
  });
  token = (await issueToken(t, customer)).token;
  adminToken = (await login(t.app, t.users.admin.email)).access_token;
});

afterAll(async () => {
  await t?.close();
});

describe.each(exportsOf)('a feed of every product of %s', (file) => {
  it('passes the validator in XML, CSV and JSON, and the diagnostics account for every product', async () => {
    await emptyCatalogue(t.db);
    await importCatalogue(t.db, readFixture(file));
    const productIds = (await t.db.select({ id: products.id }).from(products)).map((row) => row.id);
    const feedId = await insertFeed(t.db, `All of ${file}`, customer, productIds);
    const basic = `Basic ${Buffer.from(`${feedId}:${token}`).toString('base64')}`;
    const pull = async (format: 'json' | 'csv' | 'xml') => {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/feed/v1/feeds/${feedId}.${format}`,
        headers: { authorization: basic },
      });
      expect(response.statusCode).toBe(200);
      return response.body;
    };

    const json = v.parse(DeliveredFeed, JSON.parse(await pull('json')));
    const xml = parseFeedXml(await pull('xml'));
    const csv = parseFeedCsv(await pull('csv'));
    expect(validateFeedItems(json.items.map(googleAttributes))).toEqual([]);
    expect(validateFeedItems(xml.items)).toEqual([]);
    expect(validateFeedItems(csv)).toEqual([]);
    expect(json.items.length).toBeGreaterThan(0);
    expect(xml.items).toHaveLength(json.items.length);
    expect(csv).toHaveLength(json.items.length);

    const response = await t.app.inject({
      method: 'GET',
      url: `/api/backoffice/feeds/${feedId}/diagnostics`,
      headers: { authorization: `Bearer ${adminToken}` },
    });
    expect(response.statusCode).toBe(200);
    const diagnostics = v.parse(FeedDiagnostics, response.json());
    expect(diagnostics.delivered_count).toBe(json.items.length);
    expect(diagnostics.errors).toEqual([]);
    // Every selected product either delivers an item or is named with a reason.
    const delivering = new Set(json.items.map((item) => item.product_id));
    const explained = new Set(
      diagnostics.excluded.flatMap((group) => group.items.map((item) => item.product_id)),
    );
    for (const id of productIds) expect(delivering.has(id) || explained.has(id)).toBe(true);
    expect(diagnostics.deliverable_product_count).toBe(delivering.size);
  });
});
