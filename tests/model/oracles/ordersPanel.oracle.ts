/** The User Orders panel's reviewed table, the shared panel table of ./dashboard-panel-table.ts. */
import { dashboardPanelTable } from './dashboard-panel-table';

export default dashboardPanelTable('ordersPanel', 'spec §2 User Orders panel');
