/**
 * CSV export of the users list (issue 15 "Admin productivity": CSV export of the current filtered
 * view): every user matching the list's search, statuses and order, streamed through csv-stringify
 * as the batches are read, so memory holds one batch whatever the number of users.
 *
 * Cells: a header row of the spec's §3 User field names (`USER_EXPORT_COLUMNS`), values as the API
 * gives them (ids and codes as numbers, instants as ISO 8601 UTC, empty for none, `true`/`false`);
 * text a spreadsheet would run as a formula gets a leading apostrophe (`spreadsheetSafe`).
 */
import { Readable, pipeline } from 'node:stream';
import { stringify } from 'csv-stringify';
import { USER_EXPORT_COLUMNS } from '@/api/schemas/users';
import type { User } from '@/api/schemas/users';
import { exportFilename, spreadsheetSafe } from '../reports/dashboard-exports';
import type { CsvExport } from '../reports/dashboard-exports';

/** The file name of an export made at `now`: `users-<London day>.csv`, e.g. `users-2026-11-23.csv`. */
export function usersCsvFilename(now: Date): string {
  return exportFilename('users', now);
}

/**
 * The CSV export of `users` (an iterator over the filtered, ordered list, read as the download
 * goes). Resolves once the first user is read, and rejects with that read's error, so a failing
 * query still answers an error status; a later failure cuts the download short.
 */
export async function usersCsv(users: AsyncIterator<User>, now: Date): Promise<CsvExport> {
  const first = await users.next();
  const records = Readable.from(
    (async function* () {
      if (first.done) return;
      yield first.value;
      for (let next = await users.next(); !next.done; next = await users.next()) yield next.value;
    })(),
  );
  const csv = stringify({
    header: true,
    columns: USER_EXPORT_COLUMNS.map((key) => ({ key, header: key })),
    cast: {
      string: (value, context) => (context.header ? value : spreadsheetSafe(value)),
      boolean: (value) => String(value),
    },
  });
  pipeline(records, csv, () => undefined);
  return { filename: usersCsvFilename(now), stream: csv };
}
