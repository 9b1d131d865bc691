import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchUsers } from '@/api/users';
import { fetchUsersPage, USER_FILTER_DEFAULTS } from './usersList.machine';
import { readListQuery, writeListQuery } from './list.machine';

vi.mock('@/api/users', () => ({ fetchUsers: vi.fn() }));

afterEach(() => vi.mocked(fetchUsers).mockReset());

describe('users list fetch', () => {
  it('asks for 100 users a page with the trimmed search and known statuses, and maps the answer', async () => {
    vi.mocked(fetchUsers).mockResolvedValue({ users: [], current_page: 3, total_pages: 4, total: 301 });
    const signal = new AbortController().signal;
    const page = await fetchUsersPage(
      { filters: { query: ' ann ', status: ['2', 'x', '1'] }, page: 3 },
      signal,
    );
    expect(fetchUsers).toHaveBeenCalledWith({ query: 'ann', status: [2, 1], page: 3, limit: 100 }, signal);
    expect(page).toEqual({ items: [], page: 3, totalPages: 4, total: 301 });
  });

  it('reads and writes the users panel URL', () => {
    expect(readListQuery('?query=ann&status=1,2&page=2', USER_FILTER_DEFAULTS)).toEqual({
      filters: { query: 'ann', status: ['1', '2'] },
      page: 2,
    });
    expect(writeListQuery({ filters: { query: 'ann', status: ['2'] }, page: 1 }, USER_FILTER_DEFAULTS)).toBe(
      '?query=ann&status=2',
    );
  });
});
