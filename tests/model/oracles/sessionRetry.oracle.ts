/**
 * The session backoff's reviewed table (see tests/model/oracle.ts for how to read it). Written from
 * issue 27 "Sessions through blips" and the brief that settled its schedule: after the 1st, 2nd, 3rd,
 * 4th and 5th failure in a row wait 1, 2, 4, 8 and 16 s, and 30 s after every further one.
 */
import { defineOracle } from '../oracle';

export default defineOracle({
  source: 'issue 27 Sessions through blips',
  delays: {
    RETRY_AFTER_1S: 1000,
    RETRY_AFTER_2S: 2000,
    RETRY_AFTER_4S: 4000,
    RETRY_AFTER_8S: 8000,
    RETRY_AFTER_16S: 16_000,
    // The cap: a server that stays away is asked twice a minute.
    RETRY_AFTER_30S: 30_000,
  },
  states: {
    sessionRetry: {},
    // The wait doubles with each failure in a row, up to the cap.
    'sessionRetry.choosing': {
      always: [
        '[failedAtMost times=1] → #sessionRetry.waiting1s',
        '[failedAtMost times=2] → #sessionRetry.waiting2s',
        '[failedAtMost times=3] → #sessionRetry.waiting4s',
        '[failedAtMost times=4] → #sessionRetry.waiting8s',
        '[failedAtMost times=5] → #sessionRetry.waiting16s',
        '→ #sessionRetry.waiting30s',
      ],
    },
    'sessionRetry.waiting1s': { 'after:RETRY_AFTER_1S': ['→ #sessionRetry.due'] },
    'sessionRetry.waiting2s': { 'after:RETRY_AFTER_2S': ['→ #sessionRetry.due'] },
    'sessionRetry.waiting4s': { 'after:RETRY_AFTER_4S': ['→ #sessionRetry.due'] },
    'sessionRetry.waiting8s': { 'after:RETRY_AFTER_8S': ['→ #sessionRetry.due'] },
    'sessionRetry.waiting16s': { 'after:RETRY_AFTER_16S': ['→ #sessionRetry.due'] },
    'sessionRetry.waiting30s': { 'after:RETRY_AFTER_30S': ['→ #sessionRetry.due'] },
    // The end of the wait is the session's cue to try again.
    'sessionRetry.due': { type: ['final'] },
  },
});
