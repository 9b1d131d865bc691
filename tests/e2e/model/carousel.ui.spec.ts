/**
 * carouselMachine's generated paths through the real 'Popular Brands' carousel of the landing page
 * (spec §1 'Popular Brands', §4 "Carousel: pauses while the pointer is over it and restarts its timer
 * on leaving", §9 "Carousel: advances every 5000 ms, … loops"; issue 6: also holds while focus is in
 * it, the page is hidden, the visitor prefers reduced motion or pressed Pause).
 *
 * The page runs on Playwright's clock standing still, so the carousel advances only when a step runs
 * the clock: 1 ms short of the spec's 5000 ms (the app's actor must not have moved), then the last
 * millisecond. The carousel mounts once scrolled near (its code is loaded then), exactly when the
 * clock has run React's 300 ms reveal of a loaded lazy component, so its first interval starts at a
 * known time too.
 *
 * Gestures, as a person makes them:
 * - the pointer moves onto the carousel and away from it;
 * - keyboard focus enters (a carousel button is focused) and leaves (it is blurred). The buttons are
 *   pressed with Enter on the focused button: a mouse click would also focus the button, which is a
 *   `focus.enter` of its own; so a path presses a button only while focus is in the carousel, and
 *   `focus.enter` focuses the button the path presses next;
 * - the page is hidden or shown: headless Chromium never hides a page, so the gesture does what the
 *   browser does on switching tabs (`document.hidden` and `visibilityState` change, `visibilitychange`
 *   fires);
 * - the reduced-motion preference changes through Playwright's media emulation.
 * Each step asserts the slide shown (the current dot and the one slide not hidden from assistive
 * technology), the live region (off while playing, polite otherwise) and the Pause / Play button
 * (absent under reduced motion).
 *
 * What the replay adds to the model's paths:
 * - the two watchers report the page as the carousel starts (visible, no reduced-motion preference):
 *   the app's actor takes both events at once, so each path starts with them, as steps the app
 *   delivers to itself (`immediate`);
 * - embla reports every slide the machine scrolls it to back with `slide.shown`: a by-product of each
 *   move (`incidental`).
 *
 * Paths the UI cannot follow are not generated (`filterEvents`) or cut (`followable`):
 * - only the landing page's five brands (the 'one slide' input has no page);
 * - no `slide.shown` step: embla reports it after a swipe, and where a drag lands is embla's physics,
 *   not a slide a step can name (nor ever −1); the echoes above still show the transition taken;
 * - a hold is switched on or off only by a change: the pointer cannot enter where it already is, nor
 *   focus leave from outside, and the page and the preference report only changes;
 * - a button is pressed only while focus is in the carousel (see above), a dot only for a slide that
 *   exists, Pause / Play only while shown (not under reduced motion);
 * - a hidden page takes no pointer, focus or key, and is hidden only with focus outside the carousel
 *   (the browser blurs the focused button of a page it hides, a `focus.leave` the step leaves out);
 * - a path stops where it would press a button other than the one focused (moving focus is a
 *   `focus.enter` of its own), or hide the focused Pause button under reduced motion.
 */
import { expect, test } from '../fixtures';
import type { Locator, Page } from '@playwright/test';
import { transition } from 'xstate';
import type { CarouselEvent, CarouselSnapshot } from '@/machines/carousel.machine';
import carouselModel from '../../model/models/carousel.model';
import type { ModelEvent, ModelPath } from '../../model/harness';
import { CLOCK_INSTALLED_AT, coveringPaths, describeUiModel, LEAN_TRACE, pauseClock } from './ui-model';
import { openBrandCarousel } from '../brand-carousel';
import type { UiModel, UiRun } from './ui-model';

type CarouselMachine = typeof carouselModel.machine;
type CarouselPath = ModelPath<CarouselMachine>;
type CarouselModelEvent = ModelEvent<CarouselMachine>;

/** Spec §1: the five brands, in order. */
const BRANDS = ['Seeking Health', 'Risewell', 'Listen To Your Gut', 'Pure Encapsulation', 'Bare Biology'];
/** Spec §9: the carousel advances every 5000 ms. */
const SLIDE_INTERVAL_MS = 5000;
const INPUT = 'five brands';

/**
 * The watchers' first reports as the carousel starts, on a visible page without a reduced-motion
 * preference (the page the replay opens).
 */
const FIRST_REPORTS: CarouselEvent[] = [
  { type: 'page.visibilityChanged', hidden: false },
  { type: 'motion.preferenceChanged', reduced: false },
];

/** A carousel button: Previous, Next, Pause / Play, or the dot of a slide. */
type CarouselButton = 'previous' | 'next' | 'toggle' | number;

/** The button an event is the press of, or null. */
function buttonOf(event: CarouselModelEvent): CarouselButton | null {
  switch (event.type) {
    case 'user.previous':
      return 'previous';
    case 'user.next':
      return 'next';
    case 'user.togglePlay':
      return 'toggle';
    case 'user.goTo':
      return event.index;
    default:
      return null;
  }
}

function buttonLocator(region: Locator, button: CarouselButton): Locator {
  if (button === 'previous') return region.getByRole('button', { name: 'Previous brand' });
  if (button === 'next') return region.getByRole('button', { name: 'Next brand' });
  if (button === 'toggle') return region.getByRole('button', { name: /^(Stop|Start) rotating brands$/ });
  return region.getByRole('button', { name: `Show ${BRANDS[button]}` });
}

/**
 * Where focus is in the carousel along a path: the button each `focus.enter` step focuses (the one
 * the path presses next before focus leaves, else another one than focus is on), and how many steps
 * can be followed (see the module comment).
 */
function focusPlan(path: CarouselPath): { focusAt: Map<number, CarouselButton>; followable: number } {
  const focusAt = new Map<number, CarouselButton>();
  let focused: CarouselButton | null = null;
  for (const [index, { event }] of path.steps.entries()) {
    if (event.type === 'focus.enter') {
      const ahead = path.steps.slice(index + 1);
      const leaves = ahead.findIndex((step) => step.event.type === 'focus.leave');
      const pressed = (leaves < 0 ? ahead : ahead.slice(0, leaves))
        .map((step) => buttonOf(step.event))
        .find((button) => button !== null);
      const target: CarouselButton =
        pressed !== undefined && pressed !== focused ? pressed : focused === 'previous' ? 'next' : 'previous';
      focusAt.set(index, target);
      focused = target;
    } else if (event.type === 'focus.leave') {
      focused = null;
    } else if (buttonOf(event) !== null && buttonOf(event) !== focused) {
      return { focusAt, followable: index };
    } else if (event.type === 'motion.preferenceChanged' && event.reduced && focused === 'toggle') {
      return { focusAt, followable: index };
    }
  }
  return { focusAt, followable: path.steps.length };
}

/** See the module comment: the gestures a person can make on what the page shows. */
function canFollow({ context }: CarouselSnapshot, event: CarouselModelEvent): boolean {
  if (
    context.pageHidden &&
    event.type !== 'page.visibilityChanged' &&
    event.type !== 'motion.preferenceChanged'
  )
    return false;
  switch (event.type) {
    case 'pointer.enter':
      return !context.hovered;
    case 'pointer.leave':
      return context.hovered;
    case 'focus.leave':
      return context.focused;
    case 'page.visibilityChanged':
      return event.hidden !== context.pageHidden && !(event.hidden && context.focused);
    case 'motion.preferenceChanged':
      return event.reduced !== context.reducedMotion;
    case 'user.previous':
    case 'user.next':
      return context.focused;
    case 'user.goTo':
      return context.focused && event.index >= 0 && event.index < context.count;
    case 'user.togglePlay':
      return context.focused && !context.reducedMotion;
    case 'slide.shown':
      return false;
    default:
      return true;
  }
}

const fiveBrands = carouselModel.inputs?.[INPUT];
if (!fiveBrands) throw new Error(`the carousel model has no '${INPUT}' input`);

/**
 * The model as the landing page can follow it. Its serializer also keeps which holds are on, since
 * which gestures can come next depends on them.
 */
const model = {
  ...carouselModel,
  inputs: { [INPUT]: fiveBrands },
  serialize: (snapshot: CarouselSnapshot) => {
    const { hovered, focused, pageHidden, userPaused } = snapshot.context;
    return { ...(carouselModel.serialize(snapshot) as object), hovered, focused, pageHidden, userPaused };
  },
  filterEvents: canFollow,
};

/** `path` with the watchers' first reports after its start (see the module comment). */
function withFirstReports(path: CarouselPath): CarouselPath {
  const [start, ...rest] = path.steps;
  if (!start) throw new Error(`path '${path.name}' has no start`);
  let state = start.state;
  const reports = FIRST_REPORTS.map((event) => {
    [state] = transition(model.machine, state, event);
    return { event, state };
  });
  return { ...path, steps: [start, ...reports, ...rest] };
}

/** Whether the current step is one of the watchers' first reports, which the app makes by itself. */
function isFirstReport(run: UiRun<CarouselMachine>): boolean {
  return run.step <= FIRST_REPORTS.length;
}

function carousel(page: Page): Locator {
  return page.getByRole('region', { name: 'Brand logos' });
}

async function carouselTraceLength(page: Page): Promise<number> {
  return page.evaluate(
    () => (window.__modelTrace ?? []).filter((entry) => entry.machine === 'carousel').length,
  );
}

/** The slide shown: its dot is current, and it is the only slide not hidden from assistive technology. */
async function expectSlide(page: Page, { context }: CarouselSnapshot): Promise<void> {
  const region = carousel(page);
  await expect(region.locator('button[aria-current="true"]')).toHaveAccessibleName(
    `Show ${BRANDS[context.index]}`,
  );
  await expect(region.getByRole('group')).toHaveAccessibleName(`${context.index + 1} of ${BRANDS.length}`);
  await expect(region.getByRole('group')).toHaveText(BRANDS[context.index] ?? '');
}

/** The live region of the slides: off while the carousel advances on its own, polite otherwise. */
async function expectLive(page: Page, live: 'off' | 'polite'): Promise<void> {
  await expect(carousel(page).locator('[aria-live]')).toHaveAttribute('aria-live', live);
}

const carouselUi: UiModel<CarouselMachine> = {
  model,
  clock: CLOCK_INSTALLED_AT,
  immediate: ['page.visibilityChanged', 'motion.preferenceChanged'],
  incidental: ['slide.shown'],
  start: async ({ page }) => {
    await pauseClock(page);
    await openBrandCarousel(page);
    await expect(carousel(page)).toBeVisible();
  },
  events: {
    'pointer.enter': async ({ page }) => {
      await carousel(page).hover();
    },
    'pointer.leave': async ({ page }) => {
      await page.mouse.move(0, 0);
    },
    'focus.enter': async (run) => {
      const target = focusPlan(run.path).focusAt.get(run.step);
      if (target === undefined) throw new Error(`step ${run.step} focuses no button`);
      await buttonLocator(carousel(run.page), target).focus();
    },
    'focus.leave': async ({ page }) => {
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    },
    'page.visibilityChanged': async (run, event) => {
      if (event.type !== 'page.visibilityChanged') throw new Error(`not a visibility change: ${event.type}`);
      if (isFirstReport(run)) return;
      await run.page.evaluate((hidden) => {
        Object.defineProperty(document, 'hidden', { configurable: true, get: () => hidden });
        Object.defineProperty(document, 'visibilityState', {
          configurable: true,
          get: () => (hidden ? 'hidden' : 'visible'),
        });
        document.dispatchEvent(new Event('visibilitychange'));
      }, event.hidden);
    },
    'motion.preferenceChanged': async (run, event) => {
      if (event.type !== 'motion.preferenceChanged')
        throw new Error(`not a preference change: ${event.type}`);
      if (isFirstReport(run)) return;
      await run.page.emulateMedia({ reducedMotion: event.reduced ? 'reduce' : 'no-preference' });
    },
    'user.previous': async (run, event) => press(run, event),
    'user.next': async (run, event) => press(run, event),
    'user.goTo': async (run, event) => press(run, event),
    'user.togglePlay': async (run, event) => press(run, event),
    'xstate.after.SLIDE_INTERVAL.carousel.playing': async ({ page }) => {
      const before = await carouselTraceLength(page);
      await page.clock.runFor(SLIDE_INTERVAL_MS - 1);
      expect(await carouselTraceLength(page), 'nothing happens 1 ms before the interval ends').toBe(before);
      await page.clock.runFor(1);
    },
  },
  states: {
    'carousel.deciding': async () => {
      throw new Error('#carousel.deciding is left at once: no step can rest there');
    },
    'carousel.playing': async ({ page }, snapshot) => {
      await expectSlide(page, snapshot);
      await expectLive(page, 'off');
      await expect(carousel(page).getByRole('button', { name: 'Stop rotating brands' })).toBeVisible();
    },
    'carousel.paused': async ({ page }, snapshot) => {
      const { reducedMotion, userPaused } = snapshot.context;
      await expectSlide(page, snapshot);
      await expectLive(page, 'polite');
      const toggle = buttonLocator(carousel(page), 'toggle');
      if (reducedMotion) await expect(toggle).toHaveCount(0);
      else
        await expect(toggle).toHaveAccessibleName(
          userPaused ? 'Start rotating brands' : 'Stop rotating brands',
        );
    },
  },
};

/** Presses the button of a step's event with Enter, where `focus.enter` put the focus. */
async function press(run: UiRun<CarouselMachine>, event: CarouselModelEvent): Promise<void> {
  const button = buttonOf(event);
  if (button === null) throw new Error(`${event.type} presses no button`);
  await expect(buttonLocator(carousel(run.page), button)).toBeFocused();
  await run.page.keyboard.press('Enter');
}

test.use({ trace: LEAN_TRACE });

describeUiModel(
  carouselUi,
  (await coveringPaths(model, (path) => focusPlan(path).followable)).map(withFirstReports),
);
