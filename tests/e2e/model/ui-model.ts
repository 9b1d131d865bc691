/**
 * UI model tests (issue 7 "The same paths against the real UI"): the paths generated from a
 * machine's model (tests/model/harness.ts) run in Playwright against the real app.
 *
 * A `UiModel` says how the UI follows a path:
 * - `start` opens the screen where the machine runs (stored tokens, held routes, clock);
 * - `events` maps every event type a path can carry to a user gesture or a forced server answer:
 *   an invoked actor's outcome (`xstate.done.actor.<id>` / `xstate.error.actor.<id>`) answers the
 *   request the actor made, held by `HeldRequests` until then; a delay (`xstate.after.<DELAY>.<state
 *   id>`) runs Playwright's clock forward by the delay unless the model maps it otherwise;
 *   cross-tab events act in a second page of the same browser context;
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
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { STATUS_CODES } from 'node:http';
import { dirname, join, relative } from 'node:path';
import { expect, test } from '../fixtures';
import { EXPECT_TIMEOUT } from '../timing';
import type { BrowserContext, Page, Request, Route } from '@playwright/test';
import type { AnyEventObject, AnyStateMachine, SnapshotFrom } from 'xstate';
import { ApiError } from '@/api/client';
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
 * An answer for a held request: a JSON body (with headers, e.g. Retry-After), or raw bytes with
 * their headers (a file), each with a status (default 200); or no answer at all.
 */
export type HeldAnswer =
  | { status?: number; json: unknown; headers?: Readonly<Record<string, string>> }
  | { status?: number; body: string | Buffer; headers: Readonly<Record<string, string>> }
  | 'network-failure';

/**
 * The answer that makes the app's client fail as a model's error fixture says: no answer for a
 * network failure; otherwise the fixture's status (500 for an error without one, as a server that
 * broke) with the contract's error body carrying the server's reason (an ApiError's `serverMessage`,
 * else the error's message), which the client then reads back as both.
 * @throws for ApiError kinds no answer can produce ('unauthorized' sends nothing,
 *   'unexpected-response' needs a body of the call's own shape)
 */
export function answerForError(error: unknown): HeldAnswer {
  if (error instanceof ApiError) {
    if (error.kind === 'network') return 'network-failure';
    if (error.kind === 'unauthorized' || error.kind === 'unexpected-response') {
      throw new Error(`an answer cannot make an ApiError of kind '${error.kind}'`);
    }
  }
  const status = error instanceof ApiError && error.status !== null ? error.status : 500;
  const message =
    error instanceof ApiError
      ? (error.serverMessage ?? error.message)
      : error instanceof Error
        ? error.message
        : String(error);
  return { status, json: { statusCode: status, error: STATUS_CODES[status] ?? 'Error', message } };
}

/**
 * Requests of the page (or of every page of a context) held at the browser's edge until a path step
 * answers them, so an invoked actor stays pending exactly as long as the path says. A held request
 * the page cancels (an actor stopped before its answer, e.g. a state re-entered) leaves the queue:
 * only requests the app still waits for are answered and counted.
 */
export class HeldRequests {
  private readonly queues = new Map<string, Route[]>();
  private readonly arrivals = new Map<string, number>();
  private readonly waiters = new Map<string, Array<() => void>>();

  constructor(private readonly target: Page | BrowserContext) {
    // A held request the page gave up on (an actor stopped and aborted it) is no longer pending:
    // counting or answering it would describe a call the app no longer waits for.
    target.on('requestfailed', (request) => {
      for (const queue of this.queues.values()) {
        const index = queue.findIndex((route) => route.request() === request);
        if (index >= 0) queue.splice(index, 1);
      }
    });
  }

  /**
   * Holds from now on every request matching `url` (a glob or RegExp, as `page.route`) and, when
   * given, `method`, under `name`. Other requests go on to the real server.
   */
  async hold(name: string, url: string | RegExp, method?: string): Promise<void> {
    await this.target.route(url, async (route) => {
      if (method !== undefined && route.request().method() !== method.toUpperCase()) {
        await route.fallback();
        return;
      }
      const queue = this.queues.get(name) ?? [];
      queue.push(route);
      this.queues.set(name, queue);
      this.arrivals.set(name, this.seen(name) + 1);
      for (const wake of this.waiters.get(name)?.splice(0) ?? []) wake();
    });
  }

  /**
   * Answers the oldest held request of `name`, waiting for it to arrive.
   * @throws when none arrives within EXPECT_TIMEOUT ms (the UI did not start the actor)
   */
  async answer(name: string, answer: HeldAnswer): Promise<void> {
    const route = this.take(name, await this.next(name));
    if (answer === 'network-failure') await route.abort('connectionrefused');
    else await route.fulfill({ ...answer, status: answer.status ?? 200 });
  }

  /** The oldest held request of `name`, left held; waits for it to arrive as `answer` does. */
  async peek(name: string): Promise<Request> {
    const route = await this.next(name);
    return route.request();
  }

  /** Sends the oldest held request of `name` on to the real server, waiting for it to arrive. */
  async pass(name: string): Promise<void> {
    await this.take(name, await this.next(name)).continue();
  }

  /** How many requests of `name` are held now (cancelled ones not counted). */
  count(name: string): number {
    return this.queues.get(name)?.length ?? 0;
  }

  /** How many requests of `name` arrived since `hold`, answered, passed, aborted or still held. */
  seen(name: string): number {
    return this.arrivals.get(name) ?? 0;
  }

  /** Takes `route` out of the queue of `name` before it is settled, and returns it. */
  private take(name: string, route: Route): Route {
    const queue = this.queues.get(name) ?? [];
    queue.splice(queue.indexOf(route), 1);
    return route;
  }

  /** The oldest held request of `name`, still queued; waits up to EXPECT_TIMEOUT ms for one. */
  private async next(name: string): Promise<Route> {
    const deadline = Date.now() + EXPECT_TIMEOUT;
    for (;;) {
      const route = this.queues.get(name)?.[0];
      if (route) return route;
      const remaining = deadline - Date.now();
      if (remaining <= 0) throw new Error(`no '${name}' request arrived: the UI did not make it`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, remaining);
        const waiters = this.waiters.get(name) ?? [];
        waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
        this.waiters.set(name, waiters);
      });
    }
  }
}

/** One animation frame of a stopped Playwright clock, in ms. */
export const FRAME = 16;

/**
 * Waits until `probe` gives `expected`, running one animation frame of the page's stopped clock
 * before each try: what the app runs on animation frames (a dialog closing, a toast making room)
 * never moves while the clock stands still.
 */
export async function expectWithFrames<T>(
  page: Page,
  probe: () => Promise<T>,
  expected: T,
  message: string,
): Promise<void> {
  await expect
    .poll(async () => {
      await page.clock.runFor(FRAME);
      return probe();
    }, message)
    .toEqual(expected);
}

/** Waits, frame by frame (`expectWithFrames`), for a toast that says `message`. */
export async function expectToast(page: Page, message: string): Promise<void> {
  const toast = page.getByRole('alert').filter({ hasText: message });
  await expectWithFrames(page, async () => (await toast.count()) > 0, true, `a toast says '${message}'`);
}

/** What a mapping works with while a path runs. */
export interface UiRun<M extends AnyStateMachine> {
  page: Page;
  context: BrowserContext;
  held: HeldRequests;
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
  /** Gestures by event type: the machine's events, `xstate.done.actor.<id>`, `xstate.error.actor.<id>`, delays. */
  events: Readonly<Record<string, UiGesture<M>>>;
  /** Screen assertions by atomic state node id. */
  states: Readonly<Record<string, UiAssertion<M>>>;
  /**
   * The machine id of the app actor's parent, when the page runs several actors of this machine
   * (both dashboard panels run a period): the replay follows the one under that parent.
   */
  parent?: string;
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
  return entries.filter(
    (entry) => entry.machine === id && (ui.parent === undefined || entry.parent === ui.parent),
  );
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
  const run: UiRun<M> = { page, context, held: new HeldRequests(context), path, step: 0 };
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
