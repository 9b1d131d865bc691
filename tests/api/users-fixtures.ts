/**
 * Fixtures of the users and tokens API tests: authorised calls, a valid create body, bulk users,
 * and catalogue rows for the feed-share figure.
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { UserStatus, UserType } from '@/api/schemas/common';
import type { Db } from '../../server/db/open';
import { brands, feedProducts, feeds, orders, products, users } from '../../server/db/schema';

/** A Shopify admin API key used in bodies; must never come back in any response. */
export const SHOPIFY_SECRET = 'shpat_0123456789abcdef0123456789abcdef';

/** A create body that passes every rule of spec §5. */
export function validUser(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    user_type_id: UserType.Customer,
    status: UserStatus.Active,
    first_name: 'Grace',
    last_name: 'Hopper',
    email: 'grace@hopper.example',
    company_name: 'Hopper Health Ltd',
    phone: '+44 20 7946 0000',
    mobile: '',
    website: 'https://hopper.example',
    shopify_id: '123456',
    shopify_domain: 'hopper.myshopify.com',
    shopify_admin_api: SHOPIFY_SECRET,
    discount_rate: 10,
    shipping_discount_rate: 5,
    password: 'Str0ng!Pass',
    ...overrides,
  };
}

/** A request under /api/backoffice with `token` as bearer (none when null). */
export function call(
  app: FastifyInstance,
  token: string | null,
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  payload?: unknown,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method,
    url: `/api/backoffice${path}`,
    headers: token === null ? {} : { authorization: `Bearer ${token}` },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

/**
 * Inserts `n` customers named `${prefix}${i}` (emails `${prefix}${i}@bulk.example`) with the given
 * status; the password hash is a placeholder (these users never log in).
 */
export async function insertUsers(
  db: Db,
  n: number,
  prefix = 'bulk',
  values: Partial<typeof users.$inferInsert> = {},
): Promise<number[]> {
  if (n === 0) return [];
  const rows = Array.from({ length: n }, (_, i) => ({
    first_name: `${prefix}${i}`,
    last_name: 'Bulk',
    email: `${prefix}${i}@bulk.example`,
    password_hash: 'not-a-real-hash',
    ...values,
  }));
  const inserted = await db.insert(users).values(rows).returning({ id: users.id });
  return inserted.map((row) => row.id);
}

/** Inserts `active` active and `draft` draft products; returns their ids (active first). */
export async function insertProducts(db: Db, active: number, draft: number): Promise<number[]> {
  const [brand] = await db.insert(brands).values({ name: 'Test Brand' }).returning({ id: brands.id });
  const rows = Array.from({ length: active + draft }, (_, i) => ({
    handle: `product-${i}`,
    name: `Product ${i}`,
    brand_id: brand!.id,
    status: i < active ? ('active' as const) : ('draft' as const),
  }));
  const inserted = await db.insert(products).values(rows).returning({ id: products.id });
  return inserted.map((row) => row.id);
}

/** A feed of `userId` holding `productIds`. */
export async function insertFeed(db: Db, userId: number, productIds: number[]): Promise<void> {
  const [feed] = await db.insert(feeds).values({ name: 'Feed', user_id: userId }).returning({ id: feeds.id });
  if (productIds.length > 0) {
    await db.insert(feedProducts).values(productIds.map((product_id) => ({ feed_id: feed!.id, product_id })));
  }
}

/** `n` orders of `userId`. */
export async function insertOrders(db: Db, userId: number, n: number, at: Date): Promise<void> {
  await db.insert(orders).values(
    Array.from({ length: n }, () => ({
      user_id: userId,
      ordered_at: at,
      total_ex_vat: 1000,
      total_inc_vat: 1200,
    })),
  );
}
