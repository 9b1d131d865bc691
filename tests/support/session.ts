/**
 * The session chart (`src/machines/session.machine.ts`) with every side effect faked, for the tests
 * of its behaviour (session.machine.test.ts, and session.machine.background.test.ts for what happens
 * while signed in: other tabs, the timed refresh, server blips).
 */
import { vi } from 'vitest';
import { SimulatedClock, createActor, fromCallback, fromPromise, waitFor } from 'xstate';
import type { ProfileUser } from '@/api/schemas/auth';
import type { CrossTabCommand, SessionTokens } from '@/machines/session-adapters';
import { LOGOUT_CLEAR_DELAY, LOGOUT_REDIRECT_DELAY, sessionMachine } from '@/machines/session.machine';
import type { SessionEmitted } from '@/machines/session.machine';
import { aUser } from './builders';
import { heldPromiseActor, recordingReceiver } from './fake-actors';

/** The tokens `startLoggedIn` signs in with (and a test may store before `startSession`). */
export const STORED_TOKENS = { accessToken: 'access-1', refreshToken: 'refresh-1' };

/**
 * A session actor (started, on a SimulatedClock) with every side effect faked: it reads `stored` as
 * the stored tokens; its profile loads, refreshes and server logouts are held calls the test answers
 * (`profileLoads[i].answer.resolve(user)`); it records cross-tab commands, wake-lock starts and
 * stops, the storage clearings, reported failures, and the navigations and toasts it emits.
 */
export function startSession(options: { stored?: SessionTokens } = {}) {
  const clock = new SimulatedClock();
  const profileLoads = heldPromiseActor<ProfileUser, { accessToken: string }>();
  const refreshes = heldPromiseActor<SessionTokens, SessionTokens>();
  const serverLogouts = heldPromiseActor<unknown, { accessToken: string }>();
  const crossTab = recordingReceiver<CrossTabCommand>();
  const wakeLock = { starts: 0, stops: 0 };
  const clearStoredTokens = vi.fn();
  const reportFailure = vi.fn();

  const machine = sessionMachine.provide({
    actors: {
      readStoredTokens: fromPromise(async () => options.stored ?? { accessToken: null, refreshToken: null }),
      loadProfile: profileLoads.logic,
      refreshSession: refreshes.logic,
      notifyServerOfLogout: serverLogouts.logic,
      crossTabSync: crossTab.logic,
      screenWakeLock: fromCallback(() => {
        wakeLock.starts += 1;
        return () => {
          wakeLock.stops += 1;
        };
      }),
    },
    actions: { clearStoredTokens, reportFailure },
  });
  const actor = createActor(machine, { clock });
  const redirects: SessionEmitted[] = [];
  const toasts: SessionEmitted[] = [];
  actor.on('ui.navigate', (event) => redirects.push(event));
  actor.on('ui.toast', (event) => toasts.push(event));
  actor.start();
  return {
    actor,
    clock,
    profileLoads: profileLoads.calls,
    refreshes: refreshes.calls,
    serverLogouts: serverLogouts.calls,
    crossTabCommands: crossTab.received,
    wakeLock,
    clearStoredTokens,
    reportFailure,
    redirects,
    toasts,
  };
}

/** Lets both logout delays elapse, one after the other (the second timer starts when the first fires). */
export function runLogoutDelays(clock: SimulatedClock): void {
  clock.increment(LOGOUT_CLEAR_DELAY);
  clock.increment(LOGOUT_REDIRECT_DELAY);
}

/** A `startSession` that went through the start check and is logged in as `aUser()` with STORED_TOKENS. */
export async function startLoggedIn() {
  const session = startSession({ stored: STORED_TOKENS });
  await waitFor(session.actor, (s) => s.matches({ status: { loading: 'loadingProfile' } }));
  session.profileLoads[0]?.answer.resolve(aUser());
  await waitFor(session.actor, (s) => s.matches({ status: 'loggedIn' }));
  return session;
}
