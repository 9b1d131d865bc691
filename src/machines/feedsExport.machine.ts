/**
 * The feeds list's 'Export CSV' (issue 15; issue 30 "one download statechart for reports and
 * exports"): the download chart (download-chart.ts) started by `export.start`, which carries the
 * list's search and sort as they stand, so the file holds the rows the table shows (GET
 * /feeds/export.csv). A second click while downloading is ignored. A failure is logged and shown as
 * the error toast 'Failed to export feeds' with the reason in words as its detail.
 */
import type { SnapshotFrom } from 'xstate';
import { downloadFeedsCsv } from '@/api/feeds';
import type { FeedsExportQuery } from '@/api/schemas/feed-list';
import { createDownloadChart, selectIsDownloading } from './download-chart';

/** The error toast's title of a failed export (the reason is its detail). */
export const FEEDS_EXPORT_FAILED = 'Failed to export feeds';

/** Events the screen sends: export with the list's search (as typed) and sort. */
export type FeedsExportEvent = { type: 'export.start'; query: FeedsExportQuery };

/** Statechart `feedsExport`; `download` and `saveFile` are replaced in tests with `.provide`. */
export const feedsExportMachine = createDownloadChart<FeedsExportEvent, FeedsExportQuery>({
  id: 'feedsExport',
  start: 'export.start',
  // The list matches the search trimmed; so does the file.
  request: (event) => ({ query: event.query.query.trim(), sort: event.query.sort }),
  download: downloadFeedsCsv,
  logText: () => 'Feeds export failed',
  failureTitle: FEEDS_EXPORT_FAILED,
});

/** A snapshot of the export actor. */
export type FeedsExportSnapshot = SnapshotFrom<typeof feedsExportMachine>;

/** True while the file is being made (the button is disabled and shows it is busy). */
export function selectIsExporting(snapshot: FeedsExportSnapshot): boolean {
  return selectIsDownloading(snapshot);
}
