/** The reviewed table of the dashboard's `weeklyOrders` widget: the shared widget table of ./resource-table.ts. */
import { resourceTable } from './resource-table';

export default resourceTable('weeklyOrders', "spec §2 'Orders this week', §7 GET /dashboard/orders/weekly");
