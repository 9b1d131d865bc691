/**
 * The 'Popular Brands' carousel's reviewed table (see tests/model/oracle.ts for how to read it).
 * Written from spec §1 ('an auto-rotating, looping carousel of 5 brand logos'), §4 "Carousel" (pauses
 * while the pointer is over it and restarts its timer on leaving), §9 "Carousel" (advances every
 * 5000 ms, 1 slide per view, loops) and issue 6 (the other reasons to hold still: keyboard focus
 * inside, a hidden page, a preference for reduced motion, the visitor's Pause button). The state
 * names are the machine's; what happens in each is the spec's.
 */
import { defineOracle } from '../oracle';

/**
 * §4 "restarts its timer on leaving", generalised by issue 6 to every reason to hold still: each
 * change of a reason (or a slide chosen by hand) decides afresh between playing and paused, so the
 * timer that follows is always a full interval.
 */
const DECIDE = '→ #carousel.deciding';

export default defineOracle({
  source: 'spec §1 Popular Brands, §4 Carousel, §9 Carousel; issue 6',
  delays: {
    // §9 "advances every 5000 ms". The 600 ms slide animation is the screen's (embla), not a timer.
    SLIDE_INTERVAL: 5000,
  },
  states: {
    carousel: {
      // Issue 6: the page's visibility and the reduced-motion preference are watched while it shows.
      invoke: ['watchPageVisibility', 'watchReducedMotion'],
      // §4 "pauses while the pointer is over it and restarts its timer on leaving".
      'pointer.enter': [`${DECIDE} / hold`],
      'pointer.leave': [`${DECIDE} / hold`],
      // Issue 6: keyboard focus inside holds it like the pointer does; so do a hidden page and a
      // preference for reduced motion.
      'focus.enter': [`${DECIDE} / hold`],
      'focus.leave': [`${DECIDE} / hold`],
      'page.visibilityChanged': [`${DECIDE} / hold`],
      'motion.preferenceChanged': [`${DECIDE} / hold`],
      // Issue 6: the Pause / Play button.
      'user.togglePlay': [`${DECIDE} / toggleUserPause`],
      // §9 "loops": next, previous and a chosen slide wrap around the ends.
      'user.next': [`${DECIDE} / moveToTarget`],
      'user.previous': [`${DECIDE} / moveToTarget`],
      'user.goTo': [`${DECIDE} / moveToTarget`],
      // A slide the visitor swiped to is the one shown; it changes no reason to hold still.
      'slide.shown': ['(stays) / showSlide'],
    },
    // §4 / issue 6: it plays only when no reason to hold still is left.
    'carousel.deciding': {
      always: ['[nothingHolds] → #carousel.playing', '→ #carousel.paused'],
    },
    // §9 "advances every 5000 ms ... 1 slide per view, loops": one slide on, then a new full
    // interval; a single slide has nowhere to go.
    'carousel.playing': {
      'after:SLIDE_INTERVAL': ['[hasSeveralSlides] → #carousel.playing (re-enters) / moveToTarget'],
    },
    'carousel.paused': {},
  },
});
