/**
 * The order of the dashboard's two server-paged lists (issue 30 "sort on transactions and orders";
 * spec §7 GET /dashboard/transactions and /dashboard/orders): `sort` names a column, '-' first for
 * descending, '' or none for newest first. Each order is checked over every page of a small page
 * size against the same rows sorted here (the column, then the instant and the id in the same
 * direction), so the pages join up with no row twice or missing; a value outside the columns is a
 * 400 that names the accepted ones.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Transaction, UserOrder } from '@/api/schemas/dashboard';
import { createTestApp, login } from './helpers';
import type { TestApp } from './helpers';
import { allPagesOf, getDashboard, seedDashboard } from './dashboard-fixtures';

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  token = (await login(t.app, t.users.admin.email)).access_token;
  await seedDashboard(t.db);
});

afterAll(async () => {
  await t.close();
});

const get = (path: string) => getDashboard(t.app, path, token);

type Row = { id: number; date: string };

/** `rows` sorted by `value`, then date and id, all ascending or all descending. */
function sortedBy<T extends Row>(
  rows: readonly T[],
  value: (row: T) => number | string,
  descending: boolean,
): T[] {
  const sign = descending ? -1 : 1;
  const compare = (a: number | string, b: number | string) => (a < b ? -1 : a > b ? 1 : 0);
  return [...rows].sort(
    (a, b) => sign * (compare(value(a), value(b)) || compare(a.date, b.date) || compare(a.id, b.id)),
  );
}

describe('GET /dashboard/transactions?sort=', () => {
  const filter = '/transactions?start_date=2025-05-01';
  let newestFirst: Transaction[];

  beforeAll(async () => {
    newestFirst = await allPagesOf<Transaction>(get, filter, 'transactions', 100);
    expect(newestFirst.length).toBeGreaterThan(20);
    expect(new Set(newestFirst.map((row) => row.status)).size).toBeGreaterThan(1);
  });

  it('answers newest first without a sort or with an empty one', async () => {
    expect(newestFirst).toEqual(sortedBy(newestFirst, () => 0, true));
    expect(await allPagesOf<Transaction>(get, `${filter}&sort=`, 'transactions', 7)).toEqual(newestFirst);
  });

  it.each([
    ['amount', (row: Transaction) => row.amount, false],
    ['-amount', (row: Transaction) => row.amount, true],
    ['status', (row: Transaction) => row.status, false],
    ['-date', () => 0, true],
    ['date', () => 0, false],
  ])(
    'orders every page by %s, ties by date and id in the same direction',
    async (sort, value, descending) => {
      const rows = await allPagesOf<Transaction>(get, `${filter}&sort=${sort}`, 'transactions', 7);
      expect(rows.map((row) => row.id)).toEqual(
        sortedBy(newestFirst, value, descending).map((row) => row.id),
      );
    },
  );

  it.each(['price', 'amount,-date', '--amount', 'AMOUNT'])('answers 400 for sort=%s', async (sort) => {
    const response = await get(`/transactions?sort=${encodeURIComponent(sort)}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      statusCode: 400,
      message:
        "sort: must be one of transaction, date, amount, reference_number, payment_method, status, each optionally after '-' (descending)",
    });
  });
});

describe('GET /dashboard/orders?sort=', () => {
  const filter = '/orders?start_date=2025-05-01&end_date=2025-06-30';
  let newestFirst: UserOrder[];

  beforeAll(async () => {
    newestFirst = await allPagesOf<UserOrder>(get, filter, 'orders', 100);
    expect(newestFirst.length).toBeGreaterThan(10);
    expect(new Set(newestFirst.map((row) => row.customer_name)).size).toBeGreaterThan(1);
  });

  it('answers newest first without a sort', () => {
    expect(newestFirst).toEqual(sortedBy(newestFirst, () => 0, true));
  });

  it.each([
    ['-cost_of_order_inc_vat', (row: UserOrder) => row.cost_of_order_inc_vat, true],
    ['cost_of_order_ex_vat', (row: UserOrder) => row.cost_of_order_ex_vat, false],
    ['number_of_items', (row: UserOrder) => row.number_of_items, false],
    ['-customer_name', (row: UserOrder) => row.customer_name.toLowerCase(), true],
    ['id', (row: UserOrder) => row.id, false],
  ])(
    'orders every page by %s, ties by date and id in the same direction',
    async (sort, value, descending) => {
      const rows = await allPagesOf<UserOrder>(get, `${filter}&sort=${sort}`, 'orders', 4);
      expect(rows).toEqual(sortedBy(newestFirst, value, descending));
    },
  );

  it('answers 400 naming the accepted columns for an unknown one', async () => {
    const response = await get('/orders?sort=-total');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      statusCode: 400,
      message:
        "sort: must be one of id, date, customer_name, number_of_items, cost_of_order_ex_vat, cost_of_order_inc_vat, each optionally after '-' (descending)",
    });
  });
});
