/**
 * What only a browser shows of the list tables (issue 30 "One column-driven table component …
 * widths that fit 1440 px without sideways scroll, and a stacked layout at 375 px"; "Paging scrolls
 * to and focuses the table's top"): the dashboard's and the feeds' tables at 1440 px scroll no way
 * sideways; at 375 px a row is a stack of labelled values; after a page change of the orders list
 * its region has the focus with its top on screen. Which headers, rows, labels and events the tables
 * have is the component tests'; when the focus is asked for is the list model's.
 */
import { expect, test } from './fixtures';
import type { Locator } from '@playwright/test';
import { signIn } from './sign-in';

/** How far `region` scrolls sideways, in px (0 when its table fits). */
const sidewaysScroll = (region: Locator) =>
  region.evaluate((element) => element.scrollWidth - element.clientWidth);

test('the transactions, orders and feeds tables fit 1440 px without sideways scroll', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, '/dashboard');
  for (const [region, table] of [
    ['Transactions table', 'Transactions'],
    ['User orders table', 'User orders'],
  ] as const) {
    await expect(page.getByRole('table', { name: table }).getByRole('row').nth(1)).toBeVisible();
    expect(await sidewaysScroll(page.getByRole('region', { name: region })), region).toBeLessThanOrEqual(0);
  }
  await page.goto('/dashboard/feeds');
  await expect(page.getByRole('table', { name: 'Feeds' }).getByRole('row').nth(1)).toBeVisible();
  expect(await sidewaysScroll(page.getByRole('region', { name: 'Feeds table' }))).toBeLessThanOrEqual(0);
});

test('at 375 px an order row stacks its values, each under its header as a label', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await signIn(page, '/dashboard');
  const table = page.getByRole('table', { name: 'User orders' });
  const row = table.getByRole('row').nth(1);
  await expect(row).toBeVisible();
  await expect(table.getByRole('columnheader', { name: 'Order Number' })).not.toBeInViewport();
  const cells = row.getByRole('cell');
  const [first, second] = [await cells.nth(0).boundingBox(), await cells.nth(1).boundingBox()];
  expect(second!.y, 'the second value below the first, not beside it').toBeGreaterThanOrEqual(
    first!.y + first!.height - 1,
  );
  const label = await cells.nth(2).evaluate((cell) => getComputedStyle(cell, '::before').content);
  expect(label, "the customer's header drawn above the value").toBe('"Customer Name"');
  expect(await sidewaysScroll(page.getByRole('region', { name: 'User orders table' }))).toBeLessThanOrEqual(
    0,
  );
});

test("a page change of the orders list focuses its table, the table's top on screen", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, '/dashboard');
  const pages = page.getByRole('navigation', { name: 'User orders pages' });
  await pages.scrollIntoViewIfNeeded();
  await pages.getByRole('button', { name: 'Page 2', exact: true }).click();
  await expect(pages.getByRole('button', { name: 'Page 2', exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );
  const region = page.getByRole('region', { name: 'User orders table' });
  await expect(region).toBeFocused();
  const top = await region.evaluate((element) => element.getBoundingClientRect().top);
  expect(top).toBeGreaterThanOrEqual(0);
  expect(top).toBeLessThan(900);
});
