/**
 * Turns a machine into what reviewers read (issue 7, Stately exports; issue 17, the reviewer's
 * viewer): its JSON definition (`machine.toJSON()`) and a Mermaid state diagram whose labels carry
 * each transition's event, guard (with its params) and actions, each delay's length, and each
 * state's entry and exit actions and invoked actors. Pure: same machine, same text.
 */
import type { AnyStateMachine } from 'xstate';
import { AFTER_PREFIX, DONE_PREFIX, ERROR_PREFIX, delayName, transitionId } from '../../tests/model/harness';
import type { FoundMachine } from './machines';

type StateNode = AnyStateMachine['root'];
type Transition = ReturnType<StateNode['transitions']['get']> extends (infer T)[] | undefined ? T : never;

/** Event type prefix of a compound state's `onDone`. */
const STATE_DONE_PREFIX = 'xstate.done.state.';

/**
 * A guard as the exports and the model tests' tables show it: its name with its static params
 * (`failedWithStatus status=401`), `!name` for `not(...)`, `(a && b)` / `(a || b)`, `in(state)` for
 * `stateIn`, `inline guard` for an anonymous function.
 */
export function guardLabel(guard: unknown): string {
  if (guard === undefined) return '';
  if (typeof guard === 'string') return guard;
  const { type, params, guards, stateValue, check } = guard as {
    type?: unknown;
    params?: unknown;
    guards?: unknown[];
    stateValue?: unknown;
    check?: { name?: string };
  };
  // xstate's higher-order guards are functions told apart by their `check`.
  switch (check?.name) {
    case 'checkNot':
      return `!${guardLabel(guards?.[0])}`;
    case 'checkAnd':
      return `(${(guards ?? []).map(guardLabel).join(' && ')})`;
    case 'checkOr':
      return `(${(guards ?? []).map(guardLabel).join(' || ')})`;
    case 'checkStateIn':
      return `in(${JSON.stringify(stateValue)})`;
  }
  if (typeof guard === 'function') return 'inline guard';
  const name = String(type ?? 'guard');
  if (params === null || typeof params !== 'object') return name;
  const shown = Object.entries(params).map(([key, value]) => `${key}=${String(value)}`);
  return shown.length > 0 ? `${name} ${shown.join(' ')}` : name;
}

/** An event given to a built-in action: its type, or `…` when an expression computes it. */
function eventName(event: unknown): string {
  const type = (event as { type?: unknown } | undefined)?.type;
  return typeof type === 'string' ? type : '…';
}

/** An actor given to `sendTo`/`stopChild`: its id, or `…` when an expression picks it. */
function actorName(actor: unknown): string {
  if (typeof actor === 'string') return actor;
  const id = (actor as { id?: unknown } | undefined)?.id;
  return typeof id === 'string' ? id : '…';
}

/** A param value: strings in single quotes (labels cannot hold double ones), the rest as JSON. */
function paramValue(value: unknown): string {
  return typeof value === 'string' ? `'${value}'` : (JSON.stringify(value) ?? String(value));
}

/**
 * An action as the diagram labels show it: its name with its static params in parentheses
 * (`toast(tone='success', message='Password updated')`, `name(…)` when a function computes them),
 * xstate's built-ins by what they do (`assign`, `raise(EVENT)`, `sendTo(actor, EVENT)`,
 * `emit(EVENT)`, `stopChild(actor)`, ...), `inline action` for an anonymous function.
 */
export function actionLabel(action: unknown): string {
  if (typeof action === 'string') return action;
  if (typeof action === 'function') {
    const builtin = action as {
      type?: string;
      event?: unknown;
      to?: unknown;
      actorRef?: unknown;
      src?: unknown;
      sendId?: unknown;
    };
    switch (builtin.type) {
      case 'xstate.assign':
        return 'assign';
      case 'xstate.raise':
        return `raise(${eventName(builtin.event)})`;
      case 'xstate.sendTo':
        return `sendTo(${actorName(builtin.to)}, ${eventName(builtin.event)})`;
      case 'xstate.emit':
        return `emit(${eventName(builtin.event)})`;
      case 'xstate.stopChild':
        return `stopChild(${actorName(builtin.actorRef)})`;
      case 'xstate.spawnChild':
        return `spawnChild(${typeof builtin.src === 'string' ? builtin.src : '…'})`;
      case 'xstate.cancel':
        return `cancel(${typeof builtin.sendId === 'string' ? builtin.sendId : '…'})`;
      case 'xstate.log':
        return 'log';
      case 'xstate.enqueueActions':
        return 'enqueueActions';
    }
    return 'inline action';
  }
  const { type, params } = action as { type?: unknown; params?: unknown };
  const name = String(type ?? 'action');
  if (typeof params === 'function') return `${name}(…)`;
  if (params === null || typeof params !== 'object') return name;
  const shown = Object.entries(params).map(([key, value]) => `${key}=${paramValue(value)}`);
  return shown.length > 0 ? `${name}(${shown.join(', ')})` : name;
}

/** The actor each invoke id runs, so `done`/`error` labels name the actor, not a generated id. */
function invokedActors(node: StateNode, found = new Map<string, string>()): Map<string, string> {
  for (const invoke of node.invoke)
    found.set(invoke.id, typeof invoke.src === 'string' ? invoke.src : invoke.id);
  for (const child of Object.values(node.states) as StateNode[]) invokedActors(child, found);
  return found;
}

/** A delay's length as labels show it: the machine's number of ms, `computed` for a function. */
function delayText(machine: AnyStateMachine, name: string): string {
  const configured: unknown = (machine.implementations.delays as Record<string, unknown>)[name];
  if (typeof configured === 'number') return `${name} (${configured} ms)`;
  if (configured === undefined && Number.isFinite(Number(name))) return `${name} ms`;
  return `${name} (computed)`;
}

/** An event type in domain words: `always`, `after NAME (300 ms)`, `done actor`, `error actor`. */
function eventText(machine: AnyStateMachine, eventType: string, actors: Map<string, string>): string {
  const actor = (id: string) => actors.get(id) ?? id;
  if (eventType === '') return 'always';
  if (eventType.startsWith(AFTER_PREFIX)) return `after ${delayText(machine, delayName(eventType))}`;
  if (eventType.startsWith(DONE_PREFIX)) return `done ${actor(eventType.slice(DONE_PREFIX.length))}`;
  if (eventType.startsWith(ERROR_PREFIX)) return `error ${actor(eventType.slice(ERROR_PREFIX.length))}`;
  if (eventType.startsWith(STATE_DONE_PREFIX)) return 'done (final state reached)';
  return eventType;
}

/**
 * A transition's label: `event [guard params] / action, action`, with `(re-enters)` for a
 * transition that leaves and enters its source again.
 */
export function transitionLabel(
  machine: AnyStateMachine,
  transition: Transition,
  actors: Map<string, string> = invokedActors(machine.root),
): string {
  const guard = guardLabel(transition.guard);
  const actions = transition.actions.map(actionLabel);
  return [
    eventText(machine, transition.eventType, actors),
    guard ? `[${guard}]` : '',
    actions.length > 0 ? `/ ${actions.join(', ')}` : '',
    transition.reenter ? '(re-enters)' : '',
  ]
    .filter(Boolean)
    .join(' ');
}

/**
 * A state's own lines: `entry / …`, `exit / …` and `invoke actor`. The timers xstate adds to the
 * entry and exit of a state with `after` transitions are left out: the `after` arrows show them.
 */
export function stateLines(node: StateNode): string[] {
  const timers = new Set(node.after.map((delayed) => delayed.eventType));
  const own = (action: unknown) => {
    const { type, id, sendId } = action as { type?: unknown; id?: unknown; sendId?: unknown };
    return (
      !(type === 'xstate.raise' && timers.has(String(id))) &&
      !(type === 'xstate.cancel' && timers.has(String(sendId)))
    );
  };
  const entry = node.entry.filter(own).map(actionLabel);
  const exit = node.exit.filter(own).map(actionLabel);
  return [
    ...(entry.length > 0 ? [`entry / ${entry.join(', ')}`] : []),
    ...(exit.length > 0 ? [`exit / ${exit.join(', ')}`] : []),
    ...node.invoke.map((invoke) => `invoke ${typeof invoke.src === 'string' ? invoke.src : invoke.id}`),
  ];
}

const mermaidId = (node: StateNode) => node.id.replace(/[^A-Za-z0-9]/g, '_');

function allTransitions(node: StateNode): Transition[] {
  return [...[...node.transitions.values()].flat(), ...(node.always ?? [])];
}

/**
 * Text as Mermaid shows it in a state diagram: `;` ends a statement and `<`/`>` are taken for HTML,
 * so they become look-alikes (Greek question mark, single angle quotes); `"` would end a quoted name.
 */
function shownText(text: string): string {
  return text
    .replace(/;/g, '\u037e')
    .replace(/</g, '‹')
    .replace(/>/g, '›')
    .replace(/"/g, "'")
    .replace(/\s+/g, ' ');
}

/** An edge label in Mermaid's source: edge labels are Markdown, so its emphasis marks are escaped. */
function edgeSource(shown: string): string {
  return shown.replace(/[*_`~]/g, (mark) => `\\${mark}`);
}

/** A state node drawn in the diagram: its id and the Mermaid id the diagram gives it. */
export interface DiagramState {
  id: string;
  node: string;
}

/**
 * One arrow of a transition. Mermaid numbers the arrows of a state diagram in the order of its text
 * (`edge0`, `edge1`, … in the SVG), initial and final markers included: `edge` is that number.
 */
export interface DiagramEdge {
  edge: number;
  /**
   * The ids of the transitions it stands for (tests/model/harness.ts `transitionId`): one, or for a
   * loop every transition of its state that stays there (Mermaid draws one loop per state).
   */
  transitions: string[];
  source: string;
  target: string;
  /** The label as the rendered diagram shows it: one line per transition. */
  lines: string[];
}

/** A machine's diagram: the Mermaid text, and which of its nodes and arrows stand for what. */
export interface Diagram {
  text: string;
  states: DiagramState[];
  edges: DiagramEdge[];
}

/**
 * A Mermaid `stateDiagram-v2` of the machine: nested and parallel states (with their entry, exit and
 * invoke lines), initial and final markers, and every transition labelled with its event, guard and
 * actions; a transition without a target is drawn as a loop on its source, and all the loops of a
 * state as one, a line each.
 * @throws when two states would get the same Mermaid id, or one that Mermaid keeps for itself
 */
export function toDiagram(machine: AnyStateMachine): Diagram {
  const lines = ['stateDiagram-v2'];
  const states: DiagramState[] = [];
  const edges: DiagramEdge[] = [];
  const actors = invokedActors(machine.root);
  // Mermaid names the markers of a composite state `<id>_start`/`<id>_end` and of the diagram
  // `root_start`/`root_end`; a state named like one of them would be merged with it.
  const taken = new Set(['root', 'root_start', 'root_end']);
  let arrows = 0;
  const arrow = (line: string) => {
    lines.push(line);
    arrows += 1;
  };

  const declare = (node: StateNode, indent: string) => {
    const id = mermaidId(node);
    if (taken.has(id))
      throw new Error(`${machine.id}: state #${node.id} has the Mermaid id '${id}' of another`);
    const children = Object.values(node.states) as StateNode[];
    for (const reserved of children.length > 0 ? [id, `${id}_start`, `${id}_end`] : [id]) taken.add(reserved);
    states.push({ id: node.id, node: id });
    const own = stateLines(node).map(shownText);
    if (children.length === 0) {
      lines.push(`${indent}state "${shownText(node.key)}" as ${id}`);
      for (const line of own) lines.push(`${indent}${id} : ${line}`);
      return;
    }
    // A composite state holds only a name, so its own lines go under the name.
    lines.push(`${indent}state "${[shownText(node.key), ...own].join('<br>')}" as ${id} {`);
    if (node.type === 'parallel') {
      children.forEach((child, i) => {
        if (i > 0) lines.push(`${indent}  --`);
        declare(child, `${indent}  `);
      });
    } else {
      const initial = node.initial?.target?.[0];
      if (initial) arrow(`${indent}  [*] --> ${mermaidId(initial)}`);
      for (const child of children) declare(child, `${indent}  `);
      for (const child of children) {
        if (child.type === 'final') arrow(`${indent}  ${mermaidId(child)} --> [*]`);
      }
    }
    lines.push(`${indent}}`);
  };

  const connect = (node: StateNode) => {
    const add = (target: StateNode, transitions: Transition[]) => {
      const shown = transitions.map((transition) => shownText(transitionLabel(machine, transition, actors)));
      edges.push({
        edge: arrows,
        transitions: transitions.map(transitionId),
        source: node.id,
        target: target.id,
        lines: shown,
      });
      arrow(`  ${mermaidId(node)} --> ${mermaidId(target)} : ${shown.map(edgeSource).join('<br>')}`);
    };
    // Mermaid keeps one loop per state (a second one replaces the first), so they share one arrow.
    const loops: Transition[] = [];
    for (const transition of allTransitions(node)) {
      for (const target of transition.target?.length ? transition.target : [node]) {
        if (target === node) loops.push(transition);
        else add(target, [transition]);
      }
    }
    if (loops.length > 0) add(node, loops);
    for (const child of Object.values(node.states) as StateNode[]) connect(child);
  };

  declare(machine.root, '  ');
  arrow(`  [*] --> ${mermaidId(machine.root)}`);
  connect(machine.root);
  return { text: lines.join('\n') + '\n', states, edges };
}

/** The Mermaid text of `toDiagram`. */
export function toMermaid(machine: AnyStateMachine): string {
  return toDiagram(machine).text;
}

/** The machine's JSON definition, pretty-printed, as written to stately/<name>.json. */
export function toJsonDefinition(machine: AnyStateMachine): string {
  return JSON.stringify(machine.toJSON(), null, 2) + '\n';
}

/** stately/README.md: how to open each machine, and its diagram. */
export function toReadme(machines: FoundMachine[]): string {
  const parts = [
    '# Statecharts',
    '',
    'Generated by `npm run stately` from `src/machines/*.machine.ts`; do not edit by hand (a test fails',
    'when these files are stale). Each machine has its JSON definition here (`<name>.json`, from',
    '`machine.toJSON()`), its viewer page (`<name>.html`) and its diagram below, which any Markdown',
    'viewer with Mermaid renders. Labels read `event [guard params] / actions`; a loop on a state lists',
    'its transitions that stay in it (no target, or the state itself), a line each.',
    '',
    "## The reviewer's viewer",
    '',
    '`index.html` lists the machines; `<name>.html` shows the diagram with the coverage of the model',
    'paths and of the browser replays drawn on it, and the covering paths of the model tests, each',
    'steppable with Previous/Next (or the arrow keys), with a link to the Playwright trace of its',
    'browser replay. Nothing is fetched from the network: Mermaid comes from `node_modules` (run',
    '`npm install` once).',
    '',
    '- **Offline**: open `stately/index.html` in a browser (from a file). Browsers do not let a file',
    '  page read other files, so the browser replays are not shown there; after',
    '  `npx playwright test tests/e2e/model`, `npm run stately -- --with-browser` also writes',
    '  `reports/stately/<name>.html` (git-ignored), copies with `reports/model-browser/<name>.json`',
    '  embedded.',
    '- **Dev server**: with `npm run dev` running, open http://localhost:3000/stately/index.html; the',
    '  pages read `reports/model-browser/<name>.json` when they open. The production server does not',
    '  serve them.',
    '',
    '## Opening a machine in the Stately visualiser',
    '',
    '- In Stately Studio, create a machine and use **Import from code**, pasting the source file named',
    '  under the machine below; or, in VS Code with the Stately extension, open the source file and',
    '  choose **Open visual editor** above the `createMachine` call.',
    '',
    '## Watching the running app',
    '',
    'Start `npm run dev` and open any page with `?inspect` in the URL (for example',
    'http://localhost:3000/?inspect), then allow the pop-up: the Stately inspector opens in a new window',
    'and shows every actor the app runs, with its events and snapshots, from the page load on. It is',
    'wired in `src/machines/inspector.ts` (`withInspection`) and exists in development builds only;',
    'production bundles contain none of it.',
    '',
  ];
  for (const { name, source, machine } of machines) {
    parts.push(
      `## ${name}`,
      '',
      `Source: \`${source}\` · JSON: \`stately/${name}.json\` · Viewer: [${name}.html](${name}.html)`,
      '',
    );
    parts.push('```mermaid', toMermaid(machine).trimEnd(), '```', '');
  }
  return parts.join('\n');
}
