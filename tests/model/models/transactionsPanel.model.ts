/**
 * Model of transactionsPanelMachine, id `transactionsPanel` (spec §2 Transactions panel, §4 "Orders
 * period"; issue 15), through the shared panel model of ./dashboard-panel.ts: the list starts on the
 * URL's `tx.` keys or every status on Last 7 days from page 1, every settled range of its one period
 * (the filters' dropdown and the report's) becomes the list's day filters, and every move of the
 * list's days by the URL goes to the period.
 */
import { transactionsPanelMachine } from '@/machines/dashboardPanel.machine';
import { defineDashboardPanelModel } from './dashboard-panel';

export default defineDashboardPanelModel({
  machine: transactionsPanelMachine,
  children: ['list', 'period', 'report', 'export'],
  listFilters: (range) => ({ status: [], start_date: range.from, end_date: range.to, sort: '' }),
  prefix: 'tx.',
  regionId: 'transactions-table',
  urlSearch:
    '?orders.start_date=2024-11-01&tx.status=1,4&tx.end_date=&tx.sort=-amount&tx.page=2&orders.sort=id',
  urlRange: { from: '2025-01-27', to: '' },
  urlFilters: { status: ['1', '4'], start_date: '2025-01-27', end_date: '', sort: '-amount' },
});
