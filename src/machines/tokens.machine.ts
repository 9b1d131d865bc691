/**
 * The Associated Tokens panel of a user (spec §2 "Associated Tokens panel", §4 "Token revoked flag",
 * §7, §8 toasts; issue 15 finding 1 "Revoking a token can lie"). Three parallel regions:
 *
 * - `list`: `loading` → `loaded`, or `failed` (the failure is kept for the failed row and logged, the
 *   rows are dropped: they would no longer be the server's). `tokens.reload` (Retry, and after a token
 *   was added: spec §7 "list reloaded after") starts a new load, replacing one in flight.
 * - `dialog`: at most one dialog at a time. `tokens.add` and `tokens.rename` open the name form
 *   ('Name (optional)', validated with the contract's `TokenName` as the person types); its submit
 *   posts the new token or the new name. `tokens.issue` posts a new token named by the screen with no
 *   form (the Delivery panel's token for Google, issue 30). Adding shows the server's message (spec §8
 *   'Added new token successfully'), reloads the list and shows the whole token once (`issued`, as
 *   Stripe does: the list only ever has its prefix) until 'I have saved it' (`tokens.saved`); the
 *   focus goes to its Copy button. Renaming replaces the row with the server's answer. A
 *   failure is logged (spec §8), keeps the form open with what was typed and says why in an error
 *   toast (`failureText`).
 *   `tokens.revoke` only asks (`confirming`, the dialog naming the token); `tokens.confirmRevoke` sends
 *   the revoke.
 * - `undo`: after a revoke succeeds, that token's Undo is offered for TOKEN_UNDO_MS (`offered`); a
 *   newer revoke takes the offer over and restarts the time.
 *
 * Revoke and restore requests are spawned children, one per row, so rows change independently; a row
 * whose request is in flight (`pending`) takes no other revoke or restore. Restoring (the row's
 * 'Restore', or 'Undo' while offered) needs no confirmation. Rows change only with the server's answer
 * (never optimistically): success replaces the row, says so in a success toast and focuses the row's
 * revoke button (which then reads 'Undo' after a revoke, 'Revoke' after an Undo or restore: issue 30,
 * the toasts carry no action, so the row's own Undo is the one place to go); failure is logged
 * (spec §4), leaves the row as the server last said, and an error toast gives the reason.
 *
 * `tokens.view` / `tokens.closeView` open and close the 'Full Token' modal (which shows the prefix
 * since issue 30).
 */
import {
  and,
  assign,
  emit,
  enqueueActions,
  fromCallback,
  fromPromise,
  raise,
  setup,
  stopChild,
} from 'xstate';
import type { SnapshotFrom } from 'xstate';
import * as v from 'valibot';
import { addToken, fetchTokens, renameToken, setTokenRevoked } from '@/api/tokens';
import { TokenName } from '@/api/schemas/tokens';
import type { ApiToken, ApiTokenCreated, ApiTokenSecret } from '@/api/schemas/tokens';
import { failureText } from './failure-text';
import { fieldElementId } from './form-fields';
import { uiFocus, uiToast } from './ui-effects';
import type { FocusEffect, ToastEffect } from './ui-effects';

/** How long a revoked token's Undo stays offered, in milliseconds. */
export const TOKEN_UNDO_MS = 10_000;

/** DOM id of the name field of the token name form (focused when a submit finds it invalid). */
export const TOKEN_NAME_FIELD_ID = fieldElementId('token', 'name');

/** DOM id of the Copy button of the dialog that shows a new token once (focused when it opens). */
export const TOKEN_SECRET_COPY_ID = 'token-secret-copy';

/** DOM id of row `tokenId`'s Revoke / Undo / Restore button (focused when its request settles). */
export function tokenToggleId(tokenId: number): string {
  return `token-${tokenId}-toggle`;
}

/** Failure texts (the spec has none for tokens; `failureText` adds the server's reason). */
export const TOKEN_FAILURES = {
  load: 'Failed to load tokens',
  add: 'Failed to add token',
  rename: 'Failed to rename token',
  revoke: 'Failed to revoke token',
  restore: 'Failed to restore token',
} as const;

/** The success toast after revoking (`revoked`), restoring or renaming token `tokenId`. */
export function tokenChangedMessage(tokenId: number, change: 'revoked' | 'restored' | 'renamed'): string {
  return `Token #${tokenId} ${change}`;
}

/** How a token is named in sentences: `token #12 “Shop feed”`, or `token #12` when unnamed. */
export function tokenLabel(token: Pick<ApiToken, 'id' | 'name'>): string {
  return token.name === null ? `token #${token.id}` : `token #${token.id} “${token.name}”`;
}

/**
 * The new token as the shown-once dialog (`SecretOnceDialog`) takes it, or null when none is on
 * show: its whole value, its name in the sentence, and its Copy's name (issue 30).
 */
export function onceSecretOf(
  token: ApiTokenSecret | null,
): { value: string; name: string; copyLabel: string } | null {
  return token === null
    ? null
    : { value: token.token, name: tokenLabel(token), copyLabel: `Copy token #${token.id}` };
}

/** The name form: which token it renames (null: a new token), what is typed, and its error. */
export interface TokenNameDraft {
  tokenId: number | null;
  name: string;
  /** True once typed in or submitted: only then is `error` shown. */
  touched: boolean;
  /** Why `name` is refused (the contract's message), or null. */
  error: string | null;
}

/** The panel's context. */
export interface TokensContext {
  userId: number;
  /** The rows, as the server last answered them. */
  tokens: ApiToken[];
  /** Why the last load failed (an ApiError), or null. */
  loadError: unknown;
  /** Id of the token shown in the 'Full Token' modal, or null. */
  viewingId: number | null;
  /** Ids of the tokens whose revoke or restore request is in flight. */
  pending: number[];
  draft: TokenNameDraft;
  /** Id of the token the revoke confirmation names, or null. */
  confirmingId: number | null;
  /** Id of the token whose revoke may be undone, or null. */
  undoId: number | null;
  /** The token just issued, with its whole secret, until 'I have saved it'; else null. */
  issued: ApiTokenSecret | null;
}

/** Events the screen sends. */
export type TokensEvent =
  | { type: 'tokens.reload' }
  | { type: 'tokens.add' }
  | { type: 'tokens.issue'; name: string }
  | { type: 'tokens.saved' }
  | { type: 'tokens.rename'; tokenId: number }
  | { type: 'tokens.nameChanged'; name: string }
  | { type: 'tokens.submitName' }
  | { type: 'tokens.cancelName' }
  | { type: 'tokens.revoke'; tokenId: number }
  | { type: 'tokens.confirmRevoke' }
  | { type: 'tokens.cancelRevoke' }
  | { type: 'tokens.restore'; tokenId: number }
  | { type: 'tokens.view'; tokenId: number }
  | { type: 'tokens.closeView' };

/** Events the revoke and restore requests send back. */
export type RevokeAnswer =
  | { type: 'revoke.done'; token: ApiToken }
  | { type: 'revoke.failed'; tokenId: number; revoke: boolean; error: unknown };

const revokeActorId = (tokenId: number) => `revoke-${tokenId}`;

const EMPTY_DRAFT: TokenNameDraft = { tokenId: null, name: '', touched: false, error: null };

/** The contract's message for a typed token name, or null when it is accepted. */
export function tokenNameError(name: string): string | null {
  const result = v.safeParse(TokenName, name, { abortPipeEarly: true });
  return result.success ? null : (result.issues[0]?.message ?? null);
}

/** The typed name as the server will store it (trimmed; blank → null). Call only for a valid name. */
function parsedName(name: string): string | null {
  return v.parse(TokenName, name);
}

const findToken = (context: TokensContext, tokenId: number | null) =>
  context.tokens.find((token) => token.id === tokenId);

/** Statechart `tokens`; input `{ userId }`. See the module comment. */
export const tokensMachine = setup({
  // Stryker disable next-line ObjectLiteral: XState ignores `types` at run time (only TypeScript reads it)
  types: {
    context: {} as TokensContext,
    events: {} as TokensEvent | RevokeAnswer,
    emitted: {} as ToastEffect | FocusEffect,
    input: {} as { userId: number },
  },
  actors: {
    loadTokens: fromPromise<ApiToken[], { userId: number }>(({ input, signal }) =>
      fetchTokens(input.userId, signal),
    ),
    addToken: fromPromise<ApiTokenCreated, { userId: number; name: string | null }>(({ input, signal }) =>
      addToken(input.userId, input.name, signal),
    ),
    renameToken: fromPromise<ApiToken, { userId: number; tokenId: number; name: string | null }>(
      ({ input, signal }) => renameToken(input.userId, input.tokenId, input.name, signal),
    ),
    revokeToken: fromCallback<RevokeAnswer, { userId: number; tokenId: number; revoke: boolean }>(
      ({ input, sendBack }) => {
        const controller = new AbortController();
        setTokenRevoked(input.userId, input.tokenId, input.revoke, controller.signal).then(
          (token) => sendBack({ type: 'revoke.done', token }),
          (error: unknown) => {
            if (!controller.signal.aborted)
              sendBack({ type: 'revoke.failed', tokenId: input.tokenId, revoke: input.revoke, error });
          },
        );
        return () => controller.abort();
      },
    ),
  },
  delays: { undoWindow: TOKEN_UNDO_MS },
  actions: {
    reportFailure: (_, params: { what: string; error: unknown }) => {
      console.error(params.what, params.error);
    },
    toastSuccess: emit((_, params: { message: string }) => uiToast('success', params.message)),
    toastFailure: emit((_, params: { what: string; error: unknown }) =>
      uiToast('error', failureText(params.what, params.error)),
    ),
    focusName: emit(() => uiFocus(TOKEN_NAME_FIELD_ID)),
    startRequest: enqueueActions(({ context, enqueue }, params: { tokenId: number; revoke: boolean }) => {
      enqueue.spawnChild('revokeToken', {
        id: revokeActorId(params.tokenId),
        input: { userId: context.userId, tokenId: params.tokenId, revoke: params.revoke },
      });
      enqueue.assign({ pending: [...context.pending, params.tokenId] });
    }),
    /**
     * A revoke or restore answered `token`: its row becomes the answer and takes clicks again, the
     * success toast says what changed, and the Undo offer follows (a revoke is offered; restoring
     * the offered token ends the offer).
     */
    settleRequest: enqueueActions(({ context, enqueue }, params: { token: ApiToken }) => {
      const { token } = params;
      enqueue.stopChild(revokeActorId(token.id));
      enqueue.assign({
        tokens: context.tokens.map((row) => (row.id === token.id ? token : row)),
        pending: context.pending.filter((id) => id !== token.id),
        undoId: token.revoked ? token.id : token.id === context.undoId ? null : context.undoId,
      });
      enqueue.emit(uiToast('success', tokenChangedMessage(token.id, token.revoked ? 'revoked' : 'restored')));
      enqueue.emit(uiFocus(tokenToggleId(token.id)));
    }),
    replaceRow: assign({
      tokens: ({ context }, params: { token: ApiToken }) =>
        context.tokens.map((row) => (row.id === params.token.id ? params.token : row)),
    }),
  },
  guards: {
    canRevoke: ({ context }, params: { tokenId: number }) =>
      findToken(context, params.tokenId)?.revoked === false && !context.pending.includes(params.tokenId),
    canRestore: ({ context }, params: { tokenId: number }) =>
      findToken(context, params.tokenId)?.revoked === true && !context.pending.includes(params.tokenId),
    hasRow: ({ context }, params: { tokenId: number }) => findToken(context, params.tokenId) !== undefined,
    nameIsValid: ({ context }) => context.draft.error === null,
    isNewToken: ({ context }) => context.draft.tokenId === null,
    answerIsRevoked: (_, params: { token: ApiToken }) => params.token.revoked,
    answerUndoesOffer: ({ context }, params: { token: ApiToken }) => params.token.id === context.undoId,
  },
}).createMachine({
  id: 'tokens',
  context: ({ input }) => ({
    userId: input.userId,
    tokens: [],
    loadError: null,
    viewingId: null,
    pending: [],
    draft: EMPTY_DRAFT,
    confirmingId: null,
    undoId: null,
    issued: null,
  }),
  type: 'parallel',
  on: {
    'tokens.restore': {
      guard: { type: 'canRestore', params: ({ event }) => ({ tokenId: event.tokenId }) },
      actions: { type: 'startRequest', params: ({ event }) => ({ tokenId: event.tokenId, revoke: false }) },
    },
    'revoke.failed': {
      actions: [
        stopChild(({ event }) => revokeActorId(event.tokenId)),
        assign({ pending: ({ context, event }) => context.pending.filter((id) => id !== event.tokenId) }),
        {
          type: 'reportFailure',
          params: ({ event }) => ({
            what: event.revoke ? TOKEN_FAILURES.revoke : TOKEN_FAILURES.restore,
            error: event.error,
          }),
        },
        {
          type: 'toastFailure',
          params: ({ event }) => ({
            what: event.revoke ? TOKEN_FAILURES.revoke : TOKEN_FAILURES.restore,
            error: event.error,
          }),
        },
      ],
    },
    'tokens.view': {
      guard: { type: 'hasRow', params: ({ event }) => ({ tokenId: event.tokenId }) },
      actions: assign({ viewingId: ({ event }) => event.tokenId }),
    },
    'tokens.closeView': { actions: assign({ viewingId: null }) },
  },
  states: {
    list: {
      initial: 'loading',
      // Handled by the child states: a re-entering transition of `list` itself would re-enter every
      // region and close the dialog that shows a new token (issue 30).
      states: {
        loading: {
          on: { 'tokens.reload': { target: 'loading', reenter: true } },
          invoke: {
            id: 'loadTokens',
            src: 'loadTokens',
            input: ({ context }) => ({ userId: context.userId }),
            onDone: {
              target: 'loaded',
              actions: assign({ tokens: ({ event }) => event.output, loadError: null }),
            },
            onError: {
              target: 'failed',
              actions: [
                {
                  type: 'reportFailure',
                  params: ({ event }) => ({ what: TOKEN_FAILURES.load, error: event.error }),
                },
                assign({ tokens: [], loadError: ({ event }) => event.error, viewingId: null }),
              ],
            },
          },
        },
        loaded: { on: { 'tokens.reload': 'loading' } },
        failed: { on: { 'tokens.reload': 'loading' } },
      },
    },
    dialog: {
      initial: 'closed',
      states: {
        closed: {
          on: {
            'tokens.add': { target: 'naming', actions: assign({ draft: EMPTY_DRAFT }) },
            'tokens.issue': {
              target: 'adding',
              actions: assign({ draft: ({ event }) => ({ ...EMPTY_DRAFT, name: event.name }) }),
            },
            'tokens.rename': {
              guard: { type: 'hasRow', params: ({ event }) => ({ tokenId: event.tokenId }) },
              target: 'naming',
              actions: assign({
                draft: ({ context, event }) => ({
                  ...EMPTY_DRAFT,
                  tokenId: event.tokenId,
                  name: findToken(context, event.tokenId)?.name ?? '',
                }),
              }),
            },
            'tokens.revoke': {
              guard: { type: 'canRevoke', params: ({ event }) => ({ tokenId: event.tokenId }) },
              target: 'confirming',
              actions: assign({ confirmingId: ({ event }) => event.tokenId }),
            },
          },
        },
        naming: {
          on: {
            'tokens.nameChanged': {
              actions: assign({
                draft: ({ context, event }) => ({
                  ...context.draft,
                  name: event.name,
                  touched: true,
                  error: tokenNameError(event.name),
                }),
              }),
            },
            'tokens.submitName': [
              { guard: and(['nameIsValid', 'isNewToken']), target: 'adding' },
              { guard: 'nameIsValid', target: 'renaming' },
              {
                actions: [
                  assign({ draft: ({ context }) => ({ ...context.draft, touched: true }) }),
                  'focusName',
                ],
              },
            ],
            'tokens.cancelName': { target: 'closed', actions: assign({ draft: EMPTY_DRAFT }) },
          },
        },
        adding: {
          invoke: {
            id: 'addToken',
            src: 'addToken',
            input: ({ context }) => ({ userId: context.userId, name: parsedName(context.draft.name) }),
            onDone: {
              target: 'issued',
              actions: [
                assign({ draft: EMPTY_DRAFT, issued: ({ event }) => event.output.token }),
                { type: 'toastSuccess', params: ({ event }) => ({ message: event.output.message }) },
                // Spec §7: the list is reloaded after adding.
                raise({ type: 'tokens.reload' }),
              ],
            },
            onError: {
              target: 'naming',
              actions: [
                {
                  type: 'reportFailure',
                  params: ({ event }) => ({ what: TOKEN_FAILURES.add, error: event.error }),
                },
                {
                  type: 'toastFailure',
                  params: ({ event }) => ({ what: TOKEN_FAILURES.add, error: event.error }),
                },
              ],
            },
          },
        },
        issued: {
          entry: emit(() => uiFocus(TOKEN_SECRET_COPY_ID)),
          on: { 'tokens.saved': { target: 'closed', actions: assign({ issued: null }) } },
        },
        renaming: {
          invoke: {
            id: 'renameToken',
            src: 'renameToken',
            input: ({ context }) => ({
              userId: context.userId,
              tokenId: context.draft.tokenId ?? 0,
              name: parsedName(context.draft.name),
            }),
            onDone: {
              target: 'closed',
              actions: [
                { type: 'replaceRow', params: ({ event }) => ({ token: event.output }) },
                assign({ draft: EMPTY_DRAFT }),
                {
                  type: 'toastSuccess',
                  params: ({ event }) => ({ message: tokenChangedMessage(event.output.id, 'renamed') }),
                },
              ],
            },
            onError: {
              target: 'naming',
              actions: [
                {
                  type: 'reportFailure',
                  params: ({ event }) => ({ what: TOKEN_FAILURES.rename, error: event.error }),
                },
                {
                  type: 'toastFailure',
                  params: ({ event }) => ({ what: TOKEN_FAILURES.rename, error: event.error }),
                },
              ],
            },
          },
        },
        confirming: {
          on: {
            'tokens.confirmRevoke': {
              target: 'closed',
              actions: [
                {
                  type: 'startRequest',
                  params: ({ context }) => ({ tokenId: context.confirmingId ?? 0, revoke: true }),
                },
                assign({ confirmingId: null }),
              ],
            },
            'tokens.cancelRevoke': { target: 'closed', actions: assign({ confirmingId: null }) },
          },
        },
      },
    },
    undo: {
      initial: 'idle',
      // The one place a revoke or restore answer lands (a second handler in another region would
      // apply it twice). Handled by the child states, not by `undo` itself: a transition of `undo`
      // that re-enters would exit and re-enter every region of the machine.
      states: {
        idle: {
          on: {
            'revoke.done': [
              {
                guard: { type: 'answerIsRevoked', params: ({ event }) => ({ token: event.token }) },
                target: 'offered',
                actions: { type: 'settleRequest', params: ({ event }) => ({ token: event.token }) },
              },
              { actions: { type: 'settleRequest', params: ({ event }) => ({ token: event.token }) } },
            ],
          },
        },
        offered: {
          after: { undoWindow: { target: 'idle', actions: assign({ undoId: null }) } },
          on: {
            'revoke.done': [
              {
                guard: { type: 'answerIsRevoked', params: ({ event }) => ({ token: event.token }) },
                // A newer revoke takes the offer over and restarts its time.
                target: 'offered',
                reenter: true,
                actions: { type: 'settleRequest', params: ({ event }) => ({ token: event.token }) },
              },
              {
                guard: { type: 'answerUndoesOffer', params: ({ event }) => ({ token: event.token }) },
                target: 'idle',
                actions: { type: 'settleRequest', params: ({ event }) => ({ token: event.token }) },
              },
              { actions: { type: 'settleRequest', params: ({ event }) => ({ token: event.token }) } },
            ],
          },
        },
      },
    },
  },
});

/** A snapshot of the tokens actor. */
export type TokensSnapshot = SnapshotFrom<typeof tokensMachine>;

/** The tokens table's state (`TableStatusRows`): loading, loaded, empty ('No tokens found.') or failed. */
export type TokensListStatus = 'loading' | 'loaded' | 'empty' | 'failed';

/** What the panel draws; read with `useSelector(actor, selectTokensView)` and a shallow compare. */
export interface TokensView {
  tokens: ApiToken[];
  status: TokensListStatus;
  /** The failed load's text: 'Failed to load tokens' and the reason; null unless `failed`. */
  failure: string | null;
  pending: number[];
  /** The token in the 'Full Token' modal, or null. */
  viewing: ApiToken | null;
  /** The name form, while open. */
  nameForm: { draft: TokenNameDraft; saving: boolean } | null;
  /** The token the revoke confirmation names, while asking. */
  confirming: ApiToken | null;
  /** The token whose revoke may be undone now, or null. */
  undoId: number | null;
  /** The token just issued, shown once in full, or null. */
  issued: ApiTokenSecret | null;
}

/** The list's status from its region and its rows. */
export function selectTokensStatus(snapshot: TokensSnapshot): TokensListStatus {
  if (snapshot.matches({ list: 'loading' })) return 'loading';
  if (snapshot.matches({ list: 'failed' })) return 'failed';
  return snapshot.context.tokens.length === 0 ? 'empty' : 'loaded';
}

/** The name form while open (`saving` while its request is in flight), else null. */
export function selectNameForm(snapshot: TokensSnapshot): TokensView['nameForm'] {
  const saving = snapshot.matches({ dialog: 'adding' }) || snapshot.matches({ dialog: 'renaming' });
  if (!saving && !snapshot.matches({ dialog: 'naming' })) return null;
  return { draft: snapshot.context.draft, saving };
}

/** Everything the panel draws (see {@link TokensView}). */
export function selectTokensView(snapshot: TokensSnapshot): TokensView {
  const { context } = snapshot;
  const status = selectTokensStatus(snapshot);
  return {
    tokens: context.tokens,
    status,
    failure: status === 'failed' ? failureText(TOKEN_FAILURES.load, context.loadError) : null,
    pending: context.pending,
    viewing: findToken(context, context.viewingId) ?? null,
    nameForm: selectNameForm(snapshot),
    confirming: snapshot.matches({ dialog: 'confirming' })
      ? (findToken(context, context.confirmingId) ?? null)
      : null,
    undoId: snapshot.matches({ undo: 'offered' }) ? context.undoId : null,
    issued: snapshot.matches({ dialog: 'issued' }) ? context.issued : null,
  };
}

/** Remaining requests of a token (total minus used, never below 0) and their share in percent. */
export function remainingRequests(token: Pick<ApiToken, 'used_requests' | 'total_requests'>): {
  remaining: number;
  percent: number;
} {
  const remaining = Math.max(0, token.total_requests - token.used_requests);
  const percent = token.total_requests > 0 ? (remaining / token.total_requests) * 100 : 0;
  return { remaining, percent };
}
