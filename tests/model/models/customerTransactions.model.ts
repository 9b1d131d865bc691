/** Model of the customer's latest transactions on their page (issue 30), through the shared widget model of ../resource-model.ts. */
import { customerTransactionsMachine } from '@/machines/customerActivity.machine';
import { aTransaction } from '@test-support/builders';
import { defineResourceModel } from '../resource-model';

export default defineResourceModel(
  customerTransactionsMachine,
  { transactions: [aTransaction()], current_page: 1, total_pages: 1 },
  { userId: 12 },
);
