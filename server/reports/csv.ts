/**
 * What every CSV export shares (issue 15 "Admin productivity": the dashboard's transactions and
 * orders, the users list, the feeds list): the file name, the stream built with csv-stringify, and
 * the OWASP "CSV injection" guard applied to every text cell.
 *
 * Files are UTF-8 with a header row and CRLF line ends (RFC 4180).
 */
import { Readable, pipeline } from 'node:stream';
import { stringify } from 'csv-stringify';
import type { Options } from 'csv-stringify';
import { londonDay } from '@/api/days';

/** An export ready to send: its file name and its CSV text as a stream. */
export interface CsvExport {
  filename: string;
  stream: Readable;
}

/** A column of an export of objects: the record's `key` and the header cell above it. */
export interface CsvColumn {
  key: string;
  header: string;
}

/** Casts for the value types other than text (text always goes through {@link spreadsheetSafe}). */
export type CsvCast = Omit<NonNullable<Options['cast']>, 'string'>;

/** A cell a spreadsheet would run as a formula or command: = + - @, tab or carriage return first. */
const FORMULA_START = /^[=+\-@\t\r]/;
/** A plain decimal number (a negative amount is data, not a formula). */
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

/**
 * `value` made safe to open in a spreadsheet (OWASP "CSV injection"): a text cell that begins with
 * = + - @, a tab or a carriage return gets a leading apostrophe, so it is shown, never evaluated.
 * Plain numbers (e.g. `-12.50`) are left as they are.
 */
export function spreadsheetSafe(value: string): string {
  return FORMULA_START.test(value) && !PLAIN_NUMBER.test(value) ? `'${value}` : value;
}

/**
 * `<name>-<London day of now>.csv`, e.g. `users-2026-11-23.csv`: for a list without a period (the
 * users, the feeds), named after the day it was taken.
 */
export function exportFilename(name: string, now: Date): string {
  return `${name}-${londonDay(now)}.csv`;
}

/**
 * `<name>-<period>.csv` for a list of a period (issue 30: the period in the file name, not the
 * export day): `<start>_to_<end>` (e.g. `transactions-2026-11-01_to_2026-11-26.csv`),
 * `from_<start>`, `until_<end>`, or `all-dates` without either day. Days are `YYYY-MM-DD`.
 */
export function periodFilename(name: string, filter: { start_date?: string; end_date?: string }): string {
  const { start_date: start, end_date: end } = filter;
  const period =
    start && end ? `${start}_to_${end}` : start ? `from_${start}` : end ? `until_${end}` : 'all-dates';
  return `${name}-${period}.csv`;
}

/**
 * A CSV stream of `records` under a header row, read as the stream drains (so a long export never
 * sits in memory as text).
 * @param columns either `{key, header}` per column, for records that are objects, or the header
 *   cells alone, for records that are arrays in the header's order
 * @param records the rows, read one by one (a sync or async iterable)
 * @param cast how values other than text are written (csv-stringify's defaults otherwise, e.g.
 *   null and undefined as empty cells); every text cell but the header's goes through
 *   {@link spreadsheetSafe}
 * @returns the CSV text, UTF-8 with CRLF line ends. A failure while reading `records` destroys it
 *   (the HTTP response is then cut short rather than completed).
 */
export function csvStream(
  columns: readonly CsvColumn[] | readonly string[],
  records: Iterable<unknown> | AsyncIterable<unknown>,
  cast: CsvCast = {},
): Readable {
  const csv = stringify({
    header: true,
    record_delimiter: 'windows',
    columns: columns.map((column, index) =>
      typeof column === 'string' ? { key: String(index), header: column } : column,
    ),
    cast: { ...cast, string: (value, context) => (context.header ? value : spreadsheetSafe(value)) },
  });
  pipeline(Readable.from(records), csv, () => undefined);
  return csv;
}
