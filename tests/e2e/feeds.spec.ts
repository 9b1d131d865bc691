/**
 * Feeds end to end (issue 4, "Playwright"): an admin builds a feed with a brand toggle plus an SKU
 * import, saves it, finds it in the list, edits it, and the feed's customer then pulls it from the
 * feed delivery API with one of their API tokens and gets exactly those products.
 */
import { expect, test } from '@playwright/test';
import type { APIRequestContext, Page } from '@playwright/test';

const admin = { email: 'admin@example.com', password: 'Admin123!' };

interface ShopProduct {
  id: number;
  brand: { id: number } | null;
  variant: { sku: string; price: number };
}

test.describe.configure({ mode: 'serial' });

let feedId = 0;
let customerId = 0;
let expectedSkus: string[] = [];
let chosenProductIds: number[] = [];

async function logIn(page: Page) {
  await page.goto('/auth/login');
  await page.getByLabel('Email', { exact: true }).fill(admin.email);
  await page.getByLabel('Password', { exact: true }).fill(admin.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

async function backoffice<T>(page: Page, request: APIRequestContext, path: string): Promise<T> {
  const token = await page.evaluate(() => localStorage.getItem('access_token'));
  const response = await request.get(`/api/backoffice/${path}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.status()).toBe(200);
  return (await response.json()) as T;
}

test('an admin builds a feed from a brand and an SKU import, saves it, finds it and edits it', async ({
  page,
  request,
}) => {
  await logIn(page);
  const categories = await backoffice<{ brands: { id: number; name: string }[] }>(
    page,
    request,
    'shop/categories',
  );
  const products = await backoffice<ShopProduct[]>(page, request, 'shop/products');
  // Seeded feeds belong to active customers, so this one may pull.
  const feeds = await backoffice<{ user_id: number }[]>(page, request, 'feeds');
  customerId = feeds[0]?.user_id ?? 0;

  const risewell = categories.brands.find((brand) => brand.name === 'Risewell');
  const brandSkus = products
    .filter((product) => product.brand?.id === risewell?.id)
    .map((p) => p.variant.sku);
  const others = products.filter((product) => product.brand?.id !== risewell?.id).slice(0, 2);
  const importedSkus = others.map((product) => product.variant.sku);
  expectedSkus = [...brandSkus, ...importedSkus].sort();
  chosenProductIds = products
    .filter((product) => product.brand?.id === risewell?.id)
    .concat(others)
    .map((product) => product.id);

  await page.goto('/dashboard/feeds/create');
  await expect(page.getByRole('heading', { name: 'Create Feed' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Select/Deselect All Products' })).toBeVisible();

  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Please enter a feed name')).toBeVisible();
  await expect(page.getByText('Please select a customer')).toBeVisible();

  const name = `E2E feed ${Date.now()}`;
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Customer').selectOption(String(customerId));
  await page.getByRole('button', { name: 'Risewell', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Risewell', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  // Lower case, a repeat, commas and new lines: still the two products.
  await page
    .getByLabel('SKUs')
    .fill(`${importedSkus[0]?.toLowerCase()}, ${importedSkus[0]}\n${importedSkus[1]}`);
  await page.getByRole('button', { name: 'Import SKUs' }).click();
  await expect(page.getByText('Imported 2 products')).toBeVisible();
  await expect(page.getByText(`${expectedSkus.length} of ${products.length} selected`)).toBeVisible();

  // The filter narrows the virtualised list.
  await page.getByLabel('Filter products').fill(importedSkus[0] ?? '');
  await expect(page.getByTestId('product-row')).toHaveCount(1);
  await expect(page.getByRole('checkbox', { name: new RegExp(importedSkus[0] ?? '') })).toBeChecked();

  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`Feed created! ${name} (customer #${customerId})`)).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/feeds$/);

  await page.getByLabel('Search feeds').fill(name.toUpperCase());
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Risewell');
  await expect(row.getByRole('cell').nth(3)).toHaveText(String(expectedSkus.length));
  feedId = Number(await row.getByRole('cell').first().textContent());

  await row.getByRole('link', { name: `Edit feed ${name}` }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/feeds/${feedId}/edit$`));
  await expect(page.getByLabel('Name')).toHaveValue(name);
  await page.getByLabel('Name').fill(`${name} (edited)`);
  // Leaving with unsaved changes asks first; saving leaves without asking.
  await page.getByRole('link', { name: 'Feeds', exact: true }).first().click();
  await expect(page.getByRole('alertdialog', { name: 'Leave this page?' })).toBeVisible();
  await page.getByRole('button', { name: 'Stay' }).click();
  await expect(page.getByLabel('Name')).toHaveValue(`${name} (edited)`);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`Feed updated! ${name} (edited) (customer #${customerId})`)).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/feeds$/);
});

test("the feed's customer pulls it with an API token and gets its products", async ({ page, request }) => {
  expect(feedId).toBeGreaterThan(0);
  await logIn(page);
  const accessToken = await page.evaluate(() => localStorage.getItem('access_token'));
  // Issues a token through the back-office tokens API (issue 3).
  const issued = await request.post(`/api/backoffice/users/${customerId}/tokens`, {
    headers: { authorization: `Bearer ${accessToken}` },
  });
  expect(issued.status()).toBe(201);
  const { token } = ((await issued.json()) as { token: { token: string } }).token;

  const pulled = await request.get(`/api/feed/v1/feeds/${feedId}.json`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(pulled.status()).toBe(200);
  const feed = (await pulled.json()) as { name: string; items: { product_id: number }[] };
  expect(feed.name).toMatch(/\(edited\)$/);
  // Draft and archived catalogue products are not delivered; every delivered item (a variant) is
  // of a chosen product.
  const delivered = feed.items.map((item) => item.product_id);
  expect(delivered.length).toBeGreaterThan(0);
  expect(delivered.every((id) => chosenProductIds.includes(id))).toBe(true);

  const refused = await request.get(`/api/feed/v1/feeds/${feedId}.xml`, {
    headers: { authorization: 'Bearer pf_live_wrong' },
  });
  expect(refused.status()).toBe(401);
});
