/**
 * CSV export of the users list (issue 15 "Admin productivity": CSV export of the current filtered
 * view): every user matching the list's search, statuses and order, streamed through csv-stringify
 * as the batches are read, so memory holds one batch whatever the number of users.
 *
 * Cells: a header row of the spec's §3 User field names (`USER_EXPORT_COLUMNS`), values as the API
 * gives them (ids and codes as numbers, instants as ISO 8601 UTC, empty for none, `true`/`false`);
 * text a spreadsheet would run as a formula gets a leading apostrophe (`spreadsheetSafe` in ../reports/csv.ts).
 */
import { USER_EXPORT_COLUMNS } from '@/api/schemas/users';
import type { User } from '@/api/schemas/users';
import { csvStream, exportFilename } from '../reports/csv';
import type { CsvExport } from '../reports/csv';

/** The export's columns: each field of `USER_EXPORT_COLUMNS` under its own name. */
const COLUMNS = USER_EXPORT_COLUMNS.map((key) => ({ key, header: key }));

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
  // The first user again, then the rest as the stream asks for them.
  const records = async function* (): AsyncIterable<User> {
    if (first.done) return;
    yield first.value;
    for (let next = await users.next(); !next.done; next = await users.next()) yield next.value;
  };
  return {
    filename: usersCsvFilename(now),
    stream: csvStream(COLUMNS, records(), { boolean: (value) => String(value) }),
  };
}
