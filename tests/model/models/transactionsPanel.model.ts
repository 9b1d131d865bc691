/**
 * Model of transactionsPanelMachine, id `transactionsPanel` (spec §2 Transactions panel, §4 "Orders
 * period"), through the shared panel model of ./dashboard-panel.ts: the list starts with
 * every status on Last 7 days from page 1, every new range of the list's period becomes the list's
 * day filters, and the report has a period of its own.
 */
import { transactionsPanelMachine } from '@/machines/dashboardPanel.machine';
import { defineDashboardPanelModel } from './dashboard-panel';

export default defineDashboardPanelModel({
  machine: transactionsPanelMachine,
  children: ['list', 'period', 'report', 'reportPeriod'],
  listFilters: (range) => ({ status: [], start_date: range.from, end_date: range.to }),
});
