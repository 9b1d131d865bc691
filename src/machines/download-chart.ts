/**
 * The one download statechart (issue 30 "one download statechart for reports and exports"): a
 * file asked of the server and saved in the browser, idle → downloading → idle. While downloading
 * the button is busy and a second request is ignored. On success the file is saved under the
 * server's file name; a failure is logged and shown as the error toast whose title is the
 * machine's fixed text and whose detail is the reason in words (`failureReason`, issue 30: never
 * 'HTTP error! status: 500', never joined to the title with ':').
 *
 * The dashboard's reports and CSV exports (report.machine.ts) and the users' CSV export
 * (usersExport.machine.ts) are this chart, each with its own id, start event, request and texts.
 */
import { emit, fromPromise, setup } from 'xstate';
import type { ReportFile } from '@/api/download';
import { failureReason } from './failure-text';
import { uiToast } from './ui-effects';
import type { UiEffect } from './ui-effects';

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

/** What makes one download chart differ from another. */
export interface DownloadChartOptions<TEvent extends { type: string }, TRequest> {
  /** The machine's id (names its model, table and diagram). */
  id: string;
  /** The `type` of the event that starts a download. */
  start: TEvent['type'];
  /** The request a start event asks for (what the `download` actor is started with). */
  request: (event: TEvent) => TRequest;
  /** Fetches the file; rejects with an `ApiError` (or an abort error when stopped). */
  download: (request: TRequest, signal: AbortSignal) => Promise<ReportFile>;
  /** What is logged before the error (console.error) when a download fails, worded from it. */
  logText: (error: unknown) => string;
  /** The failure toast's title, a fixed text; the reason in words goes in its detail. */
  failureTitle: string;
}

/**
 * A download statechart (see the module comment) with `download` and `saveFile` replaceable with
 * `.provide`. Emits only the failure's error toast.
 */
export function createDownloadChart<TEvent extends { type: string }, TRequest>(
  options: DownloadChartOptions<TEvent, TRequest>,
) {
  // Written out rather than inferred: TypeScript cannot check a transition or an invoke against a
  // generic event type, so the two are typed here and cast below.
  const start = { [options.start]: { target: 'downloading' } } as Record<string, { target: 'downloading' }>;
  const invokeDownload = {
    src: 'download',
    input: ({ event }: { event: TEvent }) => options.request(event),
    onDone: {
      target: 'idle',
      actions: { type: 'saveFile', params: ({ event }: { event: { output: ReportFile } }) => event.output },
    },
    onError: {
      target: 'idle',
      actions: [
        {
          type: 'logFailure',
          params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }),
        },
        {
          type: 'toastFailure',
          params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }),
        },
      ],
    },
  } as const;
  return setup({
    // Stryker disable next-line ObjectLiteral: XState ignores `types` at run time (only TypeScript reads it)
    types: {
      events: {} as TEvent,
      emitted: {} as UiEffect,
    },
    actors: {
      download: fromPromise<ReportFile, TRequest>(({ input, signal }) => options.download(input, signal)),
    },
    actions: {
      saveFile: (_, params: ReportFile) => saveFileInBrowser(params),
      logFailure: (_, params: { error: unknown }) => {
        console.error(options.logText(params.error), params.error);
      },
      toastFailure: emit((_, params: { error: unknown }) =>
        uiToast('error', options.failureTitle, failureReason(params.error)),
      ),
    },
  }).createMachine({
    id: options.id,
    initial: 'idle',
    states: {
      idle: { on: start },
      downloading: { invoke: invokeDownload as never },
    },
  });
}

/** True while the file is being made (the button is disabled and shows it is busy). */
export function selectIsDownloading(snapshot: { matches: (state: 'downloading') => boolean }): boolean {
  return snapshot.matches('downloading');
}
