/**
 * `npm run stately -- --check` (issue 28, part of `npm test`): the exports in stately/ are current and
 * every viewer page loads. Two checks, each returning what is wrong (empty when nothing is):
 * - `staleExports`: each export is byte for byte what `npm run stately` writes now (the machines'
 *   JSON definitions, README.md, index.html, viewer.js, viewer.css), and no export of a removed
 *   machine is left. The machine pages embed the covering paths of the model tests, so whether they
 *   are current is checked by tests/model/machines.test.ts, on the runs of the paths it makes anyway.
 * - `pageProblems`: the pages open from the file system in one headless Chromium with every request
 *   outside the file system refused: each draws its diagram with no problem of its own (the page
 *   reports a state or arrow it cannot find, a label that reads otherwise, a missing Mermaid), no
 *   error on the console, no refused request; draws as never taken exactly what its model paths never
 *   take; and, stepped by its own buttons, highlights at each step of each covering path the states
 *   and arrows of that step. index.html links every machine page, and a copy with a browser replay
 *   record (as `--with-browser` writes) draws the browser coverage and links the trace.
 * One browser and one tab for all pages: Chromium keeps the compiled Mermaid (3 MB) from page to page.
 */
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from '@playwright/test';
import type { Page } from '@playwright/test';
import type { BrowserReport, ViewerData } from './viewer-data';

/** Debian's Chromium when present, as playwright.config.ts uses it. */
const SYSTEM_CHROMIUM = '/usr/bin/chromium';

/**
 * How long a page may take to draw, in ms: Mermaid lays a diagram out in well under a second on a
 * quiet machine; this allows for one several times slower. A page that draws never waits it out.
 */
const DRAW_TIMEOUT = 60_000;

/**
 * What is stale in `dir` against `expected` (file name → the text `npm run stately` writes now):
 * files that differ or are missing, and .json or .html files that no machine writes any more.
 * `pages` are the machine pages, checked elsewhere (see the module comment) but expected to exist.
 */
export function staleExports(
  dir: string,
  expected: ReadonlyMap<string, string>,
  pages: readonly string[],
): string[] {
  const problems: string[] = [];
  for (const [file, text] of expected) {
    const target = path.join(dir, file);
    if (!existsSync(target)) problems.push(`${file} is missing`);
    else if (readFileSync(target, 'utf8') !== text) problems.push(`${file} is stale`);
  }
  for (const file of pages) if (!existsSync(path.join(dir, file))) problems.push(`${file} is missing`);
  const known = new Set([...expected.keys(), ...pages]);
  for (const file of readdirSync(dir)) {
    if (/\.(json|html)$/.test(file) && !known.has(file)) problems.push(`${file} belongs to no machine`);
  }
  return problems;
}

/** The data embedded in a viewer page, read from its file. */
function pageData(file: string): ViewerData {
  const html = readFileSync(file, 'utf8');
  const json = /<script type="application\/json" id="viewer-data">([\s\S]*?)<\/script>/.exec(html)?.[1];
  if (!json) throw new Error(`${path.basename(file)} embeds no viewer data`);
  return JSON.parse(json) as ViewerData;
}

/** What the diagram highlights: active states, and arrows by the transitions they stand for. */
interface Highlight {
  states: string[];
  arrows: string[];
}

/**
 * Runs in the page (so it uses nothing from here): for each covering path, chosen by its button, the
 * highlight at each step, stepped by the page's Next button.
 */
function steppedHighlights(): Highlight[][] {
  const attributes = (selector: string, name: string) =>
    [
      ...new Set([...document.querySelectorAll(selector)].map((element) => element.getAttribute(name) ?? '')),
    ].sort();
  const now = (): Highlight => ({
    states: attributes('#diagram [data-state].is-active', 'data-state'),
    arrows: attributes('#diagram [data-transitions].is-taken', 'data-transitions'),
  });
  return [...document.querySelectorAll<HTMLButtonElement>('[data-path]')].map((button) => {
    if (button.getAttribute('aria-pressed') !== 'true') button.click();
    const steps = [...document.querySelectorAll<HTMLButtonElement>('#steps button')];
    steps[0]?.click();
    return steps.map((_, number) => {
      if (number > 0) document.querySelector<HTMLButtonElement>('#step-next')?.click();
      return now();
    });
  });
}

/** Runs in the page: the states and arrows drawn as never taken, and as taken in a browser replay. */
function drawnCoverage(): { never: string[]; browser: string[] } {
  const ids = (selector: string) =>
    [
      ...new Set(
        [...document.querySelectorAll(selector)].map(
          (element) => element.getAttribute('data-state') ?? element.getAttribute('data-transitions') ?? '',
        ),
      ),
    ].sort();
  return { never: ids('#diagram .cov-never'), browser: ids('#diagram .cov-browser') };
}

/** What `data` says is drawn as never taken: states and arrows its model paths never take. */
function neverTaken(data: ViewerData): string[] {
  const states = new Set(data.model?.states);
  const transitions = new Set(data.model?.transitions);
  return [
    ...new Set([
      ...data.states.filter((state) => !states.has(state.id)).map((state) => state.id),
      ...data.edges
        .filter((edge) => edge.transitions.some((id) => !transitions.has(id)))
        .map((edge) => edge.transitions.join(' ')),
    ]),
  ].sort();
}

/** What each step of each covering path of `data` highlights. */
function expectedHighlights(data: ViewerData): Highlight[][] {
  return data.paths.map((covering) =>
    covering.steps.map((step) => ({
      states: [...step.states].sort(),
      arrows: data.edges
        .filter((edge) => edge.transitions.some((id) => step.transitions.includes(id)))
        .map((edge) => edge.transitions.join(' '))
        .sort(),
    })),
  );
}

/** A copy of `file` as `--with-browser` writes one into `dir`, with `report` embedded. */
function copyWithRecord(file: string, dir: string, report: BrowserReport): string {
  const copy = path.join(dir, path.basename(file));
  const relative = (to: string) => path.relative(dir, to).split(path.sep).join('/');
  const html = readFileSync(file, 'utf8')
    .replace('data-root=".."', `data-root="${relative(process.cwd())}"`)
    .replaceAll('"./viewer.', `"${relative(path.dirname(file))}/viewer.`)
    .replace('"../node_modules/', `"${relative(path.resolve('node_modules'))}/`)
    .replace(
      '</body>',
      `<script type="application/json" id="browser-data">${JSON.stringify(report)}</script></body>`,
    );
  writeFileSync(copy, html);
  return copy;
}

/** `actual` against `expected` as a problem of `what`, or none when they are equal. */
function differs(what: string, actual: unknown, expected: unknown): string[] {
  const [a, b] = [JSON.stringify(actual), JSON.stringify(expected)];
  return a === b ? [] : [`${what}: ${a.slice(0, 300)}, expected ${b.slice(0, 300)}`];
}

/**
 * Opens each page of `pages` (machine pages in `dir`, then index.html and a copy with a browser
 * record) headless; returns every problem found, each prefixed with its page.
 */
export async function pageProblems(dir: string, pages: readonly string[]): Promise<string[]> {
  const browser = await chromium.launch({
    executablePath: existsSync(SYSTEM_CHROMIUM) ? SYSTEM_CHROMIUM : undefined,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run'],
  });
  const problems: string[] = [];
  let logged: string[] = [];
  const scratch = mkdtempSync(path.join(tmpdir(), 'stately-check-'));
  try {
    const context = await browser.newContext();
    // tsx compiles this file keeping function names (`__name(fn, 'name')` around nested functions),
    // and the functions handed to page.evaluate carry those calls into the page.
    await context.addInitScript({ content: 'window.__name = (fn) => fn;' });
    await context.route(
      (url) => url.protocol !== 'file:',
      async (route) => {
        logged.push(`network: ${route.request().url()}`);
        await route.abort();
      },
    );
    const page = await context.newPage();
    page.on('console', (message) => {
      if (message.type() === 'error') logged.push(`console: ${message.text()}`);
    });
    page.on('pageerror', (error) => logged.push(`page error: ${error.message}`));

    /** Opens `file` and waits until it drew its diagram or reported a problem; returns its problems. */
    const open = async (file: string): Promise<string[]> => {
      logged = [];
      await page.goto(pathToFileURL(file).href);
      await page.waitForSelector('body[data-rendered="true"], #problems:not([hidden])', {
        timeout: DRAW_TIMEOUT,
      });
      const rendered = (await page.getAttribute('body', 'data-rendered')) === 'true';
      return [...(rendered ? [] : ['the diagram was not drawn']), ...logged];
    };

    for (const name of pages) {
      const file = path.join(dir, name);
      const data = pageData(file);
      const found = await open(file);
      if (found.length === 0) {
        const coverage = await page.evaluate(drawnCoverage);
        found.push(
          ...differs('drawn as never taken', coverage.never, neverTaken(data)),
          ...differs('drawn as taken in a browser without a record', coverage.browser, []),
          ...differs(
            'the covering paths, stepped',
            await page.evaluate(steppedHighlights),
            expectedHighlights(data),
          ),
        );
      }
      problems.push(...found.map((problem) => `${name}: ${problem}`));
    }

    // index.html draws no diagram: it is loaded, and its links and what it logged count.
    logged = [];
    await page.goto(pathToFileURL(path.join(dir, 'index.html')).href);
    const links = await page.locator('a').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    problems.push(
      ...[...logged, ...differs('links', links, pages)].map((problem) => `index.html: ${problem}`),
    );

    problems.push(...(await recordProblems(page, open, dir, pages, scratch)));
  } finally {
    await browser.close();
    rmSync(scratch, { recursive: true, force: true });
  }
  return problems;
}

/**
 * A copy of the page with the most covering paths, with a record of its first path replayed and a
 * failed replay: the states the replay observed are drawn as taken in a browser, the path links its
 * trace, and the failed replay is listed apart.
 */
async function recordProblems(
  page: Page,
  open: (file: string) => Promise<string[]>,
  dir: string,
  pages: readonly string[],
  scratch: string,
): Promise<string[]> {
  const [name] = [...pages].sort(
    (a, b) => pageData(path.join(dir, b)).paths.length - pageData(path.join(dir, a)).paths.length,
  );
  const data = name === undefined ? undefined : pageData(path.join(dir, name));
  const replayed = data?.paths[0];
  if (!name || !data || !replayed) return ['no page has a covering path to record a replay of'];
  const observed = replayed.steps.flatMap((step) => step.states);
  const trace = 'test-results/replay/trace.zip';
  const copy = copyWithRecord(path.join(dir, name), scratch, {
    machine: data.machine,
    paths: [
      {
        name: replayed.name,
        status: 'passed',
        trace,
        observed: { states: observed, transitions: replayed.steps.flatMap((step) => step.transitions) },
      },
      {
        name: 'a replay cut short',
        status: 'failed',
        trace: null,
        observed: { states: [], transitions: [] },
      },
    ],
  });
  const found = await open(copy);
  if (found.length === 0) {
    const browserStates = await page
      .locator('#diagram [data-state].cov-browser')
      .evaluateAll((elements) => elements.map((element) => element.getAttribute('data-state') ?? '').sort());
    const link = page.locator('#paths li').first().getByRole('link', { name: 'Playwright trace' });
    found.push(
      ...differs(
        'states drawn as taken in a browser',
        browserStates,
        data.states
          .map((state) => state.id)
          .filter((id) => observed.includes(id))
          .sort(),
      ),
      ...differs(
        'the trace link',
        await link.evaluate((a: HTMLAnchorElement) => a.href).catch(() => null),
        pathToFileURL(path.resolve(trace)).href,
      ),
      ...differs(
        'the failed replay listed',
        (await page.locator('#browser-paths').textContent())?.includes('a replay cut short'),
        true,
      ),
    );
  }
  return found.map((problem) => `${name} with a browser record: ${problem}`);
}
