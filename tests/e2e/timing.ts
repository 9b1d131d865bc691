/**
 * The end-to-end run's time limits, in ms: how long one `expect` waits for the page, and one test
 * may take. CI runs on a shared 2-core machine whose speed varies from run to run: stop 24's CI run
 * took 3.6 times as long as a quiet one (Playwright 29 min against 8), and 27 tests ran out of the
 * run's limits then (10 s per `expect`, 30 s per test) while the app was still drawing a screen it
 * draws in well under a second on a quiet machine. These allow for such a machine; a test that passes never
 * waits them out, so a quiet run is not slower for them. Held to 0.6 CPU (issue 28), the dashboard's
 * first transactions row came 24 s after the page was asked for: 7 s of script before the session
 * check, 7 s of rendering between its answer and the panels' requests (issue 31's waterfall), 3 s
 * for the server's answer under that load; so 30 s, not 20.
 */

/** How long an `expect` on the page (and a held request's arrival) waits before failing. */
export const EXPECT_TIMEOUT = 30_000;

/** How long one test may take; `test.slow()` triples it for the long journeys. */
export const TEST_TIMEOUT = 60_000;
