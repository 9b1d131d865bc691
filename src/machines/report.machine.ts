/**
 * A PDF report download (spec §2 'TRANSACTIONS REPORT' / 'ORDERS REPORT', §8 "Report download
 * failure"), and the same for a list's CSV export (issue 15; `format: 'csv'`): idle → generating →
 * idle. While generating the button reads 'Generating...' and a
 * second request is ignored. On success the file is saved under the server's file name; a failure
 * is logged and shown as the shared error toast (`uiToast`, issue 14) with
 * 'HTTP error! status: {code}' (a failure without a status, such as no network, shows the client's
 * message instead). On the dashboard the report runs as the child `report` of its panel's statechart
 * (dashboardPanel.machine.ts); the panel's report button connects that child's effects to the root
 * handler (`useUiEffects`).
 */
import { assertEvent, emit, fromPromise, setup } from 'xstate';
import type { SnapshotFrom } from 'xstate';
import { ApiError } from '@/api/client';
import { downloadReport } from '@/api/dashboard';
import type { ReportRequest } from '@/api/dashboard';
import type { ReportFile } from '@/api/download';
import { failureText } from './failure-text';
import { uiToast } from './ui-effects';
import type { UiEffect } from './ui-effects';

/** Spec §2: the button's text while the report is made. */
export const GENERATING_LABEL = 'Generating...';

/**
 * Spec §8: the text of a failed download with an HTTP status, 'HTTP error! status: {code}', followed
 * by the server's reason when it gave one (issue 15, `failureText`); without a status (no network)
 * the client's own message.
 */
export function reportErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.status !== null) {
    const specText = `HTTP error! status: ${error.status}`;
    return error.serverMessage === null ? specText : failureText(specText, error);
  }
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

/** Emitted for the screen: the failure's error toast. */
export type ReportEmitted = UiEffect;

/** The report statechart; `download` and `saveFile` are replaced in tests with `.provide`. */
export const reportMachine = setup({
  // Stryker disable next-line ObjectLiteral: XState ignores `types` at run time (only TypeScript reads it)
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
    toastFailure: emit((_, params: { error: unknown }) => uiToast('error', reportErrorMessage(params.error))),
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
          actions: { type: 'saveFile', params: ({ event }) => event.output },
        },
        onError: {
          target: 'idle',
          actions: [
            { type: 'logFailure', params: ({ event }) => ({ error: event.error }) },
            { type: 'toastFailure', params: ({ event }) => ({ error: event.error }) },
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
