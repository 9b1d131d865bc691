/**
 * Issue 30 "Done when": an admin creates a customer with the keyboard alone and lands on the new
 * customer's page with focus on its heading, then, still by keyboard, makes a token for Google
 * (shown once), revokes it after the confirmation and undoes that from the focused Undo. Enter on an incomplete form shows every missing field's
 * message and puts focus on the first (the feed editor's submit pattern); what each state of the form
 * shows is UserForm.test.tsx's, the chart's focus effects tests/model's — this is what only a browser
 * shows: real focus moving across a navigation.
 */
import { expect, test } from './fixtures';
import type { Locator, Page } from '@playwright/test';
import { signIn } from './sign-in';

/** An input of the user form by the start of its label (labels may carry a required mark). */
const field = (page: Page, label: string) => page.getByLabel(new RegExp(`^${label}`));

/** How many Tab presses a journey may need to reach one control on the customer's page. */
const MAX_TABS = 80;

/** Presses Tab until `target` has the focus: it is reachable by keyboard, in the page's order. */
async function tabTo(page: Page, target: Locator): Promise<void> {
  for (let presses = 0; presses < MAX_TABS; presses++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target, `reached with at most ${MAX_TABS} Tabs`).toBeFocused();
}

test('create a customer with the keyboard only, land on their page, make a token, revoke it and undo', async ({
  page,
}) => {
  // Five jobs in one walk, each control reached by Tab: over a minute on a machine held to 0.6 CPU.
  test.slow();
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

  // A token for Google, by keyboard: Add Token, a name, Enter; the secret shown once with the focus
  // on its Copy; 'I have saved it'.
  await tabTo(page, page.getByRole('button', { name: 'Add Token' }));
  await page.keyboard.press('Enter');
  const addDialog = page.getByRole('dialog', { name: 'Add token' });
  await expect(addDialog.getByLabel('Name (optional)')).toBeFocused();
  await page.keyboard.type('Google Merchant Center');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Added new token successfully')).toBeVisible();
  const once = page.getByRole('dialog', { name: 'Save your new token' });
  await expect(once.getByRole('button', { name: /^Copy token #\d+$/ })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(once.getByRole('button', { name: 'I have saved it' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(once).toBeHidden();

  // Revoke asks first (Cancel has the focus), then the focus waits on the row's Undo; Enter undoes.
  const row = page.getByRole('table', { name: 'Tokens' }).getByRole('row').nth(1);
  await expect(row).toContainText('Google Merchant Center');
  const tokenId = (await row.getByRole('cell').first().innerText()).trim();
  await tabTo(page, row.getByRole('button', { name: `Revoke token ${tokenId}` }));
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('alertdialog', { name: `Revoke token ${tokenId}?` });
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await tabTo(page, confirm.getByRole('button', { name: 'Revoke' }));
  await page.keyboard.press('Enter');
  const undo = row.getByRole('button', { name: `Undo revoke of token ${tokenId}` });
  await expect(undo).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(row.getByRole('button', { name: `Revoke token ${tokenId}` })).toBeFocused();

  // A new customer has no orders, transactions or feeds yet; Add feed starts a feed for them.
  await expect(page.getByText('This customer has no orders yet.')).toBeVisible();
  await expect(page.getByText('This customer has no transactions yet.')).toBeVisible();
  const userId = /\/dashboard\/users\/(\d+)\/edit$/.exec(page.url())?.[1] ?? '';
  await page.getByRole('link', { name: 'Add feed' }).click();
  await expect(page).toHaveURL(`/dashboard/feeds/create?customer=${userId}`);
  await expect(page.getByLabel('Customer')).toHaveValue(userId);
});
