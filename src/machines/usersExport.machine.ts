/**
 * The users panel's 'Export CSV' (issue 15 "CSV export of the current filtered view of users"):
 * idle → exporting → idle. `export.start` carries the list's filters as they stand (search,
 * statuses, order), so the file holds every page of what the table shows. The file is fetched with
 * the api client (the bearer token goes in a header) and saved the way the dashboard's reports are
 * (`saveFileInBrowser`); a second click while exporting is ignored. A failure is logged and shown
 * as the error toast 'Failed to export users' with the reason (`failureText`).
 */
import { assertEvent, emit, fromPromise, setup } from 'xstate';
import type { SnapshotFrom } from 'xstate';
import type { ReportFile } from '@/api/download';
import { downloadUsersCsv } from '@/api/users';
import type { UsersFilterParams } from '@/api/users';
import { failureText } from './failure-text';
import { saveFileInBrowser } from './report.machine';
import { uiToast } from './ui-effects';
import type { UiEffect } from './ui-effects';
import { userFilterParams } from './usersList.machine';
import type { UserFilters } from './usersList.machine';

/** The error toast of a failed export (before the reason). */
export const USERS_EXPORT_FAILED_MESSAGE = 'Failed to export users';

/** Events the screen sends: export with the list's current filters. */
export type UsersExportEvent = { type: 'export.start'; filters: UserFilters };

/** Statechart `usersExport`; `download` and `saveFile` are replaced in tests with `.provide`. */
export const usersExportMachine = setup({
  // Stryker disable next-line ObjectLiteral: XState ignores `types` at run time (only TypeScript reads it)
  types: {
    events: {} as UsersExportEvent,
    emitted: {} as UiEffect,
  },
  actors: {
    download: fromPromise<ReportFile, UsersFilterParams>(({ input, signal }) =>
      downloadUsersCsv(input, signal),
    ),
  },
  actions: {
    saveFile: (_, params: ReportFile) => saveFileInBrowser(params),
    logFailure: (_, params: { error: unknown }) => {
      console.error('Users export failed', params.error);
    },
    toastFailure: emit((_, params: { error: unknown }) =>
      uiToast('error', failureText(USERS_EXPORT_FAILED_MESSAGE, params.error)),
    ),
  },
}).createMachine({
  id: 'usersExport',
  initial: 'idle',
  states: {
    idle: {
      on: { 'export.start': { target: 'exporting' } },
    },
    exporting: {
      invoke: {
        src: 'download',
        input: ({ event }) => {
          assertEvent(event, 'export.start');
          return userFilterParams(event.filters);
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

/** A snapshot of the export actor. */
export type UsersExportSnapshot = SnapshotFrom<typeof usersExportMachine>;

/** True while the file is being made (the button is disabled and shows it is busy). */
export function selectIsExporting(snapshot: UsersExportSnapshot): boolean {
  return snapshot.matches('exporting');
}
