/**
 * The feed editor's Delivery panel (issue 12 "Diagnostics for the admin"), shown when editing a
 * saved feed: how many items the feed delivers and how many of its products are deliverable, the
 * three feed URLs with copy buttons (`CopyButton`), what is left out grouped by reason, warnings, validator
 * errors, and the first items as the customer receives them (prices after the customer's discount,
 * the sale price beside the struck-out regular price), the customer's Shopify store (issue 29,
 * `ShopifyStoreSection`), and "Connect Google Merchant Center" (issue 30, `GoogleMerchantSection`).
 * Renders feedDiagnosticsMachine (the editor's `diagnostics` child) and sends it Retry and Sync now;
 * nothing else. Feed URLs that come as paths (no PUBLIC_URL) are shown on the browser's origin.
 */
import {
  Badge,
  Box,
  Button,
  Card,
  Field,
  Flex,
  Heading,
  HStack,
  Input,
  Spinner,
  Stack,
  Text,
} from '@chakra-ui/react';
import { List } from '@/ui/bound-recipes/List';
import { Stat } from '@/ui/bound-recipes/Stat';
import { Table } from '@/ui/bound-recipes/Table';
import { useSelector } from '@xstate/react';
import { formatCataloguePrice, formatDateTime } from '@/api/format';
import type {
  ArchivedVariant,
  FeedDiagnostics,
  DiagnosticItem,
  PreviewItem,
} from '@/api/schemas/feed-diagnostics';
import { FEED_FORMATS } from '@/api/schemas/feed-formats';
import type { ReactNode } from 'react';
import type { ShopProduct } from '@/api/schemas/shop';
import { selectDiagnosticsView } from '@/machines/feedDiagnostics.machine';
import type { FeedDiagnosticsView } from '@/machines/feedDiagnostics.machine';
import type { FeedEditorSnapshot } from '@/machines/feedEditor.machine';
import { CopyButton } from '@/ui/CopyButton';
import { TableRegion } from '@/ui/TableRegion';
import { GoogleMerchantSection } from './GoogleMerchantSection';
import { ShopifyStoreSection } from './ShopifyStoreSection';

type DiagnosticsActor = NonNullable<FeedEditorSnapshot['children']['diagnostics']>;

/** How many items of one exclusion or warning group are listed; the rest are counted. */
export const GROUP_ITEMS_SHOWN = 20;

const AVAILABILITY_TEXTS: Record<PreviewItem['availability'], string> = {
  in_stock: 'In stock',
  out_of_stock: 'Out of stock',
};

/**
 * One diagnosed product or variant as the admin reads it: the product's name, then the variant's
 * option values (from the catalogue the editor holds) and SKU, e.g. 'Swim Shorts — L (SH-L)'.
 */
export function describeItem(item: DiagnosticItem, catalogue: ReadonlyMap<number, ShopProduct>): string {
  const variant = catalogue.get(item.product_id)?.variants.find((one) => one.id === item.variant_id);
  const options = variant
    ? [variant.option1, variant.option2, variant.option3].filter((value) => value !== null).join(' / ')
    : '';
  const sku = item.sku === null ? '' : ` (${item.sku})`;
  return `${item.product_name}${options === '' ? '' : ` — ${options}`}${sku}`;
}

function sameView(a: FeedDiagnosticsView, b: FeedDiagnosticsView): boolean {
  return (
    a.status === b.status &&
    a.diagnostics === b.diagnostics &&
    a.error === b.error &&
    a.syncError === b.syncError &&
    a.canSync === b.canSync
  );
}

/** An archived variant as the admin reads it: its SKU and options, and when an import archived it. */
function describeArchived(item: ArchivedVariant): string {
  const options = item.option_values.length === 0 ? '' : ` — ${item.option_values.join(' / ')}`;
  const sku = item.sku === null ? '' : ` (${item.sku})`;
  const when =
    item.archived_at === null
      ? 'archived before import times were kept'
      : `archived by the import of ${formatDateTime(item.archived_at)}`;
  return `${item.product_name}${options}${sku}: ${when}`;
}

function Group<T extends DiagnosticItem>({
  title,
  items,
  describe,
  tone,
}: {
  title: string;
  items: T[];
  describe: (item: T) => string;
  tone: 'orange' | 'yellow';
}) {
  const hidden = items.length - GROUP_ITEMS_SHOWN;
  return (
    <Box as="section" aria-label={title}>
      <HStack gap="2">
        <Text fontWeight="medium">{title}</Text>
        <Badge colorPalette={tone}>{items.length}</Badge>
      </HStack>
      <List.Root fontSize="sm" ps="5" mt="1">
        {items.slice(0, GROUP_ITEMS_SHOWN).map((item) => (
          <List.Item key={`${item.product_id}-${item.variant_id ?? 'product'}`}>{describe(item)}</List.Item>
        ))}
      </List.Root>
      {hidden > 0 && (
        <Text fontSize="sm" color="fg.muted" ps="5">
          and {hidden} more
        </Text>
      )}
    </Box>
  );
}

/**
 * `url` as the customer fetches it: unchanged when absolute (PUBLIC_URL is set), else put on this
 * page's origin, the address the admin reached the app by (never the server's listening address).
 */
export function onThisOrigin(url: string): string {
  return new URL(url, window.location.origin).href;
}

/** One feed URL: a read-only box to select it from, and the app's copy button (issue 15). */
function FeedUrl({ label, url }: { label: string; url: string }) {
  return (
    <Field.Root>
      <Field.Label fontSize="sm">{label} feed URL</Field.Label>
      <HStack gap="2" w="full">
        <Input readOnly value={url} fontFamily="mono" fontSize="sm" flex="1" minW="0" />
        <CopyButton value={url} label={`Copy the ${label} feed URL`} />
      </HStack>
    </Field.Root>
  );
}

function Preview({ diagnostics }: { diagnostics: FeedDiagnostics }) {
  const { preview, currency } = diagnostics;
  if (preview.length === 0) return <Text color="fg.muted">The feed delivers no items yet.</Text>;
  return (
    <TableRegion label="Feed preview table">
      <Table.Root size="sm" aria-label="Preview">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>Title</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Price</Table.ColumnHeader>
            <Table.ColumnHeader>Availability</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {preview.map((item) => (
            <Table.Row key={item.id}>
              <Table.Cell>{item.title}</Table.Cell>
              <Table.Cell textAlign="end" fontVariantNumeric="tabular-nums" whiteSpace="nowrap">
                {item.sale_price === null ? (
                  formatCataloguePrice(item.price, currency)
                ) : (
                  <>
                    <Text as="del" color="fg.muted" me="2">
                      {formatCataloguePrice(item.price, currency)}
                    </Text>
                    {formatCataloguePrice(item.sale_price, currency)}
                  </>
                )}
              </Table.Cell>
              <Table.Cell>{AVAILABILITY_TEXTS[item.availability]}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </TableRegion>
  );
}

function Diagnostics({
  diagnostics,
  catalogue,
  store,
  customerId,
}: {
  diagnostics: FeedDiagnostics;
  catalogue: ReadonlyMap<number, ShopProduct>;
  /** The "Shopify store" section, shown after the feed URLs. */
  store: ReactNode;
  customerId: number | null;
}) {
  const { excluded, warnings, errors } = diagnostics;
  const archived = diagnostics.archived_variants;
  const named = (item: DiagnosticItem) => describeItem(item, catalogue);
  return (
    <Stack gap="6">
      <Flex gap="8" wrap="wrap">
        <Stat.Root maxW="max-content">
          <Stat.Label>Items delivered</Stat.Label>
          <Stat.ValueText>{diagnostics.delivered_count}</Stat.ValueText>
        </Stat.Root>
        <Stat.Root maxW="max-content">
          <Stat.Label>Products deliverable</Stat.Label>
          <Stat.ValueText>
            {diagnostics.deliverable_product_count} of {diagnostics.product_count}
          </Stat.ValueText>
        </Stat.Root>
        <Stat.Root maxW="max-content">
          <Stat.Label>Customer discount</Stat.Label>
          <Stat.ValueText>{diagnostics.discount_rate}%</Stat.ValueText>
        </Stat.Root>
      </Flex>

      <Stack gap="3">
        {FEED_FORMATS.map(({ key, label }) => (
          <FeedUrl key={key} label={label} url={onThisOrigin(diagnostics.urls[key])} />
        ))}
      </Stack>

      <GoogleMerchantSection
        xmlUrl={onThisOrigin(diagnostics.urls.xml)}
        lastPulledAt={diagnostics.last_pulled_at}
        customerId={customerId}
      />

      {store}

      <Stack gap="3">
        <Heading as="h3" size="sm">
          Not delivered
        </Heading>
        {diagnostics.product_count === 0 ? (
          <Text color="fg.muted">The feed holds no products yet.</Text>
        ) : excluded.length === 0 && archived.length === 0 ? (
          <Text color="fg.muted">Every selected product is delivered.</Text>
        ) : (
          <>
            {excluded.map((group) => (
              <Group
                key={group.reason}
                title={group.message}
                items={group.items}
                describe={named}
                tone="orange"
              />
            ))}
            {archived.length > 0 && (
              <Group
                title="Deleted in the shop: gone from its export, so an import archived them"
                items={archived}
                describe={describeArchived}
                tone="orange"
              />
            )}
          </>
        )}
      </Stack>

      {warnings.length > 0 && (
        <Stack gap="3">
          <Heading as="h3" size="sm">
            Warnings
          </Heading>
          {warnings.map((group) => (
            <Group
              key={group.code}
              title={group.message}
              items={group.items}
              describe={named}
              tone="yellow"
            />
          ))}
        </Stack>
      )}

      {errors.length > 0 && (
        <Stack gap="2">
          <Heading as="h3" size="sm" color="fg.error">
            Validator errors
          </Heading>
          <List.Root fontSize="sm" ps="5" aria-label="Validator errors">
            {errors.map((error) => (
              <List.Item key={`${error.item_id}-${error.attribute}`}>
                {error.item_id}, {error.attribute}: {error.message}
              </List.Item>
            ))}
          </List.Root>
        </Stack>
      )}

      <Stack gap="2">
        <Heading as="h3" size="sm">
          Preview
        </Heading>
        <Preview diagnostics={diagnostics} />
      </Stack>
    </Stack>
  );
}

/**
 * Props: the diagnostics actor, the catalogue by id (to name variants), whether the form has unsaved
 * changes, and the saved feed's customer (for the link to their page; null when none).
 */
export interface DeliveryPanelProps {
  actor: DiagnosticsActor;
  catalogue: ReadonlyMap<number, ShopProduct>;
  unsaved: boolean;
  customerId: number | null;
}

/** The panel; its states are the actor's: loading (the last diagnostics stay while reloading), failed with Retry, loaded. */
export function DeliveryPanel({ actor, catalogue, unsaved, customerId }: DeliveryPanelProps) {
  const { status, diagnostics, error, syncError, canSync } = useSelector(
    actor,
    selectDiagnosticsView,
    sameView,
  );
  if (status === 'idle') return null;
  return (
    <Card.Root as="section" aria-labelledby="delivery-heading">
      <Card.Body gap="4">
        <HStack gap="3">
          <Heading as="h2" size="md" id="delivery-heading">
            Delivery
          </Heading>
          {status === 'loading' && <Spinner size="sm" aria-label="Loading delivery" />}
        </HStack>
        <Text color="fg.muted" fontSize="sm">
          {unsaved
            ? 'What the saved feed delivers now; save to see your changes here.'
            : 'What the feed delivers now, as its customer receives it.'}
        </Text>
        {status === 'failed' && (
          <HStack>
            <Text color="fg.error" role="alert">
              {error}
            </Text>
            <Button size="xs" variant="outline" onClick={() => actor.send({ type: 'diagnostics.retry' })}>
              Retry
            </Button>
          </HStack>
        )}
        {status === 'loading' && diagnostics === null && <Text>Loading delivery...</Text>}
        {diagnostics !== null && status !== 'failed' && (
          <Diagnostics
            diagnostics={diagnostics}
            catalogue={catalogue}
            customerId={customerId}
            store={
              <ShopifyStoreSection
                shopify={diagnostics.shopify}
                customerId={customerId}
                syncing={status === 'syncing'}
                canSync={canSync}
                syncError={syncError}
                onSync={() => actor.send({ type: 'shopify.sync' })}
              />
            }
          />
        )}
      </Card.Body>
    </Card.Root>
  );
}
