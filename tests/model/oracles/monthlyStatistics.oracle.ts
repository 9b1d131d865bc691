/** The reviewed table of the dashboard's `monthlyStatistics` widget: the shared widget table of ./resource-table.ts. */
import { resourceTable } from './resource-table';

export default resourceTable(
  'monthlyStatistics',
  'spec §2 Statistics this month, §7 GET /dashboard/statistics/monthly',
);
