/**
 * A signed-in demo admin for the UI model tests, without the login form: the tokens come from the
 * API and are stored where the app keeps them (src/api/tokens-storage.ts) before any page script
 * runs, so the session starts logged in as after a reload.
 */
import { expect } from '@playwright/test';
import type { Page } from '@playwright/test';
import { ACCESS_TOKEN_KEY, REFRESH_TOKEN_KEY } from '@/api/tokens-storage';

/** The demo admin of the seeded database. */
const ADMIN = { email: 'admin@example.com', password: 'Admin123!' };

/**
 * Logs the demo admin in through POST /login and stores the tokens for every later page load, plus
 * `storage` (further local-storage entries, e.g. a cache the path's screen will read).
 */
export async function signInAsAdmin(
  page: Page,
  storage: Readonly<Record<string, string>> = {},
): Promise<void> {
  const response = await page.request.post('/api/backoffice/login', { data: ADMIN });
  expect(response.status(), 'the demo admin logs in').toBe(200);
  const tokens = (await response.json()) as { access_token: string; refresh_token: string };
  await page.addInitScript(
    (entries) => {
      for (const [key, value] of entries) localStorage.setItem(key, value);
    },
    [
      [ACCESS_TOKEN_KEY, tokens.access_token],
      [REFRESH_TOKEN_KEY, tokens.refresh_token],
      ...Object.entries(storage),
    ],
  );
}
