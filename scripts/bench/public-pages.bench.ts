/**
 * `npm run bench public-pages` (issue 6 "Performance"): serves the built SPA (run `npm run build`
 * first) from an in-process server on 127.0.0.1 with an empty in-memory database, loads it in
 * Chromium and prints
 * - the JavaScript / downloads: files, raw bytes, gzip bytes (level 6) and the bytes the server sent
 *   (its build-time Brotli files, as Chromium accepts br), and whether any of it is dashboard or login code (target: none, and ≤ 160 KB gzip); then
 *   what scrolling to the end of / adds (the brand carousel loads when it nears the viewport);
 * - whether the build holds any code of the Stately inspector (issue 7: development only);
 * - the largest contentful paint of / and /auth/login with the CPU slowed down 4×, median of RUNS.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
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
const PRIVATE_CHUNK =
  /^(Dashboard|Users|CreateUser|EditUser|Feeds|CreateFeed|EditFeed|Profile|Login|AuthLayout|RequireRole|SessionShell|Toasts)/;
/** Strings only `@statelyai/inspect` contains (its window URL and handshake event). */
const INSPECTOR_CODE = /stately\.ai\/inspect|@statelyai\.connected/;

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** Settling time after scrolling, for what loads near the viewport to be fetched. */
const SCROLL_SETTLE_MS = 2000;

/**
 * The JavaScript files, by path, that a fresh load of `url` fetches (`onLoad`) and that scrolling
 * to the end of the page fetches on top (`onScroll`), and the body bytes each took on the wire
 * (`wire`: as the server sent it, compressed when the browser accepted that).
 */
async function scriptsOf(
  browser: Browser,
  url: string,
): Promise<{ onLoad: string[]; onScroll: string[]; wire: Map<string, number> }> {
  const page = await browser.newPage();
  const scripts = new Set<string>();
  const wire = new Map<string, number>();
  const measured: Array<Promise<void>> = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    const script = new URL(response.url()).pathname;
    scripts.add(script);
    measured.push(
      response
        .request()
        .sizes()
        .then((sizes) => void wire.set(script, sizes.responseBodySize)),
    );
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  const onLoad = [...scripts];
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await page.waitForTimeout(SCROLL_SETTLE_MS);
  await Promise.all(measured);
  await page.close();
  return { onLoad, onScroll: [...scripts].filter((script) => !onLoad.includes(script)), wire };
}

/** Raw and gzip (level 6) bytes of the built files at `scripts`. */
function sizeOf(scripts: string[]): { raw: number; gzip: number } {
  let raw = 0;
  let gzip = 0;
  for (const script of scripts) {
    const bytes = readFileSync(path.join(clientDir, script));
    raw += bytes.length;
    gzip += gzipSync(bytes, { level: 6 }).length;
  }
  return { raw, gzip };
}

/** The built JavaScript files that contain code of the Stately inspector. */
function filesWithInspector(): string[] {
  const assets = path.join(clientDir, 'assets');
  return readdirSync(assets).filter(
    (file) => file.endsWith('.js') && INSPECTOR_CODE.test(readFileSync(path.join(assets, file), 'utf8')),
  );
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

    const { onLoad, onScroll, wire } = await scriptsOf(browser, `${address}/`);
    const { raw, gzip } = sizeOf(onLoad);
    const sent = onLoad.reduce((total, script) => total + (wire.get(script) ?? 0), 0);
    const privateChunks = [...onLoad, ...onScroll]
      .map((script) => path.basename(script))
      .filter((name) => PRIVATE_CHUNK.test(name));
    console.log(
      `JavaScript for /: ${onLoad.length} files, ${kb(raw)} raw, ${kb(gzip)} gzip, ` +
        `${kb(sent)} sent over the wire (the server's pre-compressed files)`,
    );
    console.log(
      `  budget ${kb(JS_BUDGET)} gzip: ${gzip <= JS_BUDGET ? 'met' : `over by ${kb(gzip - JS_BUDGET)}`}`,
    );
    const scrolled = sizeOf(onScroll);
    console.log(
      `  scrolling to the end adds ${onScroll.length} files, ${kb(scrolled.raw)} raw, ${kb(scrolled.gzip)} gzip` +
        (onScroll.length ? ` (${onScroll.map((script) => path.basename(script)).join(', ')})` : ''),
    );
    console.log(
      `  login or dashboard chunks loaded on /: ${privateChunks.length ? privateChunks.join(', ') : 'none'}`,
    );
    const inspectorFiles = filesWithInspector();
    console.log(
      `Stately inspector code in the build: ${inspectorFiles.length ? inspectorFiles.join(', ') : 'none'}`,
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
