/**
 * The feeds list panel (spec §2 "Feeds list panel"; issue 15): the client-side name search and the
 * column sorts (both in the URL), 'Add feed', 'Export CSV' of what the table shows, the table with
 * its distinct states (loading skeleton, 'No feeds found.', 'Failed to load feeds' with the reason
 * and Retry), the brands cell, and the 'All Brands' modal. Renders feedsListMachine and sends it
 * events; the machine moves and follows the URL itself.
 */
import { Badge, Box, Button, Card, Flex, HStack, Input, Link, Text, Wrap } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { Download, Plus } from 'lucide-react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { parseFeedSort } from '@/api/schemas/feed-list';
import type { FeedSortKey } from '@/api/schemas/feed-list';
import type { FeedListItem } from '@/api/schemas/feeds';
import {
  INLINE_BRANDS,
  feedsListMachine,
  readFeedsListQuery,
  selectBrandsModal,
  selectFailedText,
  selectStatus,
  selectVisibleFeeds,
} from '@/machines/feedsList.machine';
import type { FeedsListSnapshot } from '@/machines/feedsList.machine';
import { feedsExportMachine, selectIsExporting } from '@/machines/feedsExport.machine';
import { paths } from '@/routes/paths';
import { useScreenActor } from '@/routes/screen-actor';
import { useLocationSubscription } from '@/routes/ui-effects';
import { DataTable } from '@/ui/DataTable';
import type { DataTableColumn } from '@/ui/DataTable';
import { BrandsModal } from './BrandsModal';

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

/** The table's columns (spec §2 "Feeds list panel"): the spec's headers, a sort key for sortable ones. */
function feedColumns(onOpenBrands: (feed: FeedListItem) => void): DataTableColumn<FeedListItem>[] {
  return [
    { key: 'id', header: 'ID', sort: true, width: '4rem', cell: (feed) => feed.id },
    {
      key: 'name',
      header: 'Name',
      sort: true,
      cell: (feed) => <Text fontWeight="medium">{feed.name}</Text>,
    },
    {
      key: 'brands',
      header: 'Brands',
      sort: true,
      width: '30%',
      cell: (feed) => <BrandsCell feed={feed} onOpen={() => onOpenBrands(feed)} />,
    },
    { key: 'products', header: 'Products', sort: true, width: '7rem', cell: (feed) => feed.products_count },
    {
      key: 'customer',
      header: 'Customer',
      sort: true,
      // Issue 30: the customer's own page is one press away; spec §2's '-' when the feed has none.
      cell: (feed) =>
        feed.user_id !== null && feed.user_details ? (
          <Link asChild color="brand.fg">
            <RouterLink to={paths.editUser(feed.user_id)}>{feed.user_details}</RouterLink>
          </Link>
        ) : (
          '-'
        ),
    },
    { key: 'discount', header: 'Discount', width: '6rem', cell: (feed) => percentOrNa(feed.user_discount) },
    {
      key: 'shipping',
      header: 'Shipping',
      width: '6rem',
      cell: (feed) => percentOrNa(feed.shipping_user_discount),
    },
    {
      key: 'actions',
      header: 'Actions',
      sticky: true,
      width: '6rem',
      cell: (feed) => (
        <Link asChild color="brand.fg" fontWeight="medium" whiteSpace="nowrap">
          <RouterLink to={paths.editFeed(feed.id)} aria-label={`Edit feed ${feed.name}`}>
            Edit feed
          </RouterLink>
        </Link>
      ),
    },
  ];
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
  const exporter = useScreenActor(feedsExportMachine);
  const isExporting = useSelector(exporter, selectIsExporting);
  const search = useSelector(actor, (snapshot: FeedsListSnapshot) => snapshot.context.search);
  const sort = useSelector(actor, (snapshot: FeedsListSnapshot) => snapshot.context.sort);
  const brandSearch = useSelector(actor, (snapshot: FeedsListSnapshot) => snapshot.context.brandSearch);
  const feeds = useSelector(
    actor,
    selectVisibleFeeds,
    (a, b) => a.length === b.length && a.every((feed, i) => feed === b[i]),
  );
  const modal = useSelector(actor, selectBrandsModal, sameModal);
  const columns = feedColumns((feed) => actor.send({ type: 'brands.open', feedId: feed.id }));

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
              onClick={() => exporter.send({ type: 'export.start', query: { query: search, sort } })}
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
        <DataTable
          label="Feeds table"
          caption="Feeds"
          id={FEEDS_TABLE_ID}
          columns={columns}
          rows={status === 'loaded' ? feeds : []}
          rowKey={(feed) => feed.id}
          sortedBy={parseFeedSort(sort)}
          onSort={(key) => actor.send({ type: 'sort.change', key: key as FeedSortKey })}
          status={{
            status,
            hasRows: false,
            emptyText: 'No feeds found.',
            failedText: failedText ?? '',
            onRetry: () => actor.send({ type: 'retry' }),
          }}
        />
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
