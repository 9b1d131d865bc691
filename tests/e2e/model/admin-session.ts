/**
 * A signed-in demo admin for the UI model tests, without the login form: the tokens come from
 * POST /login and are stored where the app keeps them (src/api/tokens-storage.ts) before any page
 * script runs, so the session starts logged in as after a reload.
 */
import type { Page } from '@playwright/test';
import { ACCESS_TOKEN_KEY, REFRESH_TOKEN_KEY } from '@/api/tokens-storage';
import { requestTokens, type Tokens } from '../sign-in';

/**
 * One login per worker: every path starts logged in with the same pair, which lives an hour, longer
 * than any run; logging in for each path would spend a password hash each time.
 */
let tokens: Promise<Tokens> | undefined;

/**
 * Stores the demo admin's tokens for every later page load, plus `storage` (further local-storage
 * entries, e.g. a cache the path's screen will read).
 */
export async function signInAsAdmin(
  page: Page,
  storage: Readonly<Record<string, string>> = {},
): Promise<void> {
  tokens ??= requestTokens(page);
  const { access_token, refresh_token } = await tokens;
  const entries: Array<[string, string]> = [
    [ACCESS_TOKEN_KEY, access_token],
    [REFRESH_TOKEN_KEY, refresh_token],
    ...Object.entries(storage),
  ];
  await page.addInitScript((stored) => {
    for (const [key, value] of stored) localStorage.setItem(key, value);
  }, entries);
}
