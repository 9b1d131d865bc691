/**
 * The transactions panel's list (spec §2 Transactions panel, §7 GET /dashboard/transactions): the
 * generic list statechart with the status checkboxes and the From/To days as filters, pages of 100
 * from the server.
 */
import { fetchTransactions } from '@/api/dashboard';
import type { Transaction } from '@/api/schemas/dashboard';
import { createListMachine } from './list.machine';
import type { ListPage } from './list.machine';

/** Filters: status codes as strings ('1'–'4'), days `YYYY-MM-DD` ('' = open end). */
export type TransactionFilters = { status: string[]; start_date: string; end_date: string };

/** The transactions list statechart (see list.machine.ts for its events and states). */
export const transactionsListMachine = createListMachine<TransactionFilters, Transaction>({
  id: 'transactions',
  fetchPage: async ({ filters, page }, signal): Promise<ListPage<Transaction>> => {
    const answer = await fetchTransactions(
      {
        page,
        status: filters.status.map(Number),
        start_date: filters.start_date,
        end_date: filters.end_date,
      },
      signal,
    );
    return {
      items: answer.transactions,
      page: answer.current_page,
      totalPages: answer.total_pages,
      total: null,
    };
  },
});
