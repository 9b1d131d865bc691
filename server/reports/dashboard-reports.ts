/**
 * The two dashboard PDF reports (spec §2 Transactions and User Orders panels, §7
 * /dashboard/transactions/report and /dashboard/orders/report): every row matching the same
 * filters as the list endpoint, in the same order, read in keyset batches and streamed.
 */
import type { Readable } from 'node:stream';
import { formatDateTime, formatDollars, formatPounds, toMajorUnits } from '@/api/format';
import { BUSINESS_TIME_ZONE, TRANSACTION_STATUS_LABELS, TransactionStatus } from '@/api/schemas/dashboard';
import type { OrdersFilter, TransactionsFilter } from '@/api/schemas/dashboard';
import type { Db } from '../db/open';
import { isRefund, ordersAfter, transactionsAfter } from '../dashboard/queries';
import type { Cursor } from '../dashboard/queries';
import { streamTableReport } from './table-report';

/** Rows read per database round trip while a report streams. */
export const REPORT_BATCH_SIZE = 500;

/** A report ready to send: its file name and its PDF bytes as a stream. */
export interface Report {
  filename: string;
  stream: Readable;
}

type DayFilter = { start_date?: string; end_date?: string };

/** `<name>-<period>.pdf`, the period being both days, `from-…`, `until-…` or `all-dates`. */
export function reportFilename(name: string, filter: DayFilter): string {
  const { start_date: start, end_date: end } = filter;
  const period =
    start && end ? `${start}-to-${end}` : start ? `from-${start}` : end ? `until-${end}` : 'all-dates';
  return `${name}-${period}.pdf`;
}

const day = (value: string) => value.split('-').reverse().join('/');

/** 'Period: 27/05/2025 to 02/06/2025' and its open-ended variants. */
export function periodLine(filter: DayFilter): string {
  const { start_date: start, end_date: end } = filter;
  if (start && end) return `Period: ${day(start)} to ${day(end)}`;
  if (start) return `Period: from ${day(start)}`;
  if (end) return `Period: until ${day(end)}`;
  return 'Period: all dates';
}

function generatedLine(now: Date): string {
  return `Generated at: ${formatDateTime(now)} (${BUSINESS_TIME_ZONE})`;
}

/**
 * Every row in keyset batches, converted by `toCells`, until a short batch says the end is reached
 * (shared by the PDF reports and the CSV exports of ./dashboard-exports.ts).
 * The first batch is read before this resolves (issue 13): a query that fails then is the
 * request's error status, sent before any header, rather than a 200 whose PDF stops short. A
 * later failure can only cut the stream (the status has been sent by then).
 */
export async function keysetBatches<T extends { cursor: Cursor }, R>(
  read: (cursor: Cursor | undefined) => Promise<T[]>,
  toCells: (row: T) => R,
): Promise<AsyncIterable<R[]>> {
  const first = await read(undefined);
  return (async function* () {
    let rows = first;
    for (;;) {
      if (rows.length > 0) yield rows.map(toCells);
      const last = rows.at(-1);
      if (!last || rows.length < REPORT_BATCH_SIZE) return;
      rows = await read(last.cursor);
    }
  })();
}

/** The status whose payments are income (spec §4: Completed). */
const COMPLETED = TransactionStatus.Completed;

/**
 * The transactions report for `filter` (the panel's table filters, issue 15): title 'Transactions
 * report', period, statuses, generation time; columns as the panel's. Every matching row is listed,
 * but the total counts completed payments only and says so: refunds, and payments cancelled, in
 * progress or in review, are not income. Completed refunds get a line of their own. Resolves once
 * the first rows are read; rejects with the query's error when that read fails.
 */
export async function transactionsReport(db: Db, filter: TransactionsFilter, now: Date): Promise<Report> {
  let count = 0;
  let paidCents = 0;
  let refundedCents = 0;
  const statuses = filter.status ?? [];
  const rows = await keysetBatches(
    (cursor) => transactionsAfter(db, filter, cursor, REPORT_BATCH_SIZE),
    (row) => {
      count += 1;
      if (row.status === COMPLETED && isRefund(row)) refundedCents += row.amount_cents;
      else if (row.status === COMPLETED) paidCents += row.amount_cents;
      return [
        row.transaction,
        formatDateTime(row.at),
        formatDollars(row.amount),
        row.reference_number,
        row.payment_method,
        TRANSACTION_STATUS_LABELS[row.status],
      ];
    },
  );
  return {
    filename: reportFilename('transactions-report', filter),
    stream: streamTableReport({
      title: 'Transactions report',
      subtitle: [
        periodLine(filter),
        `Status: ${statuses.length > 0 ? statuses.map((code) => TRANSACTION_STATUS_LABELS[code]).join(', ') : 'all'}`,
        generatedLine(now),
      ],
      columns: [
        { header: 'Transaction', width: 209 },
        { header: 'Date & Time', width: 100 },
        { header: 'Amount', width: 100, align: 'right' },
        { header: 'Reference Number', width: 130 },
        { header: 'Payment Method', width: 130 },
        { header: 'Status', width: 100 },
      ],
      rows,
      totals: () => [
        `Transactions: ${count}`,
        `Total of completed payments: ${formatDollars(toMajorUnits(paidCents))}`,
        `Completed refunds (not in the total): ${formatDollars(toMajorUnits(refundedCents))}`,
        'Cancelled, in progress and in review payments are listed but not in the total.',
      ],
      createdAt: now,
    }),
  };
}

/**
 * The user orders report for `filter`: title 'User orders report', period, generation time;
 * columns as the panel's; totals are the order count, items, and costs ex and inc VAT in £.
 * Resolves once the first rows are read; rejects with the query's error when that read fails.
 */
export async function ordersReport(db: Db, filter: OrdersFilter, now: Date): Promise<Report> {
  let count = 0;
  let items = 0;
  let exVat = 0;
  let incVat = 0;
  const rows = await keysetBatches(
    (cursor) => ordersAfter(db, filter, cursor, REPORT_BATCH_SIZE),
    (row) => {
      count += 1;
      items += row.number_of_items;
      exVat += row.ex_vat_pence;
      incVat += row.inc_vat_pence;
      return [
        String(row.id),
        formatDateTime(row.at),
        row.customer_name,
        String(row.number_of_items),
        formatPounds(row.cost_of_order_ex_vat),
        formatPounds(row.cost_of_order_inc_vat),
      ];
    },
  );
  return {
    filename: reportFilename('user-orders-report', filter),
    stream: streamTableReport({
      title: 'User orders report',
      subtitle: [periodLine(filter), generatedLine(now)],
      columns: [
        { header: 'Order Number', width: 90 },
        { header: 'Date & Time', width: 110 },
        { header: 'Customer Name', width: 209 },
        { header: 'Number Of Items', width: 100, align: 'right' },
        { header: 'Cost of Order (ex VAT)', width: 130, align: 'right' },
        { header: 'Cost of Order (inc VAT)', width: 130, align: 'right' },
      ],
      rows,
      totals: () => [
        `Orders: ${count}`,
        `Items: ${items}`,
        `Total ex VAT: ${formatPounds(toMajorUnits(exVat))}`,
        `Total inc VAT: ${formatPounds(toMajorUnits(incVat))}`,
      ],
      createdAt: now,
    }),
  };
}
