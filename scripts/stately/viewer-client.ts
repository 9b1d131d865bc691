/**
 * The script of the viewer pages (stately/viewer.js): renders the diagram with Mermaid, draws the
 * coverage on it, and steps through the covering paths.
 *
 * `viewerMain` is written to stately/viewer.js as its source text (`viewerMain.toString()`), so
 * pages opened from a file run it as a classic script (browsers refuse ES modules from `file://`).
 * It may therefore use nothing from this module's scope: only its own nested functions, the page's
 * DOM and the `mermaid` global of node_modules/mermaid/dist/mermaid.min.js. Types are erased.
 */
import type { BrowserReport, ViewerData, ViewerPath } from './viewer-data';

/** The part of Mermaid's API the viewer uses. */
interface MermaidApi {
  initialize(config: Record<string, unknown>): void;
  render(id: string, text: string): Promise<{ svg: string }>;
}

/** Renders the page; reports problems on the console (`npm run stately -- --check` fails on any). */
export function viewerMain(): void {
  const SVG_ID = 'diagram-svg';
  const COVERAGE = ['cov-browser', 'cov-model', 'cov-never'] as const;

  const byId = <T extends HTMLElement>(id: string): T => {
    const element = document.getElementById(id);
    if (!element) throw new Error(`the page has no #${id}`);
    return element as T;
  };
  const make = <K extends keyof HTMLElementTagNameMap>(
    tag: K,
    text?: string,
    className?: string,
  ): HTMLElementTagNameMap[K] => {
    const element = document.createElement(tag);
    if (text !== undefined) element.textContent = text;
    if (className) element.className = className;
    return element;
  };
  const readJson = <T>(id: string): T | undefined => {
    const element = document.getElementById(id);
    return element ? (JSON.parse(element.textContent ?? 'null') as T) : undefined;
  };
  /** Text without whitespace: a label's lines show in the SVG without a separator. */
  const compact = (text: string | null) => (text ?? '').replace(/\s+/g, '');

  const data = readJson<ViewerData>('viewer-data');
  if (!data) throw new Error('the page has no #viewer-data');
  /** The repository root, relative to the page (`..` in stately/). */
  const root = document.body.dataset.root ?? '..';

  /** Diagram elements by state id and by transition id, filled once the diagram is drawn. */
  const stateElements = new Map<string, Element[]>();
  const edgeElements = new Map<string, Element[]>();
  let browser: BrowserReport | null = null;
  let selected: { path: ViewerPath; step: number } | null = null;

  const problem = (message: string) => {
    console.error(`viewer: ${message}`);
    const banner = byId('problems');
    banner.hidden = false;
    banner.append(make('p', message));
  };

  /** Finds the SVG elements of every state and transition of the data, and marks them. */
  const mapDiagram = (svg: SVGSVGElement) => {
    const nodes = new Map<string, Element>();
    const pattern = new RegExp(`^${SVG_ID}-state-(.+)-\\d+$`);
    for (const element of svg.querySelectorAll('g[id]')) {
      const match = pattern.exec(element.id);
      if (match?.[1] && !nodes.has(match[1])) nodes.set(match[1], element);
    }
    for (const state of data.states) {
      const element = nodes.get(state.node);
      if (!element) {
        problem(`state #${state.id} is not in the diagram`);
        continue;
      }
      element.setAttribute('data-state', state.id);
      stateElements.set(state.id, [element]);
    }
    for (const edge of data.edges) {
      const label = svg.querySelector(`g.label[data-id="edge${edge.edge}"]`);
      const path = svg.querySelector(`path[data-id="edge${edge.edge}"]`);
      if (!label || !path) {
        problem(`the arrow of ${edge.transitions.join(', ')} is not in the diagram`);
        continue;
      }
      if (compact(label.textContent) !== compact(edge.lines.join(''))) {
        problem(
          `arrow edge${edge.edge} reads "${label.textContent ?? ''}", expected "${edge.lines.join(' | ')}"`,
        );
        continue;
      }
      const labelGroup = label.closest('g.edgeLabel') ?? label;
      for (const element of [path, labelGroup])
        element.setAttribute('data-transitions', edge.transitions.join(' '));
      for (const id of edge.transitions) {
        edgeElements.set(id, [...(edgeElements.get(id) ?? []), path, labelGroup]);
      }
    }
  };

  const observedInBrowser = () => {
    const states = new Set<string>();
    const transitions = new Set<string>();
    for (const path of browser?.paths ?? []) {
      path.observed.states.forEach((id) => states.add(id));
      path.observed.transitions.forEach((id) => transitions.add(id));
    }
    return { states, transitions };
  };

  /** Colours every state and arrow by who took it, and writes the counts. */
  const drawCoverage = () => {
    const model = { states: new Set(data.model?.states), transitions: new Set(data.model?.transitions) };
    const seen = observedInBrowser();
    // An arrow standing for several transitions (a loop) shows the least covered of them.
    const paint = (elements: Map<string, Element[]>, modelSet: Set<string>, browserSet: Set<string>) => {
      const levels = new Map<Element, number>();
      for (const [id, list] of elements) {
        const level = browserSet.has(id) ? 0 : modelSet.has(id) ? 1 : 2;
        for (const element of list) levels.set(element, Math.max(levels.get(element) ?? 0, level));
      }
      for (const [element, level] of levels) {
        element.classList.remove(...COVERAGE);
        element.classList.add(COVERAGE[level] ?? 'cov-never');
      }
    };
    paint(stateElements, model.states, seen.states);
    paint(edgeElements, model.transitions, seen.transitions);

    const stateIds = data.states.map((state) => state.id);
    const transitionIds = [...new Set(data.edges.flatMap((edge) => edge.transitions))];
    const count = (ids: string[], set: Set<string>) =>
      `${ids.filter((id) => set.has(id)).length} / ${ids.length}`;
    const table = byId('coverage');
    table.replaceChildren();
    const rows: Array<[string, string, string]> = [
      ['', 'States', 'Transitions'],
      ['Model paths', count(stateIds, model.states), count(transitionIds, model.transitions)],
      [
        'Browser replays',
        browser ? count(stateIds, seen.states) : '–',
        browser ? count(transitionIds, seen.transitions) : '–',
      ],
    ];
    rows.forEach((cells, row) => {
      const tr = make('tr');
      cells.forEach((cell, column) => tr.append(make(row === 0 || column === 0 ? 'th' : 'td', cell)));
      table.append(tr);
    });
  };

  /** Highlights the current state(s) and the transitions just taken (or those of a browser run). */
  const highlight = (states: readonly string[], transitions: readonly string[]) => {
    for (const element of document.querySelectorAll('.is-active, .is-taken')) {
      element.classList.remove('is-active', 'is-taken');
    }
    for (const id of states) stateElements.get(id)?.forEach((element) => element.classList.add('is-active'));
    for (const id of transitions) {
      edgeElements.get(id)?.forEach((element) => element.classList.add('is-taken'));
    }
  };

  const browserRun = (name: string) => browser?.paths.find((run) => run.name === name);

  /** The browser replay's status and trace link of a path, or why there is none. */
  const replayInfo = (name: string): HTMLElement => {
    const info = make('span', undefined, 'replay');
    const run = browserRun(name);
    if (!browser) return info;
    if (!run) {
      info.textContent = 'no browser replay';
      return info;
    }
    info.append(make('span', `browser: ${run.status}`, `status status-${run.status}`));
    if (run.trace) {
      const link = make('a', 'Playwright trace');
      link.href = `${root}/${run.trace}`;
      link.title = `npx playwright show-trace ${run.trace}`;
      info.append(' · ', link);
    }
    return info;
  };

  const showStep = () => {
    const stepper = byId('stepper');
    if (!selected) {
      stepper.hidden = true;
      highlight([], []);
      return;
    }
    const { path, step } = selected;
    const current = path.steps[step];
    if (!current) return;
    stepper.hidden = false;
    highlight(current.states, current.transitions);
    byId('step-now').textContent = `Step ${step} of ${path.steps.length - 1}: ${current.event}`;
    byId<HTMLButtonElement>('step-previous').disabled = step === 0;
    byId<HTMLButtonElement>('step-next').disabled = step === path.steps.length - 1;
    byId('steps')
      .querySelectorAll('button')
      .forEach((button, index) => {
        if (index === step) button.setAttribute('aria-current', 'step');
        else button.removeAttribute('aria-current');
      });
  };

  const selectPath = (path: ViewerPath | null) => {
    selected = path ? { path, step: 0 } : null;
    for (const button of document.querySelectorAll<HTMLButtonElement>('[data-path]')) {
      button.setAttribute(
        'aria-pressed',
        String(path !== null && button.dataset.path === String(data.paths.indexOf(path))),
      );
    }
    const steps = byId('steps');
    steps.replaceChildren();
    path?.steps.forEach((step, index) => {
      const button = make('button', step.event);
      button.type = 'button';
      button.addEventListener('click', () => {
        if (selected) selected.step = index;
        showStep();
      });
      const item = make('li');
      item.append(button);
      steps.append(item);
    });
    if (path) {
      byId('step-path').replaceChildren(make('span', path.name, 'path-name'), ' ', replayInfo(path.name));
    }
    showStep();
  };

  const move = (delta: number) => {
    if (!selected) return;
    selected.step = Math.min(Math.max(selected.step + delta, 0), selected.path.steps.length - 1);
    showStep();
  };

  const listPaths = () => {
    const list = byId('paths');
    list.replaceChildren();
    if (data.paths.length === 0) {
      list.append(make('li', data.model ? 'The model generates no path.' : 'This machine has no model.'));
    }
    data.paths.forEach((path, index) => {
      const steps = path.steps.length - 1;
      const button = make('button', `Path ${index + 1} · ${steps} step${steps === 1 ? '' : 's'}`);
      button.type = 'button';
      // By position: two paths may share a name (event descriptions shorten long outputs).
      button.dataset.path = String(index);
      button.setAttribute('aria-pressed', 'false');
      button.addEventListener('click', () => selectPath(selected?.path === path ? null : path));
      const item = make('li');
      item.append(button, make('span', path.name, 'path-name'), replayInfo(path.name));
      list.append(item);
    });
  };

  /** Browser replays of paths that are not covering paths (e.g. cut short): shown, not stepped. */
  const listBrowserRuns = (note: string) => {
    byId('browser-note').textContent = note;
    const list = byId('browser-paths');
    list.replaceChildren();
    const shown = new Set(data.paths.map((path) => path.name));
    const others = (browser?.paths ?? []).filter((run) => !shown.has(run.name));
    if (others.length === 0) list.append(make('li', browser ? 'None.' : 'None recorded here.'));
    for (const run of others) {
      const button = make('button', 'Show what it observed');
      button.type = 'button';
      button.addEventListener('click', () => {
        selectPath(null);
        highlight(run.observed.states, run.observed.transitions);
      });
      const item = make('li');
      item.append(make('span', run.name, 'path-name'), replayInfo(run.name), button);
      list.append(item);
    }
  };

  /**
   * The browser replays' record: embedded in a `--with-browser` copy, fetched from the dev server,
   * or none (a page opened from a file may not read other files).
   */
  const loadBrowser = async (): Promise<string> => {
    const embedded = readJson<BrowserReport | null>('browser-data');
    if (embedded !== undefined) {
      browser = embedded;
      return embedded ? 'Browser replays recorded when this copy was written.' : 'No browser run recorded.';
    }
    if (location.protocol === 'file:') {
      return 'Browser replays are not shown in a page opened from a file: open it from the dev server, or run "npm run stately -- --with-browser" and open the copy in reports/stately/.';
    }
    const response = await fetch(`${root}/reports/model-browser/${data.machine}.json`, { cache: 'no-store' });
    // The dev server answers a missing file with the app's page, not a 404.
    if (!response.ok || !response.headers.get('content-type')?.includes('json')) {
      return 'No browser run recorded.';
    }
    browser = (await response.json()) as BrowserReport;
    return 'Browser replays from reports/model-browser.';
  };

  const render = async () => {
    const mermaid = (window as unknown as { mermaid?: MermaidApi }).mermaid;
    if (!mermaid) {
      problem('Mermaid is not loaded: run "npm install" (the page loads node_modules/mermaid).');
      return;
    }
    mermaid.initialize({ startOnLoad: false, securityLevel: 'strict', maxTextSize: 500_000 });
    const { svg } = await mermaid.render(SVG_ID, data.diagram);
    const container = byId('diagram');
    container.innerHTML = svg;
    const element = container.querySelector('svg');
    if (!element) throw new Error('Mermaid drew no SVG');
    mapDiagram(element);
    const note = await loadBrowser().catch(
      (error: unknown) => `The browser replays could not be read: ${String(error)}`,
    );
    drawCoverage();
    listPaths();
    listBrowserRuns(note);
    document.body.dataset.rendered = 'true';
  };

  byId('step-previous').addEventListener('click', () => move(-1));
  byId('step-next').addEventListener('click', () => move(1));
  byId('zoom').addEventListener('click', (event) => {
    const fitted = byId('diagram').classList.toggle('fit');
    (event.currentTarget as HTMLButtonElement).textContent = fitted ? 'Actual size' : 'Fit to width';
  });
  document.addEventListener('keydown', (event) => {
    const target = event.target as HTMLElement | null;
    if (
      !selected ||
      event.altKey ||
      event.ctrlKey ||
      event.metaKey ||
      target?.closest('input, textarea, select')
    ) {
      return;
    }
    const moves: Record<string, number> = {
      ArrowRight: 1,
      ArrowLeft: -1,
      Home: -Infinity,
      End: Infinity,
    };
    const delta = moves[event.key];
    if (delta === undefined) return;
    event.preventDefault();
    move(delta);
  });
  render().catch((error: unknown) => problem(`the diagram could not be drawn: ${String(error)}`));
}
