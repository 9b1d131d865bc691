/**
 * The feeds list as a CSV file (issue 15 "CSV export of the current filtered view"): the rows the
 * list shows for the same search and sort (src/api/schemas/feed-list.ts), one per feed, under a
 * header row, streamed through csv-stringify. Text cells that a spreadsheet would run as a formula
 * are neutralised (OWASP "CSV injection").
 */
import { stringify } from 'csv-stringify';
import type { Readable } from 'node:stream';
import { visibleFeeds } from '@/api/schemas/feed-list';
import type { FeedsExportQuery } from '@/api/schemas/feed-list';
import type { FeedListItem } from '@/api/schemas/feeds';

/** The header row; the table's columns without Actions, and the brands as one cell. */
export const FEEDS_CSV_HEADER = [
  'ID',
  'Name',
  'Brands',
  'Brands count',
  'Products',
  'Customer',
  'Discount (%)',
  'Shipping discount (%)',
] as const;

/** Characters that make a spreadsheet read a cell as a formula (or a DDE command) when they lead. */
const FORMULA_LEAD = /^[=+\-@\t\r]/;

/**
 * `text` safe to open in a spreadsheet: a leading `=`, `+`, `-`, `@`, tab or carriage return is
 * prefixed with an apostrophe, which spreadsheets show as text; anything else is unchanged.
 */
export function neutraliseFormula(text: string): string {
  return FORMULA_LEAD.test(text) ? `'${text}` : text;
}

/** One CSV record of `feed`, in the order of {@link FEEDS_CSV_HEADER}; a missing figure is empty. */
export function feedCsvRecord(feed: FeedListItem): (string | number)[] {
  return [
    feed.id,
    neutraliseFormula(feed.name),
    neutraliseFormula(feed.brands.map((brand) => brand.name).join('; ')),
    feed.brands.length,
    feed.products_count,
    neutraliseFormula(feed.user_details ?? ''),
    feed.user_discount ?? '',
    feed.shipping_user_discount ?? '',
  ];
}

/** The file name of an export made at `now`: 'feeds-2026-11-23.csv' (the UTC day). */
export function feedsCsvFilename(now: Date): string {
  return `feeds-${now.toISOString().slice(0, 10)}.csv`;
}

/**
 * A stream of the CSV (header row, then the feeds `query` lets through in its sort), UTF-8 with
 * CRLF line ends (RFC 4180).
 */
export function feedsCsvStream(feeds: readonly FeedListItem[], query: FeedsExportQuery): Readable {
  const csv = stringify({ record_delimiter: 'windows' });
  csv.write([...FEEDS_CSV_HEADER]);
  // Written as the stream drains, so a long list never sits twice in memory as text.
  const rows = visibleFeeds(feeds, query.query, query.sort);
  let next = 0;
  const writeMore = (): void => {
    while (next < rows.length) {
      const row = rows[next++];
      if (row && !csv.write(feedCsvRecord(row))) {
        csv.once('drain', writeMore);
        return;
      }
    }
    csv.end();
  };
  writeMore();
  return csv;
}
