/**
 * The User Orders panel (spec §2; issue 15 findings 2, 6): From / To, the period dropdown (default
 * Last 7 days), the 'ORDERS REPORT' and 'Export CSV' buttons for what the table shows, the six
 * columns in pounds with 2 decimals, each header sorting the list on the server (issue 30, in the
 * URL as `orders.sort`), pages of 10, in a table of at most 400 px that scrolls (a
 * focusable, labelled region). Nothing is fetched until both days are set and can be asked for, and
 * rows are also filtered here to lie within From and To (spec §2). The filters live in the URL
 * (`orders.` keys).
 *
 * The panel's statechart (ordersPanelMachine) runs the list, the period and the two file actors as
 * its children and connects them; this screen renders the children and sends them what the user
 * does. Spec §8 only logs a failed orders list and falls back to empty: the table keeps no rows and
 * also says so, with the reason and Retry.
 */
import { Box, Card, HStack, Stack } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { formatDateTime, formatPounds } from '@/api/format';
import { ORDER_SORT_COLUMNS, nextListSort, parseListSort } from '@/api/schemas/dashboard';
import type { UserOrder } from '@/api/schemas/dashboard';
import { ordersPanelMachine, requireChild } from '@/machines/dashboardPanel.machine';
import { isWithinRange } from '@/machines/datePreset.machine';
import { failureText } from '@/machines/failure-text';
import { selectListView } from '@/machines/list.machine';
import { ORDERS_REGION_ID, hasBothDays } from '@/machines/ordersList.machine';
import { useScreenActor, useUiEffects } from '@/routes/screen-actor';
import { Pagination } from '@/ui/Pagination';
import { DataTable } from '@/ui/DataTable';
import type { DataTableColumn } from '@/ui/DataTable';
import { DateRangeFields, PeriodSelect, PanelFileButtons, usePanelUrl } from './PanelControls';
import { TABLE_MAX_HEIGHT } from './TransactionsPanel';

/** The failed list's text before the reason (spec §8 has none: orders failures were only logged). */
export const ORDERS_FAILED_TEXT = 'Failed to load orders';
/** What the table says while a day is missing (spec §2: the fetch needs both). */
export const ORDERS_MISSING_DAY_TEXT = 'Choose both From and To dates to see orders.';
/** What the table says while the days cannot be asked for (their field error says why). */
export const ORDERS_INVALID_DAYS_TEXT = 'Correct the dates above to see orders.';

/** The table's columns, the spec's headers word for word (spec §2 User Orders panel). */
export const ORDER_COLUMNS: ReadonlyArray<DataTableColumn<UserOrder>> = [
  { key: 'id', header: 'Order Number', sort: true, width: '8rem', cell: (order) => order.id },
  {
    key: 'date',
    header: 'Date & Time',
    sort: true,
    width: '11rem',
    cell: (order) => formatDateTime(order.date),
  },
  { key: 'customer_name', header: 'Customer Name', sort: true, cell: (order) => order.customer_name },
  {
    key: 'number_of_items',
    header: 'Number Of Items',
    sort: true,
    width: '8rem',
    align: 'end',
    cell: (order) => order.number_of_items,
  },
  {
    key: 'cost_of_order_ex_vat',
    header: 'Cost of Order (ex VAT)',
    sort: true,
    width: '10rem',
    align: 'end',
    cell: (order) => formatPounds(order.cost_of_order_ex_vat),
  },
  {
    key: 'cost_of_order_inc_vat',
    header: 'Cost of Order (inc VAT)',
    sort: true,
    width: '10rem',
    align: 'end',
    cell: (order) => formatPounds(order.cost_of_order_inc_vat),
  },
];

/** The panel; starts on the URL's days, else Last 7 days. */
export function UserOrdersPanel() {
  const panel = useScreenActor(ordersPanelMachine, { input: { url: usePanelUrl() } });
  const list = useSelector(panel, (snapshot) => requireChild(snapshot, 'list'));
  const period = useSelector(panel, (snapshot) => requireChild(snapshot, 'period'));
  const report = useSelector(panel, (snapshot) => requireChild(snapshot, 'report'));
  const exporter = useSelector(panel, (snapshot) => requireChild(snapshot, 'export'));
  useUiEffects(list);
  const view = useSelector(list, selectListView);
  // Issue 30: the order is one more filter of the list (server-sorted, back to page 1, in the URL).
  const sort = parseListSort(ORDER_SORT_COLUMNS, view.filters.sort) ?? null;
  const sortedBy = sort && { key: sort.column, descending: sort.descending };
  const sortBy = (key: string) =>
    list.send({
      type: 'list.filter',
      filters: {
        sort: nextListSort(ORDER_SORT_COLUMNS, view.filters.sort, key as (typeof ORDER_SORT_COLUMNS)[number]),
      },
    });

  const range = { from: view.filters.start_date, to: view.filters.end_date };
  const rows = view.items.filter((order) => isWithinRange(order.date, range));
  // The spec's client-side filter can leave a loaded page without rows: it then reads as empty.
  const status = view.status === 'loaded' && rows.length === 0 ? 'empty' : view.status;
  const request = { kind: 'orders' as const, start_date: range.from, end_date: range.to };
  const nothingToFile = view.status === 'incomplete';

  return (
    <Card.Root as="section" aria-labelledby="user-orders-title">
      <Card.Header>
        <HStack justify="space-between" align="start" wrap="wrap" gap="4">
          <Stack gap="1">
            <Card.Title as="h2" id="user-orders-title">
              User Orders
            </Card.Title>
            <Card.Description>This is a list of latest user orders</Card.Description>
          </Stack>
          <HStack gap="2" wrap="wrap">
            <PanelFileButtons
              report={report}
              exporter={exporter}
              reportLabel="ORDERS REPORT"
              request={request}
              disabled={nothingToFile}
            />
          </HStack>
        </HStack>
      </Card.Header>
      <Card.Body gap="4">
        <HStack gap="6" wrap="wrap" align="start">
          <DateRangeFields period={period} idPrefix="orders" />
          <Box alignSelf="end">
            <PeriodSelect period={period} label="Orders period" />
          </Box>
        </HStack>
        <Box borderWidth="1px" rounded="md" css={TABLE_MAX_HEIGHT}>
          {/* A new page starts at the table's top: the region (its own scroller) is drawn afresh. */}
          <DataTable
            key={view.page}
            label="User orders table"
            caption="User orders"
            id={ORDERS_REGION_ID}
            stickyHeader
            columns={ORDER_COLUMNS}
            rows={rows}
            rowKey={(order) => order.id}
            sortedBy={sortedBy}
            onSort={sortBy}
            status={{
              status,
              hasRows: rows.length > 0,
              emptyText: 'No orders found.',
              failedText: failureText(ORDERS_FAILED_TEXT, view.error),
              onRetry: () => list.send({ type: 'list.reload' }),
              incompleteText: hasBothDays(view.filters) ? ORDERS_INVALID_DAYS_TEXT : ORDERS_MISSING_DAY_TEXT,
            }}
          />
        </Box>
        <Pagination
          label="User orders pages"
          currentPage={view.page}
          totalPages={view.totalPages}
          onPageChange={({ page }) => list.send({ type: 'list.page', page })}
        />
      </Card.Body>
    </Card.Root>
  );
}
