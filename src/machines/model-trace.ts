/**
 * What the app's statechart actors really did, for the browser replays of the model tests (issue 17
 * "Browser replay for every screen machine"): in a build made with `vite build --mode e2e` (what
 * `npm run test:e2e` serves), every machine actor the app creates appends its transitions and
 * snapshots to `window.__modelTrace`, and the replays compare them with the model's, step by step.
 *
 * Production bundles hold none of it: `inspector.ts` calls `createModelTrace` only under
 * `import.meta.env.MODE === 'e2e'`, which Vite replaces with `false` in any other build, so the
 * branch and this module are dropped.
 */
import type { AnyTransitionDefinition, InspectionEvent, Observer } from 'xstate';

/** One entry of `window.__modelTrace`. */
export interface ModelTraceEntry {
  /** The machine's id (`session`, `login`, ...). */
  machine: string;
  /** The actor's session id: a screen left and opened again is a new actor. */
  actor: string;
  /** The machine id of the actor's parent (`ordersPanel` for its period), null for a root actor. */
  parent: string | null;
  /**
   * `microstep`: the transitions one microstep took (`transitionId` each), and the snapshot after it;
   * `snapshot`: a settled snapshot after an event (the first one is the actor's initial state).
   */
  kind: 'microstep' | 'snapshot';
  transitions: string[];
  /** The snapshot's state value. */
  value: unknown;
  /** The ids of the state nodes the snapshot is in, from the root down. */
  states: string[];
}

declare global {
  interface Window {
    /** The trace of a `--mode e2e` build, oldest first; absent from other builds. */
    __modelTrace?: ModelTraceEntry[];
  }
}

/**
 * Names a transition the same way in the app and in the model tests (which run `provide`d copies of
 * the machines, with new transition objects): `<source state id>|<event type>|<position among the
 * source's transitions for that event>`, the event type empty for an eventless transition.
 */
export function transitionId(transition: AnyTransitionDefinition): string {
  const { source, eventType } = transition;
  const siblings = eventType ? (source.transitions.get(eventType) ?? []) : (source.always ?? []);
  return `${source.id}|${eventType}|${siblings.indexOf(transition)}`;
}

/** The id of the machine an actor runs, or null for other logic (promises, callbacks) or no actor. */
function machineId(actorRef: unknown): string | null {
  const logic = (actorRef as { logic?: { id?: unknown; root?: unknown } } | undefined)?.logic;
  return logic?.root !== undefined && typeof logic.id === 'string' ? logic.id : null;
}

/** What every entry says of the snapshot an inspection event carries. */
function snapshotFields(snapshot: unknown): Pick<ModelTraceEntry, 'value' | 'states'> {
  const { value, _nodes } = snapshot as { value?: unknown; _nodes?: Array<{ id: string }> };
  return { value, states: (_nodes ?? []).map((node) => node.id) };
}

/**
 * An inspection observer that appends every machine actor's microsteps and settled snapshots to
 * `target.__modelTrace` (created empty when absent).
 */
export function createModelTrace(target: Window = window): Observer<InspectionEvent> {
  const trace = (target.__modelTrace ??= []);
  return {
    next: (event) => {
      if (event.type !== '@xstate.microstep' && event.type !== '@xstate.snapshot') return;
      const machine = machineId(event.actorRef);
      if (machine === null) return;
      const taken =
        event.type === '@xstate.microstep'
          ? ((event as { _transitions?: AnyTransitionDefinition[] })._transitions ?? [])
          : [];
      trace.push({
        machine,
        actor: event.actorRef.sessionId,
        parent: machineId((event.actorRef as { _parent?: unknown })._parent),
        kind: event.type === '@xstate.microstep' ? 'microstep' : 'snapshot',
        transitions: taken.map(transitionId),
        ...snapshotFields(event.snapshot),
      });
    },
  };
}
