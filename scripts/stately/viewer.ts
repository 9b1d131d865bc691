/**
 * The reviewer's viewer (issue 17): `npm run stately` writes one static page per machine
 * (stately/<machine id>.html) and stately/index.html. A page shows the machine's diagram (Mermaid,
 * from node_modules, so nothing comes from the network), the coverage of the model paths and of the
 * browser replays drawn on it, and the covering paths of the model tests, steppable, with links to
 * the Playwright traces of their browser replays.
 *
 * What comes from the machine and its model is embedded in the page (`ViewerData`), so the committed
 * page is checked for staleness like the other exports. What the browser replays recorded
 * (reports/model-browser/<machine id>.json, git-ignored) changes with every run and stays out of it:
 * the page fetches it when served by the dev server, and `npm run stately -- --with-browser` writes
 * copies to reports/stately/ with it embedded, for pages opened from a file.
 */
import { format, resolveConfig } from 'prettier';
import type { AnyStateMachine } from 'xstate';
import { coveringRuns, pickCovering } from '../../tests/model/covering';
import type { CoveringPath } from '../../tests/model/covering';
import { activeNodes, describeEvent } from '../../tests/model/harness';
import type { MachineModel } from '../../tests/model/harness';
import { toDiagram } from './export';
import type { FoundMachine } from './machines';
import { viewerMain } from './viewer-client';
import type { BrowserReport, ViewerData } from './viewer-data';

/** Where a page sits: the committed pages in stately/, the `--with-browser` copies elsewhere. */
export interface PageOptions {
  /** The repository root, relative to the page. */
  root: string;
  /** The folder of viewer.js and viewer.css, relative to the page. */
  assets: string;
  /** The browser replays to embed (null: none recorded); left out of the committed pages. */
  browser?: BrowserReport | null;
}

/** The committed pages, in stately/. */
export const COMMITTED: PageOptions = { root: '..', assets: '.' };

/** The shape of an atomic state in Mermaid's SVG (a plain one, or one with lines under its name). */
const shape = (state: string) => `#diagram g.node.${state} > rect, #diagram g.node.${state} > g > rect`;
/** The frame of a composite state (its inner area is left alone, so nesting stays readable). */
const frame = (state: string) => `#diagram g.statediagram-cluster.${state} > g > rect.outer`;

/** The style of the pages (stately/viewer.css). */
const STYLE = `
:root { font-family: system-ui, sans-serif; color: #1f2328; --browser: #1a7f37; --model: #0969da; --never: #cf222e; --step: #bc4c00; }
body { margin: 0; }
header { padding: 0.75rem 1.25rem; border-bottom: 1px solid #d0d7de; }
header h1 { margin: 0.25rem 0; font-size: 1.4rem; }
header p, nav { margin: 0; font-size: 0.9rem; }
main { display: flex; gap: 1rem; padding: 1rem 1.25rem; align-items: flex-start; }
.diagram-panel { flex: 1 1 auto; min-width: 0; }
aside { flex: 0 0 26rem; max-height: calc(100vh - 7rem); overflow: auto; position: sticky; top: 1rem; }
h2 { font-size: 1.05rem; margin: 0 0 0.5rem; }
aside section { margin-bottom: 1.25rem; }
.toolbar { display: flex; flex-wrap: wrap; gap: 0.75rem; align-items: center; margin-bottom: 0.5rem; }
.legend { display: flex; flex-wrap: wrap; gap: 0.75rem; list-style: none; margin: 0; padding: 0; font-size: 0.85rem; }
.legend li::before { content: ''; display: inline-block; width: 1.5rem; height: 0.6rem; margin-right: 0.3rem; border: 2px solid; vertical-align: middle; }
.legend .cov-browser::before { border-color: var(--browser); background: #dafbe1; }
.legend .cov-model::before { border-color: var(--model); background: #ddf4ff; }
.legend .cov-never::before { border-color: var(--never); border-style: dashed; background: #ffebe9; }
.legend .current::before { border-color: var(--step); border-width: 3px; }
.diagram { overflow: auto; border: 1px solid #d0d7de; border-radius: 6px; padding: 0.5rem; max-height: calc(100vh - 10rem); }
.diagram:not(.fit) svg { max-width: none !important; }
#problems { border: 2px solid var(--never); background: #ffebe9; padding: 0.5rem 1rem; margin-bottom: 0.5rem; }
${shape('cov-browser')} { stroke: var(--browser) !important; fill: #dafbe1 !important; }
${shape('cov-model')} { stroke: var(--model) !important; fill: #ddf4ff !important; }
${shape('cov-never')} { stroke: var(--never) !important; stroke-dasharray: 5 3; fill: #ffebe9 !important; }
${frame('cov-browser')} { stroke: var(--browser) !important; stroke-width: 2px; }
${frame('cov-model')} { stroke: var(--model) !important; stroke-width: 2px; }
${frame('cov-never')} { stroke: var(--never) !important; stroke-width: 2px; stroke-dasharray: 5 3; }
#diagram path.cov-browser { stroke: var(--browser) !important; }
#diagram path.cov-model { stroke: var(--model) !important; }
#diagram path.cov-never { stroke: var(--never) !important; stroke-dasharray: 5 3; }
#diagram .cov-never .labelBkg { color: var(--never); }
${shape('is-active')}, ${frame('is-active')} { stroke: var(--step) !important; stroke-width: 4px !important; }
#diagram path.is-taken { stroke: var(--step) !important; stroke-width: 4px !important; stroke-dasharray: none; }
#diagram g.is-taken .labelBkg { outline: 3px solid var(--step); font-weight: 600; }
table { border-collapse: collapse; font-size: 0.9rem; }
th, td { text-align: left; padding: 0.2rem 0.6rem 0.2rem 0; }
ol, ul { padding-left: 1.25rem; }
#paths li, #browser-paths li { margin-bottom: 0.6rem; }
.path-name { display: block; font-family: ui-monospace, monospace; font-size: 0.78rem; overflow-wrap: anywhere; color: #57606a; }
.replay { display: block; font-size: 0.8rem; }
.status-passed { color: var(--browser); }
.status-failed { color: var(--never); font-weight: 600; }
button[aria-pressed='true'], button[aria-current='step'] { background: #fff1e5; border-color: var(--step); font-weight: 600; }
#steps button { font-family: ui-monospace, monospace; font-size: 0.78rem; text-align: left; }
#step-now { font-weight: 600; }
#step-now, #steps button { overflow-wrap: anywhere; max-width: 100%; }
.controls { display: flex; gap: 0.5rem; margin-bottom: 0.5rem; }
`;

/** Runs Prettier with the repository's settings, so the written files pass `npm run lint`. */
async function pretty(text: string, file: string): Promise<string> {
  const options = await resolveConfig(file);
  return format(text, { ...options, filepath: file });
}

/** Escapes text for HTML content and attribute values. */
function html(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** JSON inside a `<script>`: `<` escaped, so no text can close the element. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

/**
 * The data of a machine's page: its diagram and, from its model, the covering paths (each step with
 * the states after it and the transitions it took) and what the model's paths reach.
 * @param runs every generated path of `model` already run, in generated order (the model tests pass
 *   their own runs); when absent, the paths are run here
 * @throws when a generated path fails on the model (the model tests say why)
 */
export async function viewerData(
  found: FoundMachine,
  model: MachineModel<AnyStateMachine> | undefined,
  runs?: ReadonlyArray<CoveringPath<AnyStateMachine>>,
): Promise<ViewerData> {
  const diagram = toDiagram(found.machine);
  const covering = runs ? pickCovering(runs) : model ? await coveringRuns(model) : [];
  const states = new Set<string>();
  const transitions = new Set<string>();
  for (const { run } of covering) {
    run.states.forEach((id) => states.add(id));
    run.transitions.forEach((id) => transitions.add(id));
  }
  return {
    machine: found.name,
    source: found.source,
    diagram: diagram.text,
    states: diagram.states,
    edges: diagram.edges,
    model: model ? { states: [...states].sort(), transitions: [...transitions].sort() } : null,
    paths: covering.map(({ path, run }) => ({
      name: path.name,
      steps: path.steps.map((step, index) => ({
        event: describeEvent(step.event),
        states: activeNodes(step.state).map((node) => node.id),
        transitions: run.steps[index] ?? [],
      })),
    })),
  };
}

/** A machine's page (stately/<machine id>.html), formatted. */
export async function viewerPage(data: ViewerData, options: PageOptions = COMMITTED): Promise<string> {
  const browser =
    options.browser === undefined
      ? ''
      : `<script type="application/json" id="browser-data">${scriptJson(options.browser)}</script>`;
  const page = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="data:,">
<title>${html(data.machine)} · statechart viewer</title>
<link rel="stylesheet" href="${options.assets}/viewer.css">
</head>
<body data-root="${options.root}">
<header>
<nav><a href="index.html">All machines</a></nav>
<h1>${html(data.machine)}</h1>
<p>Source: <code>${html(data.source)}</code>. Generated by <code>npm run stately</code>; labels read
<code>event [guard params] / actions</code>; a loop lists the transitions that stay in the state.</p>
</header>
<main>
<section class="diagram-panel" aria-labelledby="diagram-title">
<div class="toolbar">
<h2 id="diagram-title">Diagram</h2>
<ul class="legend" aria-label="Legend">
<li class="cov-browser">taken in a browser replay</li>
<li class="cov-model">taken by model paths only</li>
<li class="cov-never">never taken</li>
<li class="current">current step</li>
</ul>
<button type="button" id="zoom">Actual size</button>
</div>
<div id="problems" role="alert" hidden></div>
<div id="diagram" class="diagram fit">Drawing the diagram…</div>
</section>
<aside>
<section aria-labelledby="coverage-title">
<h2 id="coverage-title">Coverage</h2>
<table id="coverage"></table>
<p id="browser-note"></p>
</section>
<section id="stepper" aria-labelledby="stepper-title" hidden>
<h2 id="stepper-title">Stepping</h2>
<p id="step-path"></p>
<div class="controls">
<button type="button" id="step-previous">← Previous</button>
<button type="button" id="step-next">Next →</button>
</div>
<p id="step-now" aria-live="polite"></p>
<ol id="steps" start="0"></ol>
</section>
<section aria-labelledby="paths-title">
<h2 id="paths-title">Covering paths</h2>
<p>The model tests' paths that together take every state and transition they reach. Choose one,
then step with the buttons or the ← → keys (Home, End).</p>
<ol id="paths"></ol>
</section>
<section aria-labelledby="browser-title">
<h2 id="browser-title">Other browser replays</h2>
<ul id="browser-paths"></ul>
</section>
</aside>
</main>
<script type="application/json" id="viewer-data">${scriptJson(data)}</script>
${browser}
<script defer src="${options.root}/node_modules/mermaid/dist/mermaid.min.js"></script>
<script defer src="${options.assets}/viewer.js"></script>
</body>
</html>
`;
  return pretty(page, `stately/${data.machine}.html`);
}

/** stately/index.html: every machine, with its page. */
export async function indexPage(machines: FoundMachine[], options: PageOptions = COMMITTED): Promise<string> {
  const rows = machines.map(({ name, source, machine }) => {
    const { states, edges } = toDiagram(machine);
    const transitions = new Set(edges.flatMap((edge) => edge.transitions)).size;
    return `<tr><td><a href="${name}.html">${html(name)}</a></td><td><code>${html(source)}</code></td><td>${states.length}</td><td>${transitions}</td></tr>`;
  });
  const page = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="data:,">
<title>Statecharts · viewer</title>
<link rel="stylesheet" href="${options.assets}/viewer.css">
</head>
<body>
<header>
<h1>Statecharts</h1>
<p>Generated by <code>npm run stately</code> from <code>src/machines</code>. Each page shows a machine's
diagram, the coverage of the model paths and browser replays, and the covering paths, steppable.</p>
</header>
<main>
<table>
<tr><th>Machine</th><th>Source</th><th>States</th><th>Transitions</th></tr>
${rows.join('\n')}
</table>
</main>
</body>
</html>
`;
  return pretty(page, 'stately/index.html');
}

/** stately/viewer.js: `viewerMain` as a classic script (see viewer-client.ts). */
export async function viewerScript(): Promise<string> {
  const script = `// Generated by npm run stately from scripts/stately/viewer-client.ts; do not edit.\n(${viewerMain.toString()})();\n`;
  return pretty(script, 'stately/viewer.js');
}

/** stately/viewer.css. */
export async function viewerStyle(): Promise<string> {
  return pretty(
    `/* Generated by npm run stately from scripts/stately/viewer.ts; do not edit. */\n${STYLE}`,
    'stately/viewer.css',
  );
}
