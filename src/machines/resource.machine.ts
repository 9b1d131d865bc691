/**
 * One piece of data loaded once when the widget appears (the dashboard's weekly chart, week
 * summary and monthly statistics): loading → loaded (final) | failed, and `resource.reload` (the
 * failed widget's Retry) loads it again. The failure is logged and kept for the screen's error box.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { SnapshotFrom } from 'xstate';

/** Context of a resource: its data once loaded, the last failure, and what it was started with. */
export interface ResourceContext<T, I = undefined> {
  data: T | null;
  error: unknown;
  input: I;
}

/** Events a screen sends. */
export type ResourceEvent = { type: 'resource.reload' };

/**
 * Builds a resource statechart named `id` whose `load(signal, input)` fetches the data, `input` being
 * the actor's input (e.g. which customer; none for the dashboard's widgets); tests replace it with
 * `.provide({ actors: { load: fromPromise(...) } })`.
 */
export function createResourceMachine<T, I = undefined>(options: {
  id: string;
  load: (signal: AbortSignal, input: I) => Promise<T>;
}) {
  return setup({
    // Stryker disable next-line ObjectLiteral: XState ignores `types` at run time (only TypeScript reads it)
    types: { context: {} as ResourceContext<T, I>, events: {} as ResourceEvent, input: {} as I },
    // The actor's input is typed loosely so a test's `fromPromise(() => …)` can stand in for it; the
    // machine only ever passes its own `I` (the invoke's input below).
    actors: { load: fromPromise<T, unknown>(({ signal, input }) => options.load(signal, input as I)) },
    actions: {
      applyData: assign((_, params: { data: T }) => ({ data: params.data, error: null })),
      applyFailure: assign((_, params: { error: unknown }) => ({ error: params.error })),
      reportFailure: (_, params: { error: unknown }) => {
        console.error(`Failed to load ${options.id}`, params.error);
      },
    },
  }).createMachine({
    id: options.id,
    context: ({ input }) => ({ data: null, error: null, input }),
    initial: 'loading',
    states: {
      loading: {
        invoke: {
          src: 'load',
          input: ({ context }: { context: ResourceContext<T, I> }) => context.input,
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
export type ResourceMachine<T, I = undefined> = ReturnType<typeof createResourceMachine<T, I>>;

/** What a widget renders: which phase, the data once loaded, and the last failure (for its reason). */
export interface ResourceView<T> {
  status: 'loading' | 'loaded' | 'failed';
  data: T | null;
  error: unknown;
}

/** The view of a resource snapshot. */
export function selectResourceView<T, I = undefined>(
  snapshot: SnapshotFrom<ResourceMachine<T, I>>,
): ResourceView<T> {
  const status = snapshot.matches('loaded') ? 'loaded' : snapshot.matches('failed') ? 'failed' : 'loading';
  return { status, data: snapshot.context.data, error: snapshot.context.error };
}
