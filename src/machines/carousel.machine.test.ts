import { afterEach, describe, expect, it, vi } from 'vitest';
import { SimulatedClock, createActor, fromCallback } from 'xstate';
import {
  REDUCED_MOTION_QUERY,
  SLIDE_INTERVAL_MS,
  carouselMachine,
  selectIsPlaying,
  selectIsUserPaused,
  selectLiveRegion,
  selectPrefersReducedMotion,
  selectSlideIndex,
} from './carousel.machine';
import type { CarouselEmitted, CarouselEvent } from './carousel.machine';

/** A carousel of `slideCount` slides on a simulated clock; the watchers are silent unless the test sends. */
function startCarousel(slideCount = 5) {
  const clock = new SimulatedClock();
  const machine = carouselMachine.provide({
    actors: {
      watchPageVisibility: fromCallback<CarouselEvent>(() => undefined),
      watchReducedMotion: fromCallback<CarouselEvent>(() => undefined),
    },
  });
  const actor = createActor(machine, { clock, input: { slideCount } });
  const scrolls: CarouselEmitted[] = [];
  actor.on('scrollTo', (event) => scrolls.push(event));
  actor.start();
  return { actor, clock, scrolls, indexes: () => scrolls.map((scroll) => scroll.index) };
}

describe('carouselMachine timing', () => {
  it('advances every 5000 ms, one slide at a time, looping after the last', () => {
    const { actor, clock, indexes, scrolls } = startCarousel(3);
    expect(SLIDE_INTERVAL_MS).toBe(5000);
    expect(selectIsPlaying(actor.getSnapshot())).toBe(true);
    clock.increment(4999);
    expect(scrolls).toEqual([]);
    clock.increment(1);
    expect(scrolls).toEqual([{ type: 'scrollTo', index: 1, jump: false }]);
    expect(selectSlideIndex(actor.getSnapshot())).toBe(1);
    clock.increment(5000);
    clock.increment(5000);
    expect(indexes()).toEqual([1, 2, 0]);
    expect(selectSlideIndex(actor.getSnapshot())).toBe(0);
  });

  it('holds still while the pointer is over it and restarts a full interval on leaving', () => {
    const { actor, clock, indexes } = startCarousel();
    clock.increment(3000);
    actor.send({ type: 'pointer.enter' });
    expect(selectIsPlaying(actor.getSnapshot())).toBe(false);
    clock.increment(20_000);
    expect(indexes()).toEqual([]);
    actor.send({ type: 'pointer.leave' });
    expect(selectIsPlaying(actor.getSnapshot())).toBe(true);
    clock.increment(4999);
    expect(indexes()).toEqual([]);
    clock.increment(1);
    expect(indexes()).toEqual([1]);
  });

  it('holds still while the page is hidden and restarts when it is shown again', () => {
    const { actor, clock, indexes } = startCarousel();
    clock.increment(4000);
    actor.send({ type: 'page.visibilityChanged', hidden: true });
    clock.increment(60_000);
    expect(indexes()).toEqual([]);
    actor.send({ type: 'page.visibilityChanged', hidden: false });
    clock.increment(4999);
    expect(indexes()).toEqual([]);
    clock.increment(1);
    expect(indexes()).toEqual([1]);
  });

  it('never advances on its own when reduced motion is preferred, and jumps when asked to move', () => {
    const { actor, clock, scrolls } = startCarousel();
    actor.send({ type: 'motion.preferenceChanged', reduced: true });
    expect(selectPrefersReducedMotion(actor.getSnapshot())).toBe(true);
    clock.increment(60_000);
    expect(scrolls).toEqual([]);
    actor.send({ type: 'user.next' });
    expect(scrolls).toEqual([{ type: 'scrollTo', index: 1, jump: true }]);
    clock.increment(60_000);
    expect(scrolls).toHaveLength(1);
    actor.send({ type: 'motion.preferenceChanged', reduced: false });
    clock.increment(5000);
    expect(scrolls.at(-1)).toEqual({ type: 'scrollTo', index: 2, jump: false });
  });

  it('holds still while keyboard focus is inside it', () => {
    const { actor, clock, indexes } = startCarousel();
    actor.send({ type: 'focus.enter' });
    clock.increment(10_000);
    expect(indexes()).toEqual([]);
    actor.send({ type: 'focus.leave' });
    clock.increment(5000);
    expect(indexes()).toEqual([1]);
  });

  it('keeps holding until every reason to hold has ended', () => {
    const { actor, clock, indexes } = startCarousel();
    actor.send({ type: 'pointer.enter' });
    actor.send({ type: 'page.visibilityChanged', hidden: true });
    actor.send({ type: 'pointer.leave' });
    clock.increment(10_000);
    expect(selectIsPlaying(actor.getSnapshot())).toBe(false);
    expect(indexes()).toEqual([]);
    actor.send({ type: 'page.visibilityChanged', hidden: false });
    clock.increment(5000);
    expect(indexes()).toEqual([1]);
  });

  it('pauses and plays with the Pause/Play button', () => {
    const { actor, clock, indexes } = startCarousel();
    actor.send({ type: 'user.togglePlay' });
    expect(selectIsUserPaused(actor.getSnapshot())).toBe(true);
    expect(actor.getSnapshot().value).toBe('paused');
    clock.increment(10_000);
    expect(indexes()).toEqual([]);
    actor.send({ type: 'user.togglePlay' });
    expect(selectIsUserPaused(actor.getSnapshot())).toBe(false);
    clock.increment(5000);
    expect(indexes()).toEqual([1]);
  });

  it('never advances a single slide', () => {
    const { clock, scrolls } = startCarousel(1);
    clock.increment(30_000);
    expect(scrolls).toEqual([]);
  });
});

describe('carouselMachine navigation', () => {
  it('moves on Next, Previous and a chosen slide, wrapping both ways, and restarts the interval', () => {
    const { actor, clock, indexes } = startCarousel();
    clock.increment(4000);
    actor.send({ type: 'user.previous' });
    expect(indexes()).toEqual([4]);
    clock.increment(4999);
    expect(indexes()).toEqual([4]);
    clock.increment(1);
    expect(indexes()).toEqual([4, 0]);
    actor.send({ type: 'user.next' });
    actor.send({ type: 'user.goTo', index: 3 });
    expect(indexes()).toEqual([4, 0, 1, 3]);
    expect(selectSlideIndex(actor.getSnapshot())).toBe(3);
  });

  it('follows the slide embla reports without restarting the interval', () => {
    const { actor, clock, indexes } = startCarousel();
    clock.increment(3000);
    actor.send({ type: 'slide.shown', index: 3 });
    expect(selectSlideIndex(actor.getSnapshot())).toBe(3);
    clock.increment(2000);
    expect(indexes()).toEqual([4]);
  });

  it('turns the live region off while playing and polite while holding', () => {
    const { actor } = startCarousel();
    expect(selectLiveRegion(actor.getSnapshot())).toBe('off');
    actor.send({ type: 'pointer.enter' });
    expect(selectLiveRegion(actor.getSnapshot())).toBe('polite');
  });
});

describe('carouselMachine default watchers', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('reads page visibility and the reduced-motion preference at start and on change', () => {
    const documentListeners = new Map<string, () => void>();
    const fakeDocument = {
      hidden: false,
      addEventListener: (type: string, listener: () => void) => documentListeners.set(type, listener),
      removeEventListener: (type: string) => documentListeners.delete(type),
    };
    const mediaListeners = new Map<string, () => void>();
    const fakeQuery = {
      matches: false,
      addEventListener: (type: string, listener: () => void) => mediaListeners.set(type, listener),
      removeEventListener: (type: string) => mediaListeners.delete(type),
    };
    const matchMedia = vi.fn(() => fakeQuery);
    vi.stubGlobal('document', fakeDocument);
    vi.stubGlobal('window', { matchMedia });

    const actor = createActor(carouselMachine, { clock: new SimulatedClock(), input: { slideCount: 5 } });
    actor.start();
    expect(matchMedia).toHaveBeenCalledWith(REDUCED_MOTION_QUERY);
    expect(selectIsPlaying(actor.getSnapshot())).toBe(true);

    fakeDocument.hidden = true;
    documentListeners.get('visibilitychange')?.();
    expect(selectIsPlaying(actor.getSnapshot())).toBe(false);
    fakeDocument.hidden = false;
    documentListeners.get('visibilitychange')?.();
    expect(selectIsPlaying(actor.getSnapshot())).toBe(true);

    fakeQuery.matches = true;
    mediaListeners.get('change')?.();
    expect(selectPrefersReducedMotion(actor.getSnapshot())).toBe(true);
    expect(selectIsPlaying(actor.getSnapshot())).toBe(false);

    actor.stop();
    expect(documentListeners.size).toBe(0);
    expect(mediaListeners.size).toBe(0);
  });
});
