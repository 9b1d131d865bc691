/**
 * Opening the landing page's brand carousel on a page whose clock is paused (the carousel's model
 * and its 5 s test in public.spec.ts), so no carousel delay runs unless a test runs the clock.
 */
import type { Page } from '@playwright/test';

/**
 * React 19 reveals a lazy component that has loaded no sooner than 300 ms after its fallback showed
 * (react-dom's FALLBACK_THROTTLE_MS), on the page's timers, which Playwright's clock holds.
 */
export const LAZY_REVEAL_MS = 300;

/**
 * Opens `/` on `page` (its clock installed and paused), scrolls to the brands, waits for the
 * carousel's code and runs the clock by LAZY_REVEAL_MS, so React shows it. Resolves once it has run.
 */
export async function openBrandCarousel(page: Page): Promise<void> {
  await page.goto('/');
  const code = page.waitForResponse(/\/BrandCarousel-[\w-]+\.js$/);
  await page.getByRole('heading', { name: 'Popular Brands' }).scrollIntoViewIfNeeded();
  await code;
  // Lets React take the loaded code, which it shows LAZY_REVEAL_MS after its fallback showed.
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => resolve();
        channel.port2.postMessage(null);
      }),
  );
  await page.clock.runFor(LAZY_REVEAL_MS);
}
