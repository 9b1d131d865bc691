/**
 * Oracles that do not come from the machine (issue 17 "Oracles"). A machine's oracle is a reviewed
 * table of what the spec asks of it, written by hand in tests/model/oracles/<machine id>.oracle.ts:
 * - `states`: every state node id, each with its `type` when it is final or parallel, its `entry` and
 *   `exit` actions, the actors it `invoke`s, and the transitions it must define by event key, as
 *   an ordered list of alternatives (the first whose guard holds is taken). An event key is the
 *   event type, `done:<actor src>` / `error:<actor src>` for an invoked actor's outcome,
 *   `after:<DELAY>` for a delay, `always` for an eventless transition. An alternative reads `[guard params] → #target / action, action`, the
 *   guard as `guardLabel` of scripts/stately/export.ts writes it (`[failedWithStatus status=401]`);
 *   the guard and the actions are left out when there are none, `(stays)` stands for no target, and
 *   `(re-enters)` after the target marks a transition that leaves and re-enters it (`reenter`).
 * - `delays`: the spec's delays in ms, as fixed numbers.
 * - `texts`: the spec's texts that only a screen shows (a preset's label), by the name the machine's
 *   module exports them under; machines.test.ts compares them with the module's.
 *
 * `checkOracle` compares the machine with its table and with what its generated paths did:
 * 1. the machine defines exactly the table's states and, state by state, exactly its transitions
 *    (a deleted, added or retargeted transition, or a changed guard, fails);
 * 2. every alternative of the table was taken by some path run (coverage is measured against the
 *    table, not against the machine);
 * 3. every delay the machine scheduled in those runs is the table's number, and every delay of the
 *    table was scheduled (the runs also fire each delay 1 ms early and check that nothing happens).
 */
import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate';
import { guardLabel } from '../../scripts/stately/export';
import {
  AFTER_PREFIX,
  DONE_PREFIX,
  ERROR_PREFIX,
  delayName,
  listStates,
  listTransitions,
  transitionId,
} from './harness';
import type { PathRun } from './harness';

/** The reviewed table of one machine; see the module comment. */
export interface Oracle {
  /** Where the table comes from (spec sections, issues). */
  source: string;
  /** The spec's delays, ms, by the machine's delay name. */
  delays: Readonly<Record<string, number>>;
  /** Every state node id (the root is the machine id) with its transitions by event key. */
  states: Readonly<Record<string, Readonly<Record<string, readonly string[]>>>>;
  /**
   * The spec's texts the machine's module exports for its screens only (labels, messages no
   * transition carries), by export name, copied from the spec: the module's must equal them.
   */
  texts?: Readonly<Record<string, unknown>>;
}

/** Identity helper that keeps a table's literal shape. */
export function defineOracle(oracle: Oracle): Oracle {
  return oracle;
}

/** The src of the actor that `source` invokes with id `invokeId` (the id when none matches). */
function invokedSrc(source: AnyStateNode, invokeId: string): string {
  const invoke = source.invoke.find((definition) => definition.id === invokeId);
  return invoke ? String(invoke.src) : invokeId;
}

/** The table's event key of a transition (see the module comment). */
export function eventKey(transition: AnyTransitionDefinition): string {
  const { eventType, source } = transition;
  if (!eventType) return 'always';
  if (eventType.startsWith(DONE_PREFIX)) {
    return `done:${invokedSrc(source, eventType.slice(DONE_PREFIX.length))}`;
  }
  if (eventType.startsWith(ERROR_PREFIX)) {
    return `error:${invokedSrc(source, eventType.slice(ERROR_PREFIX.length))}`;
  }
  if (eventType.startsWith(AFTER_PREFIX)) return `after:${delayName(eventType)}`;
  if (eventType.startsWith('xstate.done.state.')) return 'done:state';
  return eventType;
}

/** An action's name: its name in `setup`, or the built-in's type (`xstate.sendTo`). */
function actionName(action: unknown): string {
  if (typeof action === 'string') return action;
  const type = (action as { type?: unknown } | null)?.type;
  return typeof type === 'string' ? type : 'inline';
}

/** A list of actions as the table writes it: names joined by ', '. */
function actionsText(actions: readonly unknown[]): string {
  return actions.map(actionName).join(', ');
}

/** One alternative as the table writes it. */
export function alternativeText(transition: AnyTransitionDefinition): string {
  const guard = guardLabel(transition.guard);
  const targets = transition.target?.map((node) => `#${node.id}`).join(', ');
  const head = guard === '' ? '' : `[${guard}] `;
  const actions = transition.actions.length === 0 ? '' : ` / ${actionsText(transition.actions)}`;
  // A transition to its own state (or below it) leaves and re-enters only with `reenter`, which
  // restarts the state's timers and actors: the spec says which one it wants, so the table does too.
  const reenters = transition.reenter ? ' (re-enters)' : '';
  return `${targets ? `${head}→ ${targets}${reenters}` : `${head}(stays)`}${actions}`;
}

/** What a machine defines, in the table's shape. */
export function tableOf(machine: AnyStateMachine): Record<string, Record<string, string[]>> {
  const table: Record<string, Record<string, string[]>> = {};
  for (const node of [machine.root, ...listStates(machine)]) {
    const row: Record<string, string[]> = {};
    // A final state ends its machine (or tells its parent it is done); parallel regions run at once.
    if (node.type === 'final' || node.type === 'parallel') row.type = [node.type];
    // A state's `after` schedules its timers by an entry raise and cancels them on exit: the table
    // shows those as the `after:` rows, not as actions.
    const timer = node.after.length > 0 ? /^xstate\.(raise|cancel)$/ : /^$/;
    const entry = node.entry.filter((action) => !timer.test(actionName(action)));
    const exit = node.exit.filter((action) => !timer.test(actionName(action)));
    if (entry.length > 0) row.entry = [actionsText(entry)];
    if (exit.length > 0) row.exit = [actionsText(exit)];
    if (node.invoke.length > 0) row.invoke = node.invoke.map((invoke) => String(invoke.src));
    const transitions = [...[...node.transitions.values()].flat(), ...(node.always ?? [])];
    for (const transition of transitions) {
      (row[eventKey(transition)] ??= []).push(alternativeText(transition));
    }
    table[node.id] = row;
  }
  return table;
}

/**
 * Every way `machine` differs from `oracle`, given the runs of its generated paths; empty when it
 * conforms. Each problem is one readable line.
 */
export function checkOracle(machine: AnyStateMachine, oracle: Oracle, runs: readonly PathRun[]): string[] {
  const problems: string[] = [];
  const defined = tableOf(machine);

  for (const id of Object.keys(defined)) {
    if (!(id in oracle.states)) problems.push(`state #${id} is not in the table`);
  }
  for (const [id, expected] of Object.entries(oracle.states)) {
    const actual = defined[id];
    if (!actual) {
      problems.push(`state #${id} of the table is missing`);
      continue;
    }
    for (const key of new Set([...Object.keys(expected), ...Object.keys(actual)])) {
      const want = expected[key] ?? [];
      const have = actual[key] ?? [];
      if (JSON.stringify(want) !== JSON.stringify(have)) {
        problems.push(
          `#${id} on ${key}: the table says ${JSON.stringify(want)}, the machine ${JSON.stringify(have)}`,
        );
      }
    }
  }

  const taken = new Set(runs.flatMap((run) => [...run.transitions]));
  for (const transition of listTransitions(machine)) {
    // A transition that is not in the table was reported above.
    const row = oracle.states[transition.source.id]?.[eventKey(transition)];
    if (row?.includes(alternativeText(transition)) && !taken.has(transitionId(transition))) {
      problems.push(
        `#${transition.source.id} on ${eventKey(transition)}: ${alternativeText(transition)} is never taken`,
      );
    }
  }

  const scheduled = new Map<string, Set<number>>();
  for (const run of runs) {
    for (const [name, ms] of run.delays) scheduled.set(name, (scheduled.get(name) ?? new Set()).add(ms));
  }
  for (const [name, values] of scheduled) {
    const spec = oracle.delays[name];
    if (spec === undefined) problems.push(`delay ${name} is not in the table`);
    for (const ms of values) {
      if (spec !== undefined && ms !== spec)
        problems.push(`delay ${name} is ${ms} ms, the table says ${spec} ms`);
    }
  }
  for (const name of Object.keys(oracle.delays)) {
    if (!scheduled.has(name)) problems.push(`delay ${name} of the table is never scheduled`);
  }
  return problems;
}
