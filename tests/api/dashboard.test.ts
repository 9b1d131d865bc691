/**
 * The dashboard API (issue 5, spec §2 Dashboard home widgets, §7 /dashboard/*): weekly totals and
 * monthly tops against sums computed here from the inserted rows, list filters and pagination at
 * their edges (London day boundaries on both sides), and the PDF reports against the list.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { formatDateTime, formatDollars, formatPounds } from '@/api/format';
import {
  MonthlyStatistics,
  OrdersPage,
  TRANSACTION_STATUS_LABELS,
  TransactionsPage,
  WeekSummary,
  WeeklyOrders,
} from '@/api/schemas/dashboard';
import type { Transaction, TransactionStatusCode, UserOrder } from '@/api/schemas/dashboard';
import { createTestApp, login } from './helpers';
import type { TestApp } from './helpers';
import {
  csvRecords,
  dayInLondon,
  getDashboard,
  insertCustomers,
  insertOrder,
  insertProduct,
  insertTransactions,
  pdfLines,
  pdfPageCount,
} from './dashboard-fixtures';
import type { FixtureLine, FixtureOrder, FixtureTransaction } from './dashboard-fixtures';

// The test clock reads 2025-06-02T09:00Z, a Monday in British Summer Time (UTC+1).
const WEEK = [
  '2025-05-27',
  '2025-05-28',
  '2025-05-29',
  '2025-05-30',
  '2025-05-31',
  '2025-06-01',
  '2025-06-02',
];
/** The first instant of London's 27 May (BST): 23:00 UTC the day before. */
const WEEK_START = new Date('2025-05-26T23:00:00.000Z');
const JUNE_START = new Date('2025-05-31T23:00:00.000Z');
/** The report fixtures live in April, away from the list fixtures. */
const REPORT_ROWS = 520;
/**
 * March's fixtures (issue 15): on the 10th a completed payment, a completed refund, a cancelled and
 * an in-progress payment (the report's total counts the first alone); on the 11th, texts a
 * spreadsheet would run as formulas, and one that needs CSV quoting.
 */
const MARCH = [
  { at: new Date('2025-03-10T10:00:00Z'), amount: 10000, status: 1, description: 'Payment from Acme' },
  { at: new Date('2025-03-10T11:00:00Z'), amount: 2500, status: 1, description: 'Refund to Acme' },
  { at: new Date('2025-03-10T12:00:00Z'), amount: 7000, status: 2, description: 'Payment from Beta' },
  { at: new Date('2025-03-10T13:00:00Z'), amount: 3000, status: 3, description: 'Payment from Gamma' },
  {
    at: new Date('2025-03-11T09:00:00Z'),
    amount: 1234,
    status: 1,
    description: '=HYPERLINK("http://evil.example","x")',
    paymentMethod: '@SUM(1+1)',
  },
  {
    at: new Date('2025-03-11T10:00:00Z'),
    amount: 99,
    status: 4,
    description: '+44 caller',
    paymentMethod: '-2+3',
  },
  { at: new Date('2025-03-11T11:00:00Z'), amount: 100, status: 1, description: 'Payment, "quoted"\nline' },
];

let t: TestApp;
let token: string;
const fixtureOrders: FixtureOrder[] = [];
let fixtureTransactions: FixtureTransaction[] = [];
let customerIds: number[] = [];

const ms = (at: Date, delta: number) => new Date(at.getTime() + delta);

beforeAll(async () => {
  t = await createTestApp();
  token = (await login(t.app, t.users.admin.email)).access_token;
  customerIds = await insertCustomers(t.db, 12);
  const catalogue: FixtureLine['product'][] = [];
  for (let index = 1; index <= 12; index += 1) {
    catalogue.push(await insertProduct(t.db, `SKU-${String(index).padStart(2, '0')}`));
  }
  const product = (index: number) => {
    const found = catalogue[index];
    if (!found) throw new Error(`no product ${index}`);
    return found;
  };
  const customer = (index: number) => customerIds[index] ?? 0;
  const plans: { user: number; at: Date; lines: { p: number; q: number; price: number }[] }[] = [
    // Edges of the week and of the month.
    { user: 0, at: ms(WEEK_START, -1), lines: [{ p: 0, q: 50, price: 999 }] },
    { user: 1, at: WEEK_START, lines: [{ p: 1, q: 2, price: 1250 }] },
    { user: 2, at: ms(JUNE_START, -1), lines: [{ p: 2, q: 40, price: 333 }] },
    { user: 3, at: JUNE_START, lines: [{ p: 3, q: 1, price: 4567 }] },
    { user: 4, at: new Date('2025-06-02T08:59:59.000Z'), lines: [{ p: 4, q: 3, price: 1999 }] },
    { user: 5, at: new Date('2025-05-29T12:00:00.000Z'), lines: [] },
  ];
  // June orders: twelve customers and twelve products with distinct quantities and spends, and a tie.
  for (let index = 0; index < 12; index += 1) {
    plans.push({
      user: index,
      at: new Date(`2025-06-0${1 + (index % 2)}T0${index % 9}:15:00.000Z`),
      lines: [
        { p: index, q: index + 1, price: 1000 + index * 37 },
        { p: (index + 5) % 12, q: index === 3 ? 2 : 1, price: 800 },
      ],
    });
  }
  for (const plan of plans) {
    fixtureOrders.push(
      await insertOrder(
        t.db,
        customer(plan.user),
        plan.at,
        plan.lines.map((line) => ({ product: product(line.p), quantity: line.q, unitPrice: line.price })),
      ),
    );
  }

  const statuses: TransactionStatusCode[] = [1, 2, 3, 4];
  fixtureTransactions = await insertTransactions(t.db, [
    { at: new Date('2025-05-26T22:59:59.999Z'), amount: 1001, status: 1 },
    { at: WEEK_START, amount: 2002, status: 2 },
    { at: new Date('2025-06-01T22:59:59.999Z'), amount: 3003, status: 3 },
    { at: new Date('2025-06-01T23:00:00.000Z'), amount: 4004, status: 4 },
    // Two at the same instant: the id breaks the tie.
    { at: new Date('2025-05-30T10:00:00.000Z'), amount: 5005, status: 1 },
    { at: new Date('2025-05-30T10:00:00.000Z'), amount: 6006, status: 1 },
    ...Array.from({ length: 19 }, (_, index) => ({
      at: new Date(Date.UTC(2025, 4, 20 + (index % 12), index, 30)),
      amount: 100 * (index + 1) + 7,
      status: statuses[index % 4] ?? 1,
    })),
  ]);
  await insertTransactions(
    t.db,
    Array.from({ length: REPORT_ROWS }, (_, index) => ({
      at: new Date(Date.UTC(2025, 3, 1 + (index % 10), index % 24, index % 60)),
      amount: 1234 + index * 11,
      status: statuses[index % 4] ?? 1,
    })),
    1000,
  );
  await insertTransactions(t.db, MARCH, 5000);
});

afterAll(async () => {
  await t.close();
});

const get = (path: string) => getDashboard(t.app, path, token);

/** Every row of a list endpoint for a query, by walking its pages with `limit`. */
async function allPages<T>(path: string, key: 'transactions' | 'orders', limit: number): Promise<T[]> {
  const rows: T[] = [];
  for (let page = 1; ; page += 1) {
    const response = await get(`${path}${path.includes('?') ? '&' : '?'}page=${page}&limit=${limit}`);
    expect(response.statusCode).toBe(200);
    const body = response.json() as { current_page: number; total_pages: number } & Record<typeof key, T[]>;
    expect(body.current_page).toBe(page);
    rows.push(...body[key]);
    if (page >= body.total_pages) return rows;
  }
}

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

describe('the PDF reports', () => {
  const tableRows = (lines: string[][], first: RegExp) => lines.filter((line) => first.test(line[0] ?? ''));

  it('the transactions report lists every row and the total the list gives for the same filters', async () => {
    const filter = 'status=1,3,4&start_date=2025-04-01&end_date=2025-04-10';
    const response = await get(`/transactions/report?${filter}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="transactions-report-2025-04-01-to-2025-04-10.pdf"',
    );
    const pdf = response.rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(await pdfPageCount(pdf)).toBeGreaterThan(5);

    const listed = await allPages<Transaction>(`/transactions?${filter}`, 'transactions', 100);
    expect(listed.length).toBeGreaterThan(300);
    const lines = await pdfLines(pdf);
    expect(lines.flat()).toContain('Transactions report');
    expect(lines.flat()).toContain('Period: 01/04/2025 to 10/04/2025');
    expect(lines.flat()).toContain('Status: Completed, In progress, In review');
    expect(lines.flat()).toContain('Generated at: 02/06/2025, 10:00 (Europe/London)');
    expect(tableRows(lines, /^Payment \d+$/)).toEqual(
      listed.map((row) => [
        row.transaction,
        formatDateTime(row.date),
        formatDollars(row.amount),
        row.reference_number,
        row.payment_method,
        TRANSACTION_STATUS_LABELS[row.status],
      ]),
    );
    const cents = listed
      .filter((row) => row.status === 1)
      .reduce((sum, row) => sum + Math.round(row.amount * 100), 0);
    expect(lines).toContainEqual([`Transactions: ${listed.length}`]);
    expect(lines).toContainEqual([`Total of completed payments: ${formatDollars(cents / 100)}`]);
  });

  it('the transactions total counts completed payments only: refunds and cancelled ones are listed, not added', async () => {
    const response = await get('/transactions/report?start_date=2025-03-10&end_date=2025-03-10');
    expect(response.statusCode).toBe(200);
    const lines = await pdfLines(response.rawPayload);
    expect(tableRows(lines, /^(Payment|Refund) /).map((line) => [line[0], line[2], line[5]])).toEqual([
      ['Payment from Gamma', '$30.00', 'In progress'],
      ['Payment from Beta', '$70.00', 'Cancelled'],
      ['Refund to Acme', '$25.00', 'Completed'],
      ['Payment from Acme', '$100.00', 'Completed'],
    ]);
    expect(lines).toContainEqual(['Transactions: 4']);
    expect(lines).toContainEqual(['Total of completed payments: $100.00']);
    expect(lines).toContainEqual(['Completed refunds (not in the total): $25.00']);
    expect(lines).toContainEqual([
      'Cancelled, in progress and in review payments are listed but not in the total.',
    ]);
    expect(lines.flat().some((text) => text.startsWith('Total amount'))).toBe(false);
  });

  it('the orders report lists every order and the totals the list gives for the same filters', async () => {
    const response = await get('/orders/report?start_date=2025-05-27&end_date=2025-06-02');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="user-orders-report-2025-05-27-to-2025-06-02.pdf"',
    );
    expect(response.headers['cache-control']).toBe('no-store');
    const listed = await allPages<UserOrder>(
      '/orders?start_date=2025-05-27&end_date=2025-06-02',
      'orders',
      100,
    );
    const lines = await pdfLines(response.rawPayload);
    expect(lines.flat()).toContain('User orders report');
    expect(tableRows(lines, /^\d+$/)).toEqual(
      listed.map((row) => [
        String(row.id),
        formatDateTime(row.date),
        row.customer_name,
        String(row.number_of_items),
        formatPounds(row.cost_of_order_ex_vat),
        formatPounds(row.cost_of_order_inc_vat),
      ]),
    );
    const sum = (pick: (row: UserOrder) => number) =>
      listed.reduce((total, row) => total + Math.round(pick(row) * 100), 0);
    expect(lines).toContainEqual([`Orders: ${listed.length}`]);
    expect(lines).toContainEqual([`Items: ${listed.reduce((total, row) => total + row.number_of_items, 0)}`]);
    expect(lines).toContainEqual([
      `Total ex VAT: ${formatPounds(sum((row) => row.cost_of_order_ex_vat) / 100)}`,
    ]);
    expect(lines).toContainEqual([
      `Total inc VAT: ${formatPounds(sum((row) => row.cost_of_order_inc_vat) / 100)}`,
    ]);
  });

  it('names an open period in the file name and refuses bad filters like the list', async () => {
    const response = await get('/orders/report?start_date=2030-01-01');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="user-orders-report-from-2030-01-01.pdf"',
    );
    const lines = await pdfLines(response.rawPayload);
    expect(lines).toContainEqual(['Orders: 0']);
    const all = await get('/transactions/report');
    expect(all.headers['content-disposition']).toBe(
      'attachment; filename="transactions-report-all-dates.pdf"',
    );
    expect((await get('/transactions/report?start_date=2025-06-02&end_date=2025-06-01')).statusCode).toBe(
      400,
    );
    expect((await get('/orders/report?end_date=2025-13-01')).statusCode).toBe(400);
    for (const url of [
      '/orders?end_date=9999-12-31',
      '/orders/report?end_date=9999-12-31',
      '/transactions/report?start_date=1900-01-01',
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(400);
      expect(response.json().message, url).toMatch(/must be a date from 2000-01-01 to 2100-12-31$/);
    }
  });
});

/** London's wall-clock time of an instant, `YYYY-MM-DD HH:mm:ss`, by Intl (independent of the server). */
function londonWallClock(at: Date): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/London',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')}:${part('second')}`;
}

describe('the CSV exports (issue 15)', () => {
  const money = (amount: number) => amount.toFixed(2);

  it('exports the transactions of the list for the same filters: header, every row, dollars as decimals', async () => {
    const filter = 'status=1,3&start_date=2025-04-01&end_date=2025-04-10';
    const response = await get(`/transactions/export.csv?${filter}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    // Named after the day of the export (the test clock's London day).
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="transactions-2025-06-02.csv"',
    );
    const [header, ...records] = csvRecords(response.body);
    expect(header).toEqual([
      'Transaction',
      'Date & Time (Europe/London)',
      'Amount (USD)',
      'Reference Number',
      'Payment Method',
      'Status',
    ]);
    const listed = await allPages<Transaction>(`/transactions?${filter}`, 'transactions', 100);
    expect(listed.length).toBeGreaterThan(200);
    expect(records).toEqual(
      listed.map((row) => [
        row.transaction,
        londonWallClock(new Date(row.date)),
        money(row.amount),
        row.reference_number,
        row.payment_method,
        TRANSACTION_STATUS_LABELS[row.status],
      ]),
    );
  });

  it('exports the user orders of the list for the same days, costs in pounds as decimals', async () => {
    const filter = 'start_date=2025-05-27&end_date=2025-06-02';
    const response = await get(`/orders/export.csv?${filter}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe('attachment; filename="user-orders-2025-06-02.csv"');
    const [header, ...records] = csvRecords(response.body);
    expect(header).toEqual([
      'Order Number',
      'Date & Time (Europe/London)',
      'Customer Name',
      'Number Of Items',
      'Cost of Order ex VAT (GBP)',
      'Cost of Order inc VAT (GBP)',
    ]);
    const listed = await allPages<UserOrder>(`/orders?${filter}`, 'orders', 100);
    expect(records).toEqual(
      listed.map((row) => [
        String(row.id),
        londonWallClock(new Date(row.date)),
        row.customer_name,
        String(row.number_of_items),
        money(row.cost_of_order_ex_vat),
        money(row.cost_of_order_inc_vat),
      ]),
    );
  });

  it('writes text a spreadsheet would run as a formula with a leading apostrophe, and quotes as RFC 4180 says', async () => {
    const response = await get('/transactions/export.csv?start_date=2025-03-11&end_date=2025-03-11');
    expect(response.statusCode).toBe(200);
    const [, ...records] = csvRecords(response.body);
    expect(records.map((record) => [record[0], record[2], record[4]])).toEqual([
      ['Payment, "quoted"\nline', '1.00', 'Visa'],
      ["'+44 caller", '0.99', "'-2+3"],
      [`'=HYPERLINK("http://evil.example","x")`, '12.34', "'@SUM(1+1)"],
    ]);
  });

  it('answers a header alone for a period without rows', async () => {
    const response = await get('/orders/export.csv?start_date=2030-01-01');
    expect(response.statusCode).toBe(200);
    expect(csvRecords(response.body)).toHaveLength(1);
  });

  it.each([
    [
      '/transactions/export.csv?start_date=2025-06-02&end_date=2025-06-01',
      'Query string: end_date must not be before start_date',
    ],
    [
      '/transactions/export.csv?start_date=0002-01-01',
      'start_date: must be a date from 2000-01-01 to 2100-12-31',
    ],
    ['/transactions/export.csv?status=9', 'status: must be status codes 1 to 4, comma-joined'],
    ['/orders/export.csv?end_date=2025-02-30', 'end_date: must be a date written YYYY-MM-DD'],
  ])('answers 400 with a message for %s', async (url, message) => {
    const response = await get(url);
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-disposition']).toBeUndefined();
    expect(response.json()).toMatchObject({ statusCode: 400, message });
  });

  it('is for admins only: 401 without a token, 403 for a customer', async () => {
    for (const url of ['/transactions/export.csv', '/orders/export.csv']) {
      const anonymous = await t.app.inject({ method: 'GET', url: `/api/backoffice/dashboard${url}` });
      expect(anonymous.statusCode, url).toBe(401);
      const customer = (await login(t.app, t.users.customer.email)).access_token;
      expect((await getDashboard(t.app, url, customer)).statusCode, url).toBe(403);
    }
  });
});
