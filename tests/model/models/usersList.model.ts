/**
 * Model of usersListMachine (spec §2 "Users list panel": 'Search users', 'Filter by Status' Active /
 * Inactive, 100 a page; issue 3 "List state lives in the URL"; issue 15 column sort), through the
 * shared list model of ../list-model.ts. Every query is fetched; the list keeps the URL (`urlSync`).
 *
 * In every state the model also checks, for the filters shown:
 * - the request they make (`userFilterParams`): the search, statuses as numbers, the order as a
 *   column and a direction;
 * - what a click on each column header asks for (`nextUserSort`): ascending first, then descending,
 *   then ascending again.
 * Both are written out per value below, not taken from the app.
 */
import { expect } from 'vitest';
import { USER_SORT_COLUMNS } from '@/api/schemas/users';
import type { User, UserSortColumn } from '@/api/schemas/users';
import { nextUserSort, userFilterParams, usersListMachine } from '@/machines/usersList.machine';
import type { UserFilters } from '@/machines/usersList.machine';
import { defineListModel } from '../list-model';

/** Spec §2 'Filter by Status': the status each URL value asks the server for. */
const STATUS_SENT: Readonly<Record<string, number>> = { '1': 1, '2': 2 };

/** Every `sort` value the walk reaches: the order it asks for, and each header click from it. */
const SORTS: Readonly<
  Record<
    string,
    { sent: { column: UserSortColumn; descending: boolean } | null; click: Record<UserSortColumn, string> }
  >
> = {
  '': { sent: null, click: { name: 'name', email: 'email', status: 'status', orders: 'orders' } },
  '-orders': {
    sent: { column: 'orders', descending: true },
    click: { name: 'name', email: 'email', status: 'status', orders: 'orders' },
  },
  name: {
    sent: { column: 'name', descending: false },
    click: { name: '-name', email: 'email', status: 'status', orders: 'orders' },
  },
};

function checkFilters(filters: UserFilters): void {
  const sort = SORTS[filters.sort];
  if (sort === undefined) throw new Error(`no expectation for the sort '${filters.sort}'`);
  expect(userFilterParams(filters), 'the request the shown filters make').toEqual({
    query: filters.query.trim(),
    status: filters.status.map((status) => STATUS_SENT[status]),
    sort: sort.sent,
  });
  expect(
    Object.fromEntries(USER_SORT_COLUMNS.map((column) => [column, nextUserSort(filters, column)])),
    'what each header click asks for',
  ).toEqual(sort.click);
}

const GRACE: User = {
  id: 2,
  user_type_id: 2,
  status: 1,
  first_name: 'Grace',
  last_name: 'Hopper',
  email: 'grace@example.com',
  company_name: 'Hopper Health',
  phone: '+44 20 7946 0000',
  mobile: null,
  website: 'hopper.example.com',
  shopify_id: 'hopper-health',
  shopify_domain: 'hopper-health.myshopify.com',
  has_shopify_admin_api: false,
  shopify_connection: {
    status: 'not_configured',
    checked_at: null,
    shop_name: null,
    scopes: [],
    failure: null,
  },
  discount_rate: 10,
  shipping_discount_rate: 5,
  avatar: null,
  feeds: 42.5,
  orders: 3,
  created_at: '2025-01-02T09:00:00.000Z',
  updated_at: null,
};

export default defineListModel<UserFilters, User>({
  machine: usersListMachine,
  inputs: {
    'no filters': {
      filters: { query: '', status: [], sort: '' },
      page: 1,
      // The model walks the machine without a router: no location ever arrives.
      urlSync: { defaults: { query: '', status: [], sort: '' }, subscribe: () => () => {} },
    },
  },
  canFetch: () => true,
  filterChanges: [{ query: 'grace' }, { status: ['2'] }, { sort: '-orders' }],
  otherUrlQuery: { filters: { query: 'ada', status: ['1'], sort: 'name' }, page: 2 },
  pages: [{ items: [GRACE], page: 1, totalPages: 2, total: 101 }],
  checkFilters,
});
