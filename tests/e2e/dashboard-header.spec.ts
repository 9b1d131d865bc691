/**
 * The dashboard's top bar in a real browser (spec §2 Dashboard layout; issue 31 "menus and dialogs
 * loaded on first open"): the user menu, the apps grid and the small screens' navigation drawer are
 * not downloaded with the screen but on the first press of their buttons, which opens them at once
 * with the focus inside, as a keyboard user expects; a download that fails says so in the error toast
 * and the next press tries again.
 */
import { expect, test } from './fixtures';
import { ADMIN, signIn } from './sign-in';

test.beforeEach(async ({ page }) => {
  await signIn(page);
});

test("the top bar's menus and drawer arrive on their first press: opened by keyboard with the focus inside, which Escape gives back; a failed download says so (issue 31)", async ({
  page,
}) => {
  const menusCode = '**/assets/DashboardMenus-*.js';
  const menusAsked: string[] = [];
  page.on('request', (request) => {
    if (/\/assets\/DashboardMenus-/.test(request.url())) menusAsked.push(request.url());
  });
  await page.route(menusCode, (route) => route.abort('connectionrefused'), { times: 1 });
  await page.reload();
  const userButton = page.getByRole('button', { name: new RegExp(ADMIN.name) });
  await expect(userButton).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(menusAsked, 'the menus are not downloaded with the screen').toEqual([]);

  await userButton.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Could not reach the server', { exact: true })).toBeVisible();
  await expect(page.getByRole('menu')).toHaveCount(0);

  await page.unroute(menusCode);
  await userButton.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menu')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toBeHidden();
  await expect(page.getByRole('button', { name: new RegExp(ADMIN.name) })).toBeFocused();

  await page.setViewportSize({ width: 800, height: 900 });
  await page.getByRole('button', { name: 'Open navigation' }).click();
  const drawer = page.getByRole('dialog', { name: 'Navigation' });
  await expect(drawer.getByRole('link', { name: 'Dashboard' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(page.getByRole('button', { name: 'Open navigation' })).toBeFocused();
});
