/**
 * A customer's latest orders and transactions on the customer's page (issue 30: "a customer's page
 * shows … recent orders and transactions"): two resource statecharts (resource.machine.ts), each
 * loading page 1 of GET /dashboard/orders or /dashboard/transactions (spec §7) with the customer's
 * `user_id`, newest first, over every day.
 */
import { fetchCustomerOrders, fetchCustomerTransactions } from '@/api/dashboard';
import type { OrdersPage, TransactionsPage } from '@/api/schemas/dashboard';
import { createResourceMachine } from './resource.machine';

/** How many of each the page shows: the latest few, not a list to page through. */
export const CUSTOMER_ACTIVITY_ROWS = 5;

/** Whose orders or transactions. */
export interface CustomerActivityInput {
  userId: number;
}

/** The customer's latest orders: loads as the page opens, Retry after a failure (`resource.reload`). */
export const customerOrdersMachine = createResourceMachine<OrdersPage, CustomerActivityInput>({
  id: 'customerOrders',
  load: (signal, input) => fetchCustomerOrders(input.userId, CUSTOMER_ACTIVITY_ROWS, signal),
});

/** The customer's latest transactions, as {@link customerOrdersMachine}. */
export const customerTransactionsMachine = createResourceMachine<TransactionsPage, CustomerActivityInput>({
  id: 'customerTransactions',
  load: (signal, input) => fetchCustomerTransactions(input.userId, CUSTOMER_ACTIVITY_ROWS, signal),
});
