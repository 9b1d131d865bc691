/**
 * Builders of wire-shaped test data (issue 28): each returns a valid value of its contract type
 * with neutral defaults, and the test names only the fields it is about (`aUser({ user_type_id: 2 })`).
 */
import { UserType } from '@/api/schemas/common';
import type { ProfileUser } from '@/api/schemas/auth';
import type { Transaction, UserOrder } from '@/api/schemas/dashboard';
import type { FeedListItem } from '@/api/schemas/feeds';

/**
 * A signed-in user as GET /auth/user answers (`ProfileUser`): Ada Lovelace, admin #1, no avatar,
 * with `overrides` applied.
 */
export function aUser(overrides: Partial<ProfileUser> = {}): ProfileUser {
  return {
    id: 1,
    user_type_id: UserType.Admin,
    first_name: 'Ada',
    last_name: 'Lovelace',
    email: 'ada@example.com',
    avatar: null,
    ...overrides,
  };
}

/**
 * A row of GET /feeds (`FeedListItem`): feed #1 'Feed 1' of no customer, without products or
 * brands, served without PUBLIC_URL (its URL a path), with `overrides` applied.
 */
export function aFeed(overrides: Partial<FeedListItem> = {}): FeedListItem {
  const id = overrides.id ?? 1;
  return {
    id,
    name: `Feed ${id}`,
    user_id: null,
    brands: [],
    products_count: 0,
    user_details: null,
    user_discount: null,
    shipping_user_discount: null,
    feed_url: `/api/feed/v1/feeds/${id}.xml`,
    ...overrides,
  };
}

/**
 * A row of GET /dashboard/orders (`UserOrder`): order #8 of Grace Hopper, 3 items, £50 ex VAT and
 * £60 inc VAT, with `overrides` applied.
 */
export function anOrder(overrides: Partial<UserOrder> = {}): UserOrder {
  return {
    id: 8,
    date: '2026-05-27T12:00:00.000Z',
    customer_name: 'Grace Hopper',
    number_of_items: 3,
    cost_of_order_ex_vat: 50,
    cost_of_order_inc_vat: 60,
    ...overrides,
  };
}

/**
 * A row of GET /dashboard/transactions (`Transaction`): #31, a completed $120.50 Visa payment from
 * Hopper Ltd, with `overrides` applied.
 */
export function aTransaction(overrides: Partial<Transaction> = {}): Transaction {
  return {
    id: 31,
    transaction: 'Payment from Hopper Ltd',
    date: '2026-05-02T10:15:00.000Z',
    amount: 120.5,
    reference_number: 'REF-0031',
    payment_method: 'Visa',
    status: 1,
    ...overrides,
  };
}

/** Base64url of `value`'s JSON, as a JWT's parts are written. */
function base64urlJson(value: unknown): string {
  return btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/**
 * An access token shaped as the server signs it (a compact JWT with `role`, `exp` and the rest of
 * server/auth/jwt.ts's claims), with `claims` applied: an admin's, expiring in 2100. Its signature is
 * not a real one: only the server checks signatures.
 */
export function anAccessToken(claims: Record<string, unknown> = {}): string {
  const payload = {
    typ: 'access',
    sub: '1',
    role: UserType.Admin,
    fid: 'family-1',
    aud: 'product-feed-backoffice',
    iss: 'product-feed',
    iat: 1_795_000_000,
    exp: 4_102_444_800,
    ...claims,
  };
  return `${base64urlJson({ alg: 'HS256', typ: 'JWT' })}.${base64urlJson(payload)}.c2lnbmF0dXJl`;
}
