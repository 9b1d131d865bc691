/**
 * The users panel's list (spec §2 "Users list panel", issue 3 "List state lives in the URL", issue 15
 * column sort): the generic list statechart over GET /users, filtered by `query` and `status` ('1'
 * Active, '2' Inactive), ordered by `sort` ('name', '-orders', ...; '' newest first), 100 users a
 * page (spec §9). A new order is a filter change: it goes back to page 1 and into the URL.
 */
import { fetchUsers } from '@/api/users';
import type { UsersFilterParams } from '@/api/users';
import type { User, UserSort, UserSortColumn } from '@/api/schemas/users';
import { parseUserSort, USERS_PAGE_LIMIT, userSortText } from '@/api/schemas/users';
import { createListMachine } from './list.machine';
import type { ListPage, ListQuery } from './list.machine';

/** The users panel's filters as they stand in the URL (`?query=&status=1,2&sort=-orders&page=`). */
export type UserFilters = { query: string; status: string[]; sort: string };

/** No search, every status, newest first. */
export const USER_FILTER_DEFAULTS: UserFilters = { query: '', status: [], sort: '' };

/** The status choices of 'Filter by Status' (spec §2), as URL values. */
export const USER_STATUS_CHOICES = [
  { value: '1', label: 'Active' },
  { value: '2', label: 'Inactive' },
] as const;

const KNOWN_STATUSES = new Set<string>(USER_STATUS_CHOICES.map((choice) => choice.value));

/** The order the list's `sort` filter names; null (newest first) for '' or a hand-edited unknown one. */
export function userSortOf(filters: UserFilters): UserSort {
  return parseUserSort(filters.sort) ?? null;
}

/**
 * The `sort` filter after a click on the header of `column`: ascending first, then descending, then
 * ascending again (a sortable column is always in one order once chosen).
 */
export function nextUserSort(filters: UserFilters, column: UserSortColumn): string {
  const current = userSortOf(filters);
  const descending = current?.column === column && !current.descending;
  return userSortText({ column, descending });
}

/**
 * The request filters of the list's filters: the search trimmed; unknown statuses and an unknown
 * order from a hand-edited URL dropped rather than sent (the server would refuse the request).
 * Shared by the page fetch and the CSV export, so the file holds what the table shows.
 */
export function userFilterParams(filters: UserFilters): UsersFilterParams {
  return {
    query: filters.query.trim(),
    status: filters.status.filter((status) => KNOWN_STATUSES.has(status)).map(Number),
    sort: userSortOf(filters),
  };
}

/** Fetches one page of users for the list machine (see {@link userFilterParams}). */
export async function fetchUsersPage(
  query: ListQuery<UserFilters>,
  signal: AbortSignal,
): Promise<ListPage<User>> {
  const answer = await fetchUsers(
    { ...userFilterParams(query.filters), page: query.page, limit: USERS_PAGE_LIMIT },
    signal,
  );
  return {
    items: answer.users,
    page: answer.current_page,
    totalPages: answer.total_pages,
    total: answer.total,
  };
}

/**
 * The users list statechart; start it with
 * `input: { ...readListQuery(location.search, USER_FILTER_DEFAULTS), urlSync: { defaults: USER_FILTER_DEFAULTS } }`.
 */
export const usersListMachine = createListMachine<UserFilters, User>({
  id: 'usersList',
  fetchPage: fetchUsersPage,
});
