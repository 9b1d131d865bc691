/**
 * What the remaining UI model replays share (the login and session replays it was written for are
 * gone, issue 28: their states' rendering is asserted by the component tests beside LoginPage and
 * session.tsx): Playwright's paused clock, the lean trace options, and the session's loading overlay.
 */
import type { Locator, Page } from '@playwright/test';

/**
 * Playwright's clock starts here; `pauseClock` stops it a minute later, before the app loads. The
 * clock must not run by itself: every delay of a path waits for the step that says it has passed.
 */
export const CLOCK_INSTALLED_AT = Date.parse('2025-06-02T09:00:00Z');
const CLOCK_PAUSED_AT = CLOCK_INSTALLED_AT + 60_000;

/** Stops Playwright's clock (installed at CLOCK_INSTALLED_AT, which lets time flow); call before `goto`. */
export async function pauseClock(page: Page): Promise<void> {
  await page.clock.pauseAt(CLOCK_PAUSED_AT);
}

/**
 * Trace options for the UI model files: a failed test keeps its trace with the DOM snapshots of every
 * action, but without the screencast, which made these many short tests a third slower.
 */
export const LEAN_TRACE = {
  mode: 'retain-on-failure',
  screenshots: false,
  snapshots: true,
  sources: true,
} as const;

/** The full-screen spinner of the session (SessionOverlay). */
export function sessionOverlay(page: Page): Locator {
  return page.getByRole('status', { name: 'Loading your session' });
}
