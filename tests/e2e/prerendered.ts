/**
 * What the browser tests of prerendered pages (issue 31) share: the app's entry script, to hold it
 * back while the HTML is looked at, the page's errors, and whether React took over an element.
 */
import type { Locator, Page } from '@playwright/test';

/** The app's entry script (Vite's `assets/index-<hash>.js`). */
export const ENTRY_SCRIPT = /\/assets\/index-[\w-]+\.js$/;

/** The errors `page` reports from now on (uncaught exceptions and console errors, such as a hydration mismatch). */
export function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return errors;
}

/** Whether React manages `element` (it keys each element it owns with `__reactFiber$…`). */
export function isReactOwned(element: Locator): Promise<boolean> {
  return element.evaluate((node) => Object.keys(node).some((key) => key.startsWith('__reactFiber$')));
}
