/**
 * Statistics this month (spec §2): tabs Top Products (name, sku, image, total_quantity) and Top
 * Customers (name, email, avatar, total_spent in pounds). Loading pulses placeholders, a failure
 * says why (issue 15, `failureText`) with Retry, and an empty month says so in each tab. Both tabs
 * are DataTables (issue 30), so they stack at 375 px like every list.
 */
import { Card, HStack, Image, Text } from '@chakra-ui/react';
import { Avatar } from '@/ui/bound-recipes/Avatar';
import { Tabs } from '@/ui/bound-recipes/Tabs';
import { useSelector } from '@xstate/react';
import { uploadUrl } from '@/api/assets';
import { formatPounds } from '@/api/format';
import type { MonthlyStatistics } from '@/api/schemas/dashboard';
import { failureText } from '@/machines/failure-text';
import { monthlyStatisticsMachine } from '@/machines/dashboardCards.machine';
import { selectResourceView } from '@/machines/resource.machine';
import { useScreenActor } from '@/routes/screen-actor';
import { DataTable } from '@/ui/DataTable';
import type { DataTableColumn } from '@/ui/DataTable';
import { WidgetFailure, WidgetLoading } from '@/ui/WidgetStatus';

type TopProduct = MonthlyStatistics['top_products'][number];
type TopCustomer = MonthlyStatistics['top_customers'][number];

const PRODUCT_COLUMNS: ReadonlyArray<DataTableColumn<TopProduct>> = [
  {
    key: 'name',
    header: 'Product',
    cell: (product) => (
      <HStack gap="3">
        {product.image ? (
          <Image src={uploadUrl(product.image)} alt="" boxSize="10" rounded="md" objectFit="cover" />
        ) : null}
        <Text>{product.name}</Text>
      </HStack>
    ),
  },
  { key: 'sku', header: 'SKU', cell: (product) => product.sku },
  { key: 'total_quantity', header: 'Quantity sold', align: 'end', cell: (product) => product.total_quantity },
];

const CUSTOMER_COLUMNS: ReadonlyArray<DataTableColumn<TopCustomer>> = [
  {
    key: 'name',
    header: 'Customer',
    cell: (customer) => (
      <HStack gap="3">
        <Avatar.Root size="sm">
          <Avatar.Fallback name={customer.name} />
          {customer.avatar && <Avatar.Image src={uploadUrl(customer.avatar)} alt="" />}
        </Avatar.Root>
        <Text>{customer.name}</Text>
      </HStack>
    ),
  },
  { key: 'email', header: 'Email', cell: (customer) => customer.email },
  {
    key: 'total_spent',
    header: 'Total spent',
    align: 'end',
    cell: (customer) => formatPounds(customer.total_spent),
  },
];

/** The status rows of a loaded top list: its rows, or the month's empty text. */
function loadedStatus(rows: readonly unknown[], emptyText: string) {
  return {
    status: rows.length === 0 ? ('empty' as const) : ('loaded' as const),
    hasRows: rows.length > 0,
    emptyText,
    // A loaded list cannot fail: the panel's failure is drawn in place of the tabs.
    failedText: '',
    onRetry: () => {},
  };
}

/** The panel; loads its own data when it mounts. */
export function MonthlyStatisticsPanel() {
  const actor = useScreenActor(monthlyStatisticsMachine);
  const view = useSelector(actor, selectResourceView);
  return (
    <Card.Root>
      <Card.Header>
        <Card.Title as="h2">Statistics this month</Card.Title>
      </Card.Header>
      <Card.Body>
        {view.status === 'loading' && <WidgetLoading label="Loading statistics this month" />}
        {view.status === 'failed' && (
          <WidgetFailure
            message={failureText("Failed to load this month's statistics.", view.error)}
            onRetry={() => actor.send({ type: 'resource.reload' })}
          />
        )}
        {view.status === 'loaded' && view.data && (
          <Tabs.Root defaultValue="products" variant="line" colorPalette="brand">
            <Tabs.List>
              <Tabs.Trigger value="products">Top Products</Tabs.Trigger>
              <Tabs.Trigger value="customers">Top Customers</Tabs.Trigger>
            </Tabs.List>
            <Tabs.Content value="products">
              <DataTable
                label="Top products table"
                caption="Top products this month"
                columns={PRODUCT_COLUMNS}
                rows={view.data.top_products}
                rowKey={(product) => product.sku}
                status={loadedStatus(view.data.top_products, 'No products sold this month.')}
              />
            </Tabs.Content>
            <Tabs.Content value="customers">
              <DataTable
                label="Top customers table"
                caption="Top customers this month"
                columns={CUSTOMER_COLUMNS}
                rows={view.data.top_customers}
                rowKey={(customer) => customer.email}
                status={loadedStatus(view.data.top_customers, 'No customers ordered this month.')}
              />
            </Tabs.Content>
          </Tabs.Root>
        )}
      </Card.Body>
    </Card.Root>
  );
}
