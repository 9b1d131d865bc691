/**
 * Component tests of the screens (issue 28: "what a screen shows for each state", Testing Library in
 * jsdom, the screen given an actor in that state). A test creates the screen's actor itself, from the
 * app's machine with fake actors (`machine.provide`), brings it to the state it is about, and renders
 * the screen: the screen's `useScreenActor` (src/routes/screen-actor.ts, replaced in the test file by
 * `screenActorWithGiven`) returns that actor instead of creating one, and every event the screen
 * sends it is recorded, so a gesture is checked by the event it sends.
 *
 * A test file using it starts with
 * `// @vitest-environment jsdom` and
 * `vi.mock('@/routes/screen-actor', async (original) => (await import('@test-support/screen')).screenActorWithGiven(await original()));`
 */
import { ChakraProvider } from '@chakra-ui/react';
import { cleanup, render } from '@testing-library/react';
import type { RenderResult } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { createActor } from 'xstate';
import type {
  Actor,
  ActorOptions,
  AnyActorLogic,
  AnyEventObject,
  AnyStateMachine,
  AnyStateNode,
} from 'xstate';
import { afterEach, describe, expect, it } from 'vitest';
import type * as ScreenActorModule from '@/routes/screen-actor';
import { UiEffectsProvider } from '@/routes/ui-effects';
import { system } from '@/ui/system';

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

afterEach(() => {
  cleanup();
  for (const { actor } of given.values()) actor.stop();
  given.clear();
});

/** Shows the router's location (path and query) for tests of what a screen navigates to. */
function LocationProbe() {
  const { pathname, search } = useLocation();
  return <output data-testid="location">{`${pathname}${search}`}</output>;
}

/** The providers every screen runs under: the theme, a router at `url`, the root effect handler. */
function Providers({ url, children }: { url: string; children: ReactNode }) {
  return (
    <ChakraProvider value={system}>
      <MemoryRouter initialEntries={[url]}>
        <UiEffectsProvider>
          {children}
          <LocationProbe />
        </UiEffectsProvider>
      </MemoryRouter>
    </ChakraProvider>
  );
}

/**
 * Renders `screen` under the app's providers with the router at `url` (default '/'); the router's
 * location shows in the `location` test id.
 */
export function renderScreen(screen: ReactElement, { url = '/' }: { url?: string } = {}): RenderResult {
  return render(<Providers url={url}>{screen}</Providers>);
}

/** Ids of the atomic and final state nodes of `machine`, the states a screen is drawn in. */
export function atomicStateIds(machine: AnyStateMachine): string[] {
  const ids: string[] = [];
  const visit = (node: AnyStateNode) => {
    if (node.type === 'atomic' || node.type === 'final') ids.push(node.id);
    Object.values(node.states).forEach(visit);
  };
  visit(machine.root);
  return ids.sort();
}

/**
 * A state's test: renders the screen in that state and asserts what it shows; or, for a state no
 * screen can show, why (a transient state the machine leaves at once), which declares no test.
 */
export type StateCase = (() => Promise<void>) | { unseen: string };

/**
 * Declares `<machine id> screen states`: one test per atomic state of `machine` (`shows #<id>`), and
 * one that `cases` names every atomic state of the machine and nothing else, so a state the machine
 * gains needs a test here.
 */
export function describeScreenStates(
  machine: AnyStateMachine,
  cases: Readonly<Record<string, StateCase>>,
): void {
  describe(`${machine.id} screen states`, () => {
    it('has a case for every state of the machine', () => {
      expect(Object.keys(cases).sort()).toEqual(atomicStateIds(machine));
    });
    for (const [id, test] of Object.entries(cases)) {
      if (typeof test === 'function') it(`shows #${id}`, test);
    }
  });
}
