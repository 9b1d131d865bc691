/**
 * CSV export of the users list (issue 15 "Admin productivity": CSV export of the current filtered
 * view): every user matching the list's search, statuses and order, streamed through csv-stringify
 * as the batches are read, so memory holds one batch whatever the number of users.
 *
 * Cells (issue 30 "CSV exports with readable values and headers"): a header row of readable names
 * (`USERS_CSV_HEADERS`, one per field of `USER_EXPORT_COLUMNS`, in its order); the role and status
 * in words ('Admin'/'Customer', 'Active'/'Inactive'), the Shopify Admin API flag as 'Yes'/'No',
 * instants as London wall-clock time `YYYY-MM-DD HH:mm:ss` (as the dashboard's exports), empty for
 * none; text a spreadsheet would run as a formula gets a leading apostrophe (`spreadsheetSafe` in
 * ../reports/csv.ts).
 */
import { UserStatus, UserType } from '@/api/schemas/common';
import { USER_EXPORT_COLUMNS } from '@/api/schemas/users';
import type { User } from '@/api/schemas/users';
import { csvStream, exportFilename } from '../reports/csv';
import type { CsvExport } from '../reports/csv';
import { csvDateTime } from '../reports/dashboard-exports';

type ExportedField = (typeof USER_EXPORT_COLUMNS)[number];

/** The header cell of each exported field. */
export const USERS_CSV_HEADERS: Readonly<Record<ExportedField, string>> = {
  id: 'ID',
  user_type_id: 'Role',
  status: 'Status',
  first_name: 'First name',
  last_name: 'Last name',
  email: 'Email',
  company_name: 'Company',
  phone: 'Phone',
  mobile: 'Mobile',
  website: 'Website',
  shopify_id: 'Shopify ID',
  shopify_domain: 'Shopify domain',
  has_shopify_admin_api: 'Shopify Admin API',
  discount_rate: 'Discount (%)',
  shipping_discount_rate: 'Shipping discount (%)',
  feeds: 'Feeds',
  orders: 'Orders',
  created_at: 'Created (Europe/London)',
  updated_at: 'Updated (Europe/London)',
};

/** The role of a `user_type_id` in words (spec §3: 1 Admin, 2 Customer). */
function roleOf(userTypeId: number): string {
  return userTypeId === UserType.Admin ? 'Admin' : 'Customer';
}

/** The status of a user in words (spec §3: 1 Active, 2 Inactive). */
function statusOf(status: number): string {
  return status === UserStatus.Active ? 'Active' : 'Inactive';
}

/** An ISO instant as London wall-clock time; null (never updated) as an empty cell. */
function instantOf(iso: string | null): string {
  return iso === null ? '' : csvDateTime(new Date(iso));
}

/**
 * The CSV cells of `user`, one per field of `USER_EXPORT_COLUMNS`, in its order: codes and flags in
 * words, instants in London time, other values as the API gives them (null as an empty cell).
 */
export function userCsvRecord(user: User): unknown[] {
  return USER_EXPORT_COLUMNS.map((field) => {
    switch (field) {
      case 'user_type_id':
        return roleOf(user.user_type_id);
      case 'status':
        return statusOf(user.status);
      case 'has_shopify_admin_api':
        return user.has_shopify_admin_api ? 'Yes' : 'No';
      case 'created_at':
      case 'updated_at':
        return instantOf(user[field]);
      default:
        return user[field];
    }
  });
}

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
  const records = async function* (): AsyncIterable<unknown[]> {
    if (first.done) return;
    yield userCsvRecord(first.value);
    for (let next = await users.next(); !next.done; next = await users.next())
      yield userCsvRecord(next.value);
  };
  return {
    filename: usersCsvFilename(now),
    stream: csvStream(
      USER_EXPORT_COLUMNS.map((field) => USERS_CSV_HEADERS[field]),
      records(),
    ),
  };
}
