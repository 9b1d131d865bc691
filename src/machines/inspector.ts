/**
 * The Stately browser inspector, in development only (issue 7): with `?inspect` in the URL when the
 * app starts, every actor the app creates reports to it; `npm run dev`, then open
 * http://localhost:3000/?inspect and allow the inspector's pop-up window.
 *
 * Production bundles hold none of it: the condition starts with `import.meta.env.DEV`, which Vite
 * replaces with `false` in a build, so the branch and the dynamic import of `@statelyai/inspect` in it
 * are dropped (the `pages` bench checks the build).
 */
import type { InspectionEvent, Observer } from 'xstate';
import { createModelTrace } from './model-trace';

/** What an actor is created with when the inspector is on. */
export interface InspectionOptions {
  inspect?: Observer<InspectionEvent>;
}

/**
 * An inspection observer that loads the inspector package on creation, keeps the events of the
 * actors that start meanwhile, and hands them all over once the inspector is there.
 */
function createDeferredInspector(): Observer<InspectionEvent> {
  let inspector: Observer<InspectionEvent> | null = null;
  const early: InspectionEvent[] = [];
  void import('@statelyai/inspect').then(({ createBrowserInspector }) => {
    inspector = createBrowserInspector().inspect;
    for (const event of early.splice(0)) inspector.next?.(event);
  });
  return {
    next: (event) => {
      if (inspector) inspector.next?.(event);
      else early.push(event);
    },
  };
}

let inspect: Observer<InspectionEvent> | undefined;

/**
 * Starts the inspector when `search` (the URL's query when the app starts) has `inspect` in a
 * development build; called once by the browser entry. It is read at start because the app's own
 * navigation drops the query, while actors are created later, as their screens load. A build made
 * with `--mode e2e` records the model trace instead (model-trace.ts), for the browser replays.
 */
export function startInspectorIfAsked(search: string): void {
  if (import.meta.env.DEV && new URLSearchParams(search).has('inspect')) inspect = createDeferredInspector();
  else if (import.meta.env.MODE === 'e2e') inspect = createModelTrace();
}

/**
 * The options to create an actor with (`useActorRef`, `useMachine`, `createActor`, an actor
 * context's `options`): `options` as given, plus the inspector's `inspect` observer when it is on.
 * The inspector watches the actor's whole system, so the actors it invokes or spawns are included.
 */
export function withInspection<T extends object = object>(options?: T): T & InspectionOptions {
  return { ...(options as T), ...(inspect ? { inspect } : {}) };
}
