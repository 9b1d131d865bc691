/**
 * `npm run bench pages` (issue 6 "Performance", issue 16 "Fewer bytes on the wire"): serves the built
 * SPA (run `npm run build` first) from an in-process server on 127.0.0.1 with the demo data in an
 * in-memory database, loads each route in Chromium (the dashboard's signed in as the demo admin) and
 * prints per route:
 * - the JavaScript a fresh load downloads until the network is idle (lazy chunks such as the chart
 *   included): files, raw bytes, gzip bytes (level 6) and the bytes the server sent (its build-time
 *   Brotli files, as Chromium accepts br), against the route's gzip budget;
 * - the largest contentful paint with the CPU slowed down 4×, median of RUNS loads, the largest
 *   cumulative layout shift of those loads, and when the route's content (its `ready` element) was
 *   first drawn in each;
 * after the same figures for the react-admin minimal app of `anchors/react-admin` (installed and built
 * on first use, served pre-compressed by @fastify/static in a child process), which each route's
 * JavaScript is compared with and each dashboard route's LCP must not exceed (issue 31). Also checks that `/` loads no login, dashboard or chart code and that the
 * build holds no code of the Stately inspector. `BENCH_FILES=1` also lists each route's files;
 * `BENCH_RUNS=0` skips the LCP loads.
 */
import { execFileSync, fork } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import type { Browser, BrowserContext } from '@playwright/test';
import { buildApp } from '../../server/app';
import { testConfig } from '../../server/config';
import { openDatabase } from '../../server/db/open';
import { seedDemoData } from '../../server/demo/seed';
import type { StaticServerReady } from './static-server';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const clientDir = path.join(root, 'dist', 'client');
const anchorDir = path.join(here, 'anchors', 'react-admin');
const SYSTEM_CHROMIUM = '/usr/bin/chromium';
/** Loads per page for the LCP median (BENCH_RUNS, default 5; 0 measures bytes only). */
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const CPU_SLOWDOWN = 4;
const KB = 1024;
/** The demo admin (README "Demo data"). */
const ADMIN = { email: 'admin@example.com', password: 'Admin123!' };

/**
 * A route measured, its gzip budget (issue 6 for /, issue 16 for the rest) and LCP target (issue 31):
 * ms, or 'anchor' for no later than the react-admin anchor's median in the same run.
 */
interface RouteTarget {
  path: string;
  signedIn: boolean;
  gzipBudget: number;
  lcpTarget: number | 'anchor';
  /**
   * A selector that shows once the route's content is drawn. Network idle alone is not enough: on a
   * loaded machine parsing the first script can leave the network quiet for 500 ms before the
   * session check and the route's chunks are even asked for.
   */
  ready: string;
}

const ROUTES: RouteTarget[] = [
  { path: '/', signedIn: false, gzipBudget: 160 * KB, lcpTarget: 800, ready: 'h1' },
  {
    path: '/auth/login',
    signedIn: false,
    gzipBudget: 200 * KB,
    lcpTarget: 800,
    ready: 'input[type=password]',
  },
  // The chart's canvas: the home's last piece, loaded after the cards paint.
  { path: '/dashboard', signedIn: true, gzipBudget: 210 * KB, lcpTarget: 'anchor', ready: 'canvas' },
  {
    path: '/dashboard/users',
    signedIn: true,
    gzipBudget: 200 * KB,
    lcpTarget: 'anchor',
    ready: 'table tbody a[href*="/edit"]',
  },
  {
    path: '/dashboard/feeds/1/edit',
    signedIn: true,
    gzipBudget: 200 * KB,
    lcpTarget: 'anchor',
    ready: '[role=list][aria-label=Products] [role=listitem]',
  },
];

/** Chunks that belong to the login, the dashboard or the chart: none of them may load on /. */
const PRIVATE_CHUNK =
  /^(Dashboard|Users|CreateUser|EditUser|Feeds|CreateFeed|EditFeed|Profile|Login|AuthLayout|RequireRole|SessionShell|Toasts|WeeklyOrdersChart|chart)/;
/**
 * Strings only the development tools contain: `@statelyai/inspect` (its window URL and handshake
 * event) and the e2e build's model trace (src/machines/model-trace.ts).
 */
const INSPECTOR_CODE = /stately\.ai\/inspect|@statelyai\.connected|__modelTrace/;
/** Settling time after scrolling, for what loads near the viewport to be fetched. */
const SCROLL_SETTLE_MS = 2000;

const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;

/** What one load of a page fetched: script paths and the body bytes each took on the wire. */
interface Scripts {
  onLoad: string[];
  onScroll: string[];
  wire: Map<string, number>;
}

/**
 * The JavaScript files a fresh load of `url` in `context` fetches until the network is idle
 * (`onLoad`), what scrolling to the end adds (`onScroll`), and each file's bytes on the wire.
 */
async function scriptsOf(context: BrowserContext, url: string, ready: string): Promise<Scripts> {
  const page = await context.newPage();
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
  await page.goto(url);
  await page.locator(ready).first().waitFor({ timeout: 60_000 });
  await page.waitForLoadState('networkidle');
  const onLoad = [...scripts];
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await page.waitForTimeout(SCROLL_SETTLE_MS);
  await Promise.all(measured);
  await page.close();
  return { onLoad, onScroll: [...scripts].filter((script) => !onLoad.includes(script)), wire };
}

/** Raw and gzip (level 6) bytes of the built files at `scripts` under `dir`. */
function sizeOf(dir: string, scripts: string[]): { raw: number; gzip: number } {
  let raw = 0;
  let gzip = 0;
  for (const script of scripts) {
    const bytes = readFileSync(path.join(dir, script));
    raw += bytes.length;
    gzip += gzipSync(bytes, { level: 6 }).length;
  }
  return { raw, gzip };
}

/** The built JavaScript files that contain code of the Stately inspector or the model trace. */
function filesWithInspector(): string[] {
  const assets = path.join(clientDir, 'assets');
  return readdirSync(assets).filter(
    (file) => file.endsWith('.js') && INSPECTOR_CODE.test(readFileSync(path.join(assets, file), 'utf8')),
  );
}

/** What one load measured, in ms from navigation start (`cls` unitless). */
interface Paint {
  lcp: number;
  cls: number;
  /** The animation frame in which the route's `ready` element was first drawn. */
  readyDrawn: number;
}

/**
 * Records in the page, as `__readyDrawn`, the time of the animation frame in which an element
 * matching `selector` is first drawn. Beside the LCP because Chromium sometimes reports no later
 * candidate than the prerendered shell although the route's content has since been drawn (about 1
 * load in 5 of the users list), which would pass the shell's paint off as the content's.
 */
function recordReadyDrawn(selector: string): void {
  const observer = new MutationObserver(() => {
    if (document.querySelector(selector) === null) return;
    observer.disconnect();
    requestAnimationFrame(() => {
      (window as unknown as { __readyDrawn: number }).__readyDrawn = performance.now();
    });
  });
  observer.observe(document, { childList: true, subtree: true });
}

/**
 * One fresh load of `url` with the CPU slowed down: its largest contentful paint, in ms, its
 * cumulative layout shift until the network is idle (shifts right after input excluded, as CLS does)
 * and when the `ready` element was first drawn.
 */
async function paintOf(
  browser: Browser,
  url: string,
  ready: string,
  storage: StorageState | undefined,
): Promise<Paint> {
  const context = await browser.newContext({ storageState: storage });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  await page.addInitScript(recordReadyDrawn, ready);
  await page.goto(url);
  await page.locator(ready).first().waitFor({ timeout: 60_000 });
  await page.waitForLoadState('networkidle');
  const readyDrawn = await page.evaluate(
    () => (window as unknown as { __readyDrawn?: number }).__readyDrawn ?? Number.NaN,
  );
  const paint = await page.evaluate(
    () =>
      new Promise<{ lcp: number; cls: number }>((resolve) => {
        let cls = 0;
        new PerformanceObserver((entries) => {
          for (const entry of entries.getEntries() as unknown as {
            value: number;
            hadRecentInput: boolean;
          }[]) {
            if (!entry.hadRecentInput) cls += entry.value;
          }
        }).observe({ type: 'layout-shift', buffered: true });
        new PerformanceObserver((entries) => {
          const last = entries.getEntries().at(-1);
          if (last) resolve({ lcp: last.startTime, cls });
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      }),
  );
  await context.close();
  return { ...paint, readyDrawn };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

/** The median and every sample of `values` (ms). */
const spread = (values: number[]) =>
  `median ${median(values).toFixed(0)} ms (${values.map((value) => value.toFixed(0)).join(', ')})`;

/**
 * LCP samples of `url`, printed as the median and every sample, the largest CLS of the loads, and
 * when the `ready` element was first drawn in each (see {@link recordReadyDrawn}).
 */
async function paintLine(browser: Browser, url: string, ready: string, storage: StorageState | undefined) {
  if (RUNS === 0) return { median: Number.NaN, text: 'not measured (BENCH_RUNS=0)' };
  const samples: Paint[] = [];
  for (let run = 0; run < RUNS; run++) samples.push(await paintOf(browser, url, ready, storage));
  const lcps = samples.map((sample) => sample.lcp);
  const cls = Math.max(...samples.map((sample) => sample.cls));
  const drawn = spread(samples.map((sample) => sample.readyDrawn));
  return {
    median: median(lcps),
    text: `${spread(lcps)}; CLS at most ${cls.toFixed(3)}; \`${ready}\` first drawn ${drawn}`,
  };
}

/** Playwright's storage state: the demo admin's tokens in local storage of `origin`. */
type StorageState = Exclude<Parameters<Browser['newContext']>[0], undefined>['storageState'] & object;

async function signedInState(origin: string): Promise<StorageState> {
  const response = await fetch(`${origin}/api/backoffice/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  if (!response.ok) throw new Error(`demo admin login answered ${response.status}`);
  const tokens = (await response.json()) as { access_token: string; refresh_token: string };
  return {
    cookies: [],
    origins: [
      {
        origin,
        localStorage: [
          { name: 'access_token', value: tokens.access_token },
          { name: 'refresh_token', value: tokens.refresh_token },
        ],
      },
    ],
  };
}

/** Installs and builds the react-admin anchor when its build is missing or older than its source. */
function buildAnchor(): string {
  const dist = path.join(anchorDir, 'dist');
  const source = path.join(anchorDir, 'src', 'main.tsx');
  const built = existsSync(path.join(dist, 'index.html'))
    ? statSync(path.join(dist, 'index.html')).mtimeMs
    : 0;
  if (built > statSync(source).mtimeMs && built > statSync(path.join(anchorDir, 'package-lock.json')).mtimeMs)
    return precompressed(dist);
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  if (!existsSync(path.join(anchorDir, 'node_modules', 'react-admin'))) {
    console.log('Installing the react-admin anchor (first use)…');
    execFileSync(npm, ['ci', '--no-audit', '--no-fund'], { cwd: anchorDir, stdio: 'inherit' });
  }
  console.log('Building the react-admin anchor…');
  execFileSync(npm, ['run', 'build'], { cwd: anchorDir, stdio: 'inherit' });
  return precompressed(dist);
}

/** Writes Brotli and gzip files beside the anchor's JavaScript and CSS, as our build does; returns `dist`. */
function precompressed(dist: string): string {
  const assets = path.join(dist, 'assets');
  for (const file of readdirSync(assets).filter((name) => /\.(js|css)$/.test(name))) {
    if (existsSync(path.join(assets, `${file}.br`))) continue;
    const bytes = readFileSync(path.join(assets, file));
    writeFileSync(
      path.join(assets, `${file}.br`),
      brotliCompressSync(bytes, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }),
    );
    writeFileSync(path.join(assets, `${file}.gz`), gzipSync(bytes, { level: 9 }));
  }
  return dist;
}

/**
 * Serves `dir` from a child process (static-server.ts); resolves its address and a stop function.
 * With `usersFrom` (the app's address and an admin's access token) it also answers react-admin's
 * `/api/users` from the app's users list.
 */
async function serveStatic(
  dir: string,
  usersFrom?: { address: string; accessToken: string },
): Promise<{ address: string; stop: () => void }> {
  const args = usersFrom ? [dir, usersFrom.address, usersFrom.accessToken] : [dir];
  const child = fork(path.join(here, 'static-server.ts'), args, {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ready = await new Promise<StaticServerReady>((resolve, reject) => {
    child.once('message', (message) => resolve(message as StaticServerReady));
    child.once('exit', (code) => reject(new Error(`static server exited with ${code}`)));
  });
  return { address: ready.address, stop: () => child.send('stop') };
}

/** With BENCH_FILES=1 the bench also lists every file a route loads, largest first. */
const LIST_FILES = process.env.BENCH_FILES === '1';

/** One printed row: files, raw, gzip, sent, budget verdict; with BENCH_FILES=1 the files too. */
function bytesLine(label: string, dir: string, scripts: Scripts, budget: number | null): number {
  const { raw, gzip } = sizeOf(dir, scripts.onLoad);
  if (LIST_FILES) {
    const files = scripts.onLoad
      .map((script) => ({ script, gzip: sizeOf(dir, [script]).gzip }))
      .sort((a, b) => b.gzip - a.gzip);
    for (const file of files) console.log(`    ${kb(file.gzip).padStart(9)}  ${path.basename(file.script)}`);
  }
  const sent = scripts.onLoad.reduce((total, script) => total + (scripts.wire.get(script) ?? 0), 0);
  const verdict =
    budget === null
      ? ''
      : `; budget ${kb(budget)} gzip ${gzip <= budget ? 'met' : `over by ${kb(gzip - budget)}`}`;
  console.log(
    `${label}: ${scripts.onLoad.length} files, ${kb(raw)} raw, ${kb(gzip)} gzip, ${kb(sent)} sent${verdict}`,
  );
  return gzip;
}

export default async function pagesBench(): Promise<void> {
  if (!existsSync(path.join(clientDir, 'index.html'))) {
    throw new Error('No build in dist/client: run `npm run build` first.');
  }
  const anchorDist = buildAnchor();
  const database = await openDatabase({});
  const config = testConfig({ clientDir });
  const app = await buildApp(config, { db: database.db });
  await seedDemoData(database.db, { encryptionKey: config.encryptionKey });
  const browser = await chromium.launch({
    executablePath: existsSync(SYSTEM_CHROMIUM) ? SYSTEM_CHROMIUM : undefined,
    args: ['--no-sandbox', '--disable-gpu'],
  });
  const anchor = await serveStatic(anchorDist);
  try {
    const address = await app.listen({ host: '127.0.0.1', port: 0 });
    const signedIn = await signedInState(address);
    console.log(
      `Load average ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores; ` +
        'JavaScript a fresh load downloads until the network is idle; LCP at ' +
        `${CPU_SLOWDOWN}× CPU slowdown over ${RUNS} loads.`,
    );

    // react-admin's app bar: its layout is drawn (the list itself has no API behind it here).
    const anchorReady = 'header';
    const anchorContext = await browser.newContext();
    const anchorScripts = await scriptsOf(anchorContext, `${anchor.address}/`, anchorReady);
    await anchorContext.close();
    const anchorGzip = bytesLine('react-admin minimal app (anchor)', anchorDist, anchorScripts, null);
    const anchorPaint = await paintLine(browser, `${anchor.address}/`, anchorReady, undefined);
    console.log(`  LCP ${anchorPaint.text}`);
    // Not a target: the same app listing the demo users from this app's API (100, as the users list
    // asks for), to compare with a data screen, since the anchor above draws its list without data.
    const accessToken = signedIn.origins[0]!.localStorage.find((item) => item.name === 'access_token')!.value;
    const anchorWithData = await serveStatic(anchorDist, { address, accessToken });
    try {
      const rows = await paintLine(browser, `${anchorWithData.address}/`, 'tbody tr td', undefined);
      console.log(
        `react-admin minimal app listing the demo users (reference, not a target): LCP ${rows.text}`,
      );
    } finally {
      anchorWithData.stop();
    }

    for (const route of ROUTES) {
      const context = await browser.newContext({ storageState: route.signedIn ? signedIn : undefined });
      const scripts = await scriptsOf(context, `${address}${route.path}`, route.ready);
      await context.close();
      const gzip = bytesLine(`JavaScript for ${route.path}`, clientDir, scripts, route.gzipBudget);
      console.log(`  ${(gzip / anchorGzip).toFixed(2)} × the anchor's gzip JavaScript`);
      if (route.path === '/') {
        const scrolled = sizeOf(clientDir, scripts.onScroll);
        console.log(
          `  scrolling to the end adds ${scripts.onScroll.length} files, ${kb(scrolled.raw)} raw, ${kb(scrolled.gzip)} gzip`,
        );
        const privateChunks = [...scripts.onLoad, ...scripts.onScroll]
          .map((script) => path.basename(script))
          .filter((name) => PRIVATE_CHUNK.test(name));
        console.log(
          `  login, dashboard or chart chunks loaded on /: ${privateChunks.length ? privateChunks.join(', ') : 'none'}`,
        );
      }
      const paint = await paintLine(
        browser,
        `${address}${route.path}`,
        route.ready,
        route.signedIn ? signedIn : undefined,
      );
      const target = route.lcpTarget === 'anchor' ? anchorPaint.median : route.lcpTarget;
      const named = route.lcpTarget === 'anchor' ? `the anchor's ${target.toFixed(0)} ms` : `${target} ms`;
      console.log(`  LCP ${paint.text}; target ≤ ${named} ${paint.median <= target ? 'met' : 'missed'}`);
    }

    const inspectorFiles = filesWithInspector();
    console.log(
      `Stately inspector or model trace code in the build: ${inspectorFiles.length ? inspectorFiles.join(', ') : 'none'}`,
    );
  } finally {
    anchor.stop();
    await browser.close();
    await app.close();
    await database.close();
  }
}
