/**
 * Dashboard contract (spec §3 Monthly statistics, Weekly order entry, Transaction, User order row;
 * §7 /dashboard/*). Money on the wire is in major units (pounds for orders, dollars for
 * transactions) with at most 2 decimals, summed on the server in minor units so no float error
 * accumulates. Dates of filters are `YYYY-MM-DD` days of the Europe/London calendar, inclusive.
 */
import { isValid, parseISO } from 'date-fns';
import * as v from 'valibot';
import { IdParam } from './common';

/** The business's calendar: every "day" of a filter, preset or chart is a day in this zone. */
export const BUSINESS_TIME_ZONE = 'Europe/London';

/** Spec §9: transactions page limit 100. */
export const TRANSACTIONS_PAGE_LIMIT = 100;
/** Spec §9: orders page size default 10. */
export const ORDERS_PAGE_LIMIT = 10;

/** Transaction status codes (spec §4): 1 Completed, 2 Cancelled, 3 In progress, 4 In review. */
export const TransactionStatus = { Completed: 1, Cancelled: 2, InProgress: 3, InReview: 4 } as const;
export type TransactionStatusCode = (typeof TransactionStatus)[keyof typeof TransactionStatus];

/** The label of each transaction status, in the spec's order and wording (§2, §4). */
export const TRANSACTION_STATUS_LABELS: Readonly<Record<TransactionStatusCode, string>> = {
  1: 'Completed',
  2: 'Cancelled',
  3: 'In progress',
  4: 'In review',
};

/** Every status code, in display order. */
export const TRANSACTION_STATUS_CODES: readonly TransactionStatusCode[] = [1, 2, 3, 4];

const dayPattern = /^\d{4}-\d{2}-\d{2}$/;

/** True when `value` is a real calendar day written `YYYY-MM-DD` (so 2025-02-30 is not). */
export function isCalendarDay(value: string): boolean {
  // parseISO refuses days past the month's end; the pattern refuses its other ISO forms.
  return dayPattern.test(value) && isValid(parseISO(value));
}

const DAY_FORMAT_MESSAGE = 'must be a date written YYYY-MM-DD';

/** The first and last years a date filter may name (issue 13: a sane range, never a 500). */
export const FIRST_FILTER_YEAR = 2000;
export const LAST_FILTER_YEAR = 2100;

/** True when `year` is one a date filter may name (FIRST_FILTER_YEAR to LAST_FILTER_YEAR). */
export const isFilterYear = (year: number) => year >= FIRST_FILTER_YEAR && year <= LAST_FILTER_YEAR;

/**
 * A `YYYY-MM-DD` query value that is a real day of the years FIRST_FILTER_YEAR to
 * LAST_FILTER_YEAR; written that way, comparing the texts compares the days.
 */
export const DayString = v.pipe(
  v.string(),
  // isoDate documents the format in /api/openapi.json; isCalendarDay also refuses 2025-02-30.
  v.isoDate(DAY_FORMAT_MESSAGE),
  v.check(isCalendarDay, DAY_FORMAT_MESSAGE),
  v.check(
    // A value that is no day at all has its message from the checks above.
    (value) => !isCalendarDay(value) || isFilterYear(Number(value.slice(0, 4))),
    `must be a date from ${FIRST_FILTER_YEAR}-01-01 to ${LAST_FILTER_YEAR}-12-31`,
  ),
);

const PageNumber = v.pipe(
  v.string(),
  v.regex(/^[1-9]\d{0,5}$/, 'must be a whole number from 1'),
  v.transform(Number),
);

const limitOf = (max: number) =>
  v.pipe(
    v.string(),
    v.regex(/^[1-9]\d{0,2}$/, `must be a whole number from 1 to ${max}`),
    v.transform(Number),
    v.maxValue(max, `must be a whole number from 1 to ${max}`),
  );

/** Shared by the two date filters: both optional, the end not before the start. */
const dateRangeChecks = <T extends { start_date?: string; end_date?: string }>(
  schema: v.GenericSchema<unknown, T>,
) =>
  v.pipe(
    schema,
    v.check(
      (query) => !query.start_date || !query.end_date || query.start_date <= query.end_date,
      'end_date must not be before start_date',
    ),
  );

/** Comma-joined status codes, e.g. `1,3`; an empty value means no status filter. */
const StatusList = v.pipe(
  v.string(),
  v.regex(/^([1-4](,[1-4])*)?$/, 'must be status codes 1 to 4, comma-joined'),
  v.transform((value) =>
    value === '' ? [] : [...new Set(value.split(',').map(Number) as TransactionStatusCode[])],
  ),
);

/**
 * A list's order (issue 30 "sort on transactions and orders"): a column, ascending or descending;
 * null is the default order, newest first.
 */
export type ListSort<C extends string> = { column: C; descending: boolean } | null;

/**
 * The order a `sort` value names, as the users and feeds lists write it: a column ('amount'), or a
 * column after '-' for descending ('-amount'); '' is the default (null). Undefined for anything else.
 */
export function parseListSort<C extends string>(
  columns: readonly C[],
  text: string,
): ListSort<C> | undefined {
  if (text === '') return null;
  const descending = text.startsWith('-');
  const column = descending ? text.slice(1) : text;
  return (columns as readonly string[]).includes(column) ? { column: column as C, descending } : undefined;
}

/** The `sort` value of an order (the inverse of {@link parseListSort}). */
export function listSortText<C extends string>(sort: ListSort<C>): string {
  return sort === null ? '' : `${sort.descending ? '-' : ''}${sort.column}`;
}

/**
 * The `sort` value after a press on the header of `column`, from the `current` one: ascending first,
 * then descending, then ascending again (a column once chosen always sorts one way or the other).
 * A `current` value outside `columns` (a hand-edited URL) counts as the default order.
 */
export function nextListSort<C extends string>(columns: readonly C[], current: string, column: C): string {
  const sort = parseListSort(columns, current) ?? null;
  return listSortText({ column, descending: sort?.column === column && !sort.descending });
}

/**
 * The `sort` value a list sends: `text` when it names an order of `columns`, else '' (the default
 * order), so a hand-edited URL never makes the server refuse the page.
 */
export function knownListSort<C extends string>(columns: readonly C[], text: string): string {
  return listSortText(parseListSort(columns, text) ?? null);
}

/**
 * The `sort` query value of a list over `columns`, validated into a {@link ListSort}; anything else
 * is refused with a message that names every accepted value.
 */
const sortOf = <C extends string>(columns: readonly C[]) =>
  v.pipe(
    v.string(),
    v.rawTransform<string, ListSort<C>>(({ dataset, addIssue, NEVER }) => {
      const sort = parseListSort(columns, dataset.value);
      if (sort !== undefined) return sort;
      addIssue({ message: `must be one of ${columns.join(', ')}, each optionally after '-' (descending)` });
      return NEVER;
    }),
  );

/**
 * The columns the transactions list sorts by, the wire names of its fields (spec §2's Transaction,
 * Date & Time, Amount, Reference Number, Payment Method and Status). Ties go by date, then id, in
 * the same direction, so every page has one stable order.
 */
export const TRANSACTION_SORT_COLUMNS = [
  'transaction',
  'date',
  'amount',
  'reference_number',
  'payment_method',
  'status',
] as const;
export type TransactionSortColumn = (typeof TRANSACTION_SORT_COLUMNS)[number];

/**
 * The columns the user orders list sorts by, the wire names of its fields (spec §2's Order Number,
 * Date & Time, Customer Name, Number Of Items and both costs); ties as for transactions.
 */
export const ORDER_SORT_COLUMNS = [
  'id',
  'date',
  'customer_name',
  'number_of_items',
  'cost_of_order_ex_vat',
  'cost_of_order_inc_vat',
] as const;
export type OrderSortColumn = (typeof ORDER_SORT_COLUMNS)[number];

/** Filters of the transactions list and report; `user_id` keeps one customer's (issue 30). */
export const TransactionsFilter = dateRangeChecks(
  v.object({
    status: v.optional(StatusList),
    start_date: v.optional(DayString),
    end_date: v.optional(DayString),
    user_id: v.optional(IdParam),
  }),
);
export type TransactionsFilter = v.InferOutput<typeof TransactionsFilter>;

/**
 * GET /dashboard/transactions query: page (default 1), limit (1–100, default 100), the filters and
 * the order (`sort`, see {@link parseListSort}; default newest first).
 */
export const TransactionsQuery = dateRangeChecks(
  v.object({
    page: v.optional(PageNumber, '1'),
    limit: v.optional(limitOf(TRANSACTIONS_PAGE_LIMIT), String(TRANSACTIONS_PAGE_LIMIT)),
    status: v.optional(StatusList),
    start_date: v.optional(DayString),
    end_date: v.optional(DayString),
    user_id: v.optional(IdParam),
    sort: v.optional(sortOf(TRANSACTION_SORT_COLUMNS), ''),
  }),
);
export type TransactionsQuery = v.InferOutput<typeof TransactionsQuery>;

/** Filters of the user orders list and report; `user_id` keeps one customer's (issue 30). */
export const OrdersFilter = dateRangeChecks(
  v.object({
    start_date: v.optional(DayString),
    end_date: v.optional(DayString),
    user_id: v.optional(IdParam),
  }),
);
export type OrdersFilter = v.InferOutput<typeof OrdersFilter>;

/**
 * GET /dashboard/orders query: page (default 1), limit (1–100, default 10), the filters and the
 * order (`sort`, see {@link parseListSort}; default newest first).
 */
export const OrdersQuery = dateRangeChecks(
  v.object({
    page: v.optional(PageNumber, '1'),
    limit: v.optional(limitOf(100), String(ORDERS_PAGE_LIMIT)),
    start_date: v.optional(DayString),
    end_date: v.optional(DayString),
    user_id: v.optional(IdParam),
    sort: v.optional(sortOf(ORDER_SORT_COLUMNS), ''),
  }),
);
export type OrdersQuery = v.InferOutput<typeof OrdersQuery>;

/** One day of GET /dashboard/orders/weekly: the day and its orders' total inc VAT in pounds. */
export const WeeklyOrderEntry = v.object({ date: v.string(), total_price: v.number() });
export type WeeklyOrderEntry = v.InferOutput<typeof WeeklyOrderEntry>;

/** GET /dashboard/orders/weekly: the last 7 days, oldest first, days without orders as 0. */
export const WeeklyOrders = v.array(WeeklyOrderEntry);
export type WeeklyOrders = v.InferOutput<typeof WeeklyOrders>;

/** A best-selling product of the month: units sold this month. `image` is a thumbnail URL or path. */
export const TopProduct = v.object({
  name: v.string(),
  sku: v.string(),
  image: v.nullable(v.string()),
  total_quantity: v.number(),
});
export type TopProduct = v.InferOutput<typeof TopProduct>;

/** A top customer of the month: spent this month inc VAT, in pounds. `avatar` is a thumbnail path. */
export const TopCustomer = v.object({
  name: v.string(),
  email: v.string(),
  avatar: v.nullable(v.string()),
  total_spent: v.number(),
});
export type TopCustomer = v.InferOutput<typeof TopCustomer>;

/** GET /dashboard/statistics/monthly: top 10 of each for the current calendar month. */
export const MonthlyStatistics = v.object({
  top_products: v.array(TopProduct),
  top_customers: v.array(TopCustomer),
});
export type MonthlyStatistics = v.InferOutput<typeof MonthlyStatistics>;

/** A transaction row (spec §3): `date` is an ISO 8601 instant, `amount` in dollars. */
export const Transaction = v.object({
  id: v.number(),
  transaction: v.string(),
  date: v.string(),
  amount: v.number(),
  reference_number: v.string(),
  payment_method: v.string(),
  status: v.picklist(TRANSACTION_STATUS_CODES),
});
export type Transaction = v.InferOutput<typeof Transaction>;

/** GET /dashboard/transactions. `total_pages` is at least 1. */
export const TransactionsPage = v.object({
  transactions: v.array(Transaction),
  current_page: v.number(),
  total_pages: v.number(),
});
export type TransactionsPage = v.InferOutput<typeof TransactionsPage>;

/** A user order row (spec §3): `date` is an ISO 8601 instant, costs in pounds. */
export const UserOrder = v.object({
  id: v.number(),
  date: v.string(),
  customer_name: v.string(),
  number_of_items: v.number(),
  cost_of_order_ex_vat: v.number(),
  cost_of_order_inc_vat: v.number(),
});
export type UserOrder = v.InferOutput<typeof UserOrder>;

/** GET /dashboard/orders. `total_pages` is at least 1. */
export const OrdersPage = v.object({
  orders: v.array(UserOrder),
  current_page: v.number(),
  total_pages: v.number(),
});
export type OrdersPage = v.InferOutput<typeof OrdersPage>;

/** Orders of one 7-day window: how many, their revenue inc VAT and the average order, in pounds. */
export const WeekFigures = v.object({
  orders: v.number(),
  revenue: v.number(),
  average_order_value: v.number(),
});
export type WeekFigures = v.InferOutput<typeof WeekFigures>;

/**
 * GET /dashboard/orders/summary: the last 7 London days (today included) against the 7 before,
 * for the dashboard's second card (its content is not in the spec; issue 5 chose this).
 */
export const WeekSummary = v.object({ current: WeekFigures, previous: WeekFigures });
export type WeekSummary = v.InferOutput<typeof WeekSummary>;
