/**
 * The user edit page's "Shopify connection" panel (issue 29): starts from the customer's connection
 * as last stored (`User.shopify_connection`) and shows it as not configured, not checked, connected
 * (the shop's name, the key's scopes, when it was checked) or failed (Shopify's reason in words).
 * 'Check connection' asks the store through our server (POST /users/{userId}/shopify/check) and
 * shows its answer, whichever status it brings. A check that does not get that answer (our server
 * unreachable, a refusal) keeps the last result on show and says why beside it.
 *
 * Not configured offers no check: the server has no domain or key to ask with, so the panel says
 * they must be saved first. A save of the user form that changes them answers with the connection
 * the server now stores; the page starts this panel afresh from it.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { SnapshotFrom } from 'xstate';
import type { ShopifyConnection, ShopifyConnectionStatus, ShopifyFailure } from '@/api/schemas/shopify';
import { SHOPIFY_CONNECTION_TEXTS } from '@/api/schemas/shopify';
import { checkShopifyConnection } from '@/api/shopify';
import { failureText } from './failure-text';

/** What a check that got no answer from our server says, before the reason. */
export const SHOPIFY_CHECK_FAILED = 'Could not check the connection';

/** Why no check is offered for a customer whose store is not configured. */
export const SHOPIFY_NOT_CONFIGURED_HINT =
  'Save the Shopify domain and Shopify admin API key above to check the connection.';

export interface ShopifyConnectionInput {
  userId: number;
  /** The connection as the server last stored it (the loaded or saved user's). */
  connection: ShopifyConnection;
}

export interface ShopifyConnectionContext {
  userId: number;
  /** The last connection the server answered with (kept on show while a check runs or fails). */
  connection: ShopifyConnection;
  /** Why the last check got no answer (failureText), or null. */
  checkError: string | null;
}

export type ShopifyConnectionEvent = { type: 'shopify.check' };

/**
 * A Shopify failure in words: the server's message, and for a throttled store when Shopify takes
 * calls again ('… (retry after 30 s)').
 */
export function describeShopifyFailure(failure: ShopifyFailure): string {
  return failure.retry_after_seconds === null
    ? failure.message
    : `${failure.message} (retry after ${failure.retry_after_seconds} s)`;
}

/** The panel's statechart; see the module comment. Start it with `input: { userId, connection }`. */
export const shopifyConnectionMachine = setup({
  // Stryker disable next-line ObjectLiteral: XState ignores `types` at run time (only TypeScript reads it)
  types: {
    context: {} as ShopifyConnectionContext,
    events: {} as ShopifyConnectionEvent,
    input: {} as ShopifyConnectionInput,
  },
  actors: {
    checkConnection: fromPromise<ShopifyConnection, { userId: number }>(({ input, signal }) =>
      checkShopifyConnection(input.userId, signal),
    ),
  },
  actions: {
    reportFailure: (_, params: { error: unknown }) => {
      console.error('Checking the Shopify connection failed', params.error);
    },
  },
  guards: {
    hasStatus: ({ context }, params: { status: ShopifyConnectionStatus }) =>
      context.connection.status === params.status,
  },
}).createMachine({
  id: 'shopifyConnection',
  context: ({ input }) => ({ userId: input.userId, connection: input.connection, checkError: null }),
  initial: 'showing',
  states: {
    // Where the stored connection (at the start, or as a check answered) is shown.
    showing: {
      always: [
        { guard: { type: 'hasStatus', params: { status: 'not_configured' } }, target: 'notConfigured' },
        { guard: { type: 'hasStatus', params: { status: 'connected' } }, target: 'connected' },
        { guard: { type: 'hasStatus', params: { status: 'failed' } }, target: 'failed' },
        { target: 'notChecked' },
      ],
    },
    notConfigured: {},
    notChecked: { on: { 'shopify.check': 'checking' } },
    connected: { on: { 'shopify.check': 'checking' } },
    failed: { on: { 'shopify.check': 'checking' } },
    checking: {
      // A reason from an earlier check would read as this one's.
      entry: assign({ checkError: null }),
      invoke: {
        src: 'checkConnection',
        input: ({ context }) => ({ userId: context.userId }),
        onDone: {
          target: 'showing',
          actions: assign(({ event }) => ({ connection: event.output, checkError: null })),
        },
        onError: {
          target: 'showing',
          actions: [
            { type: 'reportFailure', params: ({ event }) => ({ error: event.error }) },
            assign(({ event }) => ({ checkError: failureText(SHOPIFY_CHECK_FAILED, event.error) })),
          ],
        },
      },
    },
  },
});

/** A snapshot of a connection panel's actor. */
export type ShopifyConnectionSnapshot = SnapshotFrom<typeof shopifyConnectionMachine>;

/** What the panel renders. */
export interface ShopifyConnectionView {
  /** The stored status, or 'checking' while a check runs. */
  status: ShopifyConnectionStatus | 'checking';
  /** SHOPIFY_CONNECTION_TEXTS of the stored status, or 'Checking...'. */
  statusText: string;
  /** The last connection the server answered with. */
  connection: ShopifyConnection;
  /** Shopify's reason in words when the stored status is failed, else null. */
  failure: string | null;
  /** Why the last check got no answer, or null. */
  checkError: string | null;
  /** Whether 'Check connection' does something now. */
  canCheck: boolean;
}

/** The panel's view of a snapshot. */
export function selectShopifyConnectionView(snapshot: ShopifyConnectionSnapshot): ShopifyConnectionView {
  const { connection, checkError } = snapshot.context;
  const checking = snapshot.matches('checking');
  return {
    status: checking ? 'checking' : connection.status,
    statusText: checking ? 'Checking...' : SHOPIFY_CONNECTION_TEXTS[connection.status],
    connection,
    failure:
      connection.status === 'failed' && connection.failure !== null
        ? describeShopifyFailure(connection.failure)
        : null,
    checkError,
    canCheck: snapshot.can({ type: 'shopify.check' }),
  };
}
