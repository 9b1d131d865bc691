/**
 * The feeds list as a CSV file (issue 15 "CSV export of the current filtered view"): the rows the
 * list shows for the same search and sort (src/api/schemas/feed-list.ts), one per feed, under a
 * header row, streamed through csv-stringify. Text cells that a spreadsheet would run as a formula
 * are neutralised (OWASP "CSV injection", `spreadsheetSafe` in ../reports/csv.ts).
 */
import type { Readable } from 'node:stream';
import { visibleFeeds } from '@/api/schemas/feed-list';
import type { FeedsExportQuery } from '@/api/schemas/feed-list';
import type { FeedListRow } from './feeds-service';
import { csvStream, exportFilename } from '../reports/csv';

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

/**
 * One CSV record of `feed`, in the order of {@link FEEDS_CSV_HEADER}; a missing figure is empty.
 * The text is as stored: the stream makes it spreadsheet-safe.
 */
export function feedCsvRecord(feed: FeedListRow): (string | number)[] {
  return [
    feed.id,
    feed.name,
    feed.brands.map((brand) => brand.name).join('; '),
    feed.brands.length,
    feed.products_count,
    feed.user_details ?? '',
    feed.user_discount ?? '',
    feed.shipping_user_discount ?? '',
  ];
}

/** The file name of an export made at `now`: `feeds-<London day>.csv`, e.g. `feeds-2026-11-23.csv`. */
export function feedsCsvFilename(now: Date): string {
  return exportFilename('feeds', now);
}

/**
 * A stream of the CSV (header row, then the feeds `query` lets through in its sort), UTF-8 with
 * CRLF line ends (RFC 4180). Records are made as the stream drains, so a long list never sits twice
 * in memory as text.
 */
export function feedsCsvStream(feeds: readonly FeedListRow[], query: FeedsExportQuery): Readable {
  const rows = visibleFeeds(feeds, query.query, query.sort);
  return csvStream(
    FEEDS_CSV_HEADER,
    (function* () {
      for (const row of rows) yield feedCsvRecord(row);
    })(),
  );
}
