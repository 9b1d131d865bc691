/**
 * Fixtures of the dashboard API tests: customers, products, orders with lines and transactions
 * inserted at chosen instants (the shared data set: `seedDashboard`), plus independent helpers (London
 * day by Intl, PDF text by pdf.js, CSV records by csv-parse) that the tests use to compute what the
 * endpoints should answer.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { parse } from 'csv-parse/sync';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { expect } from 'vitest';
import type { Db } from '../../server/db/open';
import {
  orderItems,
  orders,
  productAssets,
  products,
  productVariants,
  transactions,
  users,
} from '../../server/db/schema';
import { optionKey } from '../../server/catalogue/variant-key';

/** pdf.js reads the metrics of the 14 standard PDF fonts from its own package. */
const standardFontDataUrl = `${path.join(path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`;

/** A GET under /api/backoffice/dashboard with the given bearer token. */
export function getDashboard(
  app: FastifyInstance,
  path: string,
  token: string,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'GET',
    url: `/api/backoffice/dashboard${path}`,
    headers: { authorization: `Bearer ${token}` },
  });
}

/** The London calendar day of an instant, computed with Intl's parts (independent of src/api/days). */
export function dayInLondon(at: Date): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/London',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** Inserts customers named `Cust<N> Buyer<N>` with emails `c<N>@shop.example`; returns their ids. */
export async function insertCustomers(db: Db, count: number): Promise<number[]> {
  const rows = await db
    .insert(users)
    .values(
      Array.from({ length: count }, (_, index) => ({
        first_name: `Cust${index + 1}`,
        last_name: `Buyer${index + 1}`,
        email: `c${index + 1}@shop.example`,
        password_hash: 'not-used',
        avatar_thumb_36: index === 0 ? '/uploads/avatars/c1-36.webp' : null,
      })),
    )
    .returning({ id: users.id });
  return rows.map((row) => row.id);
}

/** A catalogue product with one variant and a primary image; returns its id, sku and name. */
export async function insertProduct(db: Db, sku: string): Promise<{ id: number; sku: string; name: string }> {
  const name = `Product ${sku}`;
  const [product] = await db
    .insert(products)
    .values({ handle: sku.toLowerCase(), name })
    .returning({ id: products.id });
  if (!product) throw new Error('product not inserted');
  await db
    .insert(productVariants)
    .values({ product_id: product.id, sku, option_key: optionKey(['Default Title']), price: 1000 });
  await db.insert(productAssets).values([
    { product_id: product.id, src: `/img/${sku}-2.png`, thumbnail_50: `/img/${sku}-2-50.png`, position: 1 },
    {
      product_id: product.id,
      src: `/img/${sku}.png`,
      thumbnail_50: `/img/${sku}-50.png`,
      position: 2,
      is_primary: true,
    },
  ]);
  return { id: product.id, sku, name };
}

/** An order line of a fixture order. */
export interface FixtureLine {
  product: { id: number; sku: string; name: string };
  quantity: number;
  unitPrice: number;
}

/** A fixture order; totals in pence, inc VAT = ex VAT × 1.2 rounded. */
export interface FixtureOrder {
  id: number;
  userId: number;
  at: Date;
  exVat: number;
  incVat: number;
  lines: FixtureLine[];
}

/** Inserts one order with its lines; the totals are computed from the lines. */
export async function insertOrder(
  db: Db,
  userId: number,
  at: Date,
  lines: FixtureLine[],
): Promise<FixtureOrder> {
  const exVat = lines.reduce((sum, line) => sum + line.quantity * line.unitPrice, 0);
  const incVat = Math.round(exVat * 1.2);
  const [order] = await db
    .insert(orders)
    .values({ user_id: userId, ordered_at: at, total_ex_vat: exVat, total_inc_vat: incVat })
    .returning({ id: orders.id });
  if (!order) throw new Error('order not inserted');
  if (lines.length > 0) {
    await db.insert(orderItems).values(
      lines.map((line) => ({
        order_id: order.id,
        product_id: line.product.id,
        sku: line.product.sku,
        name: line.product.name,
        quantity: line.quantity,
        unit_price: line.unitPrice,
      })),
    );
  }
  return { id: order.id, userId, at, exVat, incVat, lines };
}

/** A fixture transaction as inserted (amount in cents). */
export interface FixtureTransaction {
  id: number;
  at: Date;
  amount: number;
  status: number;
  reference: string;
}

/** A transaction to insert: `description` defaults to `Payment <n>`, `paymentMethod` to Visa / PayPal. */
export interface TransactionEntry {
  at: Date;
  amount: number;
  status: number;
  description?: string;
  paymentMethod?: string;
  /** The customer it is from; none by default. */
  userId?: number;
}

/** Inserts transactions, one per entry, with references TRX<n>; returns them with ids. */
export async function insertTransactions(
  db: Db,
  entries: TransactionEntry[],
  firstReference = 1,
): Promise<FixtureTransaction[]> {
  const rows = await db
    .insert(transactions)
    .values(
      entries.map((entry, index) => ({
        transaction: entry.description ?? `Payment ${firstReference + index}`,
        occurred_at: entry.at,
        amount: entry.amount,
        reference_number: `TRX${String(firstReference + index).padStart(6, '0')}`,
        payment_method: entry.paymentMethod ?? (index % 2 === 0 ? 'Visa' : 'PayPal'),
        status: entry.status,
        user_id: entry.userId ?? null,
      })),
    )
    .returning({ id: transactions.id, reference_number: transactions.reference_number });
  return rows.map((row, index) => {
    const entry = entries[index];
    if (!entry) throw new Error('transaction not inserted');
    return {
      id: row.id,
      reference: row.reference_number,
      at: entry.at,
      amount: entry.amount,
      status: entry.status,
    };
  });
}

/** The text of a PDF as lines: text items grouped by page and baseline, left to right. */
export async function pdfLines(bytes: Buffer): Promise<string[][]> {
  const document = await getDocument({ data: new Uint8Array(bytes), standardFontDataUrl }).promise;
  const lines: string[][] = [];
  for (let pageNumber = 1; pageNumber <= document.numPages; pageNumber += 1) {
    const page = await document.getPage(pageNumber);
    const content = await page.getTextContent();
    const byBaseline = new Map<number, { x: number; text: string }[]>();
    for (const item of content.items) {
      if (!('str' in item) || item.str.trim() === '') continue;
      const y = Math.round(item.transform[5] as number);
      const x = item.transform[4] as number;
      byBaseline.set(y, [...(byBaseline.get(y) ?? []), { x, text: item.str.trim() }]);
    }
    const baselines = [...byBaseline.keys()].sort((a, b) => b - a);
    for (const y of baselines) {
      lines.push((byBaseline.get(y) ?? []).sort((a, b) => a.x - b.x).map((item) => item.text));
    }
  }
  await document.destroy();
  return lines;
}

/** How many pages a PDF has. */
export async function pdfPageCount(bytes: Buffer): Promise<number> {
  const document = await getDocument({ data: new Uint8Array(bytes), standardFontDataUrl }).promise;
  const count = document.numPages;
  await document.destroy();
  return count;
}

/** The records of a CSV text (csv-parse, RFC 4180), header row included. */
export function csvRecords(text: string): string[][] {
  return parse(text, { relax_column_count: false }) as string[][];
}

/** The last 7 London days on the test clock (2025-06-02T09:00Z, a Monday in British Summer Time). */
export const WEEK = [
  '2025-05-27',
  '2025-05-28',
  '2025-05-29',
  '2025-05-30',
  '2025-05-31',
  '2025-06-01',
  '2025-06-02',
];
/** The first instant of London's 27 May (BST): 23:00 UTC the day before. */
export const WEEK_START = new Date('2025-05-26T23:00:00.000Z');
/** The first instant of London's June (BST). */
export const JUNE_START = new Date('2025-05-31T23:00:00.000Z');
/** The report fixtures live in April, away from the list fixtures. */
export const REPORT_ROWS = 520;
/**
 * March's fixtures (issue 15): on the 10th a completed payment, a completed refund, a cancelled and
 * an in-progress payment (the report's total counts the first alone); on the 11th, texts a
 * spreadsheet would run as formulas, and one that needs CSV quoting.
 */
export const MARCH: TransactionEntry[] = [
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

/** What `seedDashboard` inserted, for the tests to compute the expected answers from. */
export interface DashboardData {
  orders: FixtureOrder[];
  transactions: FixtureTransaction[];
  customerIds: number[];
}

/**
 * Inserts the dashboard tests' data set into `db`: twelve customers and products; orders at the edges
 * of the week and the month and a June of distinct quantities and spends with a tie; transactions at
 * London day boundaries and a same-instant tie; REPORT_ROWS April transactions for the reports (from
 * reference 1000) and MARCH's (from 5000). Returns the orders and the first transactions with their
 * ids, and the customers' ids in order.
 */
export async function seedDashboard(db: Db): Promise<DashboardData> {
  const orders: FixtureOrder[] = [];
  const ms = (at: Date, delta: number) => new Date(at.getTime() + delta);
  const customerIds = await insertCustomers(db, 12);
  const catalogue: FixtureLine['product'][] = [];
  for (let index = 1; index <= 12; index += 1) {
    catalogue.push(await insertProduct(db, `SKU-${String(index).padStart(2, '0')}`));
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
    orders.push(
      await insertOrder(
        db,
        customer(plan.user),
        plan.at,
        plan.lines.map((line) => ({ product: product(line.p), quantity: line.q, unitPrice: line.price })),
      ),
    );
  }

  const statuses = [1, 2, 3, 4];
  const transactions = await insertTransactions(db, [
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
    db,
    Array.from({ length: REPORT_ROWS }, (_, index) => ({
      at: new Date(Date.UTC(2025, 3, 1 + (index % 10), index % 24, index % 60)),
      amount: 1234 + index * 11,
      status: statuses[index % 4] ?? 1,
    })),
    1000,
  );
  await insertTransactions(db, MARCH, 5000);
  return { orders, transactions, customerIds };
}

/** Every row of a list endpoint for a query, by walking its pages with `limit` through `get`. */
export async function allPagesOf<T>(
  get: (path: string) => Promise<LightMyRequestResponse>,
  path: string,
  key: 'transactions' | 'orders',
  limit: number,
): Promise<T[]> {
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
