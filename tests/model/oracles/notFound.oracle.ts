/**
 * The not-found screen's reviewed table (see tests/model/oracle.ts for how to read it). Written from
 * spec §2 "Top level" (the page has a Go Home button and redirects to / after 5 seconds) and §9 "404
 * redirect 5 seconds". The state names are the machine's; what happens in each is the spec's.
 */
import { defineOracle } from '../oracle';

export default defineOracle({
  source: 'spec §2 Top level (not-found page), §9',
  delays: {
    // §9 "404 redirect 5 seconds".
    NOT_FOUND_REDIRECT: 5000,
  },
  states: {
    notFound: {},
    // §2: the page waits for the Go Home button or the 5 seconds, whichever comes first.
    'notFound.counting': {
      'notFound.goHome': ['→ #notFound.redirecting'],
      'after:NOT_FOUND_REDIRECT': ['→ #notFound.redirecting'],
    },
    // §2 "redirects to /": one redirect home, however the countdown ended.
    'notFound.redirecting': {
      type: ['final'],
      entry: ['emitRedirect'],
    },
  },
});
