/**
 * The Delivery panel's "Shopify store" section (issue 29): the customer's store as this feed sees
 * it (the connection's status and failure, the last sync and its failure, the feed's items mapped
 * to the store's own variants, linked to the product page, or left out because the store lacks or
 * does not publish their product) and "Sync now". Without a connection it says what connecting
 * would fix and links to the customer's page, where the connection is set up and checked.
 *
 * "Sync now" stays in the page while the sync and the reload after it run (busy, not disabled), so
 * the keyboard focus a person put on it is still there when the counts come back.
 */
import { Button, Flex, Heading, HStack, Link, Spinner, Stack, Text } from '@chakra-ui/react';
import { Stat } from '@/ui/bound-recipes/Stat';
import { Link as RouterLink } from 'react-router-dom';
import { formatDateTime } from '@/api/format';
import { SHOPIFY_CONNECTION_TEXTS } from '@/api/schemas/shopify';
import type { FeedShopifyStatus } from '@/api/schemas/shopify';
import { describeShopifyFailure } from '@/machines/shopifyConnection.machine';
import { paths } from '@/routes/paths';
import { SHOPIFY_STATUS_COLORS, StatusDot } from '@/ui/StatusDot';

/** What a connection to the customer's store would change in this feed (issue 29). */
export const SHOPIFY_CONNECTING_WOULD_FIX =
  "Connect the customer's Shopify store and each item links to its own variant in the store, " +
  'and products the store does not have or does not publish are left out, instead of landing on ' +
  'a page that shows another variant or is not found.';

/** Props of {@link ShopifyStoreSection}. */
export interface ShopifyStoreSectionProps {
  /** The feed's view of its customer's store; null for a feed without a customer. */
  shopify: FeedShopifyStatus | null;
  /** The saved feed's customer, for the link to their page; null when none. */
  customerId: number | null;
  syncing: boolean;
  canSync: boolean;
  syncError: string | null;
  onSync: () => void;
}

function Count({ label, value }: { label: string; value: number }) {
  return (
    <Stat.Root maxW="max-content">
      <Stat.Label>{label}</Stat.Label>
      <Stat.ValueText>{value}</Stat.ValueText>
    </Stat.Root>
  );
}

function CustomerLink({ customerId }: { customerId: number | null }) {
  if (customerId === null) return null;
  return (
    <Link asChild color="brand.fg" fontWeight="medium" fontSize="sm">
      <RouterLink to={paths.editUser(customerId)}>Open the customer&apos;s page</RouterLink>
    </Link>
  );
}

/** The section; see the module comment. */
export function ShopifyStoreSection({
  shopify,
  customerId,
  syncing,
  canSync,
  syncError,
  onSync,
}: ShopifyStoreSectionProps) {
  const { connection } = shopify ?? { connection: null };
  const failure = connection?.failure ? describeShopifyFailure(connection.failure) : null;
  return (
    <Stack gap="3" as="section" aria-labelledby="shopify-store-heading">
      <Heading as="h3" size="sm" id="shopify-store-heading">
        Shopify store
      </Heading>
      {connection === null ? (
        <Text fontSize="sm">The feed has no customer, so there is no store to link to.</Text>
      ) : (
        <HStack gap="3" wrap="wrap" fontSize="sm">
          <Text as="span" color="fg.muted">
            Connection:
          </Text>
          <StatusDot
            label={SHOPIFY_CONNECTION_TEXTS[connection.status]}
            color={SHOPIFY_STATUS_COLORS[connection.status]}
          />
          {failure !== null && <Text as="span">{failure}</Text>}
        </HStack>
      )}
      {connection !== null && connection.status !== 'connected' && (
        <Stack gap="1">
          <Text fontSize="sm">{SHOPIFY_CONNECTING_WOULD_FIX}</Text>
          <CustomerLink customerId={customerId} />
        </Stack>
      )}
      {shopify !== null && connection?.status !== 'not_configured' && (
        <>
          <Text fontSize="sm">
            <Text as="span" color="fg.muted">
              Last sync:
            </Text>{' '}
            {shopify.last_sync_at === null ? 'never' : formatDateTime(shopify.last_sync_at)}
            {shopify.sync_running && ' (a sync is running now)'}
          </Text>
          {shopify.last_sync_failure !== null && (
            <Text fontSize="sm" color="fg.error">
              Last sync failed: {describeShopifyFailure(shopify.last_sync_failure)}
            </Text>
          )}
          <Flex gap="8" wrap="wrap">
            <Count label="Linked to the store's variant" value={shopify.mapped_count} />
            <Count label="Linked to the product page" value={shopify.unmapped_count} />
            <Count label="Left out: not in the store" value={shopify.excluded_count} />
          </Flex>
          {syncError !== null && (
            <Text fontSize="sm" color="fg.error" role="alert">
              {syncError}
            </Text>
          )}
          <Button
            size="sm"
            variant="outline"
            alignSelf="flex-start"
            aria-busy={syncing}
            aria-disabled={!canSync || undefined}
            onClick={onSync}
          >
            {syncing && <Spinner size="xs" />}
            {syncing ? 'Syncing...' : 'Sync now'}
          </Button>
        </>
      )}
    </Stack>
  );
}
