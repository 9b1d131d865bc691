/**
 * A PDF report download (spec §2 'TRANSACTIONS REPORT' / 'ORDERS REPORT', §8 "Report download
 * failure"): idle → generating → idle. While generating the button reads 'Generating...' and a
 * second request is ignored. On success the file is saved under the server's file name; a failure
 * is logged and emitted as `report.failed` with 'HTTP error! status: {code}' for the screen's error
 * toast (a failure without a status, such as no network, carries the client's message instead).
 */
import { assertEvent, emit, fromPromise, setup } from 'xstate';
import type { SnapshotFrom } from 'xstate';
import { ApiError } from '@/api/client';
import { downloadReport } from '@/api/dashboard';
import type { ReportFile, ReportRequest } from '@/api/dashboard';

/** Spec §2: the button's text while the report is made. */
export const GENERATING_LABEL = 'Generating...';

/** Spec §8: the text of a failed report download with HTTP status `status`. */
export function reportErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.status !== null) return `HTTP error! status: ${error.status}`;
  return error instanceof Error ? error.message : String(error);
}

/** Saves `file` in the browser's downloads through a temporary object URL. */
export function saveFileInBrowser(file: ReportFile): void {
  const url = URL.createObjectURL(file.blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = file.filename;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  // The click has handed the blob to the download manager; the URL is no longer needed.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** Events a screen sends. */
export type ReportEvent = { type: 'report.generate'; request: ReportRequest };

/** Emitted for the screen: a failure to show, or the saved file's name. */
export type ReportEmitted =
  { type: 'report.failed'; message: string } | { type: 'report.saved'; filename: string };

/** The report statechart; `download` and `saveFile` are replaced in tests with `.provide`. */
export const reportMachine = setup({
  types: {
    events: {} as ReportEvent,
    emitted: {} as ReportEmitted,
  },
  actors: {
    download: fromPromise<ReportFile, ReportRequest>(({ input, signal }) => downloadReport(input, signal)),
  },
  actions: {
    saveFile: (_, params: ReportFile) => saveFileInBrowser(params),
    logFailure: (_, params: { error: unknown }) => {
      console.error('Report download failed', params.error);
    },
    emitFailed: emit((_, params: { error: unknown }) => ({
      type: 'report.failed' as const,
      message: reportErrorMessage(params.error),
    })),
    emitSaved: emit((_, params: { filename: string }) => ({
      type: 'report.saved' as const,
      filename: params.filename,
    })),
  },
}).createMachine({
  id: 'report',
  initial: 'idle',
  states: {
    idle: {
      on: { 'report.generate': { target: 'generating' } },
    },
    generating: {
      invoke: {
        src: 'download',
        input: ({ event }) => {
          assertEvent(event, 'report.generate');
          return event.request;
        },
        onDone: {
          target: 'idle',
          actions: [
            { type: 'saveFile', params: ({ event }) => event.output },
            { type: 'emitSaved', params: ({ event }) => ({ filename: event.output.filename }) },
          ],
        },
        onError: {
          target: 'idle',
          actions: [
            { type: 'logFailure', params: ({ event }) => ({ error: event.error }) },
            { type: 'emitFailed', params: ({ event }) => ({ error: event.error }) },
          ],
        },
      },
    },
  },
});

/** A snapshot of a report actor. */
export type ReportSnapshot = SnapshotFrom<typeof reportMachine>;

/** True while the report is being made (the button is disabled and reads 'Generating...'). */
export function selectIsGenerating(snapshot: ReportSnapshot): boolean {
  return snapshot.matches('generating');
}
