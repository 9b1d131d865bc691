/**
 * The app servers of the end-to-end run: one per Playwright worker, each on its own port with its
 * own freshly seeded data directory, so spec files running at the same time never see each other's
 * writes (a created user, a revoked token, a spent login attempt). playwright.config.ts starts them;
 * `test` in fixtures.ts points each test's `baseURL` at its worker's server.
 */

/** Workers, and so servers: `E2E_WORKERS`, 2 by default (the suite mostly waits on the browser). */
export const E2E_WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? 2));

/** The first server's port (`E2E_PORT`, 4173 by default); worker i's is this plus i. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 4173);

/** The port of the server of the worker with Playwright's `parallelIndex` `index` (0-based). */
export function serverPort(index: number): number {
  if (!Number.isInteger(index) || index < 0 || index >= E2E_WORKERS) {
    throw new Error(`no e2e server for worker ${String(index)} of ${String(E2E_WORKERS)}`);
  }
  return E2E_PORT + index;
}

/** The origin (`http://127.0.0.1:port`) of worker `index`'s server. */
export function serverOrigin(index: number): string {
  return `http://127.0.0.1:${String(serverPort(index))}`;
}
