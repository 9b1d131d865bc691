/**
 * Model of carouselMachine (spec §1 'Popular Brands', §4 "Carousel", §9 "Carousel": 5 brands,
 * advances every 5000 ms, loops). Every step is checked against a small reference of the spec's
 * rules: a hold switched on stops the advance, the carousel plays only when no hold is left, a
 * navigation moves to the wrapped target and tells embla to scroll there (jumping under reduced
 * motion), the timer moves one slide on — unless there is a single slide, which never moves.
 *
 * The serializer keeps the state, whether the visitor prefers reduced motion (it decides `jump`) and
 * where the slide is relative to the ends (first, inner, last: where wrapping shows), and whether
 * there are several slides (the timer's guard); which holds are on is left out, since the state
 * already says whether any is. The filters keep the walk to the chart (issue 28): holds are tried
 * on the first of five slides, moves from every position (under reduced motion from one).
 *
 * Every step also checks what the landing page draws from the snapshot (the `select*` functions):
 * the slide shown, the Pause / Play button, no Play button under reduced motion, and the slide
 * region's `aria-live` ('off' while it advances on its own, so automatic changes are not read out).
 */
import { expect } from 'vitest';
import {
  carouselMachine,
  selectIsPlaying,
  selectIsUserPaused,
  selectLiveRegion,
  selectPrefersReducedMotion,
  selectSlideIndex,
} from '@/machines/carousel.machine';
import type { CarouselContext, CarouselEvent, CarouselHolds } from '@/machines/carousel.machine';
import { defineModel } from '../harness';
import type { ExecutedStep } from '../harness';

/** Spec §1: five brand logos. */
const SLIDES = 5;

type CarouselStep = ExecutedStep<typeof carouselMachine>;

const wrap = (index: number, count: number) => ((index % count) + count) % count;

/** The hold an event switches, with its new value, or null for the other events. */
function holdOf(event: CarouselEvent): Partial<CarouselHolds> | null {
  switch (event.type) {
    case 'pointer.enter':
      return { hovered: true };
    case 'pointer.leave':
      return { hovered: false };
    case 'focus.enter':
      return { focused: true };
    case 'focus.leave':
      return { focused: false };
    case 'page.visibilityChanged':
      return { pageHidden: event.hidden };
    case 'motion.preferenceChanged':
      return { reducedMotion: event.reduced };
    default:
      return null;
  }
}

/** The slide a navigation event asks for, or null for the events that do not navigate. */
function navigationTarget({ index, count }: CarouselContext, event: CarouselEvent): number | null {
  switch (event.type) {
    case 'user.next':
      return wrap(index + 1, count);
    case 'user.previous':
      return wrap(index - 1, count);
    case 'user.goTo':
      return wrap(event.index, count);
    default:
      return null;
  }
}

function anyHold(context: CarouselContext): boolean {
  return (
    context.hovered || context.focused || context.pageHidden || context.reducedMotion || context.userPaused
  );
}

function checkStep(step: CarouselStep): void {
  const { input, before, event, after, emitted } = step;
  const playing = !anyHold(after.context);
  expect(after.value, 'plays exactly when no reason to hold still holds').toBe(
    playing ? 'playing' : 'paused',
  );
  expect({
    playing: selectIsPlaying(after),
    slide: selectSlideIndex(after),
    userPaused: selectIsUserPaused(after),
    reducedMotion: selectPrefersReducedMotion(after),
    live: selectLiveRegion(after),
  }).toEqual({
    playing,
    slide: after.context.index,
    userPaused: after.context.userPaused,
    reducedMotion: after.context.reducedMotion,
    live: playing ? 'off' : 'polite',
  });
  if (before === null) {
    expect(after.context).toEqual({
      index: 0,
      // No slides at all still count as one: the timer never moves it and nothing divides by zero.
      count: Math.max(input?.slideCount ?? 0, 1),
      hovered: false,
      focused: false,
      pageHidden: false,
      reducedMotion: false,
      userPaused: false,
    });
    expect(step.started.map((actor) => actor.src).sort()).toEqual([
      'watchPageVisibility',
      'watchReducedMotion',
    ]);
    expect(emitted).toEqual([]);
    return;
  }
  if (event.type.startsWith('xstate.after.')) {
    expect(before.value, 'only a playing carousel advances').toBe('playing');
    if (before.context.count === 1) {
      expect(after.context, 'a single slide stays where it is').toEqual(before.context);
      expect(emitted).toEqual([]);
      return;
    }
    const index = wrap(before.context.index + 1, before.context.count);
    expect(after.context).toEqual({ ...before.context, index });
    expect(emitted).toEqual([{ type: 'scrollTo', index, jump: false }]);
    return;
  }
  const carouselEvent = event as CarouselEvent;
  const hold = holdOf(carouselEvent);
  const target = navigationTarget(before.context, carouselEvent);
  if (hold !== null) {
    expect(after.context).toEqual({ ...before.context, ...hold });
    expect(emitted).toEqual([]);
  } else if (carouselEvent.type === 'user.togglePlay') {
    expect(after.context).toEqual({ ...before.context, userPaused: !before.context.userPaused });
    expect(emitted).toEqual([]);
  } else if (target !== null) {
    expect(after.context).toEqual({ ...before.context, index: target });
    expect(emitted, 'embla scrolls to the chosen slide, without animation under reduced motion').toEqual([
      { type: 'scrollTo', index: target, jump: before.context.reducedMotion },
    ]);
  } else if (carouselEvent.type === 'slide.shown') {
    expect(after.context).toEqual({
      ...before.context,
      index: wrap(carouselEvent.index, before.context.count),
    });
    expect(after.value, 'a slide embla settled on changes no state').toBe(before.value);
    expect(emitted, 'embla is not told to go where it already is').toEqual([]);
  }
}

/** The events that move the slide; the others hold or release the advance. */
const NAVIGATION = new Set(['user.next', 'user.previous', 'user.goTo', 'slide.shown']);

export default defineModel({
  machine: carouselMachine,
  inputs: {
    'five brands': { slideCount: SLIDES },
    'one slide': { slideCount: 1 },
    'no slides': { slideCount: 0 },
  },
  events: {
    'pointer.enter': [{ type: 'pointer.enter' }],
    'pointer.leave': [{ type: 'pointer.leave' }],
    'focus.enter': [{ type: 'focus.enter' }],
    'focus.leave': [{ type: 'focus.leave' }],
    'page.visibilityChanged': [
      { type: 'page.visibilityChanged', hidden: true },
      { type: 'page.visibilityChanged', hidden: false },
    ],
    'motion.preferenceChanged': [
      { type: 'motion.preferenceChanged', reduced: true },
      { type: 'motion.preferenceChanged', reduced: false },
    ],
    'user.togglePlay': [{ type: 'user.togglePlay' }],
    'user.next': [{ type: 'user.next' }],
    'user.previous': [{ type: 'user.previous' }],
    'user.goTo': [
      { type: 'user.goTo', index: SLIDES - 1 },
      { type: 'user.goTo', index: SLIDES + 2 },
    ],
    'slide.shown': [
      { type: 'slide.shown', index: 2 },
      { type: 'slide.shown', index: -1 },
    ],
  },
  outcomes: {},
  // One slide and none are the same chart (a carousel always counts at least one slide).
  shareStates: true,
  serialize: ({ value, context }) => ({
    value,
    reducedMotion: context.reducedMotion,
    several: context.count > 1,
    at: context.index === 0 ? 'first' : context.index === context.count - 1 ? 'last' : 'inner',
  }),
  filterEvents: ({ value, context }, event) => {
    if (event.type.startsWith('xstate.')) return true;
    // Holds and the play button read neither the slide nor the count: walked on the first of five.
    if (!NAVIGATION.has(event.type)) return context.index === 0 && context.count > 1;
    // Reduced motion only makes a move jump: moves under it are walked from the first slide, paused.
    return !context.reducedMotion || (value === 'paused' && context.index === 0);
  },
  check: checkStep,
});
