/**
 * The not-found screen's countdown (spec §2 Top level, §9 "404 redirect 5 seconds").
 *
 * `counting` waits `NOT_FOUND_REDIRECT` (5000 ms) or the `notFound.goHome` event, then enters the
 * final `redirecting` state, which emits `{ type: 'redirect', to: '/' }`. The screen listens for that
 * emitted event and navigates; the machine itself knows nothing of the router.
 */
import { emit, setup } from 'xstate';

/** Milliseconds before the not-found screen sends the visitor home (spec §9). */
export const NOT_FOUND_REDIRECT_MS = 5000;

/** Where the not-found screen sends the visitor. */
export const NOT_FOUND_HOME = '/';

/** Events the screen may send. */
export type NotFoundEvent = { type: 'notFound.goHome' };

/** Events the machine emits to its listeners. */
export type NotFoundEmitted = { type: 'redirect'; to: string };

/** Statechart `notFound`: states `counting` → `redirecting` (final). */
export const notFoundMachine = setup({
  types: {
    events: {} as NotFoundEvent,
    emitted: {} as NotFoundEmitted,
  },
  actions: {
    emitRedirect: emit({ type: 'redirect', to: NOT_FOUND_HOME }),
  },
  delays: {
    NOT_FOUND_REDIRECT: NOT_FOUND_REDIRECT_MS,
  },
}).createMachine({
  id: 'notFound',
  initial: 'counting',
  states: {
    counting: {
      after: { NOT_FOUND_REDIRECT: 'redirecting' },
      on: { 'notFound.goHome': 'redirecting' },
    },
    redirecting: {
      type: 'final',
      entry: 'emitRedirect',
    },
  },
});
