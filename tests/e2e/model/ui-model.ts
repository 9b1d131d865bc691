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
 * A path the UI cannot follow fails: a missing mapping, a request that never arrives, or an
 * assertion that does not hold. Running all generated paths in a browser would take hours (the
 * session alone has over a thousand), so `coveringPaths` picks a subset that still reaches every
 * state and every transition the full set reaches.
 */
import { STATUS_CODES } from 'node:http';
import { expect, test } from '@playwright/test';
import type { BrowserContext, Page, Request, Route } from '@playwright/test';
import type { AnyEventObject, AnyStateMachine, SnapshotFrom } from 'xstate';
import { ApiError } from '@/api/client';
import { activeNodes, delayOf, describeEvent, generatePaths, listStates, runPath } from '../../model/harness';
import type { MachineModel, ModelEvent, ModelPath } from '../../model/harness';

/** How long a held request may take to arrive before the step fails, in ms. */
const ARRIVAL_TIMEOUT = 10_000;

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
 * broke) with the contract's error body carrying its message.
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
  const message = error instanceof Error ? error.message : String(error);
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
   * @throws when none arrives within ARRIVAL_TIMEOUT ms (the UI did not start the actor)
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

  /** The oldest held request of `name`, still queued; waits up to ARRIVAL_TIMEOUT ms for one. */
  private async next(name: string): Promise<Route> {
    const deadline = Date.now() + ARRIVAL_TIMEOUT;
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
}

/** A path cut after its first `length` steps, named after the events it keeps. */
function prefixOf<M extends AnyStateMachine>(path: ModelPath<M>, length: number): ModelPath<M> {
  if (length >= path.steps.length) return path;
  return {
    ...path,
    name: path.name
      .split(' → ')
      .slice(0, length - 1)
      .join(' → '),
    steps: path.steps.slice(0, length),
  };
}

/**
 * A subset of the model's generated paths that reaches every state node and transition the whole
 * set reaches, picked greedily (the path adding the most not-yet-reached ones first, the shorter on
 * a tie), in the order picked.
 * @param followable how many steps of a path (from its start, `xstate.init` counted) the UI can
 *   follow, for what the UI cannot do that a snapshot alone does not tell (it depends on storage, or
 *   on the page an earlier step left the browser on), so the model's `filterEvents` cannot say it.
 *   The candidate is then that part of the path (none when it has no event left). Default: all.
 * @throws when a generated path fails on the model itself (tests/model reports why)
 */
export async function coveringPaths<M extends AnyStateMachine>(
  model: MachineModel<M>,
  followable: (path: ModelPath<M>) => number = (path) => path.steps.length,
): Promise<Array<ModelPath<M>>> {
  const followed = generatePaths(model).flatMap((path) => {
    const length = followable(path);
    return length > 1 ? [prefixOf(path, length)] : [];
  });
  const candidates = await Promise.all(
    followed.map(async (path) => {
      const run = await runPath(model, path);
      return {
        path,
        reaches: new Set([...run.states].map((id) => `state ${id}`).concat([...run.transitions])),
      };
    }),
  );
  const reached = new Set<string>();
  const picked: Array<ModelPath<M>> = [];
  for (;;) {
    let best: (typeof candidates)[number] | undefined;
    let bestGain = 0;
    for (const candidate of candidates) {
      const gain = [...candidate.reaches].filter((item) => !reached.has(item)).length;
      if (
        gain > bestGain ||
        (gain === bestGain && gain > 0 && best && candidate.path.steps.length < best.path.steps.length)
      ) {
        best = candidate;
        bestGain = gain;
      }
    }
    if (!best) return picked;
    picked.push(best.path);
    best.reaches.forEach((item) => reached.add(item));
  }
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

/** Runs one path in the browser: start, then for each step its gesture and the screen assertions. */
async function runUiPath<M extends AnyStateMachine>(
  ui: UiModel<M>,
  page: Page,
  context: BrowserContext,
  path: ModelPath<M>,
): Promise<void> {
  const run: UiRun<M> = { page, context, held: new HeldRequests(context), path, step: 0 };
  if (ui.clock !== undefined) await page.clock.install({ time: ui.clock });
  await ui.start(run);
  for (const [index, step] of path.steps.entries()) {
    run.step = index;
    await test.step(`${index}: ${describeEvent(step.event)}`, async () => {
      if (index > 0) await gestureFor(ui, step.event)(run, step.event);
      for (const id of atomicStateIds(step.state)) {
        const assertion = ui.states[id];
        if (!assertion) throw new Error(`${ui.model.machine.id}: the UI model has no assertion for #${id}`);
        await assertion(run, step.state);
      }
    });
  }
}

/**
 * Declares the UI model tests of one machine: one test that every atomic state has an assertion
 * and every event of the paths a gesture, then one test per path.
 */
export function describeUiModel<M extends AnyStateMachine>(ui: UiModel<M>, paths: Array<ModelPath<M>>): void {
  const { machine } = ui.model;
  test.describe(`${machine.id} through the UI`, () => {
    test('maps every state to an assertion and every event to a gesture', () => {
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
  });
}
