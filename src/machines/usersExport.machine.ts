/**
 * The users panel's 'Export CSV' (issue 15 "CSV export of the current filtered view of users"): the
 * download chart (download-chart.ts) started by `export.start`, which carries the list's filters as
 * they stand (search, statuses, order), so the file holds every page of what the table shows. A
 * second click while downloading is ignored. A failure is logged and shown as the error toast
 * 'Failed to export users' with the reason in words as its detail (issue 30).
 */
import type { SnapshotFrom } from 'xstate';
import { downloadUsersCsv } from '@/api/users';
import type { UsersFilterParams } from '@/api/users';
import { createDownloadChart, selectIsDownloading } from './download-chart';
import { userFilterParams } from './usersList.machine';
import type { UserFilters } from './usersList.machine';

/** The error toast's title of a failed export (the reason is its detail). */
export const USERS_EXPORT_FAILED_MESSAGE = 'Failed to export users';

/** Events the screen sends: export with the list's current filters. */
export type UsersExportEvent = { type: 'export.start'; filters: UserFilters };

/** Statechart `usersExport`; `download` and `saveFile` are replaced in tests with `.provide`. */
export const usersExportMachine = createDownloadChart<UsersExportEvent, UsersFilterParams>({
  id: 'usersExport',
  start: 'export.start',
  request: (event) => userFilterParams(event.filters),
  download: downloadUsersCsv,
  logText: () => 'Users export failed',
  failureTitle: USERS_EXPORT_FAILED_MESSAGE,
});

/** A snapshot of the export actor. */
export type UsersExportSnapshot = SnapshotFrom<typeof usersExportMachine>;

/** True while the file is being made (the button is disabled and shows it is busy). */
export function selectIsExporting(snapshot: UsersExportSnapshot): boolean {
  return selectIsDownloading(snapshot);
}
