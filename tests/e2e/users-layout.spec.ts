/**
 * Issue 30: the users list's layout, what only a browser shows. At 1440 px every email shows whole
 * (none is cut, the table does not scroll sideways); on a 375 px phone the statistic cards are a
 * compact block and the users table starts within the first screenful.
 */
import { expect, test } from './fixtures';
import { signIn } from './sign-in';

test('at 1440 px every email in the users list shows whole, with no sideways scroll', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, '/dashboard/users');
  const region = page.getByRole('region', { name: 'Users table' });
  await expect(region.locator('tbody tr').first().getByRole('link').first()).toBeVisible();
  const cut = await region
    .locator('tbody td:first-child [title]')
    .evaluateAll((cells) =>
      cells.filter((cell) => cell.scrollWidth > cell.clientWidth).map((cell) => cell.getAttribute('title')),
    );
  expect(cut, 'emails wider than their box').toEqual([]);
  const sideways = await region.evaluate((element) => element.scrollWidth > element.clientWidth);
  expect(sideways, 'the users table scrolls sideways').toBe(false);
});

test('on a 375 px phone the users table starts within the first screenful', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await signIn(page, '/dashboard/users');
  await expect(page.getByTestId('user-statistic')).toHaveCount(4);
  const region = page.getByRole('region', { name: 'Users table' });
  await expect(region.locator('tbody tr').first()).toBeVisible();
  const top = await region.evaluate((element) => element.getBoundingClientRect().top);
  expect(top, "the table's top, in px from the window's").toBeLessThan(812);
});
