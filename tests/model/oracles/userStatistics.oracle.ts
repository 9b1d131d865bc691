/**
 * The user statistic cards' reviewed table (see tests/model/oracle.ts for how to read it). Written
 * from spec §2 "User statistic cards" (4 placeholders while loading, a red box on failure, else one
 * card per statistic), §7 GET /users/statistics and §8 "User statistics failure". One load, no
 * retry: both outcomes are final (the page loads it again).
 */
import { defineOracle } from '../oracle';

export default defineOracle({
  source: 'spec §2 User statistic cards, §7 GET /users/statistics, §8 Silent failures',
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
      // failure is logged too, like the other failures §8 lists.
      'error:loadStatistics': ['→ #userStatistics.failed / reportFailure'],
    },
    'userStatistics.loaded': { type: ['final'] },
    'userStatistics.failed': { type: ['final'] },
  },
});
