/**
 * The User Orders panel (spec §2): From / To, the period dropdown (default Last 7 days), the
 * 'ORDERS REPORT' button for that period, the six columns in pounds with 2 decimals, pages of 10.
 * Nothing is fetched until both days are set, and rows are also filtered here to lie within
 * From and To (spec §2). The panel's statechart (ordersPanelMachine) runs the list, the period and
 * the report as its children and connects them; this screen renders the children and sends them
 * what the user does.
 */
import { Box, Card, HStack, Stack, Table } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { formatDateTime, formatPounds } from '@/api/format';
import { ordersPanelMachine, requireChild } from '@/machines/dashboardPanel.machine';
import { isWithinRange } from '@/machines/datePreset.machine';
import { selectListView } from '@/machines/list.machine';
import { useScreenActor } from '@/routes/screen-actor';
import { Pagination } from '@/ui/Pagination';
import { DateRangeFields, PeriodSelect, ReportButton } from './PanelControls';

const COLUMNS = [
  'Order Number',
  'Date & Time',
  'Customer Name',
  'Number Of Items',
  'Cost of Order (ex VAT)',
  'Cost of Order (inc VAT)',
];
const NUMERIC = new Set(['Number Of Items', 'Cost of Order (ex VAT)', 'Cost of Order (inc VAT)']);

/** The panel; starts on Last 7 days. */
export function UserOrdersPanel() {
  const panel = useScreenActor(ordersPanelMachine, { input: {} });
  const list = useSelector(panel, (snapshot) => requireChild(snapshot, 'list'));
  const period = useSelector(panel, (snapshot) => requireChild(snapshot, 'period'));
  const report = useSelector(panel, (snapshot) => requireChild(snapshot, 'report'));
  const view = useSelector(list, selectListView);

  const range = { from: view.filters.start_date, to: view.filters.end_date };
  const rows = view.items.filter((order) => isWithinRange(order.date, range));
  const generate = () =>
    report.send({
      type: 'report.generate',
      request: { kind: 'orders', start_date: range.from, end_date: range.to },
    });

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
          <ReportButton report={report} label="ORDERS REPORT" onGenerate={generate} />
        </HStack>
      </Card.Header>
      <Card.Body gap="4">
        <HStack gap="6" wrap="wrap" align="end">
          <DateRangeFields period={period} idPrefix="orders" />
          <PeriodSelect period={period} label="Orders period" />
        </HStack>
        <Box maxH="400px" overflowY="auto" borderWidth="1px" rounded="md" aria-busy={view.isLoading}>
          <Table.Root size="sm" stickyHeader aria-label="User orders">
            <Table.Header>
              <Table.Row>
                {COLUMNS.map((column) => (
                  <Table.ColumnHeader key={column} textAlign={NUMERIC.has(column) ? 'end' : undefined}>
                    {column}
                  </Table.ColumnHeader>
                ))}
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {rows.length === 0 && (
                <Table.Row>
                  <Table.Cell colSpan={COLUMNS.length} textAlign="center" color="fg.muted">
                    {view.isLoading ? 'Loading orders...' : 'No orders found.'}
                  </Table.Cell>
                </Table.Row>
              )}
              {rows.map((order) => (
                <Table.Row key={order.id}>
                  <Table.Cell>{order.id}</Table.Cell>
                  <Table.Cell>{formatDateTime(order.date)}</Table.Cell>
                  <Table.Cell>{order.customer_name}</Table.Cell>
                  <Table.Cell textAlign="end">{order.number_of_items}</Table.Cell>
                  <Table.Cell textAlign="end">{formatPounds(order.cost_of_order_ex_vat)}</Table.Cell>
                  <Table.Cell textAlign="end">{formatPounds(order.cost_of_order_inc_vat)}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
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
