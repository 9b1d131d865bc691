/** Model of the customer's latest orders on their page (issue 30), through the shared widget model of ../resource-model.ts. */
import { customerOrdersMachine } from '@/machines/customerActivity.machine';
import { anOrder } from '@test-support/builders';
import { defineResourceModel } from '../resource-model';

export default defineResourceModel(
  customerOrdersMachine,
  { orders: [anOrder()], current_page: 1, total_pages: 1 },
  { userId: 12 },
);
