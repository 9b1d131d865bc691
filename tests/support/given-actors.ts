/**
 * The actors a component test gives its screen (tests/support/screen.tsx): a registry by machine id
 * and the replacement of src/routes/screen-actor.ts that reads it. Its own module, importing nothing
 * of the app, because `vi.mock`'s factory loads it while the app's modules are still loading: a
 * module that imported src/routes/session.tsx here would wait for the mocked module it is building.
 */
import { createActor } from 'xstate';
import type { Actor, ActorOptions, AnyActorLogic, AnyEventObject } from 'xstate';
import type * as ScreenActorModule from '@/routes/screen-actor';

/** An actor given to the screen, with the events the screen sent it, oldest first. */
export interface GivenActor<TLogic extends AnyActorLogic> {
  actor: Actor<TLogic>;
  sent: AnyEventObject[];
}

/** The given actors by the id of their logic (the machine id the screen asks for). */
const given = new Map<string, GivenActor<AnyActorLogic>>();

/** The id `useScreenActor` is asked for: a machine's id (every screen actor is a machine). */
function idOf(logic: AnyActorLogic): string {
  const { id } = logic as { id?: unknown };
  if (typeof id !== 'string') throw new Error('a screen actor without a machine id');
  return id;
}

/**
 * Creates and starts an actor of `logic` (the screen's machine, usually with fake actors) and gives
 * it to the next screen that asks for a machine of that id. Returns it with the list of events sent
 * to it from outside (the screen's gestures; the machine's own and its children's events are not in
 * it).
 */
export function givenActor<TLogic extends AnyActorLogic>(
  logic: TLogic,
  options: ActorOptions<TLogic> = {},
): GivenActor<TLogic> {
  const sent: AnyEventObject[] = [];
  const actor: Actor<TLogic> = createActor(logic, {
    ...options,
    inspect: (inspection) => {
      if (
        inspection.type === '@xstate.event' &&
        inspection.actorRef === actor &&
        inspection.sourceRef === undefined &&
        !inspection.event.type.startsWith('xstate.')
      ) {
        sent.push(inspection.event);
      }
    },
  });
  actor.start();
  const entry = { actor, sent };
  given.set(idOf(logic), entry as GivenActor<AnyActorLogic>);
  return entry;
}

/**
 * The module src/routes/screen-actor.ts with `useScreenActor` returning the given actor of the
 * machine it is asked for (its effects still reach the root handler, as the real hook does).
 * @throws from the hook when no actor of that machine was given: a screen test names every actor
 *   its screen runs
 */
export function screenActorWithGiven(original: typeof ScreenActorModule): typeof ScreenActorModule {
  return {
    ...original,
    useScreenActor: ((logic: AnyActorLogic) => {
      const entry = given.get(idOf(logic));
      if (!entry) throw new Error(`the test gave no '${idOf(logic)}' actor (givenActor)`);
      original.useUiEffects(entry.actor);
      return entry.actor;
    }) as typeof original.useScreenActor,
  };
}

/** Stops every given actor and forgets them (after each test). */
export function stopGivenActors(): void {
  for (const { actor } of given.values()) actor.stop();
  given.clear();
}
