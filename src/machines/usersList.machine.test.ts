import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchUsers } from '@/api/users';
import { fetchUsersPage, nextUserSort, USER_FILTER_DEFAULTS, userFilterParams } from './usersList.machine';
import { readListQuery, writeListQuery } from './list.machine';

vi.mock('@/api/users', () => ({ fetchUsers: vi.fn() }));

afterEach(() => vi.mocked(fetchUsers).mockReset());

describe('users list fetch', () => {
  it('asks for 100 users a page with the trimmed search, known statuses and the order, and maps the answer', async () => {
    vi.mocked(fetchUsers).mockResolvedValue({ users: [], current_page: 3, total_pages: 4, total: 301 });
    const signal = new AbortController().signal;
    const page = await fetchUsersPage(
      { filters: { query: ' ann ', status: ['2', 'x', '1'], sort: '-orders' }, page: 3 },
      signal,
    );
    expect(fetchUsers).toHaveBeenCalledWith(
      { query: 'ann', status: [2, 1], sort: { column: 'orders', descending: true }, page: 3, limit: 100 },
      signal,
    );
    expect(page).toEqual({ items: [], page: 3, totalPages: 4, total: 301 });
  });

  it('an unknown order from a hand-edited URL is the default order, not sent', () => {
    expect(userFilterParams({ query: '', status: [], sort: 'password' }).sort).toBeNull();
    expect(userFilterParams({ query: '', status: [], sort: '' }).sort).toBeNull();
    expect(userFilterParams({ query: '', status: [], sort: 'name' }).sort).toEqual({
      column: 'name',
      descending: false,
    });
  });

  it('a header click sorts ascending, then descending, then ascending again; another column starts ascending', () => {
    const filters = (sort: string) => ({ query: '', status: [], sort });
    expect(nextUserSort(filters(''), 'name')).toBe('name');
    expect(nextUserSort(filters('name'), 'name')).toBe('-name');
    expect(nextUserSort(filters('-name'), 'name')).toBe('name');
    expect(nextUserSort(filters('-name'), 'orders')).toBe('orders');
    expect(nextUserSort(filters('bogus'), 'email')).toBe('email');
  });

  it('reads and writes the users panel URL', () => {
    expect(readListQuery('?query=ann&status=1,2&sort=-orders&page=2', USER_FILTER_DEFAULTS)).toEqual({
      filters: { query: 'ann', status: ['1', '2'], sort: '-orders' },
      page: 2,
    });
    expect(
      writeListQuery({ filters: { query: 'ann', status: ['2'], sort: '' }, page: 1 }, USER_FILTER_DEFAULTS),
    ).toBe('?query=ann&status=2');
    expect(
      writeListQuery({ filters: { query: '', status: [], sort: 'email' }, page: 3 }, USER_FILTER_DEFAULTS),
    ).toBe('?sort=email&page=3');
  });
});
