/**
 * The profile screen (issue 6 "Profile", "Tests"): a name change shows in the top bar at once, an
 * uploaded avatar shows, and deleting it asks first and removes it. Issue 15: the avatar's limits show
 * before any upload and a refused one says why; a logout the server refuses says so; names typed
 * before another tab's logout are offered back after signing in again on the same screen.
 */
import { expect, test } from './fixtures';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { ADMIN as admin, fillLogin, signIn } from './sign-in';

async function openProfile(page: Page) {
  await signIn(page, '/dashboard/profile');
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
}

async function saveNames(page: Page, first: string, last: string) {
  const general = page.getByRole('form', { name: 'General information' });
  await general.getByLabel('First name').fill(first);
  await general.getByLabel('Last name').fill(last);
  await general.getByRole('button', { name: 'Save all' }).click();
}

test('a name change shows in the top bar at once', async ({ page }) => {
  await openProfile(page);
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toHaveText('DashboardProfile');
  await saveNames(page, 'Alexandra', 'Morgan-Lee');
  await expect(page.getByText('Profile information updated')).toBeVisible();
  await expect(page.getByRole('button', { name: /Alexandra Morgan-Lee/ })).toBeVisible();

  await saveNames(page, admin.first, admin.last);
  await expect(page.getByRole('button', { name: new RegExp(`${admin.first} ${admin.last}`) })).toBeVisible();
});

test("a wrong current password shows the server's reason under the form", async ({ page }) => {
  await openProfile(page);
  const form = page.getByRole('form', { name: 'Password information' });
  await form.getByLabel('Current password').fill('Not-the-password-1');
  await form.getByLabel('New password').fill('Another1!');
  await form.getByLabel('Confirm password').fill('Another2!');
  await form.getByLabel('New password').focus();
  await expect(form.getByText('Passwords do not match')).toBeVisible();
  await expect(form.getByRole('button', { name: 'Save all' })).toBeDisabled();
  await form.getByLabel('Confirm password').fill('Another1!');
  await form.getByRole('button', { name: 'Save all' }).click();
  await expect(form.getByRole('alert')).toHaveText(
    'Could not change the password: Current password is incorrect',
  );
});

test('an uploaded avatar shows; deleting it asks first and removes it', async ({ page }) => {
  await openProfile(page);
  const png = await sharp({
    create: { width: 120, height: 120, channels: 3, background: { r: 15, g: 118, b: 110 } },
  })
    .png()
    .toBuffer();
  await page.getByTestId('avatar-file').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
  await expect(page.getByText('Avatar uploaded successfully!')).toBeVisible();
  const avatar = page.getByRole('img', { name: `Avatar of ${admin.first} ${admin.last}` });
  await expect(avatar).toBeVisible();
  await expect(avatar).toHaveAttribute('src', /^\/uploads\/avatars\/[0-9a-f]{32}\.png$/);

  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('Are you sure you want to delete your avatar?');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(avatar).toBeVisible();
  await expect(
    page.getByRole('button', { name: 'Delete', exact: true }),
    'focus back where it was',
  ).toBeFocused();

  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Avatar deleted successfully!')).toBeVisible();
  await expect(avatar).toBeHidden();
  // Issue 30: Delete is disabled now; focus moves to what is left to do.
  await expect(page.getByRole('button', { name: 'Upload avatar' })).toBeFocused();
});

test('the avatar hint states the limits, and a refused upload says why', async ({ page }) => {
  await openProfile(page);
  const hint = page.getByTestId('avatar-hint');
  await expect(hint).toContainText('JPG, GIF or PNG. Max size of 800K');
  await expect(hint).toContainText('At most 4096 × 4096 pixels.');
  await expect(page.getByRole('button', { name: 'Upload avatar' })).toHaveAccessibleDescription(
    /Max size of 800K/,
  );

  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#0f766e' } })
    .png()
    .toBuffer();
  const tooLarge = Buffer.concat([png, Buffer.alloc(800 * 1024 + 1 - png.length, 7)]);
  await page
    .getByTestId('avatar-file')
    .setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: tooLarge });
  await expect(page.getByText('Avatar upload failed!', { exact: true })).toBeVisible();
  await expect(page.getByText('The file is larger than 800K, the largest avatar allowed.')).toBeVisible();

  await page
    .getByTestId('avatar-file')
    .setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('just some text') });
  // The one error toast updates in place: the same title, the new reason.
  await expect(page.getByText('The file is not a JPG, GIF or PNG image.')).toBeVisible();
  await expect(page.getByText('Avatar upload failed!', { exact: true })).toBeVisible();
  await expect(page.getByRole('img', { name: /^Avatar of/ })).toBeHidden();
});

test("a logout the server refuses shows 'Failed to logout.' with its reason, and still logs out", async ({
  page,
}) => {
  await openProfile(page);
  await page.route('**/api/backoffice/logout', (route) =>
    route.fulfill({
      status: 500,
      json: { statusCode: 500, error: 'Internal Server Error', message: 'The session store is unavailable' },
    }),
  );
  await page.getByRole('button', { name: new RegExp(`${admin.first} ${admin.last}`) }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page.getByText('Failed to logout.', { exact: true })).toBeVisible();
  await expect(page.getByText('The session store is unavailable', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeNull();
});

test("names typed before another tab's logout are offered back after signing in again", async ({
  page,
  context,
}) => {
  // Two tabs and two sign-ins: 52.5 s of the 60 s at 0.6 CPU.
  test.slow();
  await openProfile(page);
  const general = page.getByRole('form', { name: 'General information' });
  await general.getByLabel('First name').fill('Augusta');
  await page
    .getByRole('form', { name: 'Password information' })
    .getByLabel('Current password')
    .fill('Admin123!');

  const other = await context.newPage();
  await other.goto('/dashboard');
  await other.getByRole('button', { name: new RegExp(`${admin.first} ${admin.last}`) }).click();
  await other.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(other).toHaveURL(/\/$/);

  // The first tab is sent to the login screen without 'Leave this page?' holding it back.
  await expect(page).toHaveURL(/\/auth\/login$/);
  await expect(page.getByRole('alertdialog', { name: 'Leave this page?' })).toHaveCount(0);
  const kept = await page.evaluate(() => JSON.stringify(Object.entries(sessionStorage)));
  expect(kept, 'the names are kept').toContain('Augusta');
  expect(kept, 'a password is never kept').not.toContain('Admin123!');

  await fillLogin(page);
  await expect(page, 'the login returns to the same screen').toHaveURL(/\/dashboard\/profile$/);
  await expect(page.getByText('Unsaved changes were kept')).toBeVisible();
  await expect(general.getByLabel('First name')).toHaveValue(admin.first);
  await page.getByRole('button', { name: 'Restore' }).click();
  await expect(general.getByLabel('First name')).toHaveValue('Augusta');
  await expect(general.getByLabel('Last name')).toHaveValue(admin.last);
  await expect(page.getByText('Unsaved changes were kept')).toBeHidden();
});
