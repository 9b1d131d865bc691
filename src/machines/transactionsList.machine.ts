/**
 * The transactions panel's list (spec §2 Transactions panel, §7 GET /dashboard/transactions): the
 * generic list statechart with the status checkboxes and the From/To days as filters, pages of 100
 * from the server. Open date ends are allowed; days that cannot be asked for (not real, outside
 * 2000–2100, From after To: issue 15) leave the list `incomplete` instead of fetching. On the
 * dashboard its query lives in the URL under the key prefix `tx.` (issue 15 finding 6).
 */
import { fetchTransactions } from '@/api/dashboard';
import { isValidDayRange } from '@/api/days';
import { TRANSACTION_SORT_COLUMNS, knownListSort } from '@/api/schemas/dashboard';
import type { Transaction } from '@/api/schemas/dashboard';
import { createListMachine } from './list.machine';
import type { ListPage } from './list.machine';

/**
 * Filters: status codes as strings ('1'–'4'), days `YYYY-MM-DD` ('' = open end), and the order
 * (`sort`: a column of TRANSACTION_SORT_COLUMNS, '-' first for descending; '' newest first). A new
 * order is a filter change, so it goes back to page 1 and into the URL (`tx.sort`).
 */
export type TransactionFilters = { status: string[]; start_date: string; end_date: string; sort: string };

/** The prefix of the list's keys in the dashboard's URL (`?tx.status=1,2&tx.page=2`). */
export const TRANSACTIONS_URL_PREFIX = 'tx.';

/** Element id of the transactions table's region, focused (scrolled to) on a page change. */
export const TRANSACTIONS_REGION_ID = 'transactions-table';

/** True when the days (either may be open) can be asked for. */
export function canFetchTransactions(filters: Pick<TransactionFilters, 'start_date' | 'end_date'>): boolean {
  return isValidDayRange({ from: filters.start_date, to: filters.end_date });
}

/** The transactions list statechart (see list.machine.ts for its events and states). */
export const transactionsListMachine = createListMachine<TransactionFilters, Transaction>({
  id: 'transactions',
  canFetch: canFetchTransactions,
  fetchPage: async ({ filters, page }, signal): Promise<ListPage<Transaction>> => {
    const answer = await fetchTransactions(
      {
        page,
        status: filters.status.map(Number),
        start_date: filters.start_date,
        end_date: filters.end_date,
        sort: knownListSort(TRANSACTION_SORT_COLUMNS, filters.sort),
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
