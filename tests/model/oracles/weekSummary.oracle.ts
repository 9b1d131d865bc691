/** The reviewed table of the dashboard's `weekSummary` widget: the shared widget table of ./resource-table.ts. */
import { resourceTable } from './resource-table';

export default resourceTable(
  'weekSummary',
  'issue 5 (the week at a glance card), GET /dashboard/orders/summary',
);
