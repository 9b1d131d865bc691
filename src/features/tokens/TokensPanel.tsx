/**
 * The Associated Tokens panel of a user (spec §2 "Associated Tokens panel", §4 "Token revoked
 * flag"): '+ Add Token', the tokens table, 'No tokens found.', and the 'Full Token' modal. Renders the
 * tokens statechart and sends it the person's input (the machine raises its toast itself).
 */
import {
  Box,
  Button,
  Card,
  Checkbox,
  Code,
  Dialog,
  Heading,
  HStack,
  Link,
  Portal,
  Spinner,
  Stack,
  Table,
  Text,
} from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { Plus } from 'lucide-react';
import type { ApiToken } from '@/api/schemas/users';
import {
  remainingRequests,
  selectIsAdding,
  selectTokensLoading,
  tokensMachine,
} from '@/machines/tokens.machine';
import type { TokensSnapshot } from '@/machines/tokens.machine';
import { useScreenActor } from '@/routes/screen-actor';
import { ProgressBar } from '@/ui/ProgressBar';

const NUMBER = new Intl.NumberFormat('en-GB');
const DATE_TIME = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

/** A stored instant in the browser's local date and time (spec §2 "Created at (local date and time)"). */
function localDateTime(iso: string): string {
  return DATE_TIME.format(new Date(iso));
}

const selectContext = (snapshot: TokensSnapshot) => snapshot.context;

function TokenRow({
  token,
  pending,
  onToggle,
  onView,
}: {
  token: ApiToken;
  pending: boolean;
  onToggle: (revoke: boolean) => void;
  onView: () => void;
}) {
  const { remaining, percent } = remainingRequests(token);
  return (
    <Table.Row>
      <Table.Cell>#{token.id}</Table.Cell>
      <Table.Cell>
        <Checkbox.Root
          checked={token.revoked}
          disabled={pending}
          onCheckedChange={(details) => onToggle(details.checked === true)}
        >
          <Checkbox.HiddenInput aria-label={`Revoked: token #${token.id}`} />
          <Checkbox.Control />
        </Checkbox.Root>
      </Table.Cell>
      <Table.Cell>
        <Link as="button" color="brand.fg" onClick={onView} aria-label={`View token #${token.id}`}>
          View token
        </Link>
      </Table.Cell>
      <Table.Cell>{NUMBER.format(token.used_requests)}</Table.Cell>
      <Table.Cell>{NUMBER.format(token.total_requests)}</Table.Cell>
      <Table.Cell>
        <Stack gap="1" minW="24">
          <Text fontSize="sm">{NUMBER.format(remaining)}</Text>
          <ProgressBar value={percent} label={`Remaining requests of token #${token.id}`} />
        </Stack>
      </Table.Cell>
      <Table.Cell whiteSpace="nowrap">{localDateTime(token.created_at)}</Table.Cell>
      <Table.Cell whiteSpace="nowrap">
        {token.updated_at === null ? 'No update' : localDateTime(token.updated_at)}
      </Table.Cell>
    </Table.Row>
  );
}

/** Props of {@link TokensPanel}. */
export interface TokensPanelProps {
  userId: number;
}

/** The tokens of user `userId`, with add, revoke toggles and the Full Token modal. */
export function TokensPanel({ userId }: TokensPanelProps) {
  const tokens = useScreenActor(tokensMachine, { input: { userId } });
  const context = useSelector(tokens, selectContext);
  const isLoading = useSelector(tokens, selectTokensLoading);
  const isAdding = useSelector(tokens, selectIsAdding);

  return (
    <Card.Root>
      <Card.Body gap="4">
        <HStack justify="space-between" wrap="wrap">
          <Heading as="h2" size="lg">
            Associated Tokens
          </Heading>
          <HStack gap="3">
            {isLoading && <Spinner size="sm" aria-label="Loading tokens" />}
            <Button
              colorPalette="brand"
              onClick={() => tokens.send({ type: 'tokens.add' })}
              loading={isAdding}
            >
              <Plus size={16} aria-hidden />
              Add Token
            </Button>
          </HStack>
        </HStack>
        <Box overflowX="auto">
          <Table.Root size="sm" aria-label="Tokens">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>ID</Table.ColumnHeader>
                <Table.ColumnHeader>Revoked</Table.ColumnHeader>
                <Table.ColumnHeader>Token</Table.ColumnHeader>
                <Table.ColumnHeader>Used Requests</Table.ColumnHeader>
                <Table.ColumnHeader>Total Requests</Table.ColumnHeader>
                <Table.ColumnHeader>Remaining Requests</Table.ColumnHeader>
                <Table.ColumnHeader>Created at</Table.ColumnHeader>
                <Table.ColumnHeader>Updated at</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {context.tokens.length === 0 && !isLoading ? (
                <Table.Row>
                  <Table.Cell colSpan={8} textAlign="center" color="fg.muted" py="6">
                    No tokens found.
                  </Table.Cell>
                </Table.Row>
              ) : (
                context.tokens.map((token) => (
                  <TokenRow
                    key={token.id}
                    token={token}
                    pending={context.pending.includes(token.id)}
                    onToggle={(revoke) =>
                      tokens.send({ type: 'tokens.toggleRevoked', tokenId: token.id, revoke })
                    }
                    onView={() => tokens.send({ type: 'tokens.view', tokenId: token.id })}
                  />
                ))
              )}
            </Table.Body>
          </Table.Root>
        </Box>
      </Card.Body>

      <Dialog.Root
        open={context.viewing !== null}
        onOpenChange={(details) => {
          if (!details.open) tokens.send({ type: 'tokens.closeView' });
        }}
      >
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner>
            <Dialog.Content>
              <Dialog.Header>
                <Dialog.Title>Full Token</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Code
                  display="block"
                  p="3"
                  wordBreak="break-all"
                  whiteSpace="pre-wrap"
                  data-testid="full-token"
                >
                  {context.viewing?.token}
                </Code>
              </Dialog.Body>
              <Dialog.Footer>
                <Button onClick={() => tokens.send({ type: 'tokens.closeView' })}>Close</Button>
              </Dialog.Footer>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
    </Card.Root>
  );
}
