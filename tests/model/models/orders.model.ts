/**
 * Model of ordersListMachine, id `orders` (spec §2 User Orders panel: pages of 10, "The fetch only
 * runs when both dates are set"; issue 15: never for From after To; the dashboard keeps the list in
 * the URL under `orders.` beside the transactions panel's keys; issue 30: its order is the `sort`
 * filter), through the shared list model of ../list-model.ts.
 */
import type { UserOrder } from '@/api/schemas/dashboard';
import { ordersListMachine } from '@/machines/ordersList.machine';
import type { OrderFilters } from '@/machines/ordersList.machine';
import { defineListModel } from '../list-model';

const ORDER: UserOrder = {
  id: 7,
  date: '2025-01-03T10:15:00.000Z',
  customer_name: 'Ada Lovelace',
  number_of_items: 3,
  cost_of_order_ex_vat: 2500,
  cost_of_order_inc_vat: 3000,
};

export default defineListModel<OrderFilters, UserOrder>({
  machine: ordersListMachine,
  inputs: {
    'both days': { filters: { start_date: '2025-01-01', end_date: '2025-01-08', sort: '' }, page: 1 },
    'no From day, page 2': { filters: { start_date: '', end_date: '2025-01-08', sort: '' }, page: 2 },
    'on the dashboard URL': {
      filters: { start_date: '2025-01-01', end_date: '2025-01-08', sort: '-cost_of_order_inc_vat' },
      page: 1,
      // The model walks the machine without a router: no location ever arrives by itself.
      urlSync: {
        defaults: { start_date: '2025-01-01', end_date: '2025-01-08', sort: '' },
        subscribe: () => () => {},
        prefix: 'orders.',
      },
    },
  },
  // Spec §2: both days must be set; issue 15: From not after To. Written here rather than taken
  // from the machine's module (the fixtures' days are all real days of 2000–2100).
  canFetch: (filters) =>
    filters.start_date !== '' && filters.end_date !== '' && filters.start_date <= filters.end_date,
  // Issue 30: a new order is a filter change (page 1, `orders.sort` in the URL).
  filterChanges: [
    { start_date: '' },
    { start_date: '2024-12-01' },
    { start_date: '2025-02-01' },
    { sort: 'customer_name' },
  ],
  foreignSearch: '?tx.status=1,3&tx.page=2',
  otherUrlQuery: { filters: { start_date: '2024-12-01', end_date: '2024-12-31', sort: '-date' }, page: 3 },
  pages: [{ items: [ORDER], page: 1, totalPages: 4, total: null }],
});
