/**
 * The customer's feeds on the customer's page (issue 30): each feed linked to its editor, with the
 * file URL, user name and password Google Merchant Center's scheduled fetch asks for, so an admin can
 * hand Google a feed without leaving the page (the password is a token from the tokens panel beside
 * it). Renders `customerFeedsMachine`'s state: loading, the failure with Retry, none yet, or the feeds.
 */
import { Box, Card, Field, HStack, Input, Link, Stack, Text } from '@chakra-ui/react';
import { Code } from '@/ui/bound-recipes/Code';
import { useSelector } from '@xstate/react';
import { Link as RouterLink } from 'react-router-dom';
import { failureText } from '@/machines/failure-text';
import { customerFeedsMachine } from '@/machines/customerFeeds.machine';
import type { CustomerFeed } from '@/machines/customerFeeds.machine';
import { selectResourceView } from '@/machines/resource.machine';
import { paths } from '@/routes/paths';
import { useScreenActor } from '@/routes/screen-actor';
import { CopyButton } from '@/ui/CopyButton';
import { GOOGLE_USER_NAME } from './GoogleMerchantSection';
import { WidgetFailure, WidgetLoading } from '@/ui/WidgetStatus';

/** The panel's heading, also its landmark's name. */
export const CUSTOMER_FEEDS_TITLE = 'Feeds for Google Merchant Center';
/** Shown when the list cannot be loaded; the reason follows it. */
export const CUSTOMER_FEEDS_FAILED = "Failed to load the customer's feeds";

/** One feed: its name (a link to its editor) and the three values Google's fetch asks for. */
function FeedForGoogle({ feed }: { feed: CustomerFeed }) {
  const urlId = `customer-feed-${feed.id}-url`;
  return (
    <Box as="li" borderWidth="1px" rounded="md" p="4">
      <Stack gap="3">
        <HStack justify="space-between" wrap="wrap" gap="2">
          <Link asChild fontWeight="semibold">
            <RouterLink to={paths.editFeed(feed.id)}>{feed.name}</RouterLink>
          </Link>
          <Text fontSize="sm" color="fg.muted">
            {feed.products_count === 1 ? '1 product' : `${feed.products_count} products`}
          </Text>
        </HStack>
        <Field.Root>
          <Field.Label htmlFor={urlId} fontSize="sm">
            File URL
          </Field.Label>
          <HStack w="full">
            <Input
              id={urlId}
              readOnly
              value={feed.google_url}
              fontFamily="mono"
              fontSize="sm"
              flex="1"
              minW="0"
            />
            <CopyButton value={feed.google_url} label={`Copy the file URL of ${feed.name}`} />
          </HStack>
        </Field.Root>
        <Text fontSize="sm">
          User name: <Code>{GOOGLE_USER_NAME}</Code> (any is accepted). Password: one of this customer&apos;s
          API tokens, shown once when it is made: make one named &lsquo;Google Merchant Center&rsquo; in the
          tokens panel, or with &lsquo;Create a token for Google&rsquo; on the feed&apos;s page. Fetch: daily.
        </Text>
      </Stack>
    </Box>
  );
}

/** Props of {@link CustomerFeedsPanel}. */
export interface CustomerFeedsPanelProps {
  userId: number;
}

/** The panel for customer `userId`; loads the feeds when it mounts. */
export function CustomerFeedsPanel({ userId }: CustomerFeedsPanelProps) {
  const actor = useScreenActor(customerFeedsMachine, { input: { userId, origin: window.location.origin } });
  const view = useSelector(actor, selectResourceView);
  return (
    <Card.Root as="section" aria-labelledby="customer-feeds-title">
      <Card.Header>
        <Card.Title as="h2" id="customer-feeds-title">
          {CUSTOMER_FEEDS_TITLE}
        </Card.Title>
        <Card.Description>
          In Merchant Center: Data sources, Add product source, Add products from a file, scheduled fetch.
        </Card.Description>
      </Card.Header>
      <Card.Body>
        {view.status === 'loading' && <WidgetLoading lines={2} label="Loading the customer's feeds" />}
        {view.status === 'failed' && (
          <WidgetFailure
            message={failureText(CUSTOMER_FEEDS_FAILED, view.error)}
            onRetry={() => actor.send({ type: 'resource.reload' })}
          />
        )}
        {view.status === 'loaded' && view.data?.length === 0 && (
          <Text>
            This customer has no feed yet.{' '}
            <Link asChild>
              <RouterLink to={paths.createFeedFor(userId)}>Add feed</RouterLink>
            </Link>
          </Text>
        )}
        {view.status === 'loaded' && view.data !== null && view.data.length > 0 && (
          <Stack as="ul" gap="3" listStyleType="none">
            {view.data.map((feed) => (
              <FeedForGoogle key={feed.id} feed={feed} />
            ))}
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
}
