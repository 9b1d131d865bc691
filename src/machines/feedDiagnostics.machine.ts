/**
 * The feed editor's Delivery panel (issue 12 "Diagnostics for the admin"): loads what the saved
 * feed delivers (GET /feeds/{feedId}/diagnostics) and keeps it for the panel. A new feed has
 * nothing to diagnose until it is saved (`idle`). The editor's statechart invokes this one and
 * sends `diagnostics.reload` with the feed's id after every save; the panel's Retry sends
 * `diagnostics.retry` after a failure. A reload keeps the last diagnostics on show until the new
 * ones arrive.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { SnapshotFrom } from 'xstate';
import { ApiError } from '@/api/client';
import { fetchFeedDiagnostics } from '@/api/feeds';
import type { FeedDiagnostics } from '@/api/schemas/feed-diagnostics';

/** Shown when loading fails without a message of its own. */
export const DIAGNOSTICS_LOAD_FAILED = 'Failed to load the delivery diagnostics';

export interface FeedDiagnosticsContext {
  /** The saved feed to diagnose; null for a feed not saved yet. */
  feedId: number | null;
  /** The last diagnostics loaded, or null before the first load. */
  diagnostics: FeedDiagnostics | null;
  /** The last failure's message (the server's when it sent one), or null. */
  error: string | null;
}

export interface FeedDiagnosticsInput {
  feedId: number | null;
}

export type FeedDiagnosticsEvent =
  { type: 'diagnostics.reload'; feedId: number } | { type: 'diagnostics.retry' };

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
  },
  actions: {
    reportFailure: (_, params: { error: unknown }) => {
      console.error('Failed to load the feed diagnostics', params.error);
    },
  },
  guards: {
    hasFeed: ({ context }) => context.feedId !== null,
  },
}).createMachine({
  id: 'feedDiagnostics',
  context: ({ input }) => ({ feedId: input.feedId, diagnostics: null, error: null }),
  initial: 'checking',
  on: {
    // A save answers with the feed's id (a new feed's too); whatever was shown is out of date.
    'diagnostics.reload': {
      target: '.loading',
      reenter: true,
      actions: assign(({ event }) => ({ feedId: event.feedId })),
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
    loaded: {},
    failed: {
      on: { 'diagnostics.retry': 'loading' },
    },
  },
});

/** A snapshot of a diagnostics actor. */
export type FeedDiagnosticsSnapshot = SnapshotFrom<typeof feedDiagnosticsMachine>;

/** What the Delivery panel renders. */
export interface FeedDiagnosticsView {
  status: 'idle' | 'loading' | 'loaded' | 'failed';
  /** The last diagnostics loaded (kept while reloading), or null. */
  diagnostics: FeedDiagnostics | null;
  error: string | null;
}

/** The panel's view of a snapshot. */
export function selectDiagnosticsView(snapshot: FeedDiagnosticsSnapshot): FeedDiagnosticsView {
  const status = snapshot.matches('loaded')
    ? 'loaded'
    : snapshot.matches('failed')
      ? 'failed'
      : snapshot.matches('loading')
        ? 'loading'
        : 'idle';
  return { status, diagnostics: snapshot.context.diagnostics, error: snapshot.context.error };
}
