/** The reviewed table of the customer's feeds on their page: the shared widget table of ./resource-table.ts. */
import { resourceTable } from './resource-table';

export default resourceTable('customerFeeds', "issue 30 (a customer's page shows their feeds), GET /feeds");
