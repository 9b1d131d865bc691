/**
 * Fixtures of the feed tests: a small catalogue imported through the catalogue import, customers
 * (two active, one inactive) and their API tokens.
 */
import { eq } from 'drizzle-orm';
import { UserStatus, UserType } from '@/api/schemas/common';
import { apiTokenRefusal, countApiTokenRequest } from '../../server/auth/api-token-check';
import type { ApiTokenOutcome } from '../../server/auth/api-token-check';
import { generateApiToken, hashApiToken } from '../../server/auth/api-tokens';
import { encryptSecret } from '../../server/auth/secret-box';
import { importCatalogue } from '../../server/catalogue/import';
import { formatPrice, toShopifyCsv } from '../../server/catalogue/shopify-csv-write';
import type { ShopifyRow } from '../../server/catalogue/shopify-csv-write';
import type { Db } from '../../server/db/open';
import { apiTokens, products, users } from '../../server/db/schema';
import type { TestApp } from './helpers';

/** One catalogue product of the fixture. */
export interface FixtureProduct {
  handle: string;
  name: string;
  brand: string;
  sku: string;
  /** Minor units. */
  price: number;
  quantity: number;
  image: string;
  status?: 'active' | 'draft';
}

/** `count` products over `brandCount` brands, SKUs `SKU-0001`..., prices 1000 + i pence. */
export function fixtureProducts(count: number, brandCount = 3): FixtureProduct[] {
  return Array.from({ length: count }, (_, index) => {
    const n = String(index + 1).padStart(4, '0');
    return {
      handle: `product-${n}`,
      name: `Product ${n} "Extra" & Co`,
      brand: `Brand ${String.fromCharCode(65 + (index % brandCount))}`,
      sku: `SKU-${n}`,
      price: 1000 + index,
      quantity: index % 4 === 3 ? 0 : 10,
      image: index % 2 === 0 ? `https://cdn.example.com/p/${n}.jpg` : `/uploads/products/${n}.png`,
    };
  });
}

/** Imports `items` as a Shopify export; resolves to their product ids in the same order. */
export async function importFixtureCatalogue(db: Db, items: FixtureProduct[]): Promise<number[]> {
  const rows: ShopifyRow[] = items.map((item) => ({
    Handle: item.handle,
    Title: item.name,
    'Body (HTML)': `<p>${item.name.replace(/&/g, '&amp;')} for <b>everyday</b> use.</p>`,
    Vendor: item.brand,
    'Variant SKU': item.sku,
    'Variant Price': formatPrice(item.price),
    'Variant Inventory Qty': String(item.quantity),
    'Variant Barcode': `50${item.sku.replace(/\D/g, '').padStart(11, '0')}`,
    'Image Src': item.image,
    'Image Position': '1',
    Status: item.status ?? 'active',
  }));
  await importCatalogue(db, toShopifyCsv(rows));
  const ids = new Map(
    (await db.select({ id: products.id, handle: products.handle }).from(products)).map((row) => [
      row.handle,
      row.id,
    ]),
  );
  return items.map((item) => ids.get(item.handle) ?? 0);
}

/** Inserts a Customer; resolves to its id. */
export async function insertCustomer(
  db: Db,
  values: {
    email: string;
    company_name: string;
    discount_rate?: number;
    status?: number;
    shopify_domain?: string;
  },
): Promise<number> {
  const [row] = await db
    .insert(users)
    .values({
      user_type_id: UserType.Customer,
      status: values.status ?? UserStatus.Active,
      first_name: 'Fay',
      last_name: 'Fixture',
      email: values.email,
      company_name: values.company_name,
      discount_rate: values.discount_rate ?? 0,
      shipping_discount_rate: 5,
      shopify_domain: values.shopify_domain ?? '',
      password_hash: 'not-a-login',
    })
    .returning({ id: users.id });
  if (!row) throw new Error('customer not inserted');
  return row.id;
}

/** Issues an API token to `userId`; resolves to the raw token and its row id. */
export async function issueToken(
  t: TestApp,
  userId: number,
  options: { totalRequests?: number; usedRequests?: number; revoked?: boolean } = {},
): Promise<{ token: string; id: number }> {
  const token = generateApiToken();
  const [row] = await t.db
    .insert(apiTokens)
    .values({
      user_id: userId,
      token_encrypted: encryptSecret(t.config.encryptionKey, token),
      token_hash: hashApiToken(token),
      revoked: options.revoked ?? false,
      total_requests: options.totalRequests ?? 10_000,
      used_requests: options.usedRequests ?? 0,
    })
    .returning({ id: apiTokens.id });
  if (!row) throw new Error('token not inserted');
  return { token, id: row.id };
}

/** The token's used_requests now. */
export async function usedRequests(db: Db, tokenId: number): Promise<number> {
  const [row] = await db
    .select({ used: apiTokens.used_requests })
    .from(apiTokens)
    .where(eq(apiTokens.id, tokenId));
  return row?.used ?? -1;
}

/**
 * One pull's check of raw token `raw` for any feed owner, as the feed routes count it (the same
 * statement and refusal, without a feed to pull): the grant, or why the token was refused.
 */
export async function checkPull(db: Db, raw: string): Promise<ApiTokenOutcome> {
  const tokenHash = hashApiToken(raw);
  const [granted] = await countApiTokenRequest(db, tokenHash, undefined, new Date());
  if (!granted) return apiTokenRefusal(db, tokenHash, undefined);
  const { tokenId, userId, usedRequests, totalRequests } = granted;
  return { status: 'ok', tokenId, userId, usedRequests, totalRequests };
}
