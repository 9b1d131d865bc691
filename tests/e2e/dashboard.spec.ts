/**
 * Dashboard home end to end (issue 5): the four widgets render from the demo data, changing the
 * orders period changes the rows, and the report buttons download PDFs named after their period.
 */
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';

const admin = { email: 'admin@example.com', password: 'Admin123!' };

/** A London calendar day `days` from today, as `YYYY-MM-DD` and as the table shows it (dd/mm/yyyy). */
function londonDay(days = 0): { iso: string; shown: string } {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/London',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(new Date());
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const date = new Date(Date.UTC(part('year'), part('month') - 1, part('day') + days));
  const iso = date.toISOString().slice(0, 10);
  return { iso, shown: iso.split('-').reverse().join('/') };
}

async function logIn(page: Page) {
  await page.goto('/auth/login');
  await page.getByLabel('Email', { exact: true }).fill(admin.email);
  await page.getByLabel('Password', { exact: true }).fill(admin.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

test.beforeEach(async ({ page }) => {
  await logIn(page);
});

test('the dashboard renders all four widgets from the demo data', async ({ page }) => {
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('Dashboard');

  await expect(page.getByRole('heading', { name: 'Orders this week' })).toBeVisible();
  await expect(page.getByTestId('weekly-total')).toHaveText(/^£[\d,]+\.\d{2}$/);
  await expect(page.getByRole('img', { name: /^Orders per day:/ })).toBeVisible();

  const glance = page.getByTestId('week-at-a-glance');
  await expect(glance.getByText('Average order value')).toBeVisible();
  // 8 and 4 of 12 columns on a desktop viewport.
  const chartBox = await page.getByTestId('orders-this-week').boundingBox();
  const glanceBox = await glance.boundingBox();
  expect(chartBox && glanceBox && chartBox.width / glanceBox.width).toBeGreaterThan(1.8);

  await expect(page.getByRole('heading', { name: 'Statistics this month' })).toBeVisible();
  const products = page.getByRole('table', { name: 'Top products this month' });
  await expect(products.getByRole('row')).not.toHaveCount(1);
  await page.getByRole('tab', { name: 'Top Customers' }).click();
  const customers = page.getByRole('table', { name: 'Top customers this month' });
  await expect(customers.getByRole('row').nth(1)).toContainText('£');

  const transactions = page.getByRole('table', { name: 'Transactions' });
  await expect(transactions.getByRole('row').nth(1)).toContainText('$');
  await expect(transactions.getByRole('row').nth(1)).toContainText(
    /Completed|Cancelled|In progress|In review/,
  );

  const orders = page.getByRole('table', { name: 'User orders' });
  await expect(orders.getByRole('row')).toHaveCount(11);
  await expect(page.getByRole('navigation', { name: 'User orders pages' })).toBeVisible();
});

test('changing the orders period changes the rows to that period', async ({ page }) => {
  const panel = page.getByRole('region', { name: 'User Orders' });
  const from = panel.getByLabel('From', { exact: true });
  const to = panel.getByLabel('To', { exact: true });
  const orders = panel.getByRole('table', { name: 'User orders' });
  await expect(orders.getByRole('row')).toHaveCount(11);
  await expect(from).toHaveValue(londonDay(-7).iso);
  const before = await orders.getByRole('row').nth(1).innerText();

  await panel.getByRole('combobox', { name: 'Orders period' }).selectOption({ label: 'Last 90 days' });
  await expect(from).toHaveValue(londonDay(-90).iso);

  await panel.getByRole('combobox', { name: 'Orders period' }).selectOption({ label: 'Yesterday' });
  const yesterday = londonDay(-1);
  await expect(from).toHaveValue(yesterday.iso);
  await expect(to).toHaveValue(yesterday.iso);
  await expect(orders.getByRole('row').nth(1)).toContainText(yesterday.shown);
  const dates = await orders
    .getByRole('row')
    .evaluateAll((rows) => rows.slice(1).map((row) => row.querySelectorAll('td')[1]?.textContent ?? ''));
  expect(dates.length).toBeGreaterThan(0);
  for (const date of dates) expect(date.startsWith(yesterday.shown)).toBe(true);
  expect(await orders.getByRole('row').nth(1).innerText()).not.toBe(before);
});

test('the report buttons download PDFs named after the report and its period', async ({ page }) => {
  const today = londonDay(0).iso;

  const ordersDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'ORDERS REPORT' }).click();
  const orders = await ordersDownload;
  expect(orders.suggestedFilename()).toBe(`user-orders-report-${londonDay(-7).iso}-to-${today}.pdf`);
  expect((await readFile(await orders.path())).subarray(0, 5).toString()).toBe('%PDF-');
  await expect(page.getByRole('button', { name: 'ORDERS REPORT' })).toBeEnabled();

  await page.getByRole('combobox', { name: 'Report period' }).selectOption({ label: 'Today' });
  const transactionsDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'TRANSACTIONS REPORT' }).click();
  const transactions = await transactionsDownload;
  expect(transactions.suggestedFilename()).toBe(`transactions-report-${today}-to-${today}.pdf`);
});
