/**
 * Feed editor responsiveness with a 10,000-product catalogue (issue 4, "Performance"): the time
 * from an input to the next paint for a brand toggle, 'Select/Deselect All Products' on all
 * 10,000 products, and one keystroke in the product filter; target under 50 ms each. Runs the
 * built SPA (`npm run build` first) in headless Chromium against an app on 127.0.0.1.
 *
 * Each input is dispatched inside the page and timed with performance.now() up to a task queued
 * from the next animation frame, i.e. after React has rendered and the browser has painted.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import type { Page } from '@playwright/test';
import { DEMO_ADMIN } from '../../server/db/seed';
import { startFeedBenchApp } from './feed-app';

const PRODUCTS = 10_000;
const REPEATS = 7;
const SYSTEM_CHROMIUM = '/usr/bin/chromium';

/** In the page: runs `act`, then resolves with the ms until after the next paint. */
async function timeToNextPaint(page: Page, act: string, argument: string): Promise<number> {
  return page.evaluate(
    ([source, value]) =>
      new Promise<number>((resolve) => {
        const action = new Function('value', source) as (value: string) => void;
        const start = performance.now();
        action(value);
        requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - start), 0));
      }),
    [act, argument] as const,
  );
}

const CLICK_BUTTON = `
  const button = [...document.querySelectorAll('button')].find((element) => element.textContent.trim() === value);
  button.click();
`;
const TYPE_FILTER = `
  const input = document.querySelector('input[aria-label="Filter products"]');
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
`;

function summary(label: string, samples: number[]): string {
  const sorted = [...samples].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)] ?? 0;
  const max = sorted.at(-1) ?? 0;
  return `  ${label.padEnd(44)} median ${median.toFixed(1)} ms, max ${max.toFixed(1)} ms (${samples.length} runs)`;
}

/** Prints the median and worst input-to-next-paint time of each interaction. */
export default async function feedEditorBench(): Promise<void> {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
  if (!existsSync(path.join(root, 'dist', 'client', 'index.html'))) {
    throw new Error('The SPA is not built: run `npm run build` before this benchmark.');
  }
  const bench = await startFeedBenchApp({ productCount: PRODUCTS, feedSize: 0, serveClient: true });
  const browser = await chromium.launch({
    executablePath: existsSync(SYSTEM_CHROMIUM) ? SYSTEM_CHROMIUM : undefined,
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    const page = await browser.newPage({ baseURL: bench.url });
    await page.goto('/auth/login');
    await page.getByLabel('Email', { exact: true }).fill(DEMO_ADMIN.email);
    await page.getByLabel('Password', { exact: true }).fill(DEMO_ADMIN.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.waitForURL(/\/dashboard$/);
    await page.goto('/dashboard/feeds/create');
    await page.getByRole('button', { name: 'Select/Deselect All Products' }).waitFor();
    const rendered = await page.getByTestId('product-row').count();

    const brand: number[] = [];
    const selectAll: number[] = [];
    const keystroke: number[] = [];
    for (let run = 0; run < REPEATS; run++) {
      brand.push(await timeToNextPaint(page, CLICK_BUTTON, 'Bench Brand 07'));
      selectAll.push(await timeToNextPaint(page, CLICK_BUTTON, 'Select/Deselect All Products'));
    }
    for (let run = 0; run < REPEATS; run++) {
      // One more character each time, then back to an empty filter (all 10,000 products).
      keystroke.push(await timeToNextPaint(page, TYPE_FILTER, 'bench supplement 0'.slice(0, 13 + (run % 5))));
      keystroke.push(await timeToNextPaint(page, TYPE_FILTER, ''));
    }
    console.log(
      `Feed editor, ${PRODUCTS.toLocaleString('en-GB')} products (${rendered} rows in the page), target < 50 ms:`,
    );
    console.log(summary('brand toggle (250 products)', brand));
    console.log(summary("'Select/Deselect All Products' (10,000)", selectAll));
    console.log(summary('one keystroke in the filter', keystroke));
  } finally {
    await browser.close();
    await bench.close();
  }
}
