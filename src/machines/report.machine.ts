/**
 * A PDF report download (spec §2 'TRANSACTIONS REPORT' / 'ORDERS REPORT', §8 "Report download
 * failure"), and the same for a list's CSV export (issue 15; `format: 'csv'`): the download chart
 * (download-chart.ts) started by `report.generate`. While downloading the button reads
 * 'Generating...' and a second request is ignored. On success the file is saved under the server's
 * file name. A failure is logged with spec §8's 'HTTP error! status: {code}' (the text the spec
 * rethrows, kept for the console), and the person sees the error toast 'Report download failed'
 * with the reason in words as its detail (issue 30). On the dashboard the report runs as the child
 * `report` of its panel's statechart (dashboardPanel.machine.ts); the panel's report button connects
 * that child's effects to the root handler (`useUiEffects`).
 */
import type { SnapshotFrom } from 'xstate';
import { ApiError } from '@/api/client';
import { downloadReport } from '@/api/dashboard';
import type { ReportRequest } from '@/api/dashboard';
import { createDownloadChart, selectIsDownloading } from './download-chart';
import type { UiEffect } from './ui-effects';

/** Spec §2: the button's text while the report is made. */
export const GENERATING_LABEL = 'Generating...';

/**
 * The failure toast's title. Spec §8 names the case "Report download failure" and gives no text
 * for the person (its 'HTTP error! status: {code}' is an exception's message): this is that name as
 * a sentence, the reason goes in the toast's detail.
 */
export const REPORT_FAILED_TITLE = 'Report download failed';

/**
 * Spec §8: the message of a failed download with an HTTP status, 'HTTP error! status: {code}'
 * (logged, never shown); without a status (no network) the client's own message.
 */
export function reportErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.status !== null) return `HTTP error! status: ${error.status}`;
  return error instanceof Error ? error.message : String(error);
}

/** Events a screen sends. */
export type ReportEvent = { type: 'report.generate'; request: ReportRequest };

/** Emitted for the screen: the failure's error toast. */
export type ReportEmitted = UiEffect;

/** The report statechart; `download` and `saveFile` are replaced in tests with `.provide`. */
export const reportMachine = createDownloadChart<ReportEvent, ReportRequest>({
  id: 'report',
  start: 'report.generate',
  request: (event) => event.request,
  download: downloadReport,
  logText: (error) => `Report download failed: ${reportErrorMessage(error)}`,
  failureTitle: REPORT_FAILED_TITLE,
});

/** A snapshot of a report actor. */
export type ReportSnapshot = SnapshotFrom<typeof reportMachine>;

/** True while the report is being made (the button is disabled and reads 'Generating...'). */
export function selectIsGenerating(snapshot: ReportSnapshot): boolean {
  return selectIsDownloading(snapshot);
}
