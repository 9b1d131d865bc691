/**
 * Model of ordersPanelMachine, id `ordersPanel` (spec §2 User Orders panel, §4 "Orders period"),
 * through the shared panel model of ./dashboard-panel.ts: the list starts on Last 7 days
 * from page 1, and every new range of the period becomes the list's day filters.
 */
import { ordersPanelMachine } from '@/machines/dashboardPanel.machine';
import { defineDashboardPanelModel } from './dashboard-panel';

export default defineDashboardPanelModel({
  machine: ordersPanelMachine,
  children: ['list', 'period', 'report'],
  listFilters: (range) => ({ start_date: range.from, end_date: range.to }),
});
