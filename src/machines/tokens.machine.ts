/**
 * The Associated Tokens panel of a user (spec §2 "Associated Tokens panel", §4 "Token revoked flag",
 * §7, §8 toasts and silent failures).
 *
 * - `loading` → `ready`; a failed load is only logged and the list falls back to empty.
 * - `tokens.add` (from `ready`) posts a new token, shows the server's message as a success toast
 *   (`uiToast`: 'Added new token successfully') and reloads the list (spec §7 "list reloaded after").
 * - `tokens.toggleRevoked` starts one request per row (rows toggle independently; a row waiting for
 *   its answer ignores further clicks). Success replaces the row; failure is only logged and the
 *   row stays as it was.
 * - `tokens.view` / `tokens.closeView` open and close the 'Full Token' modal.
 */
import { assertEvent, assign, emit, fromCallback, fromPromise, setup, spawnChild, stopChild } from 'xstate';
import type { SnapshotFrom } from 'xstate';
import { addToken, fetchTokens, setTokenRevoked } from '@/api/tokens';
import type { ApiToken, ApiTokenCreated } from '@/api/schemas/users';
import { uiToast } from './ui-effects';
import type { ToastEffect } from './ui-effects';

/** The panel's context. */
export interface TokensContext {
  userId: number;
  tokens: ApiToken[];
  /** The token shown in the 'Full Token' modal, or null. */
  viewing: ApiToken | null;
  /** Ids of the tokens whose revoke request is in flight. */
  pending: number[];
}

/** Events the screen sends. */
export type TokensEvent =
  | { type: 'tokens.add' }
  | { type: 'tokens.toggleRevoked'; tokenId: number; revoke: boolean }
  | { type: 'tokens.view'; tokenId: number }
  | { type: 'tokens.closeView' };

/** Events the revoke requests send back. */
type RevokeAnswer =
  { type: 'revoke.done'; token: ApiToken } | { type: 'revoke.failed'; tokenId: number; error: unknown };

const revokeActorId = (tokenId: number) => `revoke-${tokenId}`;

/** Statechart `tokens`; input `{ userId }`. See the module comment. */
export const tokensMachine = setup({
  types: {
    context: {} as TokensContext,
    events: {} as TokensEvent | RevokeAnswer,
    emitted: {} as ToastEffect,
    input: {} as { userId: number },
  },
  actors: {
    loadTokens: fromPromise<ApiToken[], { userId: number }>(({ input, signal }) =>
      fetchTokens(input.userId, signal),
    ),
    addToken: fromPromise<ApiTokenCreated, { userId: number }>(({ input, signal }) =>
      addToken(input.userId, signal),
    ),
    revokeToken: fromCallback<RevokeAnswer, { userId: number; tokenId: number; revoke: boolean }>(
      ({ input, sendBack }) => {
        const controller = new AbortController();
        setTokenRevoked(input.userId, input.tokenId, input.revoke, controller.signal).then(
          (token) => sendBack({ type: 'revoke.done', token }),
          (error: unknown) => {
            if (!controller.signal.aborted)
              sendBack({ type: 'revoke.failed', tokenId: input.tokenId, error });
          },
        );
        return () => controller.abort();
      },
    ),
  },
  actions: {
    reportFailure: (_, params: { what: string; error: unknown }) => {
      console.error(params.what, params.error);
    },
    toastAdded: emit((_, params: { message: string }) => uiToast('success', params.message)),
  },
  guards: {
    isIdle: ({ context }, params: { tokenId: number }) => !context.pending.includes(params.tokenId),
  },
}).createMachine({
  id: 'tokens',
  context: ({ input }) => ({ userId: input.userId, tokens: [], viewing: null, pending: [] }),
  initial: 'loading',
  on: {
    'tokens.toggleRevoked': {
      guard: { type: 'isIdle', params: ({ event }) => ({ tokenId: event.tokenId }) },
      actions: [
        assign({ pending: ({ context, event }) => [...context.pending, event.tokenId] }),
        spawnChild('revokeToken', {
          id: ({ event }) => {
            assertEvent(event, 'tokens.toggleRevoked');
            return revokeActorId(event.tokenId);
          },
          input: ({ context, event }) => {
            assertEvent(event, 'tokens.toggleRevoked');
            return { userId: context.userId, tokenId: event.tokenId, revoke: event.revoke };
          },
        }),
      ],
    },
    'revoke.done': {
      actions: [
        stopChild(({ event }) => revokeActorId(event.token.id)),
        assign(({ context, event }) => ({
          tokens: context.tokens.map((token) => (token.id === event.token.id ? event.token : token)),
          pending: context.pending.filter((id) => id !== event.token.id),
          viewing: context.viewing?.id === event.token.id ? event.token : context.viewing,
        })),
      ],
    },
    'revoke.failed': {
      actions: [
        stopChild(({ event }) => revokeActorId(event.tokenId)),
        {
          type: 'reportFailure',
          params: ({ event }) => ({ what: 'Failed to change the token', error: event.error }),
        },
        assign({ pending: ({ context, event }) => context.pending.filter((id) => id !== event.tokenId) }),
      ],
    },
    'tokens.view': {
      actions: assign({
        viewing: ({ context, event }) => context.tokens.find((token) => token.id === event.tokenId) ?? null,
      }),
    },
    'tokens.closeView': { actions: assign({ viewing: null }) },
  },
  states: {
    loading: {
      invoke: {
        src: 'loadTokens',
        input: ({ context }) => ({ userId: context.userId }),
        onDone: { target: 'ready', actions: assign({ tokens: ({ event }) => event.output }) },
        onError: {
          target: 'ready',
          actions: [
            {
              type: 'reportFailure',
              params: ({ event }) => ({ what: 'Failed to load tokens', error: event.error }),
            },
            assign({ tokens: [] }),
          ],
        },
      },
    },
    ready: {
      on: { 'tokens.add': 'adding' },
    },
    adding: {
      invoke: {
        src: 'addToken',
        input: ({ context }) => ({ userId: context.userId }),
        onDone: {
          target: 'loading',
          actions: { type: 'toastAdded', params: ({ event }) => ({ message: event.output.message }) },
        },
        onError: {
          target: 'ready',
          actions: {
            type: 'reportFailure',
            params: ({ event }) => ({ what: 'Failed to add a token', error: event.error }),
          },
        },
      },
    },
  },
});

/** A snapshot of the tokens actor. */
export type TokensSnapshot = SnapshotFrom<typeof tokensMachine>;

/** True while the list loads (first load or reload after adding). */
export function selectTokensLoading(snapshot: TokensSnapshot): boolean {
  return snapshot.matches('loading');
}

/** True while a new token is being added ('+ Add Token' is disabled meanwhile). */
export function selectIsAdding(snapshot: TokensSnapshot): boolean {
  return snapshot.matches('adding');
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
