/** The reviewed table of the customer's latest orders on their page: the shared widget table of ./resource-table.ts. */
import { resourceTable } from './resource-table';

export default resourceTable(
  'customerOrders',
  "issue 30 (a customer's page shows their recent orders), GET /dashboard/orders?user_id",
);
