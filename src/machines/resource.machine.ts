/**
 * One piece of data loaded once when the widget appears (the dashboard's weekly chart, week
 * summary and monthly statistics): loading → loaded (final) | failed, and `resource.reload` (the
 * failed widget's Retry) loads it again. The failure is logged and kept for the screen's error box.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { SnapshotFrom } from 'xstate';

/** Context of a resource: its data once loaded, and the last failure. */
export interface ResourceContext<T> {
  data: T | null;
  error: unknown;
}

/** Events a screen sends. */
export type ResourceEvent = { type: 'resource.reload' };

/**
 * Builds a resource statechart named `id` whose `load(signal)` fetches the data; tests replace it
 * with `.provide({ actors: { load: fromPromise(...) } })`.
 */
export function createResourceMachine<T>(options: { id: string; load: (signal: AbortSignal) => Promise<T> }) {
  return setup({
    // Stryker disable next-line ObjectLiteral: XState ignores `types` at run time (only TypeScript reads it)
    types: { context: {} as ResourceContext<T>, events: {} as ResourceEvent },
    actors: { load: fromPromise<T>(({ signal }) => options.load(signal)) },
    actions: {
      applyData: assign((_, params: { data: T }) => ({ data: params.data, error: null })),
      applyFailure: assign((_, params: { error: unknown }) => ({ error: params.error })),
      reportFailure: (_, params: { error: unknown }) => {
        console.error(`Failed to load ${options.id}`, params.error);
      },
    },
  }).createMachine({
    id: options.id,
    context: { data: null, error: null },
    initial: 'loading',
    states: {
      loading: {
        invoke: {
          src: 'load',
          onDone: {
            target: 'loaded',
            actions: { type: 'applyData', params: ({ event }) => ({ data: event.output }) },
          },
          onError: {
            target: 'failed',
            actions: [
              { type: 'reportFailure', params: ({ event }) => ({ error: event.error }) },
              { type: 'applyFailure', params: ({ event }) => ({ error: event.error }) },
            ],
          },
        },
      },
      // Loaded once: no control of the widgets asks again (the page loads them anew).
      loaded: { type: 'final' },
      failed: { on: { 'resource.reload': 'loading' } },
    },
  });
}

/** Any resource machine. */
export type ResourceMachine<T> = ReturnType<typeof createResourceMachine<T>>;

/** What a widget renders: which phase, the data once loaded, and the last failure (for its reason). */
export interface ResourceView<T> {
  status: 'loading' | 'loaded' | 'failed';
  data: T | null;
  error: unknown;
}

/** The view of a resource snapshot. */
export function selectResourceView<T>(snapshot: SnapshotFrom<ResourceMachine<T>>): ResourceView<T> {
  const status = snapshot.matches('loaded') ? 'loaded' : snapshot.matches('failed') ? 'failed' : 'loading';
  return { status, data: snapshot.context.data, error: snapshot.context.error };
}
