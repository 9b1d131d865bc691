/**
 * UI model tests (issue 7 "The same paths against the real UI"): the paths generated from a
 * machine's model (tests/model/harness.ts) run in Playwright against the real app.
 *
 * A `UiModel` says how the UI follows a path:
 * - `start` opens the screen where the machine runs (stored tokens, held routes, clock);
 * - `events` maps every event type a path can carry to a user gesture; a delay
 *   (`xstate.after.<DELAY>.<state id>`) runs Playwright's clock forward by the delay unless the model
 *   maps it otherwise;
 * - `states` maps every atomic state node (by id, e.g. `session.status.loggedIn.active`) to an
 *   assertion on what the screen shows; after each step, every active atomic node is asserted.
 *
 * After each step the replay also reads what the app's own actor did (issue 17): the `--mode e2e`
 * build records every machine actor's transitions in `window.__modelTrace`
 * (src/machines/model-trace.ts), and the step's transitions and the state reached must be the
 * model's. What the app's actor was observed taking is written to reports/model-browser/<machine
 * id>.json (the viewer of `npm run stately` draws it), so the browser's coverage is what the browser
 * did, not what Node computed.
 *
 * A path the UI cannot follow fails: a missing mapping, a request that never arrives, an app actor
 * that takes other transitions than the model, or an assertion that does not hold. Running all generated paths in a browser would take hours (the
 * session alone has over a thousand), so `coveringPaths` (tests/model/covering.ts, re-exported here)
 * picks a subset that still reaches every state and every transition the full set reaches.
 *
 * Issue 28: what a screen shows in each state is asserted by component tests beside the screens; the
 * one replay left is the landing page's carousel (carousel.ui.spec.ts), whose slides, pointer, focus,
 * page visibility and reduced-motion preference only a browser has.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { expect, test } from '../fixtures';
import type { BrowserContext, Page } from '@playwright/test';
import type { AnyEventObject, AnyStateMachine, SnapshotFrom } from 'xstate';
import type { ModelTraceEntry } from '@/machines/model-trace';
import {
  activeNodes,
  delayOf,
  describeEvent,
  listStates,
  listTransitions,
  runPath,
  transitionId,
} from '../../model/harness';
import type { MachineModel, ModelEvent, ModelPath } from '../../model/harness';

export { coveringPaths } from '../../model/covering';

/**
 * Playwright's clock starts here; `pauseClock` stops it a minute later, before the app loads. The
 * clock must not run by itself: every delay of a path waits for the step that says it has passed.
 */
export const CLOCK_INSTALLED_AT = Date.parse('2025-06-02T09:00:00Z');
const CLOCK_PAUSED_AT = CLOCK_INSTALLED_AT + 60_000;

/** Stops Playwright's clock (installed at CLOCK_INSTALLED_AT, which lets time flow); call before `goto`. */
export async function pauseClock(page: Page): Promise<void> {
  await page.clock.pauseAt(CLOCK_PAUSED_AT);
}

/**
 * Trace options for the UI model files: a failed test keeps its trace with the DOM snapshots of every
 * action, but without the screencast, which made these many short tests a third slower.
 */
export const LEAN_TRACE = {
  mode: 'retain-on-failure',
  screenshots: false,
  snapshots: true,
  sources: true,
} as const;

/** What a mapping works with while a path runs. */
export interface UiRun<M extends AnyStateMachine> {
  page: Page;
  context: BrowserContext;
  path: ModelPath<M>;
  /** The index of the step being delivered or asserted (0 is `xstate.init`). */
  step: number;
}

/** Delivers one event through the UI. */
export type UiGesture<M extends AnyStateMachine> = (run: UiRun<M>, event: ModelEvent<M>) => Promise<void>;
/** Asserts what the screen shows in one state; `snapshot` is the state the model expects. */
export type UiAssertion<M extends AnyStateMachine> = (
  run: UiRun<M>,
  snapshot: SnapshotFrom<M>,
) => Promise<void>;

/** How the real UI follows the paths of one machine; see the module comment. */
export interface UiModel<M extends AnyStateMachine> {
  model: MachineModel<M>;
  /** When set, Playwright's clock is installed at this time before `start`, and drives the delays. */
  clock?: Date | number | string;
  /** Opens the screen; may look ahead in `run.path` (e.g. to store what a read will find). */
  start: (run: UiRun<M>) => Promise<void>;
  /** Gestures by event type: the machine's events and delays. */
  events: Readonly<Record<string, UiGesture<M>>>;
  /** Screen assertions by atomic state node id. */
  states: Readonly<Record<string, UiAssertion<M>>>;
  /**
   * Event types the app delivers to itself at once, with no gesture to wait for (an actor that reads
   * storage synchronously settles before the replay can look): the app's actor is compared with the
   * model after the last of a run of such steps, on all the transitions of the run.
   */
  immediate?: readonly string[];
  /**
   * Event types the app also sends around a gesture that the model's path leaves out, each with why
   * in the UI model (a field's blur when a failed submit moves the focus): left out of the
   * comparison with the model's transitions, still recorded as observed.
   */
  incidental?: readonly string[];
}

function gestureFor<M extends AnyStateMachine>(ui: UiModel<M>, event: ModelEvent<M>): UiGesture<M> {
  const { type } = event as AnyEventObject;
  const gesture = ui.events[type];
  if (gesture) return gesture;
  if (type.startsWith('xstate.after.') && ui.clock !== undefined) {
    return async (run) => run.page.clock.runFor(delayOf(ui.model.machine, type));
  }
  throw new Error(`${ui.model.machine.id}: the UI model has no gesture for '${type}'`);
}

function atomicStateIds(snapshot: unknown): string[] {
  return activeNodes(snapshot)
    .filter((node) => node.type === 'atomic' || node.type === 'final')
    .map((node) => node.id);
}

/** The app actor's trace entries (model-trace.ts) of `ui`'s machine in the page, oldest first. */
async function traceOf<M extends AnyStateMachine>(ui: UiModel<M>, page: Page): Promise<ModelTraceEntry[]> {
  const entries = await page.evaluate(() => window.__modelTrace ?? null);
  if (entries === null) {
    throw new Error('the page records no model trace: the app was not built with `vite build --mode e2e`');
  }
  const { id } = ui.model.machine;
  return entries.filter((entry) => entry.machine === id);
}

/**
 * What the app's actor did since `from` entries of the trace: the transitions it took and the state
 * it is in now (from its newest actor, as a screen opened again starts a new one).
 */
function observedSince(entries: readonly ModelTraceEntry[], from: number) {
  const actor = entries.at(-1)?.actor;
  const mine = entries.slice(from).filter((entry) => entry.actor === actor);
  return {
    transitions: mine.flatMap((entry) => entry.transitions),
    value: entries.at(-1)?.value,
    states: mine.flatMap((entry) => entry.states),
  };
}

/** The event type of a transition id (`transitionId`), empty for an eventless transition. */
function eventOf(id: string): string {
  return id.split('|')[1] ?? '';
}

/**
 * `taken` (the app's transitions) without those on `ui`'s incidental event types that the model's
 * `expected` transitions do not account for, in order: equal to `expected` when the app took the
 * model's transitions plus incidental ones only.
 */
function withoutIncidental<M extends AnyStateMachine>(
  ui: UiModel<M>,
  taken: readonly string[],
  expected: readonly string[],
): string[] {
  const kept: string[] = [];
  for (const id of taken) {
    if (id === expected[kept.length] || !ui.incidental?.includes(eventOf(id))) kept.push(id);
  }
  return kept;
}

/** Whether a transition (`transitionId`) was taken on one of `ui`'s immediate event types. */
function isImmediate<M extends AnyStateMachine>(ui: UiModel<M>, id: string): boolean {
  return ui.immediate?.includes(eventOf(id)) ?? false;
}

/** What a browser replay observed of one path, as `recordReplay` writes it. */
interface ObservedReplay {
  name: string;
  status: 'passed' | 'failed';
  /** The path of its Playwright trace from the repository root, null when none is kept. */
  trace: string | null;
  observed: { states: string[]; transitions: string[] };
}

/** Where the browser replays of `machine` are recorded (the reviewer's viewer reads it; git-ignored). */
function replayFile(machine: string): string {
  return join('reports', 'model-browser', `${machine}.json`);
}

/**
 * Adds one path's replay to reports/model-browser/<machine id>.json, replacing an earlier one of the
 * same name (tests run one at a time, so read-then-write does not race).
 */
function recordReplay(machine: string, replay: ObservedReplay): void {
  const file = replayFile(machine);
  const recorded = existsSync(file)
    ? (JSON.parse(readFileSync(file, 'utf8')) as { paths: ObservedReplay[] }).paths
    : [];
  const paths = [...recorded.filter((other) => other.name !== replay.name), replay];
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify({ machine, paths }, null, 2)}\n`);
}

/**
 * Runs one path in the browser: start, then for each step its gesture, the check that the app's own
 * actor took the model's transitions to the model's state (model-trace.ts), and the screen
 * assertions. What the app's actor was observed doing is recorded (`recordReplay`), failed or not.
 */
async function runUiPath<M extends AnyStateMachine>(
  ui: UiModel<M>,
  page: Page,
  context: BrowserContext,
  path: ModelPath<M>,
): Promise<void> {
  const expected = await runPath(ui.model, path);
  const run: UiRun<M> = { page, context, path, step: 0 };
  const observed = { states: new Set<string>(), transitions: new Set<string>() };
  let status: ObservedReplay['status'] = 'failed';
  try {
    if (ui.clock !== undefined) await page.clock.install({ time: ui.clock });
    await ui.start(run);
    let cursor = 0;
    let unchecked: string[] = [];
    for (const [index, step] of path.steps.entries()) {
      run.step = index;
      await test.step(`${index}: ${describeEvent(step.event)}`, async () => {
        if (index > 0) await gestureFor(ui, step.event)(run, step.event);
        unchecked = [...unchecked, ...(expected.steps[index] ?? [])];
        const next = path.steps[index + 1]?.event as AnyEventObject | undefined;
        if (next === undefined || !ui.immediate?.includes(next.type)) {
          const expectedValue = (step.state as { value: unknown }).value;
          let seen = 0;
          await expect
            .poll(
              async () => {
                const entries = await traceOf(ui, page);
                seen = entries.length;
                const { value, transitions: taken } = observedSince(entries, cursor);
                const transitions = withoutIncidental(ui, taken, unchecked);
                // At a path's end the app may already have gone on by itself: what it took beyond the
                // path must be immediate steps only, and its state is then past the path's.
                const beyond = transitions.slice(unchecked.length);
                if (next === undefined && beyond.length > 0 && beyond.every((id) => isImmediate(ui, id))) {
                  return { transitions: transitions.slice(0, unchecked.length), value: expectedValue };
                }
                return { transitions, value };
              },
              {
                message: `step ${index}: the app's ${ui.model.machine.id} actor takes the model's transitions`,
              },
            )
            .toEqual({ transitions: unchecked, value: expectedValue });
          const now = observedSince((await traceOf(ui, page)).slice(0, seen), cursor);
          now.transitions.forEach((id) => observed.transitions.add(id));
          now.states.forEach((id) => observed.states.add(id));
          cursor = seen;
          unchecked = [];
        }
        for (const id of atomicStateIds(step.state)) {
          const assertion = ui.states[id];
          if (!assertion) throw new Error(`${ui.model.machine.id}: the UI model has no assertion for #${id}`);
          await assertion(run, step.state);
        }
      });
    }
    status = 'passed';
  } finally {
    const info = test.info();
    const traced = info.project.use.trace === 'on' || status === 'failed';
    recordReplay(ui.model.machine.id, {
      name: path.name,
      status,
      trace: traced ? relative(process.cwd(), info.outputPath('trace.zip')) : null,
      observed: { states: [...observed.states], transitions: [...observed.transitions] },
    });
  }
}

/**
 * Declares the UI model tests of one machine: one test that every atomic state has an assertion
 * and every event of the paths a gesture, one test per path, then one that the app was observed
 * taking every transition the paths take in the model (annotated with the browser's coverage of the
 * machine).
 */
export function describeUiModel<M extends AnyStateMachine>(ui: UiModel<M>, paths: Array<ModelPath<M>>): void {
  const { machine } = ui.model;
  test.describe(`${machine.id} through the UI`, () => {
    test('maps every state to an assertion and every event to a gesture', () => {
      // Declared first, so it runs first: the paths that follow record a new run from scratch.
      rmSync(replayFile(machine.id), { force: true });
      const atomic = listStates(machine)
        .filter((node) => node.type === 'atomic' || node.type === 'final')
        .map((node) => node.id);
      expect(
        atomic.filter((id) => !ui.states[id]),
        'states without an assertion',
      ).toEqual([]);
      const events = new Set(paths.flatMap((path) => path.steps.slice(1).map((step) => step.event)));
      const unmapped = [...events].filter((event) => {
        try {
          gestureFor(ui, event);
          return false;
        } catch {
          return true;
        }
      });
      expect(
        unmapped.map((event) => (event as AnyEventObject).type),
        'events without a gesture',
      ).toEqual([]);
    });

    for (const path of paths) {
      test(path.name, async ({ page, context }) => runUiPath(ui, page, context, path));
    }

    // Declared last, so it runs after every path: what the browser was seen doing.
    test('observed the app taking every transition its paths reach in the model', async () => {
      const file = replayFile(machine.id);
      const recorded = existsSync(file)
        ? (JSON.parse(readFileSync(file, 'utf8')) as { paths: ObservedReplay[] }).paths
        : [];
      const observed = new Set(recorded.flatMap((replay) => replay.observed.transitions));
      const reached = new Set<string>();
      for (const path of paths) (await runPath(ui.model, path)).transitions.forEach((id) => reached.add(id));
      const defined = listTransitions(machine).map(transitionId);
      test.info().annotations.push({
        type: 'browser coverage',
        description: `${defined.filter((id) => observed.has(id)).length} / ${defined.length} transitions observed; never in the browser: ${defined.filter((id) => !observed.has(id)).join(', ') || 'none'}`,
      });
      expect(
        [...reached].filter((id) => !observed.has(id)),
        'reached by the model, not seen in the app',
      ).toEqual([]);
    });
  });
}
