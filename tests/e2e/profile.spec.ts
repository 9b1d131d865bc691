/**
 * The profile screen (issue 6 "Profile", "Tests"): a name change shows in the top bar at once, an
 * uploaded avatar shows, and deleting it asks first and removes it.
 */
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';

const admin = { email: 'admin@example.com', password: 'Admin123!', first: 'Alex', last: 'Morgan' };

async function openProfile(page: Page) {
  await page.goto('/auth/login');
  await page.getByLabel('Email', { exact: true }).fill(admin.email);
  await page.getByLabel('Password', { exact: true }).fill(admin.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/dashboard/profile');
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

test('a wrong current password shows the server message under the form', async ({ page }) => {
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
  await expect(form.getByRole('alert')).toHaveText('Current password is incorrect');
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

  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Avatar deleted successfully!')).toBeVisible();
  await expect(avatar).toBeHidden();
});
