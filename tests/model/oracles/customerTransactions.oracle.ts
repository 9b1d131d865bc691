/** The reviewed table of the customer's latest transactions on their page: the shared widget table of ./resource-table.ts. */
import { resourceTable } from './resource-table';

export default resourceTable(
  'customerTransactions',
  "issue 30 (a customer's page shows their recent transactions), GET /dashboard/transactions?user_id",
);
