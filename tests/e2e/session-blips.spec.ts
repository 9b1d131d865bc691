/**
 * Issue 27 "Sessions through blips", in the browser: a signed-in admin reloads while the session
 * check (GET /account/profile) answers 500, then fails without an answer. The admin is not sent to
 * the login page and the stored tokens stay; the notice says the server cannot be reached, with the
 * time of the next try; nothing of the dashboard shows meanwhile. Once the check answers again (the
 * backoff's next try, or Try now) the dashboard shows without a new login. Playwright's clock stands
 * still from the reload on, so the backoff's waits pass only when the test runs the clock.
 */
import type { Page, Route } from '@playwright/test';
import { expect, test } from './fixtures';
import { ACCESS_TOKEN_KEY, REFRESH_TOKEN_KEY } from '@/api/tokens-storage';
import { OVERLAY_LINGER } from '@/machines/session.machine';
import { retryDelayMs } from '@/machines/sessionRetry.machine';
import { ADMIN, storeSession } from './sign-in';

/** The clock's start; it stops a minute later, just before the reload. */
const INSTALLED_AT = Date.parse('2025-06-02T09:00:00Z');
const PAUSED_AT = INSTALLED_AT + 60_000;

// The notice shows the reader's local time; UTC makes the expected text fixed.
test.use({ timezoneId: 'UTC' });

/** How the profile check is answered: as the server would, or forced to fail. */
type ProfileAnswer = 'server' | 'error 500' | 'no answer';

/** Routes GET /account/profile by `answer()`; returns how many checks the page made. */
async function forceProfile(page: Page, answer: () => ProfileAnswer): Promise<() => number> {
  let checks = 0;
  await page.route('**/api/backoffice/account/profile', async (route: Route) => {
    if (route.request().method() !== 'GET') return route.fallback();
    checks += 1;
    const how = answer();
    if (how === 'no answer') return route.abort('connectionrefused');
    if (how === 'error 500') {
      return route.fulfill({
        status: 500,
        json: { statusCode: 500, error: 'Internal Server Error', message: 'Internal Server Error' },
      });
    }
    return route.fallback();
  });
  return () => checks;
}

async function storedTokens(page: Page) {
  return page.evaluate(
    (keys) => keys.map((key) => localStorage.getItem(key)),
    [ACCESS_TOKEN_KEY, REFRESH_TOKEN_KEY],
  );
}

/** 'HH:MM:SS' of an instant, in UTC, as the notice writes it. */
function clockTime(at: number): string {
  return new Intl.DateTimeFormat('en-GB', { timeStyle: 'medium', timeZone: 'UTC' }).format(at);
}

test('a reload during a server blip keeps the admin signed in, and the dashboard returns without a login', async ({
  page,
}) => {
  const logins: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/backoffice/login')) logins.push(request.url());
  });
  await page.clock.install({ time: INSTALLED_AT });
  const tokens = await storeSession(page);
  let answer: ProfileAnswer = 'server';
  const checks = await forceProfile(page, () => answer);
  await page.goto('/dashboard');
  const userMenu = page.getByRole('button', { name: ADMIN.name, exact: true });
  await expect(userMenu, 'signed in').toBeVisible();

  answer = 'error 500';
  await page.clock.pauseAt(PAUSED_AT);
  const checksBefore = checks();
  await page.reload();

  const notice = page.getByRole('status', { name: 'The server cannot be reached' });
  const overlay = page.getByRole('status', { name: 'Loading your session' });
  await expect(notice).toContainText(`Next try at ${clockTime(PAUSED_AT + retryDelayMs(1))}.`);
  expect(checks() - checksBefore, 'one check so far').toBe(1);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Welcome Back' }), 'no login page').toHaveCount(0);
  await expect(overlay, 'still loading the session').toBeVisible();
  await expect(userMenu, 'nothing of the dashboard as if fresh').toHaveCount(0);
  expect(await storedTokens(page), 'the tokens are kept').toEqual([
    tokens.access_token,
    tokens.refresh_token,
  ]);

  // The backoff's first wait: the second check finds no server at all.
  answer = 'no answer';
  await page.clock.runFor(retryDelayMs(1) - 1);
  expect(checks() - checksBefore, 'not before the wait is over').toBe(1);
  await page.clock.runFor(1);
  const secondFailureAt = PAUSED_AT + retryDelayMs(1);
  await expect(notice).toContainText(`Next try at ${clockTime(secondFailureAt + retryDelayMs(2))}.`);
  expect(checks() - checksBefore).toBe(2);
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toHaveCount(0);
  expect(await storedTokens(page)).toEqual([tokens.access_token, tokens.refresh_token]);

  // The server is back: Try now does not wait for the next try.
  answer = 'server';
  await notice.getByRole('button', { name: 'Try now' }).click();
  await expect(userMenu, 'the dashboard, with the same session').toBeVisible();
  await expect(notice).toHaveCount(0);
  await page.clock.runFor(OVERLAY_LINGER);
  await expect(overlay).toHaveCount(0);
  await expect(page).toHaveURL(/\/dashboard$/);
  expect(checks() - checksBefore).toBe(3);
  expect(logins, 'no login, before or after').toEqual([]);
  expect(await storedTokens(page)).toEqual([tokens.access_token, tokens.refresh_token]);
});
