/**
 * The session's backoff (issue 27 "Sessions through blips"): how long the session waits before it
 * asks the server again after a session check or a token refresh found it unreachable. The session
 * invokes this chart in its `unreachable` states with the number of failures in a row; the chart
 * picks the wait by that number (1 s, 2 s, 4 s, 8 s, 16 s, then 30 s for every further failure) and
 * ends when the wait is over, which is the session's cue to try again. The session stops it early
 * when the admin presses Try now, or when another tab decides for it.
 */
import { setup } from 'xstate';

/** The waits after the 1st, 2nd, ... failure in a row, ms; the last one repeats (issue 27). */
export const RETRY_DELAYS_MS = [1000, 2000, 4000, 8000, 16_000, 30_000] as const;

/** What the session starts the chart with. */
export interface SessionRetryInput {
  /** Failures in a row so far, at least 1. */
  failures: number;
}

/**
 * The wait, ms, after `failures` failures in a row (1 or more; 0 counts as 1): the entry of
 * RETRY_DELAYS_MS for that failure, the last entry from then on. The chart's own choice, for the
 * screens that tell when the next try is.
 */
export function retryDelayMs(failures: number): number {
  const index = Math.min(Math.max(failures, 1), RETRY_DELAYS_MS.length) - 1;
  return RETRY_DELAYS_MS[index]!;
}

/** The session's backoff chart; see the module comment. Start it with `input: { failures }`. */
export const sessionRetryMachine = setup({
  // Stryker disable next-line ObjectLiteral: XState ignores `types` at run time (only TypeScript reads it)
  types: {
    context: {} as SessionRetryInput,
    input: {} as SessionRetryInput,
  },
  guards: {
    failedAtMost: ({ context }, params: { times: number }) => context.failures <= params.times,
  },
  delays: {
    RETRY_AFTER_1S: RETRY_DELAYS_MS[0],
    RETRY_AFTER_2S: RETRY_DELAYS_MS[1],
    RETRY_AFTER_4S: RETRY_DELAYS_MS[2],
    RETRY_AFTER_8S: RETRY_DELAYS_MS[3],
    RETRY_AFTER_16S: RETRY_DELAYS_MS[4],
    RETRY_AFTER_30S: RETRY_DELAYS_MS[5],
  },
}).createMachine({
  id: 'sessionRetry',
  context: ({ input }) => ({ failures: input.failures }),
  initial: 'choosing',
  states: {
    choosing: {
      always: [
        { guard: { type: 'failedAtMost', params: { times: 1 } }, target: 'waiting1s' },
        { guard: { type: 'failedAtMost', params: { times: 2 } }, target: 'waiting2s' },
        { guard: { type: 'failedAtMost', params: { times: 3 } }, target: 'waiting4s' },
        { guard: { type: 'failedAtMost', params: { times: 4 } }, target: 'waiting8s' },
        { guard: { type: 'failedAtMost', params: { times: 5 } }, target: 'waiting16s' },
        { target: 'waiting30s' },
      ],
    },
    waiting1s: { after: { RETRY_AFTER_1S: 'due' } },
    waiting2s: { after: { RETRY_AFTER_2S: 'due' } },
    waiting4s: { after: { RETRY_AFTER_4S: 'due' } },
    waiting8s: { after: { RETRY_AFTER_8S: 'due' } },
    waiting16s: { after: { RETRY_AFTER_16S: 'due' } },
    // The cap: a server that stays away is asked twice a minute, not ever more rarely.
    waiting30s: { after: { RETRY_AFTER_30S: 'due' } },
    due: { type: 'final' },
  },
});
