/**
 * The users panel's list (spec §2 "Users list panel", issue 3 "List state lives in the URL"): the
 * generic list statechart over GET /users, filtered by `query` and `status` ('1' Active, '2'
 * Inactive), 100 users a page (spec §9).
 */
import { fetchUsers } from '@/api/users';
import type { User } from '@/api/schemas/users';
import { USERS_PAGE_LIMIT } from '@/api/schemas/users';
import { createListMachine } from './list.machine';
import type { ListPage, ListQuery } from './list.machine';

/** The users panel's filters as they stand in the URL (`?query=&status=1,2&page=`). */
export type UserFilters = { query: string; status: string[] };

/** No search, every status. */
export const USER_FILTER_DEFAULTS: UserFilters = { query: '', status: [] };

/** The status choices of 'Filter by Status' (spec §2), as URL values. */
export const USER_STATUS_CHOICES = [
  { value: '1', label: 'Active' },
  { value: '2', label: 'Inactive' },
] as const;

const KNOWN_STATUSES = new Set<string>(USER_STATUS_CHOICES.map((choice) => choice.value));

/**
 * Fetches one page of users for the list machine. Unknown statuses from a hand-edited URL are
 * dropped rather than sent (the server would refuse the whole request).
 */
export async function fetchUsersPage(
  query: ListQuery<UserFilters>,
  signal: AbortSignal,
): Promise<ListPage<User>> {
  const answer = await fetchUsers(
    {
      query: query.filters.query.trim(),
      status: query.filters.status.filter((status) => KNOWN_STATUSES.has(status)).map(Number),
      page: query.page,
      limit: USERS_PAGE_LIMIT,
    },
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
