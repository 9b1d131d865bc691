/**
 * Statistics this month (spec §2): tabs Top Products (name, sku, image, total_quantity) and Top
 * Customers (name, email, avatar, total_spent in pounds). Loading pulses placeholders, a failure
 * says why (issue 15, `failureText`) with Retry, and an empty month says so in each tab.
 */
import { Avatar, Card, HStack, Image, Table, Tabs, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { uploadUrl } from '@/api/assets';
import { formatPounds } from '@/api/format';
import type { MonthlyStatistics } from '@/api/schemas/dashboard';
import { failureText } from '@/machines/failure-text';
import { monthlyStatisticsMachine } from '@/machines/dashboardCards.machine';
import { selectResourceView } from '@/machines/resource.machine';
import { useScreenActor } from '@/routes/screen-actor';
import { WidgetFailure, WidgetLoading } from './WidgetStatus';

function EmptyRow({ columns, text }: { columns: number; text: string }) {
  return (
    <Table.Row>
      <Table.Cell colSpan={columns} textAlign="center" color="fg.muted">
        {text}
      </Table.Cell>
    </Table.Row>
  );
}

function TopProducts({ products }: { products: MonthlyStatistics['top_products'] }) {
  return (
    <Table.Root size="sm" aria-label="Top products this month">
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeader>Product</Table.ColumnHeader>
          <Table.ColumnHeader>SKU</Table.ColumnHeader>
          <Table.ColumnHeader textAlign="end">Quantity sold</Table.ColumnHeader>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {products.length === 0 && <EmptyRow columns={3} text="No products sold this month." />}
        {products.map((product) => (
          <Table.Row key={product.sku}>
            <Table.Cell>
              <HStack gap="3">
                {product.image ? (
                  <Image src={uploadUrl(product.image)} alt="" boxSize="10" rounded="md" objectFit="cover" />
                ) : null}
                <Text>{product.name}</Text>
              </HStack>
            </Table.Cell>
            <Table.Cell>{product.sku}</Table.Cell>
            <Table.Cell textAlign="end">{product.total_quantity}</Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  );
}

function TopCustomers({ customers }: { customers: MonthlyStatistics['top_customers'] }) {
  return (
    <Table.Root size="sm" aria-label="Top customers this month">
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeader>Customer</Table.ColumnHeader>
          <Table.ColumnHeader>Email</Table.ColumnHeader>
          <Table.ColumnHeader textAlign="end">Total spent</Table.ColumnHeader>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {customers.length === 0 && <EmptyRow columns={3} text="No customers ordered this month." />}
        {customers.map((customer) => (
          <Table.Row key={customer.email}>
            <Table.Cell>
              <HStack gap="3">
                <Avatar.Root size="sm">
                  <Avatar.Fallback name={customer.name} />
                  {customer.avatar && <Avatar.Image src={uploadUrl(customer.avatar)} alt="" />}
                </Avatar.Root>
                <Text>{customer.name}</Text>
              </HStack>
            </Table.Cell>
            <Table.Cell>{customer.email}</Table.Cell>
            <Table.Cell textAlign="end">{formatPounds(customer.total_spent)}</Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  );
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
              <TopProducts products={view.data.top_products} />
            </Tabs.Content>
            <Tabs.Content value="customers">
              <TopCustomers customers={view.data.top_customers} />
            </Tabs.Content>
          </Tabs.Root>
        )}
      </Card.Body>
    </Card.Root>
  );
}
