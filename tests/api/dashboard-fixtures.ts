/**
 * Fixtures of the dashboard API tests: customers, products, orders with lines and transactions
 * inserted at chosen instants, plus independent helpers (London day by Intl, PDF text by pdf.js,
 * CSV records by csv-parse) that the tests use to compute what the endpoints should answer.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { parse } from 'csv-parse/sync';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
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
