/**
 * Issue 30 "Done when": an admin creates a customer with the keyboard alone and lands on the new
 * customer's page with focus on its heading. Enter on an incomplete form shows every missing field's
 * message and puts focus on the first (the feed editor's submit pattern); what each state of the form
 * shows is UserForm.test.tsx's, the chart's focus effects tests/model's — this is what only a browser
 * shows: real focus moving across a navigation.
 */
import { expect, test } from './fixtures';
import type { Page } from '@playwright/test';
import { signIn } from './sign-in';

/** An input of the user form by the start of its label (labels may carry a required mark). */
const field = (page: Page, label: string) => page.getByLabel(new RegExp(`^${label}`));

test('create a customer with the keyboard only and land on their page, its heading focused', async ({
  page,
}) => {
  const stamp = Date.now().toString(36);
  const lastName = `Keys${stamp}`;
  await signIn(page, '/dashboard/users/create');
  await expect(page.getByRole('heading', { level: 1, name: 'Create user' })).toBeVisible();

  // Into the first text field without a pointer, then Enter on a form that is mostly empty.
  await field(page, 'First name').focus();
  await page.keyboard.type('Kay');
  await page.keyboard.press('Enter');
  await expect(field(page, 'Last name'), 'the first field that needs something').toBeFocused();
  await expect(page.getByText('Invalid email address')).toBeVisible();
  await expect(page.getByText('Required', { exact: true }).first()).toBeVisible();

  await page.keyboard.type(lastName);
  // Last name → Email → Company name → Phone → Mobile → Website → Shopify ID → Shopify domain →
  // Shopify admin API key (optional ones left blank).
  for (const value of [
    `kb.${stamp}@example.com`,
    'Keyboard Supplements Ltd',
    '020 7946 0002',
    '',
    '',
    '554433',
    'keyboard.myshopify.com',
    '',
  ]) {
    await page.keyboard.press('Tab');
    if (value !== '') await page.keyboard.type(value);
  }
  // Discount rate (its default) → Shipping discount rate (its default) → Password.
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(field(page, 'Password')).toBeFocused();
  await page.keyboard.type('Kb!Passw0rd');
  await expect(page.getByRole('listitem').filter({ hasText: '(not met)' })).toHaveCount(0);
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL(/\/dashboard\/users\/\d+\/edit$/);
  await expect(page.getByText('User created successful')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Edit user' })).toBeFocused();
  await expect(field(page, 'Last name')).toHaveValue(lastName);

  // A new customer has no orders, transactions or feeds yet; Add feed starts a feed for them.
  await expect(page.getByText('This customer has no orders yet.')).toBeVisible();
  await expect(page.getByText('This customer has no transactions yet.')).toBeVisible();
  const userId = /\/dashboard\/users\/(\d+)\/edit$/.exec(page.url())?.[1] ?? '';
  await page.getByRole('link', { name: 'Add feed' }).click();
  await expect(page).toHaveURL(`/dashboard/feeds/create?customer=${userId}`);
  await expect(page.getByLabel('Customer')).toHaveValue(userId);
});
