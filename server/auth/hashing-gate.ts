/**
 * A bound on concurrent password hashing in one process (issue 13): Argon2id costs tens of
 * milliseconds of a core and ~19 MiB per call, so a flood of logins (unknown emails included, which
 * verify against a dummy hash) would otherwise take every core from every other request. At most
 * `concurrency` hashing tasks run, at most `queue` wait in arrival order, and beyond that the request
 * is answered 503 with Retry-After at once.
 */
import type { HashingBound } from '../config';
import { UnavailableError } from '../domain-errors';

/** The 503 message when every hashing slot and queue place is taken. */
export const HASHING_BUSY_MESSAGE = 'The server is busy checking other passwords. Try again in a moment.';
/** Retry-After (seconds) of that 503: the queue drains within a second at the default bound. */
export const HASHING_BUSY_RETRY_AFTER_SECONDS = 1;

/** Runs hashing work under a bound; see the module comment. */
export interface HashingGate {
  /**
   * Runs `task` once a slot is free and resolves or rejects as it does.
   * @throws UnavailableError (HTTP 503) with a retry delay, without running `task`, when the queue is full.
   */
  run<T>(task: () => Promise<T>): Promise<T>;
  /**
   * Throws the same 503 as `run` when every slot and queue place is taken right now, so a request
   * can be refused before it does any other work (its database queries included); `run` still
   * decides, as a place may be gone by the time the request gets there.
   */
  assertRoom(): void;
}

function busyError(): UnavailableError {
  return new UnavailableError(HASHING_BUSY_MESSAGE, HASHING_BUSY_RETRY_AFTER_SECONDS);
}

/** A gate with its own slots and queue; `bound.concurrency` must be at least 1. */
export function createHashingGate(bound: HashingBound): HashingGate {
  let running = 0;
  const waiting: Array<() => void> = [];

  function release(): void {
    const next = waiting.shift();
    // A waiting task inherits the finished one's slot, so `running` never passes the bound.
    if (next) next();
    else running--;
  }

  const full = () => running >= bound.concurrency && waiting.length >= bound.queue;

  return {
    async run(task) {
      if (running < bound.concurrency) {
        running++;
      } else if (waiting.length < bound.queue) {
        await new Promise<void>((resolve) => waiting.push(resolve));
      } else {
        throw busyError();
      }
      try {
        return await task();
      } finally {
        release();
      }
    },

    assertRoom() {
      if (full()) throw busyError();
    },
  };
}
