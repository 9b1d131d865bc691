/**
 * Model of sessionRetryMachine (issue 27 "Sessions through blips"): started with the failures in a
 * row, it waits the backoff's wait for that many failures and ends. The waits are copied here, not
 * imported, so a changed schedule fails; the reviewed table checks each delay's length.
 */
import { expect } from 'vitest';
import { retryDelayMs, sessionRetryMachine } from '@/machines/sessionRetry.machine';
import { defineModel } from '../harness';

/** Issue 27: the state that waits after the n-th failure in a row (the 30 s wait repeats). */
const WAITING = ['waiting1s', 'waiting2s', 'waiting4s', 'waiting8s', 'waiting16s', 'waiting30s'];
/** The same waits in ms, for what the screens are told. */
const WAIT_MS = [1000, 2000, 4000, 8000, 16_000, 30_000];

export default defineModel({
  machine: sessionRetryMachine,
  inputs: Object.fromEntries([1, 2, 3, 4, 5, 6, 7].map((failures) => [`after ${failures}`, { failures }])),
  events: {},
  outcomes: {},
  serialize: (snapshot) => ({ value: snapshot.value, failures: snapshot.context.failures }),
  check: ({ input, before, after }) => {
    const failures = input?.failures ?? 0;
    const level = Math.min(failures, WAITING.length) - 1;
    if (before === null) {
      expect(after.value, 'the wait for this many failures').toBe(WAITING[level]);
      expect(retryDelayMs(failures), 'what the screens are told').toBe(WAIT_MS[level]);
      return;
    }
    expect(after.value, 'the wait is over').toBe('due');
    expect(after.status).toBe('done');
  },
});
