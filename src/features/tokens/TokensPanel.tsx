/**
 * The Associated Tokens panel of a user (spec §2 "Associated Tokens panel", §4 "Token revoked flag";
 * issue 15 finding 1): '+ Add Token' (with an optional name; the new token is then shown once in
 * full, issue 30), the tokens table with its loading, empty ('No tokens found.') and failed (Retry)
 * states, each token's name, status, prefix, use and dates, 'Rename', 'Revoke' (asks first),
 * 'Restore' and, just after a revoke, 'Undo'; and the 'Full Token' modal, which since issue 30 shows
 * the prefix and says the whole token was shown once. Renders the tokens statechart and sends it
 * the person's input; the machine raises its toasts and moves the focus itself.
 */
import { Button, Card, Heading, HStack, Link, Portal, Stack, Text } from '@chakra-ui/react';
import { Code } from '@/ui/bound-recipes/Code';
import { Dialog } from '@/ui/bound-recipes/Dialog';
import { Table } from '@/ui/bound-recipes/Table';
import type { SystemStyleObject } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { Plus } from 'lucide-react';
import type { ApiToken } from '@/api/schemas/tokens';
import {
  TOKEN_SECRET_COPY_ID,
  onceSecretOf,
  remainingRequests,
  selectTokensView,
  tokenToggleId,
  tokensMachine,
} from '@/machines/tokens.machine';
import { useScreenActor } from '@/routes/screen-actor';
import { ProgressBar } from '@/ui/ProgressBar';
import { STACKED } from '@/ui/DataTable';
import { StatusDot } from '@/ui/StatusDot';
import {
  PlainRowsBody,
  TableRegion,
  TableStatusRows,
  stickyActionsColumn,
  tableBodyProps,
} from '@/ui/TableRegion';
import { SecretOnceDialog } from '@/ui/SecretOnceDialog';
import { RevokeTokenDialog, TokenNameDialog } from './TokenDialogs';

const NUMBER = new Intl.NumberFormat('en-GB');
const DATE_TIME = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

/** A token as listed: its prefix and an ellipsis (the whole token was shown once, when issued). */
function prefixShown(token: Pick<ApiToken, 'token_prefix'>): string {
  return `${token.token_prefix}…`;
}

/** A stored instant in the browser's local date and time (spec §2 "Created at (local date and time)"). */
function localDateTime(iso: string): string {
  return DATE_TIME.format(new Date(iso));
}

const COLUMNS = [
  'ID',
  'Name',
  'Status',
  'Token',
  'Used Requests',
  'Total Requests',
  'Remaining Requests',
  'Last used',
  'Created at',
  'Updated at',
] as const;

/**
 * Below `md` each row stacks into a card (DataTable's STACKED) and each cell is preceded by its
 * column's name, drawn from `data-label` (generated content with empty alternative text, so screen
 * readers keep reading the header instead).
 */
const LABELLED: SystemStyleObject = {
  mdDown: {
    _before: {
      content: 'attr(data-label) / ""',
      display: 'block',
      fontSize: 'xs',
      color: 'fg.muted',
    },
  },
};

/** DOM id of the tokens table's region. */
const REGION_ID = 'tokens-table';

/** What a row can ask of the machine. */
interface RowActions {
  onView: () => void;
  onRename: () => void;
  onRevoke: () => void;
  onRestore: () => void;
}

/**
 * The row's state-changing button: 'Revoke' for an active token (the machine asks first), 'Undo'
 * while its revoke may be undone, 'Restore' for a revoked token; busy while its request is in flight.
 */
function RevokeButton({
  token,
  pending,
  undoable,
  onRevoke,
  onRestore,
}: {
  token: ApiToken;
  pending: boolean;
  undoable: boolean;
} & Pick<RowActions, 'onRevoke' | 'onRestore'>) {
  // One id whatever it reads, so the machine's focus lands on it after a revoke, an Undo or a restore.
  const common = { id: tokenToggleId(token.id), size: 'xs', loading: pending, minW: '20' } as const;
  if (!token.revoked)
    return (
      <Button
        {...common}
        variant="outline"
        colorPalette="red"
        loadingText="Revoking"
        aria-label={`Revoke token #${token.id}`}
        onClick={onRevoke}
      >
        Revoke
      </Button>
    );
  return (
    <Button
      {...common}
      variant={undoable ? 'solid' : 'outline'}
      colorPalette="brand"
      loadingText="Restoring"
      aria-label={undoable ? `Undo revoke of token #${token.id}` : `Restore token #${token.id}`}
      onClick={onRestore}
    >
      {undoable ? 'Undo' : 'Restore'}
    </Button>
  );
}

function TokenRow({
  token,
  pending,
  undoable,
  ...actions
}: { token: ApiToken; pending: boolean; undoable: boolean } & RowActions) {
  const { remaining, percent } = remainingRequests(token);
  return (
    <Table.Row aria-busy={pending}>
      <Table.Cell data-label="ID" css={LABELLED}>
        #{token.id}
      </Table.Cell>
      <Table.Cell data-label="Name" css={LABELLED} minW="24" maxW="60" overflowWrap="anywhere">
        {token.name ?? (
          <Text as="span" color="fg.muted">
            No name
          </Text>
        )}
      </Table.Cell>
      <Table.Cell data-label="Status" css={LABELLED} whiteSpace="nowrap">
        <StatusDot
          label={token.revoked ? 'Revoked' : 'Active'}
          color={token.revoked ? 'red.500' : 'green.500'}
        />
      </Table.Cell>
      <Table.Cell data-label="Token" css={LABELLED}>
        <Stack gap="0" align="start">
          <Code
            fontSize="xs"
            whiteSpace="nowrap"
            aria-label={`Token #${token.id} begins ${token.token_prefix}`}
          >
            {prefixShown(token)}
          </Code>
          <Link as="button" color="brand.fg" onClick={actions.onView} aria-label={`View token #${token.id}`}>
            View token
          </Link>
        </Stack>
      </Table.Cell>
      <Table.Cell data-label="Used Requests" css={LABELLED}>
        {NUMBER.format(token.used_requests)}
      </Table.Cell>
      <Table.Cell data-label="Total Requests" css={LABELLED}>
        {NUMBER.format(token.total_requests)}
      </Table.Cell>
      <Table.Cell data-label="Remaining Requests" css={LABELLED}>
        <Stack gap="1" minW="24">
          <Text fontSize="sm">{NUMBER.format(remaining)}</Text>
          <ProgressBar value={percent} label={`Remaining requests of token #${token.id}`} />
        </Stack>
      </Table.Cell>
      {/* Dates wrap after the day (issue 30: the table fits 1440 px without sideways scroll). */}
      <Table.Cell data-label="Last used" css={LABELLED} minW="24">
        {token.last_used_at === null ? 'Never used' : localDateTime(token.last_used_at)}
      </Table.Cell>
      <Table.Cell data-label="Created at" css={LABELLED} minW="24">
        {localDateTime(token.created_at)}
      </Table.Cell>
      <Table.Cell data-label="Updated at" css={LABELLED} minW="24">
        {token.updated_at === null ? 'No update' : localDateTime(token.updated_at)}
      </Table.Cell>
      <Table.Cell data-label="Actions" css={{ ...LABELLED, md: stickyActionsColumn }}>
        <HStack gap="2">
          <Button
            size="xs"
            variant="ghost"
            aria-label={`Rename token #${token.id}`}
            onClick={actions.onRename}
            disabled={pending}
          >
            Rename
          </Button>
          <RevokeButton
            token={token}
            pending={pending}
            undoable={undoable}
            onRevoke={actions.onRevoke}
            onRestore={actions.onRestore}
          />
        </HStack>
      </Table.Cell>
    </Table.Row>
  );
}

/** Props of {@link TokensPanel}. */
export interface TokensPanelProps {
  userId: number;
}

/** The tokens of user `userId`: add, rename, revoke with confirmation and Undo, restore, view, copy. */
export function TokensPanel({ userId }: TokensPanelProps) {
  const tokens = useScreenActor(tokensMachine, { input: { userId } });
  const view = useSelector(tokens, selectTokensView);
  const showRows = view.status === 'loaded' || view.status === 'loading';

  return (
    <Card.Root>
      <Card.Body gap="4">
        <HStack justify="space-between" wrap="wrap">
          <Heading as="h2" size="lg">
            Associated Tokens
          </Heading>
          <Button colorPalette="brand" onClick={() => tokens.send({ type: 'tokens.add' })}>
            <Plus size={16} aria-hidden />
            Add Token
          </Button>
        </HStack>
        <TableRegion label="Tokens table" id={REGION_ID}>
          <Table.Root size="sm" aria-label="Tokens" whiteSpace="normal" css={STACKED}>
            <Table.Header>
              <Table.Row>
                {COLUMNS.map((column) => (
                  // Headers wrap ('Used / Requests'), so the numbers set the columns' widths.
                  <Table.ColumnHeader key={column} whiteSpace="normal">
                    {column}
                  </Table.ColumnHeader>
                ))}
                <Table.ColumnHeader css={{ md: stickyActionsColumn }}>Actions</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <PlainRowsBody {...tableBodyProps(view.status)}>
              <TableStatusRows
                status={view.status}
                columns={COLUMNS.length + 1}
                hasRows={view.tokens.length > 0}
                emptyText="No tokens found."
                failedText={view.failure ?? ''}
                onRetry={() => tokens.send({ type: 'tokens.reload' })}
              />
              {showRows &&
                view.tokens.map((token) => (
                  <TokenRow
                    key={token.id}
                    token={token}
                    pending={view.pending.includes(token.id)}
                    undoable={view.undoId === token.id}
                    onView={() => tokens.send({ type: 'tokens.view', tokenId: token.id })}
                    onRename={() => tokens.send({ type: 'tokens.rename', tokenId: token.id })}
                    onRevoke={() => tokens.send({ type: 'tokens.revoke', tokenId: token.id })}
                    onRestore={() => tokens.send({ type: 'tokens.restore', tokenId: token.id })}
                  />
                ))}
            </PlainRowsBody>
          </Table.Root>
        </TableRegion>
      </Card.Body>

      <TokenNameDialog
        form={view.nameForm}
        onChange={(name) => tokens.send({ type: 'tokens.nameChanged', name })}
        onSubmit={() => tokens.send({ type: 'tokens.submitName' })}
        onCancel={() => tokens.send({ type: 'tokens.cancelName' })}
      />
      <SecretOnceDialog
        title="Save your new token"
        secret={onceSecretOf(view.issued)}
        copyButtonId={TOKEN_SECRET_COPY_ID}
        onSaved={() => tokens.send({ type: 'tokens.saved' })}
      />
      <RevokeTokenDialog
        token={view.confirming}
        onConfirm={() => tokens.send({ type: 'tokens.confirmRevoke' })}
        onCancel={() => tokens.send({ type: 'tokens.cancelRevoke' })}
      />

      <Dialog.Root
        open={view.viewing !== null}
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
                <Stack gap="3">
                  <Code display="block" p="3" wordBreak="break-all" data-testid="full-token">
                    {view.viewing && prefixShown(view.viewing)}
                  </Code>
                  <Text>
                    The whole token was shown once, when it was made, and is not shown again. If it is lost,
                    add a new token and revoke this one.
                  </Text>
                </Stack>
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
