/** Model of the customer's latest transactions on their page (issue 30), through the shared widget model of ../resource-model.ts. */
import { customerTransactionsMachine } from '@/machines/customerActivity.machine';
import { defineResourceModel } from '../resource-model';

export default defineResourceModel(
  customerTransactionsMachine,
  {
    transactions: [
      {
        id: 31,
        transaction: 'Payment from Hopper Ltd',
        date: '2026-05-02T10:15:00.000Z',
        amount: 120.5,
        reference_number: 'REF-0031',
        payment_method: 'Visa',
        status: 1,
      },
    ],
    current_page: 1,
    total_pages: 1,
  },
  { userId: 12 },
);
