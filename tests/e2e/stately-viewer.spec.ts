/**
 * The reviewer's viewer (issue 17, "every diagram renders (headless, in CI)"): every page that
 * `npm run stately` wrote to stately/ opens from a file with the network cut off, draws a node for
 * each state and an arrow labelled as the data says for each transition, logs no error, draws the
 * model coverage, and steps through each covering path highlighting the states the model expects.
 * A copy with a browser replay record embedded (as `--with-browser` writes) draws the browser
 * coverage and links the trace. The production server does not serve the pages.
 *
 * The pages need no app server; the shared Playwright config starts one anyway, and the last test
 * uses it.
 */
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, test } from './fixtures';
import type { Page } from '@playwright/test';
import type { BrowserReport, ViewerData } from '../../scripts/stately/viewer-data';

const statelyDir = path.resolve('stately');
const machinePages = readdirSync(statelyDir)
  .filter((file) => file.endsWith('.html') && file !== 'index.html')
  .sort((a, b) => a.localeCompare(b));

/** The data embedded in a page, read from the file. */
function pageData(file: string): ViewerData {
  const html = readFileSync(path.join(statelyDir, file), 'utf8');
  const json = /<script type="application\/json" id="viewer-data">([\s\S]*?)<\/script>/.exec(html)?.[1];
  if (!json) throw new Error(`${file} embeds no viewer data`);
  return JSON.parse(json) as ViewerData;
}

/**
 * One page for all the tests, with every request other than a file refused: Chromium keeps the
 * compiled Mermaid of the previous page (3 MB) for the next one in the same page, which halves the
 * time of this file. `problems` gathers the console errors, page errors and refused requests of the
 * current test (a failed test restarts the worker, and with it this page).
 */
let page: Page;
let problems: string[] = [];

test.beforeAll(async ({ browser }) => {
  page = await browser.newPage();
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  await page.context().route(
    (url) => url.protocol !== 'file:',
    async (route) => {
      problems.push(`network: ${route.request().url()}`);
      await route.abort();
    },
  );
});

test.afterAll(async () => page.close());

test.beforeEach(() => {
  problems = [];
});

/** Opens `file` and waits for its diagram. */
async function openOffline(file: string): Promise<void> {
  await page.goto(pathToFileURL(file).href);
  await expect(page.locator('body')).toHaveAttribute('data-rendered', 'true');
}

/** What the diagram highlights: active states, and arrows by the transitions they stand for. */
interface Highlight {
  states: string[];
  arrows: string[];
}

/**
 * Runs in the page (so it uses nothing from here): the highlight now, or, for `every`, the highlight
 * of each step of each covering path, stepped by the page's own Next button.
 */
function highlights(which: 'now' | 'every'): Highlight | Highlight[][] {
  const attributes = (selector: string, name: string) =>
    [
      ...new Set([...document.querySelectorAll(selector)].map((element) => element.getAttribute(name)!)),
    ].sort();
  const now = (): Highlight => ({
    states: attributes('#diagram [data-state].is-active', 'data-state'),
    arrows: attributes('#diagram [data-transitions].is-taken', 'data-transitions'),
  });
  if (which === 'now') return now();
  return [...document.querySelectorAll<HTMLButtonElement>('[data-path]')].map((button) => {
    if (button.getAttribute('aria-pressed') !== 'true') button.click();
    const steps = [...document.querySelectorAll<HTMLButtonElement>('#steps button')];
    steps[0]!.click();
    return steps.map((_, number) => {
      if (number > 0) document.querySelector<HTMLButtonElement>('#step-next')!.click();
      return now();
    });
  });
}

/** The arrows (by the transitions they stand for) that show any of `transitions`. */
function arrowsOf(data: ViewerData, transitions: readonly string[]): string[] {
  return data.edges
    .filter((edge) => edge.transitions.some((id) => transitions.includes(id)))
    .map((edge) => edge.transitions.join(' '))
    .sort();
}

for (const file of machinePages) {
  test(`stately/${file} renders offline and steps through its covering paths`, async () => {
    const data = pageData(file);
    await openOffline(path.join(statelyDir, file));

    const drawn = await page.evaluate((expected) => {
      const svg = document.querySelector('#diagram svg')!;
      const compact = (element: Element | null) => (element?.textContent ?? '').replace(/\s+/g, '');
      return {
        missingStates: expected.states
          .filter((state) => !svg.querySelector(`[data-state="${state.id}"]`))
          .map((state) => state.id),
        wrongLabels: expected.edges
          .filter(
            (edge) =>
              compact(svg.querySelector(`g.label[data-id="edge${edge.edge}"]`)) !==
              edge.lines.join('').replace(/\s+/g, ''),
          )
          .map(
            (edge) =>
              `${edge.transitions.join(' ')}: ${compact(svg.querySelector(`g.label[data-id="edge${edge.edge}"]`))}`,
          ),
        labelled: [...svg.querySelectorAll('g.edgeLabel')].filter((label) => compact(label) !== '').length,
        never: [...svg.querySelectorAll('.cov-never')].map(
          (element) => element.getAttribute('data-state') ?? element.getAttribute('data-transitions'),
        ),
        browser: svg.querySelectorAll('.cov-browser').length,
      };
    }, data);
    expect(drawn.missingStates, 'states without a node').toEqual([]);
    expect(drawn.wrongLabels, 'arrows not labelled as the data says').toEqual([]);
    expect(drawn.labelled, 'labelled arrows').toBe(data.edges.length);
    const modelStates = new Set(data.model?.states);
    const modelTransitions = new Set(data.model?.transitions);
    const never = [
      ...data.states.filter((state) => !modelStates.has(state.id)).map((state) => state.id),
      ...data.edges
        .filter((edge) => edge.transitions.some((id) => !modelTransitions.has(id)))
        .map((edge) => edge.transitions.join(' ')),
    ];
    expect([...new Set(drawn.never)].sort(), 'drawn as never taken').toEqual([...new Set(never)].sort());
    expect(drawn.browser, 'no browser coverage without a browser record').toBe(0);
    await expect(page.locator('#browser-note')).toContainText('not shown in a page opened from a file');

    const expected = data.paths.map((path) =>
      path.steps.map((step) => ({
        states: [...step.states].sort(),
        arrows: arrowsOf(data, step.transitions),
      })),
    );
    // The first path by the keyboard and the buttons, as a reviewer steps it.
    const [first] = data.paths;
    if (first) {
      await page.locator('[data-path]').first().click();
      for (const [number, highlight] of expected[0]!.entries()) {
        if (number > 0) await page.keyboard.press('ArrowRight');
        expect(await page.evaluate(highlights, 'now' as const), `${first.name}, step ${number}`).toEqual(
          highlight,
        );
      }
      await expect(page.locator('#step-next')).toBeDisabled();
      await page.keyboard.press('Home');
      await expect(page.locator('#step-now')).toContainText(`Step 0 of ${first.steps.length - 1}`);
      await page.getByRole('button', { name: 'Next →' }).click();
      expect(await page.evaluate(highlights, 'now' as const)).toEqual(expected[0]![1] ?? expected[0]![0]);
    }
    // Every path, stepped by its Next button in one go (a round trip per step would take seconds).
    const stepped = await page.evaluate(highlights, 'every' as const);
    expect(stepped).toEqual(expected);
    expect(problems).toEqual([]);
  });
}

test('stately/index.html links every machine page', async () => {
  await page.goto(pathToFileURL(path.join(statelyDir, 'index.html')).href);
  await expect(page.getByRole('link')).toHaveText(machinePages.map((file) => file.replace(/\.html$/, '')));
  expect(problems).toEqual([]);
});

test('a page with a browser record draws the browser coverage and links the traces', async () => {
  const file = machinePages.reduce((most, candidate) =>
    pageData(candidate).paths.length > pageData(most).paths.length ? candidate : most,
  );
  const data = pageData(file);
  const [replayed, ...rest] = data.paths;
  if (!replayed || rest.length === 0) throw new Error('no page has two covering paths');
  const report: BrowserReport = {
    machine: data.machine,
    paths: [
      {
        name: replayed.name,
        status: 'passed',
        trace: 'test-results/replay/trace.zip',
        observed: {
          states: replayed.steps.flatMap((step) => step.states),
          transitions: replayed.steps.flatMap((step) => step.transitions),
        },
      },
      {
        name: 'a replay cut short',
        status: 'failed',
        trace: null,
        observed: { states: replayed.steps[0]!.states, transitions: [] },
      },
    ],
  };
  // A copy elsewhere, as `npm run stately -- --with-browser` writes one: its links are relative to it.
  const copy = test.info().outputPath(file);
  mkdirSync(path.dirname(copy), { recursive: true });
  const relative = (to: string) => path.relative(path.dirname(copy), to).split(path.sep).join('/');
  const html = readFileSync(path.join(statelyDir, file), 'utf8')
    .replace('data-root=".."', `data-root="${relative(process.cwd())}"`)
    .replaceAll('"./viewer.', `"${relative(statelyDir)}/viewer.`)
    .replace('"../node_modules/', `"${relative(path.resolve('node_modules'))}/`)
    .replace(
      '</body>',
      `<script type="application/json" id="browser-data">${JSON.stringify(report)}</script></body>`,
    );
  writeFileSync(copy, html);

  await openOffline(copy);
  const observed = new Set(report.paths[0]!.observed.states);
  const browserStates = await page
    .locator('#diagram [data-state].cov-browser')
    .evaluateAll((elements) => elements.map((element) => element.getAttribute('data-state')!));
  expect(browserStates.sort()).toEqual(
    data.states
      .map((state) => state.id)
      .filter((id) => observed.has(id))
      .sort(),
  );
  const firstPath = page.locator('#paths li').first();
  await expect(firstPath).toContainText('browser: passed');
  const trace = firstPath.getByRole('link', { name: 'Playwright trace' });
  await expect(trace).toHaveAttribute('title', 'npx playwright show-trace test-results/replay/trace.zip');
  expect(await trace.evaluate((link: HTMLAnchorElement) => link.href)).toBe(
    pathToFileURL(path.resolve('test-results/replay/trace.zip')).href,
  );
  await expect(page.locator('#paths li').nth(1)).toContainText('no browser replay');
  await expect(page.locator('#browser-paths')).toContainText('a replay cut short');
  await expect(page.locator('#browser-paths')).toContainText('browser: failed');
  await page.locator('#browser-paths').getByRole('button', { name: 'Show what it observed' }).click();
  expect(await page.evaluate(highlights, 'now' as const)).toEqual({
    states: [...replayed.steps[0]!.states].sort(),
    arrows: [],
  });
  expect(problems).toEqual([]);
});

test('the production server does not serve the viewer', async ({ request }) => {
  const answer = await request.get('/stately/session.html', { headers: { accept: 'text/html' } });
  expect(await answer.text()).not.toContain('viewer-data');
  for (const url of ['/stately/viewer.js', '/node_modules/mermaid/dist/mermaid.min.js']) {
    expect((await request.get(url)).status(), url).toBe(404);
  }
});
