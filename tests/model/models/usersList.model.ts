/**
 * Model of usersListMachine (spec §2 "Users list panel": 'Search users', 'Filter by Status' Active /
 * Inactive, 100 a page; issue 3 "List state lives in the URL"; issue 15 column sort), through the shared list model of
 * ../list-model.ts. Every query is fetched; the list keeps the URL (`urlSync`).
 */
import type { User } from '@/api/schemas/users';
import { usersListMachine } from '@/machines/usersList.machine';
import type { UserFilters } from '@/machines/usersList.machine';
import { defineListModel } from '../list-model';

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
});
