/**
 * The User Orders panel's list (spec §2 User Orders panel, §7 GET /dashboard/orders): the generic
 * list statechart with the From/To days as filters, pages of 10. Spec §2: "The fetch only runs when
 * both dates are set" — until then the list is `incomplete` and empty.
 */
import { fetchOrders } from '@/api/dashboard';
import type { UserOrder } from '@/api/schemas/dashboard';
import { createListMachine } from './list.machine';
import type { ListPage } from './list.machine';

/** Filters: the days `YYYY-MM-DD` of From and To ('' while unset). */
export type OrderFilters = { start_date: string; end_date: string };

/** True when both days are set, so the list may be fetched. */
export function hasBothDays(filters: OrderFilters): boolean {
  return filters.start_date !== '' && filters.end_date !== '';
}

/** The user orders list statechart (see list.machine.ts for its events and states). */
export const ordersListMachine = createListMachine<OrderFilters, UserOrder>({
  id: 'orders',
  canFetch: hasBothDays,
  fetchPage: async ({ filters, page }, signal): Promise<ListPage<UserOrder>> => {
    const answer = await fetchOrders(
      { page, start_date: filters.start_date, end_date: filters.end_date },
      signal,
    );
    return { items: answer.orders, page: answer.current_page, totalPages: answer.total_pages, total: null };
  },
});
