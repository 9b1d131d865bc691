/** Users and user statistics calls of the /backoffice contract (spec §7 /users; issue 15 export). */
import type { KyInstance } from 'ky';
import { createApiClient, request } from './client';
import { downloadFile } from './download';
import type { ReportFile } from './download';
import { User, UserSaved, UsersPage, UserStatistics, userSortText } from './schemas/users';
import type { CreateUserRequest, UpdateUserRequest, UserSort, UserStatistic } from './schemas/users';

/** The filters of the users list and its CSV export: search, statuses (numbers) and order. */
export interface UsersFilterParams {
  query: string;
  status: readonly number[];
  /** null: the default order, newest first. */
  sort: UserSort;
}

/** Query of GET /users: the filters, `page` 1-based, `limit` ≤ 100. */
export interface UsersQueryParams extends UsersFilterParams {
  page: number;
  limit: number;
}

/** The search string of the filters: `query`, `status` comma-joined, `sort`, each only when set. */
function filterSearchParams(params: UsersFilterParams): Record<string, string> {
  const searchParams: Record<string, string> = {};
  if (params.query !== '') searchParams.query = params.query;
  if (params.status.length > 0) searchParams.status = params.status.join(',');
  if (params.sort !== null) searchParams.sort = userSortText(params.sort);
  return searchParams;
}

/**
 * GET /users: one page of users matching the search and statuses, in the order asked for.
 * @throws ApiError (see `request`)
 */
export function fetchUsers(params: UsersQueryParams, signal?: AbortSignal): Promise<UsersPage> {
  const searchParams = { ...filterSearchParams(params), page: params.page, limit: params.limit };
  return request(UsersPage, 'get', 'users', { searchParams, signal });
}

/** Downloads the users list as CSV; see {@link downloadUsersCsv}. */
export type UsersCsvDownloader = (filters: UsersFilterParams, signal?: AbortSignal) => Promise<ReportFile>;

/**
 * Builds the CSV downloader on a client's ky instance (its hook adds the bearer token), through
 * `downloadFile` (./download.ts) like every report and export; a refusal carries the server's reason
 * (`serverMessage`) for the toast. Tests pass one built with `createApiClient({ prefixUrl, fetch })`.
 */
export function createUsersCsvDownloader(http: KyInstance): UsersCsvDownloader {
  return (filters, signal) =>
    downloadFile(http, 'users/export.csv', filterSearchParams(filters), 'users.csv', signal);
}

/**
 * GET /users/export.csv (issue 15) as a file, with the app's client: the users list's search,
 * statuses and order, so the file holds what the table shows (every page of it).
 * @throws ApiError kind 'http' with `status` (and the server's message) on a non-OK answer;
 *   'network' without an answer; 'unauthorized' when no token is stored
 */
export const downloadUsersCsv: UsersCsvDownloader = createUsersCsvDownloader(createApiClient().http);

/** GET /users/{userId}. @throws ApiError (404 for an unknown user) */
export function fetchUser(userId: number, signal?: AbortSignal): Promise<User> {
  return request(User, 'get', `users/${userId}`, { signal });
}

/**
 * POST /users/create. Resolves with the server's message ('User created successful') and the user.
 * @throws ApiError: 400 naming the fields that break a rule, 409 when the email is taken
 */
export function createUser(body: CreateUserRequest, signal?: AbortSignal): Promise<UserSaved> {
  return request(UserSaved, 'post', 'users/create', { json: body, signal });
}

/**
 * PUT /users/{userId}; a password or Shopify key left out keeps the stored one (spec §5: a blank
 * password is not sent).
 * @throws ApiError: 400, 404, 409 as for create
 */
export function updateUser(
  userId: number,
  body: UpdateUserRequest,
  signal?: AbortSignal,
): Promise<UserSaved> {
  return request(UserSaved, 'put', `users/${userId}`, { json: body, signal });
}

/** GET /users/statistics: the four statistic entries. @throws ApiError */
export function fetchUserStatistics(signal?: AbortSignal): Promise<UserStatistic[]> {
  return request(UserStatistics, 'get', 'users/statistics', { signal });
}
