/**
 * The not-found screen's countdown (spec §2 Top level, §9 "404 redirect 5 seconds").
 *
 * `counting` waits `NOT_FOUND_REDIRECT` (5000 ms) or the `notFound.goHome` event, then enters the
 * final `redirecting` state, which asks the screen to go home, replacing the dead URL, with the shared
 * vocabulary's `uiNavigate` (`ui-effects.ts`); the root effect handler navigates.
 */
import { emit, setup } from 'xstate';
import { paths } from '@/routes/paths';
import { uiNavigate } from './ui-effects';
import type { NavigateEffect } from './ui-effects';

/** Milliseconds before the not-found screen sends the visitor home (spec §9). */
export const NOT_FOUND_REDIRECT_MS = 5000;

/** Where the not-found screen sends the visitor. */
export const NOT_FOUND_HOME = paths.home;

/** Events the screen may send. */
export type NotFoundEvent = { type: 'notFound.goHome' };

/** Events the machine emits to its listeners. */
export type NotFoundEmitted = NavigateEffect;

/** Statechart `notFound`: states `counting` → `redirecting` (final). */
export const notFoundMachine = setup({
  // Stryker disable next-line ObjectLiteral: XState ignores `types` at run time (only TypeScript reads it)
  types: {
    events: {} as NotFoundEvent,
    emitted: {} as NotFoundEmitted,
  },
  actions: {
    emitRedirect: emit(uiNavigate(NOT_FOUND_HOME, { replace: true })),
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
