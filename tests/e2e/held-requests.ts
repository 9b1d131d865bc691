/**
 * Requests a browser test holds back until it says so: the page waits for them as for a slow server,
 * and the test looks at the page meanwhile (a loading state, a page before its code runs).
 */
import type { Page } from '@playwright/test';
import { deferred } from '@test-support/deferred';

/**
 * Holds every request of `page` whose URL matches `url` (a Playwright URL pattern) from now on, and
 * returns the function that lets them, and every later one, through to the server.
 */
export async function holdRequests(page: Page, url: string | RegExp): Promise<() => void> {
  const held = deferred<void>();
  await page.route(url, async (route) => {
    await held.promise;
    await route.fallback();
  });
  return () => held.resolve();
}
