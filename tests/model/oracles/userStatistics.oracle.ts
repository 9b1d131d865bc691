/**
 * The user statistic cards' reviewed table (see tests/model/oracle.ts for how to read it). Written
 * from spec §2 "User statistic cards" (4 placeholders while loading, a red box on failure, else one
 * card per statistic), §7 GET /users/statistics and §8 "User statistics failure"; issue 30: the
 * failure waits for Retry, which loads again.
 */
import { defineOracle } from '../oracle';

export default defineOracle({
  source: 'spec §2 User statistic cards, §7 GET /users/statistics, §8 Silent failures; issue 30',
  delays: {},
  texts: {
    // Spec §8 "User statistics failure", the red box.
    USER_STATISTICS_FAILED_MESSAGE: 'Failed to load user statistics. Please try again later.',
    // Spec §2 "while loading, 4 pulsing placeholders".
    USER_STATISTICS_PLACEHOLDERS: 4,
  },
  states: {
    userStatistics: {},
    // Spec §2 "while loading, 4 pulsing placeholders".
    'userStatistics.loading': {
      invoke: ['loadStatistics'],
      // Spec §2 "on success one card per statistic": the answer is kept for the cards.
      'done:loadStatistics': ['→ #userStatistics.loaded / xstate.assign'],
      // Spec §8: the red box reads 'Failed to load user statistics. Please try again later.'; the
      // failure is logged too, like the other failures §8 lists; issue 30: its reason is kept to
      // show beside the text.
      'error:loadStatistics': ['→ #userStatistics.failed / reportFailure, xstate.assign'],
    },
    'userStatistics.loaded': { type: ['final'] },
    // Issue 30: Retry loads again (the placeholders show again).
    'userStatistics.failed': { retry: ['→ #userStatistics.loading'] },
  },
});
