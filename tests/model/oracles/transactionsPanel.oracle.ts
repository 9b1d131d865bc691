/**
 * The Transactions panel's reviewed table, the shared panel table of ./dashboard-panel-table.ts: its
 * one period serves both the filters' dropdown and the 'TRANSACTIONS REPORT' period dropdown of spec
 * §2, so the report holds what the table shows.
 */
import { dashboardPanelTable } from './dashboard-panel-table';

export default dashboardPanelTable('transactionsPanel', 'spec §2 Transactions panel');
