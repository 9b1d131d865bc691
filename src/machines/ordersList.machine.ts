/**
 * The User Orders panel's list (spec §2 User Orders panel, §7 GET /dashboard/orders): the generic
 * list statechart with the From/To days as filters, pages of 10. Spec §2: "The fetch only runs when
 * both dates are set" — until then, and while the days cannot be asked for (not real, outside
 * 2000–2100, From after To: issue 15), the list is `incomplete` and empty. On the dashboard its
 * query lives in the URL under the key prefix `orders.` (issue 15 finding 6).
 */
import { fetchOrders } from '@/api/dashboard';
import { isValidDayRange } from '@/api/days';
import { ORDER_SORT_COLUMNS, knownListSort } from '@/api/schemas/dashboard';
import type { UserOrder } from '@/api/schemas/dashboard';
import { createListMachine } from './list.machine';
import type { ListPage } from './list.machine';

/**
 * Filters: the days `YYYY-MM-DD` of From and To ('' while unset), and the order (`sort`: a column of
 * ORDER_SORT_COLUMNS, '-' first for descending; '' newest first), in the URL as `orders.sort`.
 */
export type OrderFilters = { start_date: string; end_date: string; sort: string };

/** The prefix of the list's keys in the dashboard's URL (`?orders.start_date=…&orders.page=2`). */
export const ORDERS_URL_PREFIX = 'orders.';

/** Element id of the orders table's region, focused (scrolled to) on a page change. */
export const ORDERS_REGION_ID = 'user-orders-table';

/** True when both days are set. */
export function hasBothDays(filters: Pick<OrderFilters, 'start_date' | 'end_date'>): boolean {
  return filters.start_date !== '' && filters.end_date !== '';
}

/** True when both days are set and can be asked for, so the list may be fetched. */
export function canFetchOrders(filters: Pick<OrderFilters, 'start_date' | 'end_date'>): boolean {
  return hasBothDays(filters) && isValidDayRange({ from: filters.start_date, to: filters.end_date });
}

/** The user orders list statechart (see list.machine.ts for its events and states). */
export const ordersListMachine = createListMachine<OrderFilters, UserOrder>({
  id: 'orders',
  canFetch: canFetchOrders,
  fetchPage: async ({ filters, page }, signal): Promise<ListPage<UserOrder>> => {
    const answer = await fetchOrders(
      {
        page,
        start_date: filters.start_date,
        end_date: filters.end_date,
        sort: knownListSort(ORDER_SORT_COLUMNS, filters.sort),
      },
      signal,
    );
    return { items: answer.orders, page: answer.current_page, totalPages: answer.total_pages, total: null };
  },
});
