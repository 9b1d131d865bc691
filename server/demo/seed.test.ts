import { randomBytes } from 'node:crypto';
import { startOfDay, subDays } from 'date-fns';
import { asc, eq, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SLOW_TEST_LIMIT_MS } from '@test-support/time-limits';
import { hashApiToken } from '../auth/api-tokens';
import { verifyPassword } from '../auth/passwords';
import { decryptSecret } from '../auth/secret-box';
import { openTestDatabase } from '@test-support/test-database';
import type { OpenedDatabase } from '../db/open';
import {
  apiTokens,
  brands,
  feedProducts,
  feeds,
  orderItems,
  orders,
  productAssets,
  productVariants,
  products,
  schema,
  storedFiles,
  transactions,
  users,
} from '../db/schema';
import { isDatabaseEmpty } from '../auth/bootstrap-admin';
import { DEMO_ADMIN } from './demo-data';
import { resetDatabase, seedDemoData } from './seed';
import type { SeedSummary } from './seed';
import { databaseStorage } from '../uploads/storage';

const NOW = new Date('2025-06-11T10:30:00Z');
const DAY_MS = 86_400_000;
const encryptionKey = randomBytes(32);

let opened: OpenedDatabase;
let summary: SeedSummary;

async function countRows(database: OpenedDatabase, table: PgTable): Promise<number> {
  const [row] = await database.db.select({ n: sql<number>`count(*)::int` }).from(table);
  return row?.n ?? 0;
}

beforeAll(async () => {
  opened = await openTestDatabase();
  summary = await seedDemoData(opened.db, { encryptionKey, now: NOW });
});

afterAll(async () => {
  await opened?.close();
});

describe('seedDemoData', () => {
  it('meets the minimum counts of issue 2 and reports what it inserted', async () => {
    expect(summary.customers).toBeGreaterThanOrEqual(200);
    expect(summary.brands).toBeGreaterThanOrEqual(15);
    expect(summary.products).toBeGreaterThanOrEqual(500);
    expect(summary.orders).toBeGreaterThanOrEqual(3000);
    expect(summary.transactions).toBeGreaterThanOrEqual(1000);
    expect(summary.feeds).toBeGreaterThanOrEqual(40);
    expect(summary.apiTokens).toBeGreaterThan(0);
    expect(summary.ms).toBeGreaterThan(0);
    expect(await countRows(opened, users)).toBe(summary.users);
    expect(await countRows(opened, orders)).toBe(summary.orders);
    expect(summary.users).toBe(summary.customers + 3);
  });

  it('creates the demo admin with its password, and two more admins', async () => {
    const admins = await opened.db
      .select()
      .from(users)
      .where(eq(users.user_type_id, 1))
      .orderBy(asc(users.id));
    expect(admins).toHaveLength(3);
    const [demo] = admins;
    expect(demo).toMatchObject({
      email: DEMO_ADMIN.email,
      first_name: 'Alex',
      last_name: 'Morgan',
      status: 1,
    });
    expect(await verifyPassword(demo?.password_hash ?? '', DEMO_ADMIN.password)).toBe(true);
    expect(await verifyPassword(admins[1]?.password_hash ?? '', DEMO_ADMIN.password)).toBe(false);
  });

  it('creates realistic UK customers with allowed discounts, mostly active, signing up over 18 months', async () => {
    const customers = await opened.db.select().from(users).where(eq(users.user_type_id, 2));
    const active = customers.filter((customer) => customer.status === 1).length;
    expect(active / customers.length).toBeGreaterThan(0.75);
    expect(active / customers.length).toBeLessThan(0.95);
    expect(customers.some((customer) => customer.status === 2)).toBe(true);
    for (const customer of customers) {
      expect([0, 5, 10, 15, 20, 25]).toContain(customer.discount_rate);
      expect(customer.shipping_discount_rate).toBeGreaterThanOrEqual(0);
      expect(customer.shipping_discount_rate).toBeLessThanOrEqual(100);
      expect(customer.shopify_id).toMatch(/^[1-9]\d{10}$/);
      expect(customer.shopify_domain).toMatch(/^[a-z0-9-]+\.myshopify\.com$/);
      expect(customer.email).toBe(customer.email.toLowerCase());
      expect(customer.phone).toMatch(/^0\d{2,3} \d{3,4} \d{4}$/);
      expect(customer.company_name).not.toBe('');
      expect(customer.created_at.getTime()).toBeLessThanOrEqual(NOW.getTime());
      expect(customer.created_at.getTime()).toBeGreaterThan(NOW.getTime() - 19 * 31 * DAY_MS);
    }
    expect(customers.some((customer) => customer.mobile === null)).toBe(true);
    expect(customers.some((customer) => customer.website?.startsWith('https://www.'))).toBe(true);
    const thisMonth = customers.filter((customer) => customer.created_at >= new Date('2025-06-01T00:00:00Z'));
    expect(thisMonth.length).toBeGreaterThan(0);
    expect(new Set(customers.map((customer) => customer.password_hash)).size).toBe(1);

    // A demo store is made up: a key would send real requests to whoever owns that domain.
    expect(customers.filter((customer) => customer.shopify_admin_api_encrypted !== null)).toEqual([]);
  });

  it('includes the five carousel brands', async () => {
    const names = (await opened.db.select({ name: brands.name }).from(brands)).map((row) => row.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'Seeking Health',
        'Risewell',
        'Listen To Your Gut',
        'Pure Encapsulation',
        'Bare Biology',
      ]),
    );
  });

  it('gives every product 1–3 variants, the default one in range, and exactly one primary asset whose images are stored', async () => {
    const rows = await opened.db
      .select({
        id: products.id,
        status: products.status,
        brand: products.brand_id,
        optionNames: sql<string>`concat_ws('/', ${products.option1_name}, ${products.option2_name})`,
        sku: productVariants.sku,
        price: productVariants.price,
        compareAt: productVariants.compare_at_price,
        barcode: productVariants.barcode,
        position: productVariants.position,
        policy: productVariants.inventory_policy,
        tracker: productVariants.inventory_tracker,
      })
      .from(products)
      .innerJoin(productVariants, eq(productVariants.product_id, products.id))
      .orderBy(asc(products.id), asc(productVariants.position));
    const defaults = rows.filter((row) => row.position === 1);
    expect(defaults).toHaveLength(summary.products);
    expect(defaults.filter((row) => row.status === 'active').length / defaults.length).toBeGreaterThan(0.8);
    for (const row of defaults) {
      expect(row.brand).not.toBeNull();
      expect(row.sku).toMatch(/^[A-Z]{2}-[A-Z0-9]+-[A-Z0-9]+$/);
      expect(row.price).toBeGreaterThanOrEqual(499);
      expect(row.price).toBeLessThanOrEqual(6999);
    }
    for (const row of rows) expect(row.barcode).toMatch(/^50\d{11}$/);
    // What real stores have (issue 11): flavours as a second option, sales, other stock policies.
    const perProduct = new Map<number, number>();
    for (const row of rows) perProduct.set(row.id, (perProduct.get(row.id) ?? 0) + 1);
    const counts = [...perProduct.values()];
    expect(Math.max(...counts)).toBe(3);
    expect(counts.filter((count) => count > 1).length).toBeGreaterThanOrEqual(20);
    expect(rows.filter((row) => row.position > 1).every((row) => row.optionNames === 'Size/Flavour')).toBe(
      true,
    );
    expect(rows.some((row) => row.compareAt !== null && row.compareAt > row.price)).toBe(true);
    expect(rows.some((row) => row.policy === 'continue')).toBe(true);
    expect(rows.some((row) => row.tracker === null)).toBe(true);

    const assets = await opened.db.select().from(productAssets);
    const primaryByProduct = new Map<number, number>();
    for (const asset of assets) {
      if (asset.is_primary)
        primaryByProduct.set(asset.product_id, (primaryByProduct.get(asset.product_id) ?? 0) + 1);
    }
    expect(primaryByProduct.size).toBe(summary.products);
    expect([...primaryByProduct.values()].every((count) => count === 1)).toBe(true);

    // Every image the assets name is stored in the database, and nothing else is.
    const files = new Set(assets.flatMap((asset) => [asset.src, asset.thumbnail_50]));
    const storage = databaseStorage(opened.db);
    for (const file of files) {
      expect(file).toMatch(/^\/uploads\/products\/[a-z0-9-]+\.png$/);
      expect((await storage.get(file))?.contentType, file).toBe('image/png');
    }
    expect(await countRows(opened, storedFiles)).toBe(files.size);
    const image = await storage.get(assets[0]?.src ?? '');
    const thumbnail = await storage.get(assets[0]?.thumbnail_50 ?? '');
    const imageMeta = await sharp(image?.bytes).metadata();
    const thumbnailMeta = await sharp(thumbnail?.bytes).metadata();
    expect([imageMeta.width, imageMeta.height, imageMeta.format]).toEqual([400, 400, 'png']);
    expect([thumbnailMeta.width, thumbnailMeta.height, thumbnailMeta.format]).toEqual([50, 50, 'png']);
  });

  it('spreads orders over the last 120 days with consistent totals, including today and yesterday', async () => {
    const orderRows = await opened.db.select().from(orders);
    const items = await opened.db.select().from(orderItems);
    const itemsByOrder = new Map<number, (typeof items)[number][]>();
    for (const item of items)
      itemsByOrder.set(item.order_id, [...(itemsByOrder.get(item.order_id) ?? []), item]);
    const today = startOfDay(NOW).getTime();
    const yesterday = startOfDay(subDays(NOW, 1)).getTime();
    for (const order of orderRows) {
      const lines = itemsByOrder.get(order.id) ?? [];
      expect(lines.length).toBeGreaterThanOrEqual(1);
      expect(lines.length).toBeLessThanOrEqual(5);
      expect(lines.every((line) => line.product_id !== null && line.unit_price > 0)).toBe(true);
      expect(order.total_ex_vat).toBe(lines.reduce((sum, line) => sum + line.quantity * line.unit_price, 0));
      expect(order.total_inc_vat).toBe(Math.round(order.total_ex_vat * 1.2));
      expect(order.ordered_at.getTime()).toBeLessThanOrEqual(NOW.getTime());
      expect(order.ordered_at.getTime()).toBeGreaterThanOrEqual(startOfDay(subDays(NOW, 119)).getTime());
    }
    expect(orderRows.some((order) => order.ordered_at.getTime() >= today)).toBe(true);
    expect(
      orderRows.some(
        (order) => order.ordered_at.getTime() >= yesterday && order.ordered_at.getTime() < today,
      ),
    ).toBe(true);
  });

  it('has transactions in all four statuses, linked to orders and customers, within 120 days', async () => {
    const rows = await opened.db.select().from(transactions);
    expect(new Set(rows.map((row) => row.status))).toEqual(new Set([1, 2, 3, 4]));
    expect(rows.filter((row) => row.status === 1).length / rows.length).toBeGreaterThan(0.6);
    expect(new Set(rows.map((row) => row.reference_number)).size).toBe(rows.length);
    expect(rows.some((row) => row.transaction.startsWith('Refund to '))).toBe(true);
    for (const row of rows) {
      expect(row.transaction).toMatch(/^(Payment from|Refund to) \S/);
      expect(['Visa', 'Mastercard', 'PayPal', 'Bank transfer', 'Apple Pay']).toContain(row.payment_method);
      expect(row.amount).toBeGreaterThan(0);
      expect(row.order_id).not.toBeNull();
      expect(row.user_id).not.toBeNull();
      expect(row.occurred_at.getTime()).toBeLessThanOrEqual(NOW.getTime());
      expect(row.occurred_at.getTime()).toBeGreaterThan(NOW.getTime() - 121 * DAY_MS);
    }
  });

  it('gives customers feeds of 10–150 products from 1–8 brands, some with more than 6 brands, two empty', async () => {
    const rows = await opened.db
      .select({
        id: feeds.id,
        name: feeds.name,
        ownerType: users.user_type_id,
        products: sql<number>`count(${feedProducts.product_id})::int`,
        brands: sql<number>`count(distinct ${products.brand_id})::int`,
      })
      .from(feeds)
      .innerJoin(users, eq(users.id, feeds.user_id))
      .leftJoin(feedProducts, eq(feedProducts.feed_id, feeds.id))
      .leftJoin(products, eq(products.id, feedProducts.product_id))
      .groupBy(feeds.id, users.user_type_id);
    expect(rows).toHaveLength(summary.feeds);
    expect(rows.every((row) => row.ownerType === 2 && / – \S/.test(row.name))).toBe(true);
    const empty = rows.filter((row) => row.products === 0);
    expect(empty.length).toBeGreaterThanOrEqual(1);
    expect(empty.length).toBeLessThanOrEqual(2);
    for (const row of rows.filter((feed) => feed.products > 0)) {
      expect(row.products).toBeGreaterThanOrEqual(10);
      expect(row.products).toBeLessThanOrEqual(150);
      expect(row.brands).toBeGreaterThanOrEqual(1);
      expect(row.brands).toBeLessThanOrEqual(8);
    }
    expect(rows.filter((row) => row.brands > 6).length).toBeGreaterThanOrEqual(2);
  });

  it('stores API tokens encrypted with their lookup hash, some revoked, exhausted or never updated', async () => {
    const rows = await opened.db
      .select({ token: apiTokens, ownerType: users.user_type_id })
      .from(apiTokens)
      .innerJoin(users, eq(users.id, apiTokens.user_id));
    expect(rows).toHaveLength(summary.apiTokens);
    expect(new Set(rows.map((row) => row.token.user_id)).size).toBeGreaterThan(summary.customers / 3);
    for (const { token, ownerType } of rows) {
      expect(ownerType).toBe(2);
      const plain = decryptSecret(encryptionKey, token.token_encrypted);
      expect(plain).toMatch(/^pf_live_/);
      expect(hashApiToken(plain)).toBe(token.token_hash);
      expect(token.used_requests).toBeGreaterThanOrEqual(0);
      expect(token.used_requests).toBeLessThanOrEqual(token.total_requests);
    }
    expect(rows.some(({ token }) => token.revoked)).toBe(true);
    expect(rows.some(({ token }) => !token.revoked)).toBe(true);
    expect(rows.some(({ token }) => token.used_requests === token.total_requests)).toBe(true);
    expect(rows.some(({ token }) => token.updated_at === null)).toBe(true);
    // Issue 15: some named, some not; used tokens say when, unused ones 'Never used'.
    expect(rows.some(({ token }) => token.name === 'Google Merchant Center')).toBe(true);
    expect(rows.some(({ token }) => token.name === null)).toBe(true);
    for (const { token } of rows) expect(token.last_used_at === null).toBe(token.used_requests === 0);
  });

  it('refuses to seed a database that is not empty', async () => {
    await expect(seedDemoData(opened.db, { encryptionKey, now: NOW })).rejects.toThrow(/not empty/);
  });

  it(
    'is deterministic, and resetDatabase empties every table so a re-seed gives the same rows again',
    async () => {
      const snapshot = async (database: OpenedDatabase) => ({
        emails: (await database.db.select({ email: users.email }).from(users).orderBy(asc(users.id))).map(
          (r) => r.email,
        ),
        skus: (
          await database.db
            .select({ sku: productVariants.sku })
            .from(productVariants)
            .orderBy(asc(productVariants.id))
        ).map((row) => row.sku),
        orders: await database.db
          .select({ at: orders.ordered_at, total: orders.total_inc_vat })
          .from(orders)
          .orderBy(asc(orders.id))
          .limit(50),
      });
      const first = await snapshot(opened);
      expect(first.emails[3]).toMatch(/@/);

      const second = await openTestDatabase();
      try {
        await seedDemoData(second.db, { encryptionKey, now: NOW });
        expect(await snapshot(second)).toEqual(first);

        await resetDatabase(second.db);
        expect(await isDatabaseEmpty(second.db)).toBe(true);
        // Every table of the schema, not just the ones the seed fills.
        for (const table of Object.values(schema)) expect(await countRows(second, table)).toBe(0);
        await seedDemoData(second.db, { encryptionKey, now: NOW });
        expect(await snapshot(second)).toEqual(first);
      } finally {
        await second.close();
      }
      // Two full seeds and a reset: about 20 s on an idle 2-core machine, 43 s on a loaded one.
    },
    SLOW_TEST_LIMIT_MS,
  );
});
