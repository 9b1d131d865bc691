/**
 * Turns a machine into what reviewers read (issue 7, Stately exports): its JSON definition
 * (`machine.toJSON()`) and a Mermaid state diagram. Pure: same machine, same text.
 */
import type { AnyStateMachine } from 'xstate';
import type { FoundMachine } from './machines';

type StateNode = AnyStateMachine['root'];
type Transition = ReturnType<StateNode['transitions']['get']> extends (infer T)[] | undefined ? T : never;

const mermaidId = (node: StateNode) => node.id.replace(/[^A-Za-z0-9]/g, '_');

/** The actor each invoke id runs, so `done`/`error` labels name the actor, not a generated id. */
function invokedActors(node: StateNode, found = new Map<string, string>()): Map<string, string> {
  for (const invoke of node.invoke)
    found.set(invoke.id, typeof invoke.src === 'string' ? invoke.src : invoke.id);
  for (const child of Object.values(node.states) as StateNode[]) invokedActors(child, found);
  return found;
}

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

/** A transition's label: the event in domain words, plus the guard (and its params) in brackets. */
function label(transition: Transition, actors: Map<string, string>): string {
  const event = transition.eventType;
  const actor = (id: string) => actors.get(id) ?? id;
  const readable =
    event === ''
      ? 'always'
      : event.startsWith('xstate.after.')
        ? `after ${event.split('.')[2]}`
        : event.startsWith('xstate.done.actor.')
          ? `done ${actor(event.slice('xstate.done.actor.'.length))}`
          : event.startsWith('xstate.error.actor.')
            ? `error ${actor(event.slice('xstate.error.actor.'.length))}`
            : event;
  const guardName = guardLabel(transition.guard);
  return guardName ? `${readable} [${guardName}]` : readable;
}

function allTransitions(node: StateNode): Transition[] {
  return [...[...node.transitions.values()].flat(), ...(node.always ?? [])];
}

function declare(node: StateNode, indent: string, lines: string[]): void {
  const children = Object.values(node.states) as StateNode[];
  const id = mermaidId(node);
  if (children.length === 0) {
    lines.push(`${indent}state "${node.key}" as ${id}`);
    return;
  }
  lines.push(`${indent}state "${node.key}" as ${id} {`);
  if (node.type === 'parallel') {
    children.forEach((child, i) => {
      if (i > 0) lines.push(`${indent}  --`);
      declare(child, `${indent}  `, lines);
    });
  } else {
    const initial = node.initial?.target?.[0];
    if (initial) lines.push(`${indent}  [*] --> ${mermaidId(initial)}`);
    for (const child of children) declare(child, `${indent}  `, lines);
  }
  lines.push(`${indent}}`);
}

function connect(node: StateNode, actors: Map<string, string>, lines: string[]): void {
  for (const transition of allTransitions(node)) {
    for (const target of transition.target ?? []) {
      lines.push(`  ${mermaidId(node)} --> ${mermaidId(target)} : ${label(transition, actors)}`);
    }
  }
  if (node.type === 'final') lines.push(`  ${mermaidId(node)} --> [*]`);
  for (const child of Object.values(node.states) as StateNode[]) connect(child, actors, lines);
}

/**
 * A Mermaid `stateDiagram-v2` of the machine: nested and parallel states, initial states, every
 * transition with a target (labelled with its event and guard; delays by their names). Transitions
 * without a target only run actions and are left to the JSON definition.
 */
export function toMermaid(machine: AnyStateMachine): string {
  const lines = ['stateDiagram-v2'];
  declare(machine.root, '  ', lines);
  lines.push(`  [*] --> ${mermaidId(machine.root)}`);
  connect(machine.root, invokedActors(machine.root), lines);
  return lines.join('\n') + '\n';
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
    '`machine.toJSON()`) and its diagram below, which any Markdown viewer with Mermaid renders.',
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
    parts.push(`## ${name}`, '', `Source: \`${source}\` · JSON: \`stately/${name}.json\``, '');
    parts.push('```mermaid', toMermaid(machine).trimEnd(), '```', '');
  }
  return parts.join('\n');
}
