/**
 * The feed editor's Delivery panel (issue 12 "Diagnostics for the admin"): loads what the saved
 * feed delivers (GET /feeds/{feedId}/diagnostics) and keeps it for the panel. A new feed has
 * nothing to diagnose until it is saved (`idle`). The editor's statechart invokes this one and
 * sends `diagnostics.reload` with the feed's id after every save; the panel's Retry sends
 * `diagnostics.retry` after a failure. A reload keeps the last diagnostics on show until the new
 * ones arrive.
 *
 * Issue 29: the panel's "Shopify store" section sends `shopify.sync` ("Sync now") when the feed has
 * a customer whose store is configured. The sync (POST /feeds/{feedId}/shopify/sync) answers with
 * the store's view at once, then the diagnostics load again, so the counts shown are the server's
 * after the sync. A refused sync (409: one already runs, or the store is not configured) keeps the
 * diagnostics and says why in the server's words.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { SnapshotFrom } from 'xstate';
import { ApiError } from '@/api/client';
import { fetchFeedDiagnostics } from '@/api/feeds';
import type { FeedDiagnostics } from '@/api/schemas/feed-diagnostics';
import type { FeedShopifyStatus } from '@/api/schemas/shopify';
import { syncFeedShopify } from '@/api/shopify';
import { failureText } from './failure-text';

/** Shown when loading fails without a message of its own. */
export const DIAGNOSTICS_LOAD_FAILED = 'Failed to load the delivery diagnostics';
/** What a sync that did not run says, before the reason (issue 29). */
export const SHOPIFY_SYNC_FAILED = 'Could not sync the Shopify store';

export interface FeedDiagnosticsContext {
  /** The saved feed to diagnose; null for a feed not saved yet. */
  feedId: number | null;
  /** The last diagnostics loaded, or null before the first load. */
  diagnostics: FeedDiagnostics | null;
  /** The last failure's message (the server's when it sent one), or null. */
  error: string | null;
  /** Why the last "Sync now" did not run (failureText: a 409's reason as the server words it), or null. */
  syncError: string | null;
}

export interface FeedDiagnosticsInput {
  feedId: number | null;
}

export type FeedDiagnosticsEvent =
  { type: 'diagnostics.reload'; feedId: number } | { type: 'diagnostics.retry' } | { type: 'shopify.sync' };

function messageOf(error: unknown): string {
  return error instanceof ApiError || error instanceof Error
    ? error.message || DIAGNOSTICS_LOAD_FAILED
    : DIAGNOSTICS_LOAD_FAILED;
}

/** The Delivery panel's statechart; see the module comment. Start it with `input: { feedId }`. */
export const feedDiagnosticsMachine = setup({
  // Stryker disable next-line ObjectLiteral: XState ignores `types` at run time (only TypeScript reads it)
  types: {
    context: {} as FeedDiagnosticsContext,
    events: {} as FeedDiagnosticsEvent,
    input: {} as FeedDiagnosticsInput,
  },
  actors: {
    loadDiagnostics: fromPromise<FeedDiagnostics, { feedId: number }>(({ input, signal }) =>
      fetchFeedDiagnostics(input.feedId, signal),
    ),
    syncStore: fromPromise<FeedShopifyStatus, { feedId: number }>(({ input, signal }) =>
      syncFeedShopify(input.feedId, signal),
    ),
  },
  actions: {
    reportFailure: (_, params: { error: unknown }) => {
      console.error('Failed to load the feed diagnostics', params.error);
    },
  },
  guards: {
    hasFeed: ({ context }) => context.feedId !== null,
    // A feed without a customer, or a customer with no domain and key saved, has no store to sync.
    hasStore: ({ context }) => {
      const shopify = context.diagnostics?.shopify ?? null;
      return shopify !== null && shopify.connection.status !== 'not_configured';
    },
  },
}).createMachine({
  id: 'feedDiagnostics',
  context: ({ input }) => ({ feedId: input.feedId, diagnostics: null, error: null, syncError: null }),
  initial: 'checking',
  on: {
    // A save answers with the feed's id (a new feed's too); whatever was shown is out of date.
    'diagnostics.reload': {
      target: '.loading',
      reenter: true,
      actions: assign(({ event }) => ({ feedId: event.feedId, syncError: null })),
    },
  },
  states: {
    checking: {
      always: [{ guard: 'hasFeed', target: 'loading' }, { target: 'idle' }],
    },
    idle: {},
    loading: {
      entry: assign({ error: null }),
      invoke: {
        src: 'loadDiagnostics',
        input: ({ context }) => ({ feedId: context.feedId ?? 0 }),
        onDone: { target: 'loaded', actions: assign(({ event }) => ({ diagnostics: event.output })) },
        onError: {
          target: 'failed',
          actions: [
            { type: 'reportFailure', params: ({ event }) => ({ error: event.error }) },
            assign(({ event }) => ({ error: messageOf(event.error) })),
          ],
        },
      },
    },
    loaded: {
      on: { 'shopify.sync': { guard: 'hasStore', target: 'syncing' } },
    },
    syncing: {
      entry: assign({ syncError: null }),
      invoke: {
        src: 'syncStore',
        input: ({ context }) => ({ feedId: context.feedId ?? 0 }),
        // The sync's own answer shows at once; the reload brings the counts of every section.
        onDone: {
          target: 'loading',
          actions: assign(({ context, event }) => ({
            diagnostics: context.diagnostics && { ...context.diagnostics, shopify: event.output },
          })),
        },
        onError: {
          target: 'loaded',
          actions: assign(({ event }) => ({ syncError: failureText(SHOPIFY_SYNC_FAILED, event.error) })),
        },
      },
    },
    failed: {
      on: { 'diagnostics.retry': 'loading' },
    },
  },
});

/** A snapshot of a diagnostics actor. */
export type FeedDiagnosticsSnapshot = SnapshotFrom<typeof feedDiagnosticsMachine>;

/** What the Delivery panel renders. */
export interface FeedDiagnosticsView {
  status: 'idle' | 'loading' | 'loaded' | 'syncing' | 'failed';
  /** The last diagnostics loaded (kept while reloading), or null. */
  diagnostics: FeedDiagnostics | null;
  error: string | null;
  syncError: string | null;
  /** Whether "Sync now" does something now. */
  canSync: boolean;
}

/** The panel's view of a snapshot. */
export function selectDiagnosticsView(snapshot: FeedDiagnosticsSnapshot): FeedDiagnosticsView {
  const status = snapshot.matches('loaded')
    ? 'loaded'
    : snapshot.matches('syncing')
      ? 'syncing'
      : snapshot.matches('failed')
        ? 'failed'
        : snapshot.matches('loading')
          ? 'loading'
          : 'idle';
  const { diagnostics, error, syncError } = snapshot.context;
  return { status, diagnostics, error, syncError, canSync: snapshot.can({ type: 'shopify.sync' }) };
}
