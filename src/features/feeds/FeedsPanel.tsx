/**
 * The feeds list panel (spec §2 "Feeds list panel"): loading text, the error, the client-side name
 * search, 'Add feed', the table with the brands cell, and the 'All Brands' modal. Renders
 * feedsListMachine and sends it events; nothing else.
 */
import { Badge, Box, Button, Card, Flex, HStack, Input, Link, Table, Text, Wrap } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { Plus } from 'lucide-react';
import { Link as RouterLink } from 'react-router-dom';
import type { FeedListItem } from '@/api/schemas/feeds';
import {
  INLINE_BRANDS,
  feedsListMachine,
  selectBrandsModal,
  selectVisibleFeeds,
} from '@/machines/feedsList.machine';
import type { FeedsListSnapshot } from '@/machines/feedsList.machine';
import { paths } from '@/routes/paths';
import { useScreenActor } from '@/routes/screen-actor';
import { BrandsModal } from './BrandsModal';

const COLUMNS = ['ID', 'Name', 'Brands', 'Products', 'Customer', 'Discount', 'Shipping', 'Actions'];

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
        <Wrap gap="1" maxW="md">
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

/** The panel; loads the feeds when mounted. */
export function FeedsPanel() {
  const actor = useScreenActor(feedsListMachine);
  const isLoading = useSelector(actor, (snapshot: FeedsListSnapshot) => snapshot.matches('loading'));
  const error = useSelector(actor, (snapshot: FeedsListSnapshot) =>
    snapshot.matches('failed') ? snapshot.context.error : null,
  );
  const search = useSelector(actor, (snapshot: FeedsListSnapshot) => snapshot.context.search);
  const brandSearch = useSelector(actor, (snapshot: FeedsListSnapshot) => snapshot.context.brandSearch);
  const feeds = useSelector(
    actor,
    selectVisibleFeeds,
    (a, b) => a.length === b.length && a.every((feed, i) => feed === b[i]),
  );
  const modal = useSelector(actor, selectBrandsModal, sameModal);

  return (
    <Card.Root>
      <Card.Body gap="4">
        <Flex gap="3" wrap="wrap" justify="space-between">
          <Input
            placeholder="Search..."
            aria-label="Search feeds"
            maxW="xs"
            value={search}
            onChange={(event) => actor.send({ type: 'search.change', value: event.target.value })}
          />
          <Button asChild colorPalette="brand">
            <RouterLink to={paths.createFeed}>
              <Plus /> Add feed
            </RouterLink>
          </Button>
        </Flex>
        {isLoading && <Text>Loading Feeds...</Text>}
        {error !== null && (
          <HStack>
            <Text color="fg.error" role="alert">
              {error}
            </Text>
            <Button size="xs" variant="outline" onClick={() => actor.send({ type: 'retry' })}>
              Retry
            </Button>
          </HStack>
        )}
        {!isLoading && error === null && (
          <Table.ScrollArea>
            <Table.Root size="sm" aria-label="Feeds">
              <Table.Header>
                <Table.Row>
                  {COLUMNS.map((column) => (
                    <Table.ColumnHeader key={column}>{column}</Table.ColumnHeader>
                  ))}
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {feeds.length === 0 ? (
                  <Table.Row>
                    <Table.Cell colSpan={COLUMNS.length} textAlign="center" color="fg.muted">
                      No feeds found.
                    </Table.Cell>
                  </Table.Row>
                ) : (
                  feeds.map((feed) => (
                    <Table.Row key={feed.id}>
                      <Table.Cell>{feed.id}</Table.Cell>
                      <Table.Cell fontWeight="medium">{feed.name}</Table.Cell>
                      <Table.Cell>
                        <BrandsCell
                          feed={feed}
                          onOpen={() => actor.send({ type: 'brands.open', feedId: feed.id })}
                        />
                      </Table.Cell>
                      <Table.Cell>{feed.products_count}</Table.Cell>
                      <Table.Cell>
                        {feed.user_id !== null && feed.user_details ? feed.user_details : '-'}
                      </Table.Cell>
                      <Table.Cell>{percentOrNa(feed.user_discount)}</Table.Cell>
                      <Table.Cell>{percentOrNa(feed.shipping_user_discount)}</Table.Cell>
                      <Table.Cell>
                        <Link asChild color="brand.fg" fontWeight="medium">
                          <RouterLink to={paths.editFeed(feed.id)} aria-label={`Edit feed ${feed.name}`}>
                            Edit feed
                          </RouterLink>
                        </Link>
                      </Table.Cell>
                    </Table.Row>
                  ))
                )}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
        )}
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
