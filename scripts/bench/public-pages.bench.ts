/**
 * `npm run bench public-pages` (issue 6 "Performance"): serves the built SPA (run `npm run build`
 * first) from an in-process server on 127.0.0.1 with an empty in-memory database, loads it in
 * Chromium and prints
 * - the JavaScript / downloads: files, raw bytes and gzip bytes (level 6, what a compressing proxy
 *   sends), and whether any of it is dashboard or login code (target: none, and ≤ 160 KB gzip);
 * - the largest contentful paint of / and /auth/login with the CPU slowed down 4×, median of RUNS.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import type { Browser } from '@playwright/test';
import { buildApp } from '../../server/app';
import { testConfig } from '../../server/config';
import { openDatabase } from '../../server/db/open';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const clientDir = path.join(root, 'dist', 'client');
const SYSTEM_CHROMIUM = '/usr/bin/chromium';
/** Loads per page for the LCP median. */
const RUNS = 5;
const CPU_SLOWDOWN = 4;
/** Issue 6 target for the gzipped JavaScript of /, in bytes. */
const JS_BUDGET = 160 * 1024;
/** Chunks that belong to the login or the dashboard: none of them may load on /. */
const PRIVATE_CHUNK = /^(Dashboard|Users|CreateUser|EditUser|Feeds|CreateFeed|EditFeed|Profile|Login)/;

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** The JavaScript files a fresh load of `url` fetches, by path. */
async function scriptsOf(browser: Browser, url: string): Promise<string[]> {
  const page = await browser.newPage();
  const scripts = new Set<string>();
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.add(new URL(response.url()).pathname);
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.close();
  return [...scripts];
}

/** The largest contentful paint of one fresh load of `url` with the CPU slowed down, in ms. */
async function lcpOf(browser: Browser, url: string): Promise<number> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  await page.goto(url, { waitUntil: 'networkidle' });
  const lcp = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        new PerformanceObserver((entries) => {
          const last = entries.getEntries().at(-1);
          if (last) resolve(last.startTime);
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      }),
  );
  await context.close();
  return lcp;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

export default async function publicPagesBench(): Promise<void> {
  if (!existsSync(path.join(clientDir, 'index.html'))) {
    throw new Error('No build in dist/client: run `npm run build` first.');
  }
  const database = await openDatabase({});
  const app = await buildApp(testConfig({ clientDir }), { db: database.db });
  const browser = await chromium.launch({
    executablePath: existsSync(SYSTEM_CHROMIUM) ? SYSTEM_CHROMIUM : undefined,
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    const address = await app.listen({ host: '127.0.0.1', port: 0 });

    const scripts = await scriptsOf(browser, `${address}/`);
    let raw = 0;
    let gzip = 0;
    for (const script of scripts) {
      const bytes = readFileSync(path.join(clientDir, script));
      raw += bytes.length;
      gzip += gzipSync(bytes, { level: 6 }).length;
    }
    const privateChunks = scripts
      .map((script) => path.basename(script))
      .filter((name) => PRIVATE_CHUNK.test(name));
    console.log(`JavaScript for /: ${scripts.length} files, ${kb(raw)} raw, ${kb(gzip)} gzip`);
    console.log(
      `  budget ${kb(JS_BUDGET)} gzip: ${gzip <= JS_BUDGET ? 'met' : `over by ${kb(gzip - JS_BUDGET)}`}`,
    );
    console.log(
      `  login or dashboard chunks loaded on /: ${privateChunks.length ? privateChunks.join(', ') : 'none'}`,
    );

    for (const page of ['/', '/auth/login']) {
      const samples: number[] = [];
      for (let run = 0; run < RUNS; run++) samples.push(await lcpOf(browser, `${address}${page}`));
      console.log(
        `LCP ${page} at ${CPU_SLOWDOWN}× CPU slowdown: median ${median(samples).toFixed(0)} ms ` +
          `(${samples.map((sample) => sample.toFixed(0)).join(', ')} ms over ${RUNS} loads)`,
      );
    }
  } finally {
    await browser.close();
    await app.close();
    await database.close();
  }
}
