/**
 * The 'Popular Brands' carousel (spec §1, §4 "Carousel", §9 "Carousel"; issue 6): advances every
 * SLIDE_INTERVAL ms, one slide per view, looping. It stops advancing while any reason to hold still
 * holds — the pointer is over it, keyboard focus is inside it, the page is hidden, the visitor
 * prefers reduced motion, or the visitor pressed Pause — and starts a fresh interval when the last
 * reason goes away (so leaving with the pointer restarts the timer rather than resuming it).
 *
 * States: `deciding` (transient) → `playing` | `paused`. The carousel itself (embla) is driven
 * through emitted `{ type: 'scrollTo', index, jump }` events; embla reports the slide it shows back
 * with `slide.shown`. Page visibility and the reduced-motion preference are watched by two invoked
 * callback actors (`watchPageVisibility`, `watchReducedMotion`) that tests replace with `.provide`.
 */
import { assign, enqueueActions, fromCallback, setup } from 'xstate';
import type { SnapshotFrom } from 'xstate';

/** Spec §9: the carousel advances every 5000 ms. */
export const SLIDE_INTERVAL_MS = 5000;
/** Spec §9: one slide moves in 600 ms. */
export const SLIDE_ANIMATION_MS = 600;
/** The media query of the reduced-motion preference. */
export const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';

/** Why the carousel may be holding still; each is switched on and off by its own events. */
export interface CarouselHolds {
  hovered: boolean;
  focused: boolean;
  pageHidden: boolean;
  reducedMotion: boolean;
  userPaused: boolean;
}

/** The carousel's context: the slide shown (0-based), how many there are, and the holds. */
export interface CarouselContext extends CarouselHolds {
  index: number;
  count: number;
}

/** Events from the screen (pointer, focus, buttons, embla) and from the two watchers. */
export type CarouselEvent =
  | { type: 'pointer.enter' }
  | { type: 'pointer.leave' }
  | { type: 'focus.enter' }
  | { type: 'focus.leave' }
  | { type: 'page.visibilityChanged'; hidden: boolean }
  | { type: 'motion.preferenceChanged'; reduced: boolean }
  | { type: 'user.togglePlay' }
  | { type: 'user.next' }
  | { type: 'user.previous' }
  | { type: 'user.goTo'; index: number }
  | { type: 'slide.shown'; index: number };

/** For the screen: show slide `index`; `jump` skips the animation (reduced motion). */
export type CarouselEmitted = { type: 'scrollTo'; index: number; jump: boolean };

/** Input: how many slides there are (at least 1). */
export interface CarouselInput {
  slideCount: number;
}

const wrap = (index: number, count: number) => ((index % count) + count) % count;

/** The slide a navigation event (or the timer, whose event is the delay's) moves to. */
function targetOf(context: CarouselContext, event: CarouselEvent): number {
  switch (event.type) {
    case 'user.previous':
      return wrap(context.index - 1, context.count);
    case 'user.goTo':
      return wrap(event.index, context.count);
    default:
      return wrap(context.index + 1, context.count);
  }
}

/** The carousel statechart; see the module comment. */
export const carouselMachine = setup({
  // Stryker disable next-line ObjectLiteral: XState ignores `types` at run time (only TypeScript reads it)
  types: {
    context: {} as CarouselContext,
    events: {} as CarouselEvent,
    emitted: {} as CarouselEmitted,
    input: {} as CarouselInput,
  },
  actors: {
    /** Reports `page.visibilityChanged` now and on every change of `document.visibilityState`. */
    watchPageVisibility: fromCallback<CarouselEvent>(({ sendBack }) => {
      const report = () => sendBack({ type: 'page.visibilityChanged', hidden: document.hidden });
      report();
      document.addEventListener('visibilitychange', report);
      return () => document.removeEventListener('visibilitychange', report);
    }),
    /** Reports `motion.preferenceChanged` now and whenever the reduced-motion preference changes. */
    watchReducedMotion: fromCallback<CarouselEvent>(({ sendBack }) => {
      const query = window.matchMedia(REDUCED_MOTION_QUERY);
      const report = () => sendBack({ type: 'motion.preferenceChanged', reduced: query.matches });
      report();
      query.addEventListener('change', report);
      return () => query.removeEventListener('change', report);
    }),
  },
  actions: {
    hold: assign((_, params: Partial<CarouselHolds>) => params),
    /** Shows the slide the event asks for (the next one for the timer) and tells embla to go there. */
    moveToTarget: enqueueActions(({ context, event, enqueue }) => {
      const index = targetOf(context, event);
      enqueue.emit({ type: 'scrollTo', index, jump: context.reducedMotion });
      enqueue.assign({ index });
    }),
    toggleUserPause: assign(({ context }) => ({ userPaused: !context.userPaused })),
    showSlide: assign((_, params: { index: number }) => ({ index: params.index })),
  },
  guards: {
    nothingHolds: ({ context }) =>
      !context.hovered &&
      !context.focused &&
      !context.pageHidden &&
      !context.reducedMotion &&
      !context.userPaused,
    hasSeveralSlides: ({ context }) => context.count > 1,
  },
  delays: { SLIDE_INTERVAL: SLIDE_INTERVAL_MS },
}).createMachine({
  id: 'carousel',
  context: ({ input }) => ({
    index: 0,
    count: Math.max(1, input.slideCount),
    hovered: false,
    focused: false,
    pageHidden: false,
    reducedMotion: false,
    userPaused: false,
  }),
  invoke: [{ src: 'watchPageVisibility' }, { src: 'watchReducedMotion' }],
  initial: 'deciding',
  states: {
    deciding: {
      always: [{ guard: 'nothingHolds', target: 'playing' }, { target: 'paused' }],
    },
    playing: {
      after: {
        SLIDE_INTERVAL: {
          guard: 'hasSeveralSlides',
          // Re-entering starts the next full interval.
          target: 'playing',
          reenter: true,
          actions: 'moveToTarget',
        },
      },
    },
    paused: {},
  },
  // Every change of a hold is decided afresh: a hold that ends restarts the full interval.
  on: {
    'pointer.enter': { target: '.deciding', actions: { type: 'hold', params: { hovered: true } } },
    'pointer.leave': { target: '.deciding', actions: { type: 'hold', params: { hovered: false } } },
    'focus.enter': { target: '.deciding', actions: { type: 'hold', params: { focused: true } } },
    'focus.leave': { target: '.deciding', actions: { type: 'hold', params: { focused: false } } },
    'page.visibilityChanged': {
      target: '.deciding',
      actions: { type: 'hold', params: ({ event }) => ({ pageHidden: event.hidden }) },
    },
    'motion.preferenceChanged': {
      target: '.deciding',
      actions: { type: 'hold', params: ({ event }) => ({ reducedMotion: event.reduced }) },
    },
    'user.togglePlay': { target: '.deciding', actions: 'toggleUserPause' },
    'user.next': { target: '.deciding', actions: 'moveToTarget' },
    'user.previous': { target: '.deciding', actions: 'moveToTarget' },
    'user.goTo': { target: '.deciding', actions: 'moveToTarget' },
    // Embla settled on a slide (after a swipe, or echoing a scrollTo): only the index follows.
    'slide.shown': {
      actions: {
        type: 'showSlide',
        params: ({ context, event }) => ({ index: wrap(event.index, context.count) }),
      },
    },
  },
});

/** A snapshot of a carousel actor. */
export type CarouselSnapshot = SnapshotFrom<typeof carouselMachine>;

/** True while the carousel advances on its own. */
export function selectIsPlaying(snapshot: CarouselSnapshot): boolean {
  return snapshot.matches('playing');
}

/** The slide shown, 0-based. */
export function selectSlideIndex(snapshot: CarouselSnapshot): number {
  return snapshot.context.index;
}

/** True when the visitor paused it with the Pause button (the button then offers Play). */
export function selectIsUserPaused(snapshot: CarouselSnapshot): boolean {
  return snapshot.context.userPaused;
}

/** True when the visitor prefers reduced motion: no auto-advance and no Play button. */
export function selectPrefersReducedMotion(snapshot: CarouselSnapshot): boolean {
  return snapshot.context.reducedMotion;
}

/**
 * The `aria-live` value of the slide region: 'off' while it advances on its own (announcing every
 * automatic change would talk over the page), 'polite' otherwise so a chosen slide is read out.
 */
export function selectLiveRegion(snapshot: CarouselSnapshot): 'off' | 'polite' {
  return snapshot.matches('playing') ? 'off' : 'polite';
}
