/**
 * The feeds list panel (spec §2 "Feeds list panel"; issue 15): the client-side name search and the
 * column sorts (both in the URL), 'Add feed', 'Export CSV' of what the table shows, the table with
 * its distinct states (loading skeleton, 'No feeds found.', 'Failed to load feeds' with the reason
 * and Retry), the brands cell, and the 'All Brands' modal. Renders feedsListMachine and sends it
 * events; the machine moves and follows the URL itself.
 */
import { Badge, Box, Button, Card, Flex, HStack, Input, Link, Table, Text, Wrap } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { ArrowDown, ArrowUp, ArrowUpDown, Download, Plus } from 'lucide-react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { parseFeedSort } from '@/api/schemas/feed-list';
import type { FeedSort, FeedSortKey } from '@/api/schemas/feed-list';
import type { FeedListItem } from '@/api/schemas/feeds';
import {
  INLINE_BRANDS,
  feedsListMachine,
  readFeedsListQuery,
  selectBrandsModal,
  selectFailedText,
  selectIsExporting,
  selectStatus,
  selectVisibleFeeds,
} from '@/machines/feedsList.machine';
import type { FeedsListSnapshot } from '@/machines/feedsList.machine';
import { paths } from '@/routes/paths';
import { useScreenActor } from '@/routes/screen-actor';
import { useLocationSubscription } from '@/routes/ui-effects';
import { TableRegion, TableStatusRows, stickyActionsColumn, tableBodyProps } from '@/ui/TableRegion';
import { BrandsModal } from './BrandsModal';

/** The table's columns: label, and the sort key of a sortable one. */
const COLUMNS: readonly { label: string; sort?: FeedSortKey }[] = [
  { label: 'ID', sort: 'id' },
  { label: 'Name', sort: 'name' },
  { label: 'Brands', sort: 'brands' },
  { label: 'Products', sort: 'products' },
  { label: 'Customer', sort: 'customer' },
  { label: 'Discount' },
  { label: 'Shipping' },
];

/** Element id of the table region. */
export const FEEDS_TABLE_ID = 'feeds-table';

function percentOrNa(value: number | null): string {
  return value === null ? 'N/A' : `${value}%`;
}

function sameModal(
  a: ReturnType<typeof selectBrandsModal>,
  b: ReturnType<typeof selectBrandsModal>,
): boolean {
  if (a === null || b === null) return a === b;
  return (
    a.feedName === b.feedName &&
    a.brands.length === b.brands.length &&
    a.brands.every((brand, i) => brand === b.brands[i])
  );
}

function BrandsCell({ feed, onOpen }: { feed: FeedListItem; onOpen: () => void }) {
  if (feed.brands.length === 0) return <Text color="fg.muted">No brands</Text>;
  const hidden = feed.brands.length - INLINE_BRANDS;
  return (
    <>
      <Box hideBelow="md">
        <Wrap gap="1">
          {feed.brands.slice(0, INLINE_BRANDS).map((brand) => (
            <Badge key={brand.id} variant="subtle">
              {brand.name}
            </Badge>
          ))}
        </Wrap>
        {hidden > 0 && (
          <Button variant="plain" size="xs" px="0" color="brand.fg" onClick={onOpen}>
            Show {hidden} more...
          </Button>
        )}
      </Box>
      <Button hideFrom="md" variant="outline" size="xs" onClick={onOpen}>
        View brands
      </Button>
    </>
  );
}

/**
 * A column header that sorts the list: a button naming the column, an arrow for the current
 * direction, and `aria-sort` on the sorted column.
 */
function SortHeader(props: { label: string; column: FeedSortKey; sort: FeedSort; onSort: () => void }) {
  const { key, descending } = parseFeedSort(props.sort);
  const active = key === props.column;
  const Arrow = !active ? ArrowUpDown : descending ? ArrowDown : ArrowUp;
  return (
    <Table.ColumnHeader aria-sort={active ? (descending ? 'descending' : 'ascending') : undefined}>
      <Button variant="ghost" size="xs" mx="-2" px="2" fontWeight="semibold" onClick={props.onSort}>
        {props.label}
        <Arrow size={14} aria-hidden opacity={active ? 1 : 0.5} />
      </Button>
    </Table.ColumnHeader>
  );
}

function FeedRow({ feed, onOpenBrands }: { feed: FeedListItem; onOpenBrands: () => void }) {
  return (
    <Table.Row>
      <Table.Cell>{feed.id}</Table.Cell>
      <Table.Cell fontWeight="medium" minW="32" overflowWrap="anywhere">
        {feed.name}
      </Table.Cell>
      <Table.Cell minW={{ md: '48' }}>
        <BrandsCell feed={feed} onOpen={onOpenBrands} />
      </Table.Cell>
      <Table.Cell>{feed.products_count}</Table.Cell>
      <Table.Cell minW="32">
        {feed.user_id !== null && feed.user_details ? feed.user_details : '-'}
      </Table.Cell>
      <Table.Cell>{percentOrNa(feed.user_discount)}</Table.Cell>
      <Table.Cell>{percentOrNa(feed.shipping_user_discount)}</Table.Cell>
      <Table.Cell css={stickyActionsColumn} whiteSpace="nowrap">
        <Link asChild color="brand.fg" fontWeight="medium">
          <RouterLink to={paths.editFeed(feed.id)} aria-label={`Edit feed ${feed.name}`}>
            Edit feed
          </RouterLink>
        </Link>
      </Table.Cell>
    </Table.Row>
  );
}

/** The panel; loads the feeds when mounted, on the search and sort of the URL. */
export function FeedsPanel() {
  const { pathname, search: urlSearch } = useLocation();
  const subscribe = useLocationSubscription();
  const actor = useScreenActor(feedsListMachine, {
    input: { query: readFeedsListQuery(urlSearch), subscribe, pathname },
  });
  const status = useSelector(actor, selectStatus);
  const failedText = useSelector(actor, selectFailedText);
  const isExporting = useSelector(actor, selectIsExporting);
  const search = useSelector(actor, (snapshot: FeedsListSnapshot) => snapshot.context.search);
  const sort = useSelector(actor, (snapshot: FeedsListSnapshot) => snapshot.context.sort);
  const brandSearch = useSelector(actor, (snapshot: FeedsListSnapshot) => snapshot.context.brandSearch);
  const feeds = useSelector(
    actor,
    selectVisibleFeeds,
    (a, b) => a.length === b.length && a.every((feed, i) => feed === b[i]),
  );
  const modal = useSelector(actor, selectBrandsModal, sameModal);
  const columns = COLUMNS.length + 1;

  return (
    <Card.Root>
      <Card.Body gap="4">
        <Flex gap="3" wrap="wrap" justify="space-between">
          <Input
            type="search"
            placeholder="Search..."
            aria-label="Search feeds"
            maxW="xs"
            value={search}
            onChange={(event) => actor.send({ type: 'search.change', value: event.target.value })}
          />
          <HStack gap="2" wrap="wrap">
            <Button
              variant="outline"
              loading={isExporting}
              loadingText="Exporting..."
              onClick={() => actor.send({ type: 'export' })}
            >
              <Download size={16} aria-hidden /> Export CSV
            </Button>
            <Button asChild colorPalette="brand">
              <RouterLink to={paths.createFeed}>
                <Plus size={16} aria-hidden /> Add feed
              </RouterLink>
            </Button>
          </HStack>
        </Flex>
        {status === 'loading' && (
          <Text color="fg.muted" fontSize="sm" role="status">
            Loading Feeds...
          </Text>
        )}
        <TableRegion label="Feeds table" id={FEEDS_TABLE_ID}>
          {/* The scroll area keeps cells on one line; names, brands and customers wrap instead, so the
              table fits its card at 1280 px (issue 15). */}
          <Table.Root size="sm" aria-label="Feeds" whiteSpace="normal">
            <Table.Header>
              <Table.Row>
                {COLUMNS.map((column) =>
                  column.sort ? (
                    <SortHeader
                      key={column.label}
                      label={column.label}
                      column={column.sort}
                      sort={sort}
                      onSort={() => column.sort && actor.send({ type: 'sort.change', key: column.sort })}
                    />
                  ) : (
                    <Table.ColumnHeader key={column.label}>{column.label}</Table.ColumnHeader>
                  ),
                )}
                <Table.ColumnHeader css={stickyActionsColumn}>Actions</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body {...tableBodyProps(status)}>
              <TableStatusRows
                status={status}
                columns={columns}
                hasRows={false}
                emptyText="No feeds found."
                failedText={failedText ?? ''}
                onRetry={() => actor.send({ type: 'retry' })}
              />
              {status === 'loaded' &&
                feeds.map((feed) => (
                  <FeedRow
                    key={feed.id}
                    feed={feed}
                    onOpenBrands={() => actor.send({ type: 'brands.open', feedId: feed.id })}
                  />
                ))}
            </Table.Body>
          </Table.Root>
        </TableRegion>
      </Card.Body>
      <BrandsModal
        modal={modal}
        search={brandSearch}
        onSearch={(value) => actor.send({ type: 'brands.search', value })}
        onClose={() => actor.send({ type: 'brands.close' })}
      />
    </Card.Root>
  );
}
