/**
 * The time limits the Vitest suites still have (issue 28: no wall-clock verdicts). None of them
 * decides whether behaviour is right, and a passing test never waits one out: each guards against a
 * hang, sized so that it holds on a machine three times slower than a quiet two-core one. They were
 * checked with the tests run in a cgroup capped at 0.6 CPU (`cpu.cfs_quota_us`) on a machine already
 * loaded by other work; the figures beside each are from there.
 */

/**
 * Options of `vi.waitFor` (and Testing Library's `waitFor`) for a condition the test then asserts:
 * how long to keep looking, and how often. Their 1 s default is a verdict a loaded machine misses.
 */
export const CONDITION = { timeout: 20_000, interval: 20 };

/**
 * A test, or the hook before it, that starts child processes (each loads tsx, opens its own database
 * and runs the migrations), or opens and seeds whole databases in turn: seconds to tens of seconds on
 * a quiet machine, minutes under the cap.
 */
export const SLOW_TEST_LIMIT_MS = 600_000;

/**
 * The whole API fuzz file (tests/api/fuzz.test.ts): it sends its fixed number of requests however
 * long they take, and this only stops a run that hangs.
 */
export const FUZZ_FILE_LIMIT_MS = 1_800_000;
