/**
 * Promises a test settles by hand (issue 28: one copy instead of one per test file). Imported as
 * `@test-support/deferred` by colocated tests and tests/ alike.
 */

/** A promise with its resolve and reject, for a test to settle when the scenario says so. */
export interface Deferred<T> {
  promise: Promise<T>;
  resolve: (value: T) => void;
  reject: (reason: unknown) => void;
}

/** A new pending `Deferred<T>`. */
export function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/**
 * Resolves after one macrotask turn, by which time every promise already settled has run its
 * callbacks: an actor has received the done or error event of the promise the test just settled.
 * Not for tests on fake timers (it would wait for a timer nobody advances): they call
 * `vi.advanceTimersByTimeAsync(0)` instead.
 */
export function settle(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
