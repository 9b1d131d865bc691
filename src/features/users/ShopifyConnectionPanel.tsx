/**
 * The "Shopify connection" panel of a customer's edit page (issue 29): the connection as last
 * stored (not configured, not checked, connected with the shop's name, the key's scopes and when it
 * was checked, or failed with Shopify's reason) and 'Check connection'. Renders
 * shopifyConnectionMachine and sends it the check; nothing else.
 *
 * The button stays in the page while a check runs (busy, not disabled), so the keyboard focus a
 * person put on it is still there when the answer comes. Not configured disables it, with the
 * reason beside it and tied to it (`aria-describedby`).
 */
import { Button, Card, Heading, HStack, Spinner, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { formatDateTime } from '@/api/format';
import type { ShopifyConnection } from '@/api/schemas/shopify';
import {
  SHOPIFY_NOT_CONFIGURED_HINT,
  selectShopifyConnectionView,
  shopifyConnectionMachine,
} from '@/machines/shopifyConnection.machine';
import type { ShopifyConnectionView } from '@/machines/shopifyConnection.machine';
import { useScreenActor } from '@/routes/screen-actor';
import { SHOPIFY_STATUS_COLORS, StatusDot } from '@/ui/StatusDot';

const HINT_ID = 'shopify-connection-hint';

function sameView(a: ShopifyConnectionView, b: ShopifyConnectionView): boolean {
  return (
    a.status === b.status &&
    a.connection === b.connection &&
    a.checkError === b.checkError &&
    a.canCheck === b.canCheck
  );
}

/** One labelled fact of the connection, e.g. 'Shop: Hopper Supplements'. */
function Fact({ label, children }: { label: string; children: string }) {
  return (
    <Text fontSize="sm">
      <Text as="span" color="fg.muted">
        {label}:
      </Text>{' '}
      {children}
    </Text>
  );
}

/** What the stored connection says beyond its status. */
function Details({ connection, failure }: { connection: ShopifyConnection; failure: string | null }) {
  switch (connection.status) {
    case 'not_configured':
      return (
        <Text fontSize="sm" id={HINT_ID}>
          {SHOPIFY_NOT_CONFIGURED_HINT}
        </Text>
      );
    case 'not_checked':
      return <Text fontSize="sm">Not checked since the domain or key last changed.</Text>;
    default:
      return (
        <Stack gap="1">
          {connection.shop_name !== null && <Fact label="Shop">{connection.shop_name}</Fact>}
          {connection.status === 'connected' && (
            <Fact label="Scopes">
              {connection.scopes.length === 0 ? 'none' : connection.scopes.join(', ')}
            </Fact>
          )}
          {failure !== null && <Fact label="Reason">{failure}</Fact>}
          {connection.checked_at !== null && (
            <Fact label="Checked">{formatDateTime(connection.checked_at)}</Fact>
          )}
        </Stack>
      );
  }
}

/** Props of {@link ShopifyConnectionPanel}. */
export interface ShopifyConnectionPanelProps {
  userId: number;
  /** The connection as the server last stored it (the loaded or saved user's). */
  connection: ShopifyConnection;
}

/** The panel; its states are the machine's (see the module comment). */
export function ShopifyConnectionPanel({ userId, connection }: ShopifyConnectionPanelProps) {
  const actor = useScreenActor(shopifyConnectionMachine, { input: { userId, connection } });
  const view = useSelector(actor, selectShopifyConnectionView, sameView);
  const stored = view.connection;
  const checking = view.status === 'checking';
  const notConfigured = stored.status === 'not_configured';
  return (
    <Card.Root as="section" aria-labelledby="shopify-connection-heading" mb="6">
      <Card.Body gap="3">
        <Heading as="h2" size="md" id="shopify-connection-heading">
          Shopify connection
        </Heading>
        <HStack gap="3" role="status">
          {checking ? (
            <HStack gap="2">
              <Spinner size="xs" />
              <Text as="span">{view.statusText}</Text>
            </HStack>
          ) : (
            <StatusDot label={view.statusText} color={SHOPIFY_STATUS_COLORS[stored.status]} />
          )}
        </HStack>
        <Details connection={stored} failure={view.failure} />
        {view.checkError !== null && (
          <Text color="fg.error" fontSize="sm" role="alert">
            {view.checkError}
          </Text>
        )}
        <Button
          size="sm"
          variant="outline"
          alignSelf="flex-start"
          disabled={notConfigured && !checking}
          aria-describedby={notConfigured ? HINT_ID : undefined}
          aria-busy={checking}
          aria-disabled={checking || undefined}
          onClick={() => actor.send({ type: 'shopify.check' })}
        >
          {checking && <Spinner size="xs" />}
          {checking ? 'Checking...' : 'Check connection'}
        </Button>
      </Card.Body>
    </Card.Root>
  );
}
