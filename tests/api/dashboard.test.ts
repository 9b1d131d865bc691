/**
 * The dashboard API (issue 5, spec §2 Dashboard home widgets, §7 /dashboard/*): weekly totals and
 * monthly tops against sums computed here from the inserted rows, list filters and pagination at
 * their edges (London day boundaries on both sides). The PDF reports and CSV exports, checked
 * against these lists, are in dashboard-reports.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import {
  MonthlyStatistics,
  OrdersPage,
  TransactionsPage,
  WeekSummary,
  WeeklyOrders,
} from '@/api/schemas/dashboard';
import type { Transaction, UserOrder } from '@/api/schemas/dashboard';
import { createTestApp, login } from './helpers';
import type { TestApp } from './helpers';
import {
  JUNE_START,
  MARCH,
  REPORT_ROWS,
  WEEK,
  WEEK_START,
  allPagesOf,
  dayInLondon,
  getDashboard,
  insertTransactions,
  seedDashboard,
} from './dashboard-fixtures';
import type { FixtureOrder, FixtureTransaction } from './dashboard-fixtures';

let t: TestApp;
let token: string;
let fixtureOrders: FixtureOrder[];
let fixtureTransactions: FixtureTransaction[];
let customerIds: number[];

beforeAll(async () => {
  t = await createTestApp();
  token = (await login(t.app, t.users.admin.email)).access_token;
  ({ orders: fixtureOrders, transactions: fixtureTransactions, customerIds } = await seedDashboard(t.db));
});

afterAll(async () => {
  await t.close();
});

const get = (path: string) => getDashboard(t.app, path, token);
const allPages = <T>(path: string, key: 'transactions' | 'orders', limit: number) =>
  allPagesOf<T>(get, path, key, limit);

const newestFirst = (a: { at: Date; id: number }, b: { at: Date; id: number }) =>
  b.at.getTime() - a.at.getTime() || b.id - a.id;

describe('GET /dashboard/orders/weekly', () => {
  it('answers the last 7 London days with their totals inc VAT in pounds, empty days as 0', async () => {
    const response = await get('/orders/weekly');
    expect(response.statusCode).toBe(200);
    const body = v.parse(WeeklyOrders, response.json());
    const pence = new Map<string, number>();
    for (const order of fixtureOrders) {
      const day = dayInLondon(order.at);
      if (WEEK.includes(day)) pence.set(day, (pence.get(day) ?? 0) + order.incVat);
    }
    expect(body).toEqual(WEEK.map((date) => ({ date, total_price: (pence.get(date) ?? 0) / 100 })));
    expect(body.find((entry) => entry.date === '2025-05-28')?.total_price).toBe(0);
    expect(body[0]?.total_price).toBeGreaterThan(0);
  });
});

describe('GET /dashboard/orders/summary', () => {
  it('counts orders, revenue and the average order of the last 7 days and of the 7 before', async () => {
    const response = await get('/orders/summary');
    expect(response.statusCode).toBe(200);
    const body = v.parse(WeekSummary, response.json());
    const figures = (days: string[]) => {
      const inWindow = fixtureOrders.filter((order) => days.includes(dayInLondon(order.at)));
      const pence = inWindow.reduce((sum, order) => sum + order.incVat, 0);
      return {
        orders: inWindow.length,
        revenue: pence / 100,
        average_order_value: inWindow.length === 0 ? 0 : Math.round(pence / inWindow.length) / 100,
      };
    };
    const previousWeek = [
      '2025-05-20',
      '2025-05-21',
      '2025-05-22',
      '2025-05-23',
      '2025-05-24',
      '2025-05-25',
      '2025-05-26',
    ];
    expect(body).toEqual({ current: figures(WEEK), previous: figures(previousWeek) });
    expect(body.previous.orders).toBe(1);
  });
});

describe('GET /dashboard/statistics/monthly', () => {
  it('lists the top 10 products by units and customers by spend of the London calendar month', async () => {
    const response = await get('/statistics/monthly');
    expect(response.statusCode).toBe(200);
    const body = v.parse(MonthlyStatistics, response.json());
    const june = fixtureOrders.filter((order) => dayInLondon(order.at).startsWith('2025-06'));
    expect(june.some((order) => order.at.getTime() === JUNE_START.getTime())).toBe(true);

    const units = new Map<string, { name: string; quantity: number }>();
    for (const line of june.flatMap((order) => order.lines)) {
      const entry = units.get(line.product.sku) ?? { name: line.product.name, quantity: 0 };
      units.set(line.product.sku, { ...entry, quantity: entry.quantity + line.quantity });
    }
    const expectedProducts = [...units.entries()]
      .sort(([skuA, a], [skuB, b]) => b.quantity - a.quantity || skuA.localeCompare(skuB))
      .slice(0, 10)
      .map(([sku, entry]) => ({
        name: entry.name,
        sku,
        image: `/img/${sku}-50.png`,
        total_quantity: entry.quantity,
      }));
    expect(body.top_products).toEqual(expectedProducts);

    const spent = new Map<number, number>();
    for (const order of june) spent.set(order.userId, (spent.get(order.userId) ?? 0) + order.incVat);
    const expectedCustomers = [...spent.entries()]
      .sort(([idA, a], [idB, b]) => b - a || idA - idB)
      .slice(0, 10)
      .map(([id, pence]) => {
        const index = customerIds.indexOf(id) + 1;
        return {
          name: `Cust${index} Buyer${index}`,
          email: `c${index}@shop.example`,
          avatar: index === 1 ? '/uploads/avatars/c1-36.webp' : null,
          total_spent: pence / 100,
        };
      });
    expect(spent.size).toBeGreaterThan(10);
    expect(body.top_customers).toEqual(expectedCustomers);
  });
});

describe('GET /dashboard/transactions', () => {
  const mayAndJune = (tx: FixtureTransaction) => dayInLondon(tx.at) >= '2025-05-01';

  it('filters by London days inclusive at both ends, newest first, and pages with the limit', async () => {
    const rows = await allPages<Transaction>(
      '/transactions?start_date=2025-05-27&end_date=2025-06-01',
      'transactions',
      4,
    );
    const expected = fixtureTransactions
      .filter((tx) => WEEK.slice(0, 6).includes(dayInLondon(tx.at)))
      .sort(newestFirst);
    expect(rows.map((row) => row.reference_number)).toEqual(expected.map((tx) => tx.reference));
    expect(rows.map((row) => row.amount)).toEqual(expected.map((tx) => tx.amount / 100));
    expect(rows.map((row) => row.date)).toEqual(expected.map((tx) => tx.at.toISOString()));
    const references = rows.map((row) => row.reference_number);
    expect(references).toContain('TRX000002');
    expect(references).toContain('TRX000003');
    expect(references).not.toContain('TRX000001');
    expect(references).not.toContain('TRX000004');
  });

  it('filters by the comma-joined statuses', async () => {
    const rows = await allPages<Transaction>(
      '/transactions?status=2,4&start_date=2025-05-01',
      'transactions',
      100,
    );
    const expected = fixtureTransactions
      .filter((tx) => mayAndJune(tx) && [2, 4].includes(tx.status))
      .sort(newestFirst);
    expect(rows.map((row) => row.id)).toEqual(expected.map((tx) => tx.id));
    expect(new Set(rows.map((row) => row.status))).toEqual(new Set([2, 4]));
  });

  it('reports the page numbers: 100 per page by default, an empty page past the end', async () => {
    const first = v.parse(TransactionsPage, (await get('/transactions')).json());
    expect(first.transactions).toHaveLength(100);
    expect(first.current_page).toBe(1);
    expect(first.total_pages).toBe(
      Math.ceil((fixtureTransactions.length + REPORT_ROWS + MARCH.length) / 100),
    );
    const last = v.parse(TransactionsPage, (await get(`/transactions?page=${first.total_pages}`)).json());
    expect(last.transactions).toHaveLength((fixtureTransactions.length + REPORT_ROWS + MARCH.length) % 100);
    const beyond = v.parse(
      TransactionsPage,
      (await get(`/transactions?page=${first.total_pages + 1}`)).json(),
    );
    expect(beyond).toEqual({
      transactions: [],
      current_page: first.total_pages + 1,
      total_pages: first.total_pages,
    });
    const none = v.parse(TransactionsPage, (await get('/transactions?start_date=2030-01-01')).json());
    expect(none).toEqual({ transactions: [], current_page: 1, total_pages: 1 });
  });

  it.each([
    ['start_date=2025-02-30', 'start_date: must be a date written YYYY-MM-DD'],
    ['end_date=02/06/2025', 'end_date: must be a date written YYYY-MM-DD'],
    ['start_date=2025-06-02&end_date=2025-06-01', 'Query string: end_date must not be before start_date'],
    ['status=5', 'status: must be status codes 1 to 4, comma-joined'],
    ['limit=101', 'limit: must be a whole number from 1 to 100'],
    ['page=0', 'page: must be a whole number from 1'],
    // Issue 13: days far outside the business's range were 500s.
    ['end_date=9999-12-31', 'end_date: must be a date from 2000-01-01 to 2100-12-31'],
    ['start_date=1999-12-31', 'start_date: must be a date from 2000-01-01 to 2100-12-31'],
    ['start_date=0001-01-01', 'start_date: must be a date from 2000-01-01 to 2100-12-31'],
    ['end_date=2101-01-01', 'end_date: must be a date from 2000-01-01 to 2100-12-31'],
    ['end_date=+275760-09-13', 'end_date: must be a date written YYYY-MM-DD'],
  ])('answers 400 with a message for %s', async (query, message) => {
    const response = await get(`/transactions?${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ statusCode: 400, message });
  });

  it('accepts the first and the last day of the range', async () => {
    const response = await get('/transactions?start_date=2000-01-01&end_date=2100-12-31');
    expect(response.statusCode).toBe(200);
  });

  it('accepts an end equal to the start (one whole day)', async () => {
    const rows = await allPages<Transaction>(
      '/transactions?start_date=2025-06-02&end_date=2025-06-02',
      'transactions',
      100,
    );
    expect(rows.map((row) => row.reference_number)).toEqual(['TRX000004']);
  });
});

describe('GET /dashboard/orders', () => {
  it('pages 10 by default, newest first, with items, names and costs in pounds', async () => {
    const response = await get('/orders?start_date=2025-05-27&end_date=2025-06-02');
    expect(response.statusCode).toBe(200);
    const body = v.parse(OrdersPage, response.json());
    const expected = fixtureOrders.filter((order) => WEEK.includes(dayInLondon(order.at))).sort(newestFirst);
    expect(body.total_pages).toBe(Math.ceil(expected.length / 10));
    expect(body.orders).toHaveLength(10);
    const rows = await allPages<UserOrder>('/orders?start_date=2025-05-27&end_date=2025-06-02', 'orders', 10);
    expect(rows).toEqual(
      expected.map((order) => {
        const index = customerIds.indexOf(order.userId) + 1;
        return {
          id: order.id,
          date: order.at.toISOString(),
          customer_name: `Cust${index} Buyer${index}`,
          number_of_items: order.lines.reduce((sum, line) => sum + line.quantity, 0),
          cost_of_order_ex_vat: order.exVat / 100,
          cost_of_order_inc_vat: order.incVat / 100,
        };
      }),
    );
    expect(rows.some((row) => row.number_of_items === 0)).toBe(true);
  });

  it('excludes the last instant of the day before the start and includes the first of the start', async () => {
    const rows = await allPages<UserOrder>('/orders?start_date=2025-05-27&end_date=2025-05-27', 'orders', 10);
    expect(rows.map((row) => row.date)).toEqual([WEEK_START.toISOString()]);
    const may = await allPages<UserOrder>('/orders?end_date=2025-05-31', 'orders', 100);
    expect(may.map((row) => row.date)).toContain(new Date(JUNE_START.getTime() - 1).toISOString());
    expect(may.map((row) => row.date)).not.toContain(JUNE_START.toISOString());
  });

  it('answers 400 for an end before the start and for a limit over 100', async () => {
    expect((await get('/orders?start_date=2025-06-02&end_date=2025-05-01')).statusCode).toBe(400);
    expect((await get('/orders?limit=101')).statusCode).toBe(400);
  });
});

// Last in the file: it adds transactions that the tests above do not expect.
describe("one customer's orders and transactions (user_id, issue 30)", () => {
  it("lists only the customer's orders, newest first, over every day unless days are given", async () => {
    const [first, second] = customerIds;
    for (const userId of [first, second]) {
      const rows = await allPages<UserOrder>(`/orders?user_id=${userId}`, 'orders', 100);
      const expected = fixtureOrders.filter((order) => order.userId === userId).sort(newestFirst);
      expect(expected.length).toBeGreaterThan(0);
      expect(rows.map((row) => row.id)).toEqual(expected.map((order) => order.id));
    }
    const inWeek = await allPages<UserOrder>(
      `/orders?user_id=${first}&start_date=2025-05-27&end_date=2025-06-02`,
      'orders',
      100,
    );
    expect(inWeek.map((row) => row.id)).toEqual(
      fixtureOrders
        .filter((order) => order.userId === first && WEEK.includes(dayInLondon(order.at)))
        .sort(newestFirst)
        .map((order) => order.id),
    );
  });

  it("lists only the customer's transactions, with the other filters too", async () => {
    const [, , third] = customerIds;
    const theirs = await insertTransactions(
      t.db,
      [
        { at: new Date('2025-05-20T10:00:00Z'), amount: 1_000, status: 1, userId: third },
        { at: new Date('2025-05-21T10:00:00Z'), amount: 2_000, status: 2, userId: third },
      ],
      900_000,
    );
    const rows = await allPages<Transaction>(`/transactions?user_id=${third}`, 'transactions', 100);
    expect(rows.map((row) => row.reference_number)).toEqual(
      [...theirs].sort(newestFirst).map((tx) => tx.reference),
    );
    const completed = await allPages<Transaction>(
      `/transactions?user_id=${third}&status=1`,
      'transactions',
      100,
    );
    expect(completed.map((row) => row.reference_number)).toEqual([theirs[0]?.reference]);
  });

  it('answers an empty page for a customer with none, and 400 for a user_id that is not an id', async () => {
    const none = v.parse(OrdersPage, (await get('/orders?user_id=999999')).json());
    expect(none.orders).toEqual([]);
    for (const path of ['/orders', '/transactions']) {
      for (const bad of ['0', 'abc', '1.5']) {
        const refused = await get(`${path}?user_id=${bad}`);
        expect(refused.statusCode, `${path} ${bad}`).toBe(400);
        expect(refused.json().message, `${path} ${bad}`).toMatch(/^user_id: Id /);
      }
    }
  });
});
