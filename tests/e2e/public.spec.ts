/**
 * The public site (issue 6 "Public site", "Tests"): landing sections in order with their texts, the
 * brand carousel's timing on a fake clock, the products grid at desktop and phone widths, and the
 * axe-core checks of /, /products and /auth/login.
 */
import { expect, test } from './fixtures';
import type { Page } from '@playwright/test';
import { axeViolations } from './axe';
import { openBrandCarousel } from './brand-carousel';
import { holdRequests } from './held-requests';
import { collectPageErrors, ENTRY_SCRIPT, isReactOwned } from './prerendered';

/** Scrolls to 'Popular Brands' and returns the carousel, which loads once it nears the viewport. */
async function brandCarousel(page: Page) {
  await page.getByRole('heading', { name: 'Popular Brands' }).scrollIntoViewIfNeeded();
  return page.getByRole('region', { name: 'Brand logos' });
}

test('the landing page shows its sections in order with their texts', async ({ page }) => {
  await page.goto('/');
  const headings = page.locator('main h1, main h2');
  await expect(headings).toHaveText([
    'Seamless Product Syncing for Multi-Store Retailers',
    'How It Works',
    'Key Features',
    'Popular Brands',
  ]);
  await expect(page.getByText('Connect. Sync. Sell.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Start Syncing Today' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'See How it Works' })).toBeVisible();
  await expect(page.getByRole('img', { name: /main store syncing/ })).toBeVisible();
  await expect(page.locator('main h3')).toHaveText(['Connect Stores', 'Define Sync Rules', 'Go Live']);
  await expect(page.getByText('Choose which products, prices and stock levels to sync.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Explore All Features' })).toBeVisible();
  for (const feature of [
    'Smart Inventory Syncing',
    'Multi-Store Price Management',
    'Product Filtering & Tag Rules',
    'Real-Time Stock Updates',
    'Easy Setup with Guided Onboarding',
    'Compatible with Shopify Markets & Multi-Currency',
  ]) {
    await expect(page.getByText(feature, { exact: true })).toBeVisible();
  }
  const carousel = await brandCarousel(page);
  await expect(carousel.locator('[aria-roledescription="slide"]')).toHaveText([
    'Seeking Health',
    'Risewell',
    'Listen To Your Gut',
    'Pure Encapsulation',
    'Bare Biology',
  ]);
  const footer = page.getByRole('contentinfo');
  await expect(footer).toContainText(`© ${new Date().getFullYear()} Product Feed. All rights reserved.`);
  await expect(footer.getByRole('link', { name: 'Book a welcome call' })).toHaveAttribute('href', /^mailto:/);
  // Issue 30: no footer link goes nowhere; pages that do not exist yet are named, not linked.
  const hrefs = await footer
    .getByRole('link')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
  expect(hrefs.filter((href) => href === null || href === '' || href.startsWith('#'))).toEqual([]);
  await expect(footer.getByText('Privacy policy', { exact: true })).toBeVisible();
  // Spec §3: each carousel brand has its img, and every one of them loads.
  const logos = carousel.locator('[aria-roledescription="slide"] img');
  await expect(logos).toHaveCount(5);
  await expect
    .poll(() =>
      logos.evaluateAll((images) => images.map((image) => (image as HTMLImageElement).naturalWidth)),
    )
    .toEqual([64, 64, 64, 64, 64]);
});

test('the brand carousel advances every 5 s, holds while hovered and restarts on leaving', async ({
  page,
}) => {
  // The page's timers stand still unless the test runs them: an installed clock flows with real
  // time, so on a loaded machine 5 s could pass by themselves between two steps.
  await page.clock.install();
  await page.clock.pauseAt(Date.now() + 1_000);
  await openBrandCarousel(page);
  const carousel = page.getByRole('region', { name: 'Brand logos' });
  const current = carousel.locator('button[aria-current="true"]');
  await expect(current).toHaveAccessibleName('Show Seeking Health');
  await expect(carousel.locator('[aria-live]')).toHaveAttribute('aria-live', 'off');

  await page.clock.runFor(5000);
  await expect(current).toHaveAccessibleName('Show Risewell');

  await carousel.hover();
  await expect(carousel.locator('[aria-live]')).toHaveAttribute('aria-live', 'polite');
  await page.clock.runFor(12_000);
  await expect(current).toHaveAccessibleName('Show Risewell');

  await page.mouse.move(0, 0);
  await page.clock.runFor(4000);
  await expect(current).toHaveAccessibleName('Show Risewell');
  await page.clock.runFor(1000);
  await expect(current).toHaveAccessibleName('Show Listen To Your Gut');
});

test('the carousel is usable by keyboard', async ({ page }) => {
  await page.goto('/');
  const carousel = await brandCarousel(page);
  await carousel.getByRole('button', { name: 'Next brand' }).focus();
  await page.keyboard.press('Enter');
  await expect(carousel.locator('button[aria-current="true"]')).toHaveAccessibleName('Show Risewell');
  await carousel.getByRole('button', { name: 'Show Bare Biology' }).focus();
  await page.keyboard.press('Enter');
  await expect(carousel.locator('button[aria-current="true"]')).toHaveAccessibleName('Show Bare Biology');
});

test('the products page shows 16 cards in 2 columns, and in 1 column at 375 px', async ({ page }) => {
  await page.goto('/products');
  const cards = page.locator('main ul > li');
  await expect(cards).toHaveCount(16);
  await expect(cards.first()).toContainText('Zinc Citrate 50 mg, 60 Capsules');
  await expect(cards.first()).toContainText('Ingredients:');
  const [first, second] = [await cards.nth(0).boundingBox(), await cards.nth(1).boundingBox()];
  expect(second?.y).toBe(first?.y);
  expect(second?.x).toBeGreaterThan(first?.x ?? 0);

  await page.setViewportSize({ width: 375, height: 800 });
  const [narrowFirst, narrowSecond] = [await cards.nth(0).boundingBox(), await cards.nth(1).boundingBox()];
  expect(narrowSecond?.x).toBe(narrowFirst?.x);
  expect(narrowSecond?.y).toBeGreaterThan(narrowFirst?.y ?? 0);
});

for (const path of ['/', '/products', '/auth/login']) {
  test(`${path} has no serious or critical axe-core violations`, async ({ page }) => {
    await page.goto(path);
    await expect(page.locator('h1')).toBeVisible();
    if (path === '/') await expect(await brandCarousel(page)).toBeVisible();
    const severe = (await axeViolations(page))
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map(
        (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
      );
    expect(severe).toEqual([]);
  });
}

test('the landing page downloads no chart, dashboard or login code (issue 16)', async ({ page }) => {
  const scripts: Array<Promise<{ url: string; body: string }>> = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script')
      scripts.push(response.text().then((body) => ({ url: response.url(), body })));
  });
  await page.goto('/', { waitUntil: 'networkidle' });
  const loaded = await Promise.all(scripts);
  expect(loaded.length).toBeGreaterThan(0);
  // An error text only Chart.js's core carries: present in any chunk that bundles the chart.
  const withChart = loaded.filter((script) => script.body.includes('Canvas is already in use'));
  expect(withChart.map((script) => script.url)).toEqual([]);
  const names = loaded.map((script) => new URL(script.url).pathname.split('/').pop() ?? '');
  expect(names.filter((name) => /^(Dashboard|Login|SessionShell|WeeklyOrdersChart)/.test(name))).toEqual([]);
});

// Issue 31: the public pages arrive as HTML with their content, and the app takes that HTML over
// (hydrates it) instead of drawing the page again.
for (const [path, heading] of [
  ['/', 'Seamless Product Syncing for Multi-Store Retailers'],
  ['/products', 'Products'],
  ['/auth/login', 'Welcome Back'],
] as const) {
  test(`${path} arrives with its content, and the app hydrates it without a mismatch`, async ({ page }) => {
    const errors = collectPageErrors(page);
    // The entry script waits until the test has marked the prerendered heading.
    const releaseEntry = await holdRequests(page, ENTRY_SCRIPT);
    await page.goto(path, { waitUntil: 'commit' });
    const h1 = page.getByRole('heading', { level: 1, name: heading });
    await expect(h1).toBeVisible();
    await h1.evaluate((element) => element.setAttribute('data-prerendered', ''));
    releaseEntry();

    // Hydrated: React manages the heading the HTML brought instead of a new one it drew.
    await expect.poll(() => isReactOwned(h1)).toBe(true);
    await expect(h1).toHaveAttribute('data-prerendered', '');
    expect(errors).toEqual([]);
  });
}

test('what is typed into the prerendered login card before the app starts is the form’s once it has', async ({
  page,
}) => {
  const releaseEntry = await holdRequests(page, ENTRY_SCRIPT);
  await page.goto('/auth/login', { waitUntil: 'commit' });
  const login = page.getByRole('button', { name: 'Login', exact: true });
  await expect(login, 'the HTML form cannot be sent without the app').toBeDisabled();
  await page.getByLabel('Email', { exact: true }).fill('admin@example.com');
  await page.getByLabel('Password', { exact: true }).fill('Admin123!');
  releaseEntry();

  await expect(login).toBeEnabled();
  await login.click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('a visitor who scrolls the prerendered landing page before the app starts is not taken back to the top', async ({
  page,
}) => {
  await page.addInitScript(() => {
    const scrolls: unknown[] = [];
    Object.assign(window, { scrolls });
    window.scrollTo = ((...args: unknown[]) => void scrolls.push(args)) as typeof window.scrollTo;
  });
  const releaseEntry = await holdRequests(page, ENTRY_SCRIPT);
  await page.goto('/', { waitUntil: 'commit' });
  const h1 = page.getByRole('heading', { level: 1 });
  await expect(h1).toBeVisible();
  await page.mouse.wheel(0, 600);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  releaseEntry();

  // The route's first layout effects ran as React took the heading over.
  await expect.poll(() => isReactOwned(h1)).toBe(true);
  expect(await page.evaluate(() => (window as unknown as { scrolls: unknown[] }).scrolls)).toEqual([]);
});
