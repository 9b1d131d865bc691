/**
 * Model of ordersPanelMachine, id `ordersPanel` (spec §2 User Orders panel, §4 "Orders period";
 * issue 15), through the shared panel model of ./dashboard-panel.ts: the list starts on the URL's
 * `orders.` keys or Last 7 days from page 1, every settled range of the period becomes the list's day
 * filters, and every move of the list's days by the URL goes to the period.
 */
import { ordersPanelMachine } from '@/machines/dashboardPanel.machine';
import { defineDashboardPanelModel } from './dashboard-panel';

export default defineDashboardPanelModel({
  machine: ordersPanelMachine,
  children: ['list', 'period', 'report', 'export'],
  listFilters: (range) => ({ start_date: range.from, end_date: range.to, sort: '' }),
  prefix: 'orders.',
  regionId: 'user-orders-table',
  urlSearch:
    '?tx.start_date=2024-11-01&orders.start_date=2025-01-10&orders.sort=-id&orders.page=2&tx.sort=amount',
  urlRange: { from: '2025-01-10', to: '2025-02-03' },
  urlFilters: { start_date: '2025-01-10', end_date: '2025-02-03', sort: '-id' },
});
