/**
 * The dashboard's PDF reports and CSV exports (issue 5, issue 15, spec §2 "Generate report", §7
 * /dashboard/*): every row and total against the list endpoints for the same filters, on the data set
 * of dashboard.test.ts; formula-looking texts neutralised and quoting per RFC 4180.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDateTime, formatDollars, formatPounds } from '@/api/format';
import { TRANSACTION_STATUS_LABELS } from '@/api/schemas/dashboard';
import type { Transaction, UserOrder } from '@/api/schemas/dashboard';
import { createTestApp, login } from './helpers';
import type { TestApp } from './helpers';
import {
  allPagesOf,
  csvRecords,
  getDashboard,
  pdfLines,
  pdfPageCount,
  seedDashboard,
} from './dashboard-fixtures';

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
const allPages = <T>(path: string, key: 'transactions' | 'orders', limit: number) =>
  allPagesOf<T>(get, path, key, limit);

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
    // Named after its period (issue 30), not the day of the export.
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="transactions-2025-04-01_to_2025-04-10.csv"',
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
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="orders-2025-05-27_to_2025-06-02.csv"',
    );
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
    expect(response.headers['content-disposition']).toBe('attachment; filename="orders-from_2030-01-01.csv"');
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
