/**
 * Generated path tests for the statecharts of src/machines (issue 7 "Generated path tests for every
 * machine").
 *
 * A machine's model (tests/model/models/<machine id>.model.ts, built with `defineModel`) gives typed
 * example events per event type, the outputs and errors of every invoked actor, a serializer that
 * keeps only what matters for that machine, optional event filters, and the checks to run after each
 * step. From it:
 * - `generatePaths` walks the machine with `xstate/graph` (getAdjacencyMap + getShortestPaths) and
 *   returns one path per edge of the serialized graph: the shortest path to the edge's source, then
 *   the edge. Actor outcomes are `xstate.done.actor.<id>` / `xstate.error.actor.<id>` events, delays
 *   are `xstate.after.<DELAY>.<state id>` events. It refuses a model that yields more than
 *   MAX_PATHS_PER_TRANSITION paths per transition (issue 28 "Walk the charts, not the forms").
 * - `runPath` executes a path on a real actor: invoked actors are faked by promises the path settles
 *   (so guards see the fixture's real errors), delays fire on a SimulatedClock, side-effecting actions
 *   named by the model are replaced by no-ops. After each step it checks that the actor is where the
 *   model said, hands the step (snapshots, requested actions, emitted events, started actors) to the
 *   model's `check`, and records every state node and transition definition it went through.
 * - `listStates` / `listTransitions` enumerate what a machine defines, for the coverage check.
 */
import { isDeepStrictEqual } from 'node:util';
import { decodeJwt } from 'jose';
import {
  SimulatedClock,
  createActor,
  fromCallback,
  fromPromise,
  initialTransition,
  transition,
} from 'xstate';
import type {
  AnyEventObject,
  AnyMachineSnapshot,
  AnyStateMachine,
  AnyStateNode,
  AnyTransitionDefinition,
  EventFromLogic,
  InputFrom,
  InspectionEvent,
  OutputFrom,
  ProvidedActor,
  SnapshotFrom,
  StateMachine,
} from 'xstate';
import { getAdjacencyMap, getShortestPaths, getStateNodes } from 'xstate/graph';
import type { AdjacencyMap, TraversalOptions } from 'xstate/graph';
import { transitionId } from '@/machines/model-trace';

export { transitionId };

/** Event type prefix of an invoked actor's output. */
export const DONE_PREFIX = 'xstate.done.actor.';
/** Event type prefix of an invoked actor's error. */
export const ERROR_PREFIX = 'xstate.error.actor.';
/** Event type prefix of a delayed transition's timer. */
export const AFTER_PREFIX = 'xstate.after.';

/** The delay's name in an `xstate.after.<DELAY>.<state id>` event type (`TOKEN_REFRESH_INTERVAL`). */
export function delayName(eventType: string): string {
  return eventType.slice(AFTER_PREFIX.length).split('.')[0] ?? '';
}

/** `xstate.done.actor.<invoke id>`: the invoked actor finished with `output`. */
export type ActorDoneEvent = { type: `xstate.done.actor.${string}`; output: unknown };
/** `xstate.error.actor.<invoke id>`: the invoked actor failed with `error`. */
export type ActorErrorEvent = { type: `xstate.error.actor.${string}`; error: unknown };
/** `xstate.after.<DELAY>.<state id>`: a delayed transition's time has come. */
export type DelayEvent = { type: `xstate.after.${string}` };
/** The start of every path. */
export type InitEvent = { type: 'xstate.init' };

/** Every event a path step may carry for machine M. */
export type ModelEvent<M extends AnyStateMachine> =
  EventFromLogic<M> | ActorDoneEvent | ActorErrorEvent | DelayEvent | InitEvent;

type ActorsOf<M> =
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  M extends StateMachine<any, any, any, infer TActor, any, any, any, any, any, any, any, any, any, any>
    ? TActor
    : never;

/**
 * Example events for every event type the machine accepts, keyed by type. An empty list says the
 * type is never sent from outside (the machine raises it itself).
 */
export type EventFixtures<M extends AnyStateMachine> = {
  [K in EventFromLogic<M>['type']]: ReadonlyArray<Extract<EventFromLogic<M>, { type: K }>>;
};

/** How each invoked actor (by its src name) may end: outputs typed by the actor, errors as thrown. */
export type ActorOutcomes<M extends AnyStateMachine> = {
  [A in ActorsOf<M> as A extends ProvidedActor ? A['src'] : never]?: {
    done?: ReadonlyArray<A extends ProvidedActor ? OutputFrom<A['logic']> : never>;
    error?: readonly unknown[];
  };
};

/** An action the machine asked for during a step (built-in timer and child bookkeeping left out). */
export interface RequestedAction {
  type: string;
  params: unknown;
}

/** An actor the machine started during a step, with the input it was given. */
export interface StartedActor {
  src: string;
  id: string;
  input: unknown;
}

/** One executed step, as handed to a model's `check`. */
export interface ExecutedStep<M extends AnyStateMachine> {
  /** The input the path started from (undefined for machines without one). */
  input: InputFrom<M> | undefined;
  before: SnapshotFrom<M> | null;
  event: ModelEvent<M>;
  after: SnapshotFrom<M>;
  actions: RequestedAction[];
  emitted: AnyEventObject[];
  started: StartedActor[];
}

/** The model of one machine; see the module comment. */
export interface MachineModel<M extends AnyStateMachine> {
  machine: M;
  /**
   * For machines that take an input: the inputs to start from, by a short name that prefixes the
   * names of their paths. Each input is walked on its own (e.g. a form's create and edit modes).
   */
  inputs?: Readonly<Record<string, InputFrom<M>>>;
  /**
   * True when the inputs are only different starts of one chart walk (a range from the URL or a
   * default one): a state (as serialized) that several inputs reach is walked from the input that
   * reaches it in the fewest steps (the first of `inputs` on a tie); an input whose first state
   * another input walks still runs one path from it. The serializer must then keep what tells the
   * inputs apart where it matters.
   */
  shareStates?: boolean;
  events: EventFixtures<M>;
  outcomes: ActorOutcomes<M>;
  /** Actions with side effects outside the machine (storage, console), replaced by no-ops. */
  stubActions?: readonly string[];
  /** What distinguishes two snapshots for this machine (JSON-serializable). */
  serialize: (snapshot: SnapshotFrom<M>) => unknown;
  /** False drops an event in a snapshot; say why next to each rule. */
  filterEvents?: (snapshot: SnapshotFrom<M>, event: ModelEvent<M>) => boolean;
  /** Throws (expect) when a step did not do what the spec asks. */
  check: (step: ExecutedStep<M>) => void;
}

/** Identity helper that types a model against its machine. */
export function defineModel<M extends AnyStateMachine>(model: MachineModel<M>): MachineModel<M> {
  return model;
}

type AnyModel = MachineModel<AnyStateMachine>;
type AnyPath = ModelPath<AnyStateMachine>;

/**
 * One generated path: the input it starts from, the events in order, each with the snapshot the
 * model expects after it; the first step is `xstate.init` with the initial snapshot.
 */
export interface ModelPath<M extends AnyStateMachine> {
  name: string;
  input: InputFrom<M> | undefined;
  steps: Array<{ event: ModelEvent<M>; state: SnapshotFrom<M> }>;
}

/**
 * What a path execution went through: state node ids and transition ids (`transitionId`). Ids, not
 * objects, because `machine.provide` builds new state nodes.
 */
export interface PathRun {
  states: Set<string>;
  transitions: Set<string>;
  /** Every delay the machine scheduled, by the delay's name (`TOKEN_REFRESH_INTERVAL`), in ms. */
  delays: Map<string, number>;
  /** The transition ids each step took, in order, by step (the browser replays compare them). */
  steps: string[][];
}

/** The state nodes a snapshot is in, from the root down (parallel regions each contribute). */
export function activeNodes(snapshot: unknown): AnyStateNode[] {
  return (snapshot as { _nodes: AnyStateNode[] })._nodes;
}

/** Errors keep their class, message and fields, so two different errors never share a key. */
function serializeEvent(event: AnyEventObject): string {
  return JSON.stringify(event, (_key, value: unknown) =>
    value instanceof Error ? { ...value, class: value.name, message: value.message } : value,
  );
}

/**
 * An event field's value as a path name shows it: a JWT (the session's access-token fixtures) by the
 * claims that tell the fixtures apart, `JWT(sub 1, role 1)`, as its base64 reads as nothing; anything
 * else as JSON.
 */
function shownValue(value: unknown): string {
  if (typeof value === 'string' && value.split('.').length === 3) {
    try {
      const { sub, role } = decodeJwt(value);
      return `JWT(sub ${String(sub)}, role ${String(role)})`;
    } catch {
      // Not a JWT after all: shown as it is.
    }
  }
  return JSON.stringify(value);
}

/** A short readable name of an event for test titles and failure messages. */
export function describeEvent(event: AnyEventObject): string {
  if (event.type.startsWith(DONE_PREFIX)) {
    const output = JSON.stringify(event.output) ?? 'undefined';
    const shown = output.length > 40 ? `${output.slice(0, 39)}…` : output;
    return `done(${event.type.slice(DONE_PREFIX.length)}: ${shown})`;
  }
  if (event.type.startsWith(ERROR_PREFIX)) {
    const error: unknown = event.error;
    const detail =
      error instanceof Error
        ? `${error.name}${'status' in error && error.status !== null ? ` ${String(error.status)}` : ''}: ${error.message}`
        : String(error);
    return `error(${event.type.slice(ERROR_PREFIX.length)}: ${detail})`;
  }
  if (event.type.startsWith(AFTER_PREFIX)) return `after(${event.type.slice(AFTER_PREFIX.length)})`;
  const { type, ...fields } = event;
  const shown = Object.entries(fields).map(([key, value]) =>
    typeof value === 'object' && value !== null ? `${key}: {…}` : `${key}: ${shownValue(value)}`,
  );
  return shown.length === 0 ? type : `${type} {${shown.join(', ')}}`;
}

/**
 * The events a snapshot can take: the fixture events some active state handles (guards aside, so a
 * guard that says no is walked too), the done/error outcomes of the actors invoked by active states
 * that handle them, and the delays of active states.
 * @throws when an invoked actor's outcome is handled by the machine but has no fixture.
 */
function eventsFor(model: AnyModel, snapshot: AnyMachineSnapshot): AnyEventObject[] {
  const handled = new Set(activeNodes(snapshot).flatMap((node) => [...node.transitions.keys()]));
  const events: AnyEventObject[] = Object.values<ReadonlyArray<AnyEventObject>>(model.events)
    .flat()
    .filter((event) => handled.has(event.type));
  const outcomes = model.outcomes as Record<
    string,
    { done?: readonly unknown[]; error?: readonly unknown[] }
  >;
  for (const node of activeNodes(snapshot)) {
    for (const invoke of node.invoke) {
      const src = String(invoke.src);
      const doneType = `${DONE_PREFIX}${invoke.id}`;
      const errorType = `${ERROR_PREFIX}${invoke.id}`;
      if (node.transitions.has(doneType)) {
        const outputs = outcomes[src]?.done;
        if (!outputs?.length) throw new Error(`${model.machine.id}: no done outputs for actor '${src}'`);
        events.push(...outputs.map((output) => ({ type: doneType, output })));
      }
      if (node.transitions.has(errorType)) {
        const errors = outcomes[src]?.error;
        if (!errors?.length) throw new Error(`${model.machine.id}: no errors for actor '${src}'`);
        events.push(...errors.map((error) => ({ type: errorType, error })));
      }
    }
    for (const type of new Set(node.after.map((delayed) => delayed.eventType))) events.push({ type });
  }
  return events;
}

/**
 * Milliseconds of a delay named in an `xstate.after.<DELAY>.<state id>` event type.
 * @throws when the delay is not a fixed number of ms
 */
export function delayOf(machine: AnyStateMachine, eventType: string): number {
  const name = delayName(eventType);
  const configured: unknown = (machine.implementations.delays as Record<string, unknown>)[name];
  const ms = typeof configured === 'number' ? configured : Number(name);
  if (!Number.isFinite(ms)) throw new Error(`${machine.id}: delay '${name}' is not a fixed number of ms`);
  return ms;
}

/**
 * Timers started together fire shortest first, so a delay is offered only when no shorter delay of
 * another active state is pending: the other order cannot happen on a real clock.
 */
function delayIsNext(machine: AnyStateMachine, snapshot: unknown, event: AnyEventObject): boolean {
  if (!event.type.startsWith(AFTER_PREFIX)) return true;
  const own = delayOf(machine, event.type);
  return activeNodes(snapshot).every((node) =>
    node.after.every((delayed) => delayOf(machine, delayed.eventType) >= own),
  );
}

/** Traversal options shared by the adjacency map and the shortest paths. */
function traversalOptions(
  model: AnyModel,
  input: unknown,
): TraversalOptions<AnyMachineSnapshot, AnyEventObject, unknown> {
  return {
    input,
    events: (snapshot) => eventsFor(model, snapshot),
    serializeState: (snapshot) => JSON.stringify(model.serialize(snapshot)),
    serializeEvent,
    filterEvents: (snapshot, event) =>
      delayIsNext(model.machine, snapshot, event) && (model.filterEvents?.(snapshot, event) ?? true),
  };
}

/**
 * Every edge of the model's serialized graph as a path, for each of the model's inputs (with
 * `shareStates`, the edges of a state several inputs reach once): the shortest path to the edge's
 * source, then the edge. Paths that are a prefix of another path of the same input are dropped. The expected snapshots are computed again along each path with xstate's
 * pure `transition`, since the serializer merges snapshots that differ in what it leaves out.
 * Sorted by name (input name first).
 * @param budget false lifts MAX_PATHS_PER_TRANSITION, for a variant of a model that only picks
 *   covering paths from them (coveringRuns)
 * @throws when the model's paths exceed MAX_PATHS_PER_TRANSITION (see checkPathBudget)
 */
export function generatePaths<M extends AnyStateMachine>(
  typedModel: MachineModel<M>,
  { budget = true }: { budget?: boolean } = {},
): Array<ModelPath<M>> {
  const model = typedModel as unknown as AnyModel;
  const inputs: Array<[string, unknown]> = model.inputs ? Object.entries(model.inputs) : [['', undefined]];
  const graphs = inputs.map(([, input]) => inputGraph(model, input));
  const walkedFrom = model.shareStates ? sharedOwners(graphs) : null;
  const eventLists = graphs.map((graph, index) =>
    edgePaths(model, graph, (source) => walkedFrom?.get(source) ?? index, index),
  );
  if (budget) checkPathBudget(model, eventLists.flat().length);
  return inputs
    .flatMap(([name, input], index) => eventLists[index]!.map((events) => replay(model, name, input, events)))
    .sort((a, b) => a.name.localeCompare(b.name)) as unknown as Array<ModelPath<M>>;
}

/**
 * Most paths a model may generate per transition of its machine (issue 28). A serializer that keeps
 * the chart's state and the context its guards read, with event filters that keep the walk to the
 * chart, stays under it: the models measured 0.6 to 7.5 paths a transition when it was set, and the
 * walks that enumerated form contents 35 to 255 (login, 6,120 paths for 24 transitions).
 */
export const MAX_PATHS_PER_TRANSITION = 8;

/**
 * @throws when `count` paths exceed MAX_PATHS_PER_TRANSITION per transition of the model's machine,
 *   naming the machine and quoting its serializer
 */
function checkPathBudget(model: AnyModel, count: number): void {
  const transitions = Math.max(1, listTransitions(model.machine).length);
  if (count <= MAX_PATHS_PER_TRANSITION * transitions) return;
  const serializer = model.serialize.toString().replace(/\s+/g, ' ');
  throw new Error(
    `${model.machine.id}: ${count} paths for ${transitions} transitions, more than ${MAX_PATHS_PER_TRANSITION} a ` +
      `transition. Its serializer keeps more than the chart's state and the context its guards read, or its ` +
      `fixtures walk form contents (test those rules on their own): serialize = ${serializer.slice(0, 300)}`,
  );
}

/** The serialized graph walked from one input: its edges, and the shortest way to each state. */
interface InputGraph {
  adjacency: AdjacencyMap<AnyMachineSnapshot, AnyEventObject>;
  /** The events of the shortest path to each state, by serialized state. */
  shortest: Map<string, AnyEventObject[]>;
  /** The serialized state the input starts in. */
  start: string;
}

function inputGraph(model: AnyModel, input: unknown): InputGraph {
  const options = traversalOptions(model, input);
  const serialize = (snapshot: AnyMachineSnapshot) => JSON.stringify(model.serialize(snapshot));
  const shortest = new Map(
    getShortestPaths(model.machine, options).map((path) => [
      serialize(path.state),
      path.steps.slice(1).map((step) => step.event),
    ]),
  );
  const [initial] = initialTransition(model.machine, input);
  return { adjacency: getAdjacencyMap(model.machine, options), shortest, start: serialize(initial) };
}

/**
 * For `shareStates`: which input walks each state, by index: the one with the shortest path to it,
 * the first on a tie.
 */
function sharedOwners(graphs: InputGraph[]): Map<string, number> {
  const owners = new Map<string, number>();
  graphs.forEach(({ shortest }, index) => {
    for (const [state, head] of shortest) {
      const owner = owners.get(state);
      if (owner === undefined || head.length < graphs[owner]!.shortest.get(state)!.length) {
        owners.set(state, index);
      }
    }
  });
  return owners;
}

/**
 * The event lists of the edge paths from one input (see generatePaths): the edges out of the states
 * `walkedFrom` gives this input (`index`), and one out of the state it starts in when another input
 * walks that state.
 */
function edgePaths(
  model: AnyModel,
  { adjacency, shortest, start }: InputGraph,
  walkedFrom: (source: string) => number,
  index: number,
): AnyEventObject[][] {
  const eventLists = new Map<string, AnyEventObject[]>();
  for (const [source, { transitions }] of Object.entries(adjacency)) {
    const own = walkedFrom(source) === index;
    if (!own && source !== start) continue;
    const head = shortest.get(source);
    if (!head) throw new Error(`${model.machine.id}: no shortest path to ${source}`);
    const edges = Object.values<{ event: AnyEventObject }>(transitions);
    // A start another input walks is walked here by one edge: enough to run this input's start.
    for (const { event } of own ? edges : edges.slice(0, 1)) {
      const events = [...head, event];
      eventLists.set(events.map(serializeEvent).join('\n'), events);
    }
  }
  const keys = [...eventLists.keys()];
  return [...eventLists]
    .filter(([key]) => !keys.some((other) => other.startsWith(`${key}\n`)))
    .map(([, events]) => events);
}

function replay(model: AnyModel, inputName: string, input: unknown, events: AnyEventObject[]): AnyPath {
  let [snapshot] = initialTransition(model.machine, input);
  const steps: AnyPath['steps'] = [{ event: { type: 'xstate.init' }, state: snapshot }];
  for (const event of events) {
    [snapshot] = transition(model.machine, snapshot, event);
    steps.push({ event, state: snapshot });
  }
  const name = events.map(describeEvent).join(' → ');
  return { name: inputName === '' ? name : `[${inputName}] ${name}`, input, steps };
}

interface Deferred {
  resolve: (value: unknown) => void;
  reject: (reason: unknown) => void;
}

/** Lets settled promises reach the actor (fromPromise → parent's mailbox takes a few microtasks). */
async function settle(): Promise<void> {
  for (let i = 0; i < 10; i += 1) await Promise.resolve();
}

/** A `sendTo` target as a name: the id of the actor reference, or the id string it was given. */
function actorName(to: unknown): string | undefined {
  if (typeof to === 'string') return to;
  return (to as { id?: string } | undefined)?.id;
}

function builtinToRequested(
  type: string,
  params: Record<string, unknown> | undefined,
): RequestedAction | null {
  switch (type) {
    case 'xstate.raise':
      // Delayed raises are the timers of `after` transitions: the paths drive those themselves.
      return params?.delay === undefined ? { type, params: { event: params?.event } } : null;
    case 'xstate.sendTo':
      // The target is kept so that a model can tell a message sent to the wrong actor.
      return { type, params: { to: actorName(params?.to), event: params?.event } };
    case 'xstate.emit':
      return { type, params: { event: params?.event } };
    case 'xstate.spawnChild':
    case 'xstate.stopChild':
    case 'xstate.cancel':
      return null;
    default:
      return { type, params };
  }
}

/**
 * Executes a path (see the module comment) and returns the state nodes and transitions it went
 * through. Rejects with a message naming the step when the actor leaves the model's path, a fixture
 * cannot be delivered (no pending actor, no pending timer), or the model's check fails.
 */
export async function runPath<M extends AnyStateMachine>(
  typedModel: MachineModel<M>,
  typedPath: ModelPath<M>,
): Promise<PathRun> {
  const model = typedModel as unknown as AnyModel;
  const path = typedPath as unknown as AnyPath;
  const clock = new SimulatedClock();
  const pending = new Map<string, Deferred>();
  const timers = new Map<string, number>();
  const run: PathRun = { states: new Set(), transitions: new Set(), delays: new Map(), steps: [] };
  let taken: string[] = [];
  let started: StartedActor[] = [];
  let actions: RequestedAction[] = [];
  let emitted: AnyEventObject[] = [];

  const outcomes = model.outcomes as Record<string, unknown>;
  const actors = Object.fromEntries(
    Object.keys(model.machine.implementations.actors).map((src) => [
      src,
      src in outcomes
        ? fromPromise<unknown, unknown>(({ input, self }) => {
            started.push({ src, id: self.id, input });
            return new Promise((resolve, reject) => pending.set(self.id, { resolve, reject }));
          })
        : fromCallback<AnyEventObject, unknown>(({ input, self }) => {
            started.push({ src, id: self.id, input });
          }),
    ]),
  );
  const stubs = Object.fromEntries((model.stubActions ?? []).map((name: string) => [name, () => undefined]));
  const machine = model.machine.provide({ actors, actions: stubs });

  // The root is told apart by its session id, not by `actor`: the initial microsteps (eventless
  // transitions out of the initial state) are inspected while createActor is still running.
  const inspect = (event: InspectionEvent) => {
    if (event.actorRef.sessionId !== event.rootId) return;
    if (event.type === '@xstate.microstep') {
      for (const transition of (event as { _transitions: AnyTransitionDefinition[] })._transitions) {
        run.transitions.add(transitionId(transition));
        taken.push(transitionId(transition));
        // A transient initial state is never in a settled snapshot; it shows as a transition's source.
        run.states.add(transition.source.id);
      }
      for (const node of activeNodes(event.snapshot)) run.states.add(node.id);
    }
    if (event.type === '@xstate.action') {
      const { type, params } = event.action as { type: string; params?: Record<string, unknown> };
      if (type === 'xstate.raise' && typeof params?.delay === 'number') {
        const timerType = (params.event as AnyEventObject).type;
        timers.set(timerType, clock.now() + params.delay);
        run.delays.set(delayName(timerType), params.delay);
      }
      const requested = builtinToRequested(type, params);
      if (requested) actions.push(requested);
    }
  };
  const actor = createActor(machine, { clock, inspect, input: path.input });
  actor.on('*', (event: AnyEventObject) => emitted.push(event));

  let before: AnyMachineSnapshot | null = null;
  try {
    for (const [index, step] of path.steps.entries()) {
      started = [];
      actions = [];
      emitted = [];
      // The initial microsteps are taken inside createActor, before step 0 is delivered.
      if (index > 0) taken = [];
      run.steps.push(taken);
      const where = `${model.machine.id}, step ${index} (${describeEvent(step.event)})`;
      await deliver(step.event, where);
      const after = actor.getSnapshot() as AnyMachineSnapshot;
      for (const node of activeNodes(after)) run.states.add(node.id);
      if (!isDeepStrictEqual(after.value, step.state.value)) {
        throw new Error(
          `${where}: the actor is in ${JSON.stringify(after.value)}, the model expected ${JSON.stringify(step.state.value)}`,
        );
      }
      if (!isDeepStrictEqual(after.context, step.state.context)) {
        throw new Error(`${where}: the actor's context differs from the model's`);
      }
      try {
        model.check({ input: path.input, before, event: step.event, after, actions, emitted, started });
      } catch (error) {
        // Keeps the assertion error itself, so the runner still shows its expected/actual diff.
        if (error instanceof Error) error.message = `${where}: ${error.message}`;
        throw error;
      }
      before = after;
    }
  } finally {
    actor.stop();
  }
  return run;

  async function deliver(event: AnyEventObject, where: string): Promise<void> {
    if (event.type === 'xstate.init') {
      actor.start();
    } else if (event.type.startsWith(DONE_PREFIX) || event.type.startsWith(ERROR_PREFIX)) {
      const isDone = event.type.startsWith(DONE_PREFIX);
      const id = event.type.slice((isDone ? DONE_PREFIX : ERROR_PREFIX).length);
      const deferred = pending.get(id);
      if (!deferred) throw new Error(`${where}: no running actor '${id}' to settle`);
      pending.delete(id);
      if (isDone) deferred.resolve((event as ActorDoneEvent).output);
      else deferred.reject((event as ActorErrorEvent).error);
      await settle();
    } else if (event.type.startsWith(AFTER_PREFIX)) {
      const due = timers.get(event.type);
      if (due === undefined) throw new Error(`${where}: no pending timer`);
      timers.delete(event.type);
      // One millisecond early nothing may happen: the delay is the one the machine scheduled.
      const early = actor.getSnapshot();
      if (due - 1 >= clock.now()) {
        clock.set(due - 1);
        await settle();
        if (actor.getSnapshot() !== early) {
          throw new Error(`${where}: the machine moved 1 ms before the delay was due`);
        }
      }
      clock.set(due);
    } else {
      actor.send(event);
    }
  }
}

/** Every state node of the machine except the root. */
export function listStates(machine: AnyStateMachine): AnyStateNode[] {
  return getStateNodes(machine.root);
}

/** Every transition definition of the machine: events, actor outcomes, delays and eventless ones. */
export function listTransitions(machine: AnyStateMachine): AnyTransitionDefinition[] {
  return [machine.root, ...getStateNodes(machine.root)].flatMap((node) => [
    ...[...node.transitions.values()].flat(),
    ...(node.always ?? []),
  ]);
}

/** A readable name of a transition: source, event, guard and targets. */
export function describeTransition(transition: AnyTransitionDefinition): string {
  const guard = transition.guard as { type?: string } | string | undefined;
  const guardName =
    guard === undefined ? '' : ` [${typeof guard === 'string' ? guard : (guard.type ?? 'inline')}]`;
  const targets = transition.target?.map((node) => `#${node.id}`).join(', ') ?? '(no target)';
  return `#${transition.source.id} —${transition.eventType || 'always'}${guardName}→ ${targets}`;
}
