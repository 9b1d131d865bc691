/**
 * The seeded demo admin and the ways the end-to-end specs sign in as them. `fillLogin` types into the
 * login form, for specs about the form or about logging in again. `signIn` skips the form: most
 * specs are about a screen behind the login, and the form plus the dashboard home it lands on cost
 * about three seconds per test on the 2-core CI machine.
 */
import { expect, type Page } from '@playwright/test';
import { ACCESS_TOKEN_KEY, REFRESH_TOKEN_KEY } from '@/api/tokens-storage';

/** The demo admin of the seeded database (server/demo/demo-data.ts). */
export const ADMIN = {
  email: 'admin@example.com',
  password: 'Admin123!',
  first: 'Alex',
  last: 'Morgan',
  name: 'Alex Morgan',
} as const;

/** The pair POST /api/backoffice/login answers (spec §3). */
export interface Tokens {
  access_token: string;
  refresh_token: string;
}

/** Types the demo admin's credentials into the open login form and presses Login. */
export async function fillLogin(page: Page): Promise<void> {
  await page.getByLabel('Email', { exact: true }).fill(ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

/** Logs the demo admin in through the API (POST /api/backoffice/login) and returns the new pair. */
export async function requestTokens(page: Page): Promise<Tokens> {
  const response = await page.request.post('/api/backoffice/login', {
    data: { email: ADMIN.email, password: ADMIN.password },
  });
  expect(response.status(), 'the demo admin logs in').toBe(200);
  return (await response.json()) as Tokens;
}

/**
 * Signs the demo admin in without the login form and without opening the app: a fresh pair from
 * `requestTokens` (a spec that logs out revokes its own) is written where the app reads it
 * (src/api/tokens-storage.ts), from a same-origin URL that runs no app code. The next page load
 * boots the app signed in, as after a reload. For specs that call the API before opening a screen.
 */
export async function storeSession(page: Page): Promise<Tokens> {
  const tokens = await requestTokens(page);
  await page.goto('/api/health');
  await page.evaluate(
    ([entries]) => {
      for (const [key, value] of entries) localStorage.setItem(key, value);
    },
    [
      [
        [ACCESS_TOKEN_KEY, tokens.access_token],
        [REFRESH_TOKEN_KEY, tokens.refresh_token],
      ],
    ] as const,
  );
  return tokens;
}

/** `storeSession`, then opens `path` (the dashboard home unless told). */
export async function signIn(page: Page, path = '/dashboard'): Promise<void> {
  await storeSession(page);
  await page.goto(path);
}
