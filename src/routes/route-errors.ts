/**
 * What the routes' error element (`RouteError`) needs to know about an error, and the one place the
 * app logs the errors its routes catch (issue 27 "Deploys": the error logged to the console once).
 */

/**
 * The messages of a dynamic import whose code could not be downloaded: Chromium's, Firefox's and
 * Safari's for the module itself, and Vite's for the stylesheet it preloads.
 */
const CHUNK_LOAD_MESSAGES = [
  /Failed to fetch dynamically imported module/i,
  /error loading dynamically imported module/i,
  /Importing a module script failed/i,
  /Unable to preload CSS/i,
];

/** True when `error` says the code of a screen (a chunk) could not be downloaded, not that it broke. */
export function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && CHUNK_LOAD_MESSAGES.some((pattern) => pattern.test(error.message));
}

const logged = new WeakSet<object>();

/**
 * Logs an error a route caught with `log` (default `console.error`), once per error: React reports a
 * render error to the root's `onCaughtError` and the router reports the same object to its `onError`.
 * Values that are not objects cannot be told apart and are logged each time.
 */
export function logRouteError(error: unknown, log: (...data: unknown[]) => void = console.error): void {
  if (typeof error === 'object' && error !== null) {
    if (logged.has(error)) return;
    logged.add(error);
  }
  log('A page could not be shown:', error);
}
