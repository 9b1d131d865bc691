/** Model of the customer's latest orders on their page (issue 30), through the shared widget model of ../resource-model.ts. */
import { customerOrdersMachine } from '@/machines/customerActivity.machine';
import { defineResourceModel } from '../resource-model';

export default defineResourceModel(
  customerOrdersMachine,
  {
    orders: [
      {
        id: 8,
        date: '2026-05-27T12:00:00.000Z',
        customer_name: 'Grace Hopper',
        number_of_items: 3,
        cost_of_order_ex_vat: 50,
        cost_of_order_inc_vat: 60,
      },
    ],
    current_page: 1,
    total_pages: 1,
  },
  { userId: 12 },
);
