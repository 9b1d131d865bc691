/**
 * A customer's latest orders and transactions on the customer's page (issue 30), in the dashboard
 * lists' columns (without the orders' Customer Name, the page's own customer): each table renders its
 * resource statechart (customerActivity.machine.ts): skeleton rows while loading, the failure with
 * Retry, none yet, or the rows.
 */
import { Card, SimpleGrid } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import type { Transaction, UserOrder } from '@/api/schemas/dashboard';
import {
  CUSTOMER_ACTIVITY_ROWS,
  customerOrdersMachine,
  customerTransactionsMachine,
} from '@/machines/customerActivity.machine';
import { failureText } from '@/machines/failure-text';
import { selectResourceView } from '@/machines/resource.machine';
import type { ResourceView } from '@/machines/resource.machine';
import { useScreenActor } from '@/routes/screen-actor';
import { DataTable } from '@/ui/DataTable';
import type { DataTableColumn } from '@/ui/DataTable';
import { TRANSACTION_COLUMNS, TRANSACTIONS_FAILED_TEXT } from './TransactionsPanel';
import { ORDER_COLUMNS, ORDERS_FAILED_TEXT } from './UserOrdersPanel';

/** The tables' headings, also their regions' names. */
export const CUSTOMER_ORDERS_TITLE = 'Recent orders';
export const CUSTOMER_TRANSACTIONS_TITLE = 'Recent transactions';

const CUSTOMER_ORDER_COLUMNS = ORDER_COLUMNS.filter((column) => column.key !== 'customer_name');

/** The table body's status for a resource's view: empty once loaded with no rows. */
function bodyStatus(view: ResourceView<unknown>, rows: number) {
  if (view.status === 'loaded') return rows === 0 ? ('empty' as const) : ('loaded' as const);
  return view.status;
}

/** One card: its heading, a line saying how many it shows, and the table. */
function ActivityCard<T>(props: {
  id: string;
  title: string;
  columns: ReadonlyArray<DataTableColumn<T>>;
  view: ResourceView<unknown>;
  rows: readonly T[];
  rowKey: (row: T) => number;
  emptyText: string;
  failedText: string;
  onRetry: () => void;
}) {
  return (
    <Card.Root as="section" aria-labelledby={props.id} minW="0">
      <Card.Header>
        <Card.Title as="h2" id={props.id}>
          {props.title}
        </Card.Title>
        <Card.Description>The latest {CUSTOMER_ACTIVITY_ROWS}, newest first.</Card.Description>
      </Card.Header>
      <Card.Body>
        <DataTable
          columns={props.columns}
          rows={props.rows}
          rowKey={props.rowKey}
          label={`${props.title} table`}
          caption={props.title}
          status={{
            status: bodyStatus(props.view, props.rows.length),
            hasRows: props.rows.length > 0,
            emptyText: props.emptyText,
            failedText: props.failedText,
            onRetry: props.onRetry,
            skeletonRows: 3,
          }}
        />
      </Card.Body>
    </Card.Root>
  );
}

/** Props of {@link CustomerActivityPanel}. */
export interface CustomerActivityPanelProps {
  userId: number;
}

/** Customer `userId`'s latest orders and transactions, side by side on wide screens; loads on mount. */
export function CustomerActivityPanel({ userId }: CustomerActivityPanelProps) {
  const orders = useScreenActor(customerOrdersMachine, { input: { userId } });
  const transactions = useScreenActor(customerTransactionsMachine, { input: { userId } });
  const ordersView = useSelector(orders, selectResourceView);
  const transactionsView = useSelector(transactions, selectResourceView);
  const orderRows: readonly UserOrder[] = ordersView.data?.orders ?? [];
  const transactionRows: readonly Transaction[] = transactionsView.data?.transactions ?? [];
  return (
    <SimpleGrid columns={{ base: 1, xl: 2 }} gap="6">
      <ActivityCard
        id="customer-orders-title"
        title={CUSTOMER_ORDERS_TITLE}
        columns={CUSTOMER_ORDER_COLUMNS}
        view={ordersView}
        rows={orderRows}
        rowKey={(order) => order.id}
        emptyText="This customer has no orders yet."
        failedText={failureText(ORDERS_FAILED_TEXT, ordersView.error)}
        onRetry={() => orders.send({ type: 'resource.reload' })}
      />
      <ActivityCard
        id="customer-transactions-title"
        title={CUSTOMER_TRANSACTIONS_TITLE}
        columns={TRANSACTION_COLUMNS}
        view={transactionsView}
        rows={transactionRows}
        rowKey={(transaction) => transaction.id}
        emptyText="This customer has no transactions yet."
        failedText={failureText(TRANSACTIONS_FAILED_TEXT, transactionsView.error)}
        onRetry={() => transactions.send({ type: 'resource.reload' })}
      />
    </SimpleGrid>
  );
}
