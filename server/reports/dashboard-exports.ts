/**
 * CSV exports of the dashboard's two lists (issue 15 "Admin productivity": CSV export of the current
 * filtered view of transactions and orders): every row matching the same filters as the list
 * endpoint, in the same order (newest first), read in keyset batches and streamed through
 * csv-stringify, so memory holds one batch whatever the number of rows.
 *
 * Files are named after their period (`transactions-2026-11-01_to_2026-11-26.csv`,
 * `orders-…`; `periodFilename` in ./csv.ts). Cells: a header row of readable names; statuses by
 * their labels; instants as London wall-clock time `YYYY-MM-DD HH:mm:ss`; money as decimal
 * major units with 2 decimals and no symbol (dollars for transactions, pounds for orders, spec §9;
 * the currency is in the header); text cells that a spreadsheet would read as a formula get a
 * leading apostrophe (`spreadsheetSafe` in ./csv.ts, which builds the stream).
 */
import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { BUSINESS_TIME_ZONE, TRANSACTION_STATUS_LABELS } from '@/api/schemas/dashboard';
import type { OrdersFilter, TransactionsFilter } from '@/api/schemas/dashboard';
import type { Db } from '../db/open';
import { ordersAfter, transactionsAfter } from '../dashboard/queries';
import { csvStream, periodFilename } from './csv';
import type { CsvExport } from './csv';
import { REPORT_BATCH_SIZE, keysetBatches } from './dashboard-reports';

// The services and routes name the export type from here.
export type { CsvExport } from './csv';

/** Header of the transactions export, in the panel's column order. */
export const TRANSACTIONS_CSV_HEADER = [
  'Transaction',
  'Date & Time (Europe/London)',
  'Amount (USD)',
  'Reference Number',
  'Payment Method',
  'Status',
] as const;

/** Header of the user orders export, in the panel's column order. */
export const ORDERS_CSV_HEADER = [
  'Order Number',
  'Date & Time (Europe/London)',
  'Customer Name',
  'Number Of Items',
  'Cost of Order ex VAT (GBP)',
  'Cost of Order inc VAT (GBP)',
] as const;

/** An instant as London's wall-clock time, `YYYY-MM-DD HH:mm:ss` (sorts and parses in spreadsheets). */
export function csvDateTime(at: Date): string {
  return format(new TZDate(at.getTime(), BUSINESS_TIME_ZONE), 'yyyy-MM-dd HH:mm:ss');
}

/** Minor units as decimal major units with 2 decimals, e.g. 123456 → '1234.56'. */
export function csvMoney(minor: number): string {
  return (minor / 100).toFixed(2);
}

/** The rows of every batch, in order. */
async function* rowsOf(batches: AsyncIterable<string[][]>): AsyncIterable<string[]> {
  for await (const batch of batches) yield* batch;
}

/**
 * The transactions export for `filter`. Resolves once the first rows are read; rejects with the
 * query's error when that read fails (so the route still answers an error status).
 */
export async function transactionsCsv(db: Db, filter: TransactionsFilter): Promise<CsvExport> {
  const rows = await keysetBatches(
    (cursor) => transactionsAfter(db, filter, cursor, REPORT_BATCH_SIZE),
    (row) => [
      row.transaction,
      csvDateTime(row.at),
      csvMoney(row.amount_cents),
      row.reference_number,
      row.payment_method,
      TRANSACTION_STATUS_LABELS[row.status],
    ],
  );
  return {
    filename: periodFilename('transactions', filter),
    stream: csvStream(TRANSACTIONS_CSV_HEADER, rowsOf(rows)),
  };
}

/**
 * The user orders export for `filter`. Resolves once the first rows are read; rejects with the
 * query's error when that read fails.
 */
export async function ordersCsv(db: Db, filter: OrdersFilter): Promise<CsvExport> {
  const rows = await keysetBatches(
    (cursor) => ordersAfter(db, filter, cursor, REPORT_BATCH_SIZE),
    (row) => [
      String(row.id),
      csvDateTime(row.at),
      row.customer_name,
      String(row.number_of_items),
      csvMoney(row.ex_vat_pence),
      csvMoney(row.inc_vat_pence),
    ],
  );
  return { filename: periodFilename('orders', filter), stream: csvStream(ORDERS_CSV_HEADER, rowsOf(rows)) };
}
