/**
 * The dashboard's reads over the orders, order_items, users and transactions tables (spec §2
 * Dashboard home widgets, §3, §7 /dashboard/*). Sums are taken in minor units in SQL and turned
 * into major units once, at the end. Filter days are London days, inclusive at both ends.
 */
import { and, asc, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { addDays, londonDay, londonDayStart, monthStart } from '@/api/days';
import { toMajorUnits } from '@/api/format';
import { BUSINESS_TIME_ZONE } from '@/api/schemas/dashboard';
import type {
  ListSort,
  MonthlyStatistics,
  OrderSortColumn,
  OrdersFilter,
  TransactionSortColumn,
  TransactionStatusCode,
  TransactionsFilter,
  Transaction,
  UserOrder,
  WeekFigures,
  WeekSummary,
  WeeklyOrders,
} from '@/api/schemas/dashboard';
import type { Db } from '../db/open';
import { orderItems, orders, productAssets, transactions, users } from '../db/schema';

/** How many days the weekly chart covers, today included. */
export const WEEK_DAYS = 7;
/** How many entries each monthly top list holds. */
export const TOP_LIST_SIZE = 10;

/** A page of rows plus the page numbers the list endpoints answer with. */
export interface Page<T> {
  rows: T[];
  current_page: number;
  /** At least 1, so an empty result is one empty page. */
  total_pages: number;
}

/**
 * Where a keyset scan stopped: the last row's instant, as PostgreSQL's exact text (a JS Date would
 * drop the microseconds and skip rows), and its id (rows go newest first).
 */
export interface Cursor {
  at: string;
  id: number;
}

/** The exact text of a timestamptz, microseconds included, for a keyset cursor. */
const exactInstant = (column: typeof orders.ordered_at | typeof transactions.occurred_at) =>
  sql<string>`${column}::text`;

const sumAsNumber = (value: SQL) => sql<number>`coalesce(sum(${value}), 0)::float8`;

function pageCount(total: number, limit: number): number {
  return Math.max(1, Math.ceil(total / limit));
}

/** Conditions for `column` inside the London days `start_date` to `end_date` (each optional). */
function withinDays(
  column: typeof orders.ordered_at | typeof transactions.occurred_at,
  filter: { start_date?: string; end_date?: string },
): SQL[] {
  const conditions: SQL[] = [];
  if (filter.start_date) conditions.push(gte(column, londonDayStart(filter.start_date)));
  if (filter.end_date) conditions.push(lt(column, londonDayStart(addDays(filter.end_date, 1))));
  return conditions;
}

function beforeCursor(
  at: typeof orders.ordered_at | typeof transactions.occurred_at,
  id: typeof orders.id | typeof transactions.id,
  cursor: Cursor | undefined,
): SQL[] {
  return cursor ? [sql`(${at}, ${id}) < (${cursor.at}::timestamptz, ${cursor.id})`] : [];
}

/**
 * Orders of the last 7 London days, today included, oldest first: one `{date, total_price}` per
 * day with the day's total inc VAT in pounds, 0 for days without orders.
 */
export async function weeklyOrders(db: Db, now: Date): Promise<WeeklyOrders> {
  const today = londonDay(now);
  const first = addDays(today, -(WEEK_DAYS - 1));
  // The zone is a constant literal, not a parameter: a parameter would make the SELECT and the
  // GROUP BY two different expressions to PostgreSQL.
  const zone = sql.raw(`'${BUSINESS_TIME_ZONE}'`);
  const day = sql<string>`to_char(${orders.ordered_at} at time zone ${zone}, 'YYYY-MM-DD')`;
  const rows = await db
    .select({ day, pence: sumAsNumber(sql`${orders.total_inc_vat}`) })
    .from(orders)
    .where(
      and(
        gte(orders.ordered_at, londonDayStart(first)),
        lt(orders.ordered_at, londonDayStart(addDays(today, 1))),
      ),
    )
    .groupBy(day);
  const byDay = new Map(rows.map((row) => [row.day, Number(row.pence)]));
  return Array.from({ length: WEEK_DAYS }, (_, index) => {
    const date = addDays(first, index);
    return { date, total_price: toMajorUnits(byDay.get(date) ?? 0) };
  });
}

async function figuresBetween(db: Db, first: string, last: string): Promise<WeekFigures> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int`, pence: sumAsNumber(sql`${orders.total_inc_vat}`) })
    .from(orders)
    .where(
      and(
        gte(orders.ordered_at, londonDayStart(first)),
        lt(orders.ordered_at, londonDayStart(addDays(last, 1))),
      ),
    );
  const count = Number(row?.count ?? 0);
  const pence = Number(row?.pence ?? 0);
  return {
    orders: count,
    revenue: toMajorUnits(pence),
    average_order_value: count === 0 ? 0 : toMajorUnits(pence / count),
  };
}

/**
 * Order count, revenue (inc VAT, pounds) and average order value of the last 7 London days, today
 * included, and of the 7 days before them.
 */
export async function weekSummary(db: Db, now: Date): Promise<WeekSummary> {
  const today = londonDay(now);
  const first = addDays(today, -(WEEK_DAYS - 1));
  return {
    current: await figuresBetween(db, first, today),
    previous: await figuresBetween(db, addDays(first, -WEEK_DAYS), addDays(first, -1)),
  };
}

/**
 * Top 10 products by units sold and top 10 customers by money spent (inc VAT, pounds) over the
 * current London calendar month. Ties go to the lower SKU / user id so the lists are stable.
 */
export async function monthlyStatistics(db: Db, now: Date): Promise<MonthlyStatistics> {
  const today = londonDay(now);
  const inMonth = and(
    gte(orders.ordered_at, londonDayStart(monthStart(today))),
    lt(orders.ordered_at, londonDayStart(monthStart(today, 1))),
  );
  const quantity = sql<number>`sum(${orderItems.quantity})::int8`;
  const productId = sql<number | null>`min(${orderItems.product_id})`;
  const productRows = await db
    .select({
      sku: orderItems.sku,
      name: sql<string>`max(${orderItems.name})`,
      total_quantity: quantity,
      image: sql<string | null>`(
        select ${productAssets.thumbnail_50} from ${productAssets}
        where ${productAssets.product_id} = ${productId}
        order by ${productAssets.is_primary} desc, ${productAssets.position} asc, ${productAssets.id} asc
        limit 1)`,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.order_id))
    .where(inMonth)
    .groupBy(orderItems.sku)
    .orderBy(desc(quantity), asc(orderItems.sku))
    .limit(TOP_LIST_SIZE);

  const spent = sql<number>`sum(${orders.total_inc_vat})::float8`;
  const customerRows = await db
    .select({
      first_name: users.first_name,
      last_name: users.last_name,
      email: users.email,
      avatar: users.avatar_thumb_36,
      pence: spent,
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.user_id))
    .where(inMonth)
    .groupBy(users.id)
    .orderBy(desc(spent), asc(users.id))
    .limit(TOP_LIST_SIZE);

  return {
    top_products: productRows.map((row) => ({
      name: row.name,
      sku: row.sku,
      image: row.image,
      total_quantity: Number(row.total_quantity),
    })),
    top_customers: customerRows.map((row) => ({
      name: `${row.first_name} ${row.last_name}`,
      email: row.email,
      avatar: row.avatar,
      total_spent: toMajorUnits(Number(row.pence)),
    })),
  };
}

function transactionConditions(filter: TransactionsFilter): SQL[] {
  const statuses: TransactionStatusCode[] = filter.status ?? [];
  return [
    ...(statuses.length > 0 ? [inArray(transactions.status, statuses)] : []),
    ...withinDays(transactions.occurred_at, filter),
    ...(filter.user_id === undefined ? [] : [eq(transactions.user_id, filter.user_id)]),
  ];
}

/** The WHERE of the orders list and report: the filter's days and, when given, its customer. */
function orderConditions(filter: OrdersFilter): SQL[] {
  return [
    ...withinDays(orders.ordered_at, filter),
    ...(filter.user_id === undefined ? [] : [eq(orders.user_id, filter.user_id)]),
  ];
}

const transactionColumns = {
  id: transactions.id,
  transaction: transactions.transaction,
  occurred_at: transactions.occurred_at,
  cursor: exactInstant(transactions.occurred_at),
  amount: transactions.amount,
  reference_number: transactions.reference_number,
  payment_method: transactions.payment_method,
  status: transactions.status,
};

type TransactionRow = {
  id: number;
  transaction: string;
  occurred_at: Date;
  cursor: string;
  amount: number;
  reference_number: string;
  payment_method: string;
  status: number;
};

/**
 * True for a refund: money paid back to a customer, never income (issue 15 "its total adds refunds
 * as income"). The table has no kind column; a refund is the row whose description begins 'Refund'
 * (the demo data writes 'Refund to <company>', payments 'Payment from <company>').
 */
export function isRefund(record: { transaction: string }): boolean {
  return /^refund\b/i.test(record.transaction.trimStart());
}

/** A transactions row on the wire, plus what reports need: cents to total, the instant, the cursor. */
export type TransactionRecord = Transaction & { amount_cents: number; at: Date; cursor: Cursor };

function toTransaction(row: TransactionRow): TransactionRecord {
  return {
    id: row.id,
    transaction: row.transaction,
    date: row.occurred_at.toISOString(),
    at: row.occurred_at,
    cursor: { at: row.cursor, id: row.id },
    amount: toMajorUnits(row.amount),
    amount_cents: row.amount,
    reference_number: row.reference_number,
    payment_method: row.payment_method,
    status: row.status as TransactionStatusCode,
  };
}

/** The transactions list's filters and its order (GET /dashboard/transactions; issue 30). */
export type TransactionsListFilter = TransactionsFilter & { sort?: ListSort<TransactionSortColumn> };

/**
 * The ORDER BY of a list order: the column (texts case-insensitively), then the instant and the id
 * in the same direction, so equal values keep one order across pages; newest first when null.
 */
function listOrder(
  keys: readonly SQL[],
  at: typeof orders.ordered_at | typeof transactions.occurred_at,
  id: typeof orders.id | typeof transactions.id,
  descending: boolean,
): SQL[] {
  const direction = descending ? desc : asc;
  return [...keys, at, id].map((key) => direction(key));
}

const transactionSortKeys: Readonly<Record<TransactionSortColumn, readonly SQL[]>> = {
  transaction: [sql`lower(${transactions.transaction})`],
  date: [],
  amount: [sql`${transactions.amount}`],
  reference_number: [sql`${transactions.reference_number}`],
  payment_method: [sql`lower(${transactions.payment_method})`],
  status: [sql`${transactions.status}`],
};

function transactionOrder(sort: ListSort<TransactionSortColumn> | undefined): SQL[] {
  if (!sort) return listOrder([], transactions.occurred_at, transactions.id, true);
  return listOrder(
    transactionSortKeys[sort.column],
    transactions.occurred_at,
    transactions.id,
    sort.descending,
  );
}

/**
 * One page of transactions matching `filter`, in its order (default newest first, then highest id).
 * @param page 1-based; a page past the end is empty
 * @param limit rows per page (the contract caps it at 100)
 */
export async function listTransactions(
  db: Db,
  filter: TransactionsListFilter,
  page: number,
  limit: number,
): Promise<Page<TransactionRecord>> {
  const where = and(...transactionConditions(filter));
  const [counted] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(transactions)
    .where(where);
  const rows = await db
    .select(transactionColumns)
    .from(transactions)
    .where(where)
    .orderBy(...transactionOrder(filter.sort))
    .limit(limit)
    .offset((page - 1) * limit);
  return {
    rows: rows.map(toTransaction),
    current_page: page,
    total_pages: pageCount(Number(counted?.count ?? 0), limit),
  };
}

/**
 * Up to `size` transactions matching `filter` that come after `cursor` in list order (newest
 * first): the report reads every matching row in these batches so its memory stays flat.
 */
export async function transactionsAfter(
  db: Db,
  filter: TransactionsFilter,
  cursor: Cursor | undefined,
  size: number,
): Promise<TransactionRecord[]> {
  const rows = await db
    .select(transactionColumns)
    .from(transactions)
    .where(
      and(
        ...transactionConditions(filter),
        ...beforeCursor(transactions.occurred_at, transactions.id, cursor),
      ),
    )
    .orderBy(desc(transactions.occurred_at), desc(transactions.id))
    .limit(size);
  return rows.map(toTransaction);
}

/** A user order on the wire, plus what the report needs: pence to total, the instant, the cursor. */
export type OrderRecord = UserOrder & {
  at: Date;
  cursor: Cursor;
  ex_vat_pence: number;
  inc_vat_pence: number;
};

/** Units of an order: the sum of its lines' quantities. */
const itemsOfOrder = sql<number>`(select coalesce(sum(${orderItems.quantity}), 0)::int from ${orderItems}
    where ${orderItems.order_id} = ${orders.id})`;

const orderColumns = {
  id: orders.id,
  ordered_at: orders.ordered_at,
  cursor: exactInstant(orders.ordered_at),
  first_name: users.first_name,
  last_name: users.last_name,
  number_of_items: itemsOfOrder,
  total_ex_vat: orders.total_ex_vat,
  total_inc_vat: orders.total_inc_vat,
};

type OrderRow = {
  id: number;
  ordered_at: Date;
  cursor: string;
  first_name: string;
  last_name: string;
  number_of_items: number;
  total_ex_vat: number;
  total_inc_vat: number;
};

function toOrder(row: OrderRow): OrderRecord {
  return {
    id: row.id,
    date: row.ordered_at.toISOString(),
    at: row.ordered_at,
    cursor: { at: row.cursor, id: row.id },
    customer_name: `${row.first_name} ${row.last_name}`,
    number_of_items: Number(row.number_of_items),
    cost_of_order_ex_vat: toMajorUnits(row.total_ex_vat),
    cost_of_order_inc_vat: toMajorUnits(row.total_inc_vat),
    ex_vat_pence: row.total_ex_vat,
    inc_vat_pence: row.total_inc_vat,
  };
}

/** The user orders list's days and its order (GET /dashboard/orders; issue 30). */
export type OrdersListFilter = OrdersFilter & { sort?: ListSort<OrderSortColumn> };

const orderSortKeys: Readonly<Record<OrderSortColumn, readonly SQL[]>> = {
  id: [sql`${orders.id}`],
  date: [],
  customer_name: [sql`lower(${users.first_name})`, sql`lower(${users.last_name})`],
  number_of_items: [itemsOfOrder],
  cost_of_order_ex_vat: [sql`${orders.total_ex_vat}`],
  cost_of_order_inc_vat: [sql`${orders.total_inc_vat}`],
};

function orderOrder(sort: ListSort<OrderSortColumn> | undefined): SQL[] {
  if (!sort) return listOrder([], orders.ordered_at, orders.id, true);
  return listOrder(orderSortKeys[sort.column], orders.ordered_at, orders.id, sort.descending);
}

/**
 * One page of user orders within the filter's days, in its order (default newest first, then
 * highest id). `number_of_items` counts units (the sum of the order lines' quantities).
 */
export async function listOrders(
  db: Db,
  filter: OrdersListFilter,
  page: number,
  limit: number,
): Promise<Page<OrderRecord>> {
  const where = and(...orderConditions(filter));
  const [counted] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(orders)
    .where(where);
  // The page's ids first: PostgreSQL computes the select list (the items subquery) for every row an
  // OFFSET skips, so the costly columns are only worked out for the page itself.
  // The customer's name may order the page, so the ids are picked with the users joined.
  const order = orderOrder(filter.sort);
  const pageIds = db
    .select({ id: orders.id })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.user_id))
    .where(where)
    .orderBy(...order)
    .limit(limit)
    .offset((page - 1) * limit)
    .as('page_ids');
  const rows = await db
    .select(orderColumns)
    .from(orders)
    .innerJoin(pageIds, eq(pageIds.id, orders.id))
    .innerJoin(users, eq(users.id, orders.user_id))
    .orderBy(...order);
  return {
    rows: rows.map(toOrder),
    current_page: page,
    total_pages: pageCount(Number(counted?.count ?? 0), limit),
  };
}

/** Up to `size` orders within the filter that come after `cursor` in list order (see transactionsAfter). */
export async function ordersAfter(
  db: Db,
  filter: OrdersFilter,
  cursor: Cursor | undefined,
  size: number,
): Promise<OrderRecord[]> {
  const rows = await db
    .select(orderColumns)
    .from(orders)
    .innerJoin(users, eq(users.id, orders.user_id))
    .where(and(...orderConditions(filter), ...beforeCursor(orders.ordered_at, orders.id, cursor)))
    .orderBy(desc(orders.ordered_at), desc(orders.id))
    .limit(size);
  return rows.map(toOrder);
}
