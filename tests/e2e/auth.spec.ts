/**
 * The walking skeleton end to end (issue 2): the demo admin logs in through the form, the session
 * survives a reload, a wrong password shows the spec's message, logout reaches a second tab, and
 * unknown URLs show the not-found screen.
 */
import { expect, test } from './fixtures';
import type { Page } from '@playwright/test';
import { ADMIN as admin, fillLogin, signIn } from './sign-in';

async function logIn(page: Page, password: string = admin.password) {
  await page.goto('/auth/login');
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
  await page.getByLabel('Email', { exact: true }).fill(admin.email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

test('the public landing page is served at /', async ({ page }) => {
  await page.goto('/');
  await expect(
    page.getByRole('heading', { name: 'Seamless Product Syncing for Multi-Store Retailers' }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Log in' }).first()).toBeVisible();
});

test('the demo admin logs in through the form and sees the dashboard with their name', async ({ page }) => {
  await logIn(page);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('button', { name: new RegExp(admin.name) })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeTruthy();

  await page.reload();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('button', { name: new RegExp(admin.name) })).toBeVisible();
});

test('a wrong password shows the spec message under the form and keeps the input', async ({ page }) => {
  await logIn(page, 'Wrong-password-1');
  await expect(page.getByText('Invalid username or password')).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/login$/);
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(admin.email);
});

test('a logged-out visitor asking for the dashboard is sent to login and back after it', async ({ page }) => {
  await page.goto('/dashboard/users');
  await expect(page).toHaveURL(/\/auth\/login$/);
  await fillLogin(page);
  await expect(page).toHaveURL(/\/dashboard\/users$/);
});

test('logging out in one tab logs the second tab out', async ({ page, context }) => {
  await signIn(page);
  await expect(page.getByRole('button', { name: new RegExp(admin.name) })).toBeVisible();

  const second = await context.newPage();
  await second.goto('/dashboard');
  await expect(second.getByRole('button', { name: new RegExp(admin.name) })).toBeVisible();

  await page.getByRole('button', { name: new RegExp(admin.name) }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);

  await expect(second).toHaveURL(/\/auth\/login$/);
  expect(await second.evaluate(() => localStorage.getItem('access_token'))).toBeNull();
});

test('an unknown URL shows the not-found screen and Go Home returns to /', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByText("Oops! The page you're looking for doesn't exist.")).toBeVisible();
  await page.getByRole('button', { name: 'Go Home' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('the not-found screen returns home by itself after 5 seconds', async ({ page }) => {
  await page.clock.install();
  await page.goto('/auth/unknown');
  await expect(page.getByText("Oops! The page you're looking for doesn't exist.")).toBeVisible();
  await page.clock.fastForward(4_000);
  await expect(page).toHaveURL(/\/auth\/unknown$/);
  await page.clock.fastForward(1_100);
  await expect(page).toHaveURL(/\/$/);
});
