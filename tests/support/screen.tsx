/**
 * Component tests of the screens (issue 28: "what a screen shows for each state", Testing Library in
 * jsdom, the screen given an actor in that state). A test creates the screen's actor itself, from the
 * app's machine with fake actors (`machine.provide`), brings it to the state it is about, and renders
 * the screen: the screen's `useScreenActor` (src/routes/screen-actor.ts, replaced in the test file by
 * `screenActorWithGiven` of ./given-actors.ts) returns that actor instead of creating one, and every event the screen
 * sends it is recorded, so a gesture is checked by the event it sends.
 *
 * A test file using it starts with
 * `// @vitest-environment jsdom` and
 * `vi.mock('@/routes/screen-actor', async (original) => (await import('@test-support/given-actors')).screenActorWithGiven(await original()));`
 */
import { ChakraProvider } from '@chakra-ui/react';
import { act, cleanup, render } from '@testing-library/react';
import type { RenderResult } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { RouterProvider, createMemoryRouter, useLocation } from 'react-router-dom';
import { fromCallback, fromPromise } from 'xstate';
import type { AnyStateMachine, AnyStateNode } from 'xstate';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ProfileUser } from '@/api/schemas/auth';
import type { SessionTokens } from '@/machines/session-adapters';
import { sessionMachine } from '@/machines/session.machine';
import { SessionActorContext } from '@/routes/session';
import { UiEffectsProvider } from '@/routes/ui-effects';
import { appSystem } from '@/ui/system';
import { stopGivenActors } from './given-actors';

export { givenActor } from './given-actors';
export type { GivenActor } from './given-actors';

afterEach(() => {
  cleanup();
  stopGivenActors();
});

/** Shows the router's location (path and query) for tests of what a screen navigates to. */
function LocationProbe() {
  const { pathname, search } = useLocation();
  return <output data-testid="location">{`${pathname}${search}`}</output>;
}

/**
 * A session that stays in its start check (it never finds the stored tokens): no user, no call, no
 * timer, for screens that only read the session in passing.
 */
export const IDLE_SESSION = sessionMachine.provide({
  actors: {
    readStoredTokens: fromPromise(() => new Promise<SessionTokens>(() => undefined)),
    crossTabSync: fromCallback(() => undefined),
    screenWakeLock: fromCallback(() => undefined),
  },
});

/**
 * A session that signs `user` in at once, as after a reload with stored tokens: the screens that
 * read the signed-in user draw once it has settled (`settleSession`).
 */
export function signedInSession(user: ProfileUser): typeof IDLE_SESSION {
  return sessionMachine.provide({
    actors: {
      readStoredTokens: fromPromise<SessionTokens>(async () => ({
        accessToken: 'access-1',
        refreshToken: 'refresh-1',
      })),
      loadProfile: fromPromise(async () => user),
      crossTabSync: fromCallback(() => undefined),
      screenWakeLock: fromCallback(() => undefined),
    },
  });
}

/** Lets a rendered session's start check settle (its fake calls answer at once). */
export async function settleSession(): Promise<void> {
  await act(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));
}

/** What a screen is rendered with: the router's URL, and the session's logic. */
export interface ScreenOptions {
  /** The router's location (default '/'). */
  url?: string;
  /** The session's logic (default `IDLE_SESSION`). */
  session?: typeof IDLE_SESSION;
}

/** What the router renders: the root effect handler and the session, around the screen. */
function Inside({
  session = IDLE_SESSION,
  children,
}: {
  session?: typeof IDLE_SESSION;
  children: ReactNode;
}) {
  return (
    <UiEffectsProvider>
      <SessionActorContext.Provider logic={session}>
        {children}
        <LocationProbe />
      </SessionActorContext.Provider>
    </UiEffectsProvider>
  );
}

/**
 * Renders `screen` under the app's providers (`ScreenOptions`): the theme, a data router (as the app's,
 * so leave prompts can block) at `url` answering every path with the screen, the root effect handler
 * and the session. The router's location shows in the `location` test id.
 */
export function renderScreen(screen: ReactElement, { url = '/', session }: ScreenOptions = {}): RenderResult {
  const router = createMemoryRouter([{ path: '*', element: <Inside session={session}>{screen}</Inside> }], {
    initialEntries: [url],
  });
  return render(
    <ChakraProvider value={appSystem()}>
      <RouterProvider router={router} />
    </ChakraProvider>,
  );
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

/**
 * Gives every element a box of `width` × `height` px while the calling file's tests run: jsdom lays
 * nothing out, and a virtualised list (@tanstack/react-virtual reads its scroller's clientHeight)
 * renders no row in a box of 0 px.
 */
export function layOutElements({
  width = 1024,
  height = 800,
}: { width?: number; height?: number } = {}): void {
  const sizes = { clientWidth: width, clientHeight: height };
  // Defined on HTMLElement.prototype over Element's, so deleting them gives jsdom's back.
  beforeAll(() => {
    for (const [key, value] of Object.entries(sizes)) {
      Object.defineProperty(HTMLElement.prototype, key, { configurable: true, get: () => value });
    }
  });
  afterAll(() => {
    for (const key of Object.keys(sizes)) Reflect.deleteProperty(HTMLElement.prototype, key);
  });
}
