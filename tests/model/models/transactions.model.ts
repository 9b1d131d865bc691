/**
 * Model of transactionsListMachine, id `transactions` (spec §2 Transactions panel: status
 * checkboxes, From and To, pages from the server), through the shared list model of
 * ../list-model.ts. Open date ends are allowed; days with From after To are never asked for (issue
 * 15). The dashboard keeps the list in the URL under `tx.` beside the orders panel's keys; its order
 * is the `sort` filter (issue 30).
 */
import type { Transaction } from '@/api/schemas/dashboard';
import { transactionsListMachine } from '@/machines/transactionsList.machine';
import type { TransactionFilters } from '@/machines/transactionsList.machine';
import { defineListModel } from '../list-model';

const TRANSACTION: Transaction = {
  id: 11,
  transaction: 'Payment from Ada Lovelace',
  date: '2025-01-03T10:15:00.000Z',
  amount: 4599,
  reference_number: 'REF-0011',
  payment_method: 'Visa',
  status: 1,
};

export default defineListModel<TransactionFilters, Transaction>({
  machine: transactionsListMachine,
  inputs: {
    'no filters': { filters: { status: [], start_date: '', end_date: '', sort: '' }, page: 1 },
    'on the dashboard URL': {
      filters: { status: ['2'], start_date: '2025-01-01', end_date: '2025-01-08', sort: 'amount' },
      page: 2,
      // As the dashboard starts it: a page asked for focuses the table (issue 30).
      regionId: 'transactions-table',
      // The model walks the machine without a router: no location ever arrives by itself.
      urlSync: {
        defaults: { status: [], start_date: '2025-01-01', end_date: '2025-01-08', sort: '' },
        subscribe: () => () => {},
        prefix: 'tx.',
      },
    },
  },
  // Issue 15: From not after To (the fixtures' days are all real days of 2000–2100).
  canFetch: (filters) =>
    filters.start_date === '' || filters.end_date === '' || filters.start_date <= filters.end_date,
  filterChanges: [
    { status: ['1', '3'] },
    { start_date: '2025-01-01', end_date: '2025-01-08' },
    { start_date: '2025-01-09', end_date: '2025-01-08' },
    // Issue 30: a new order is a filter change (page 1, `tx.sort` in the URL).
    { sort: '-amount' },
  ],
  foreignSearch: '?orders.start_date=2024-12-01&orders.page=3',
  otherUrlQuery: { filters: { status: ['2'], start_date: '', end_date: '', sort: 'status' }, page: 2 },
  pages: [{ items: [TRANSACTION], page: 1, totalPages: 3, total: null }],
});
