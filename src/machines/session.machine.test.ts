import { afterEach, describe, expect, it, vi } from 'vitest';
import { SimulatedClock, createActor, fromCallback, waitFor } from 'xstate';
import { fetchProfile, logout as logoutOnServer } from '@/api/auth';
import { httpFailure, networkFailure, tokensExpired } from '@test-support/api-errors';
import { aUser } from '@test-support/builders';
import { STORED_TOKENS, runLogoutDelays, startLoggedIn, startSession } from '@test-support/session';
import {
  LOGOUT_CLEAR_DELAY,
  LOGOUT_FAILED_MESSAGE,
  LOGOUT_REDIRECT_DELAY,
  OVERLAY_LINGER,
  isForgivableLogoutFailure,
  selectError,
  selectIsLoggingOut,
  selectOverlayVisible,
  selectStatus,
  selectUser,
  sessionMachine,
} from './session.machine';

vi.mock('@/api/auth', () => ({
  fetchProfile: vi.fn(),
  logout: vi.fn(),
  refreshTokens: vi.fn(),
  login: vi.fn(),
}));

const ADA = aUser();
const GRACE = aUser({ id: 2, first_name: 'Grace', last_name: 'Hopper' });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('sessionMachine: start (spec §4 "Start")', () => {
  it('loads the profile with the stored tokens and logs in', async () => {
    const session = startSession({ stored: STORED_TOKENS });
    const { actor } = session;
    expect(actor.getSnapshot().matches({ status: { loading: 'readingTokens' } })).toBe(true);
    expect(selectStatus(actor.getSnapshot())).toBe('loading');
    expect(actor.getSnapshot().context.loading).toBe(true);

    await waitFor(actor, (s) => s.matches({ status: { loading: 'loadingProfile' } }));
    expect(session.profileLoads.map((load) => load.input)).toEqual([
      { accessToken: 'access-1', refreshToken: 'refresh-1' },
    ]);
    expect(actor.getSnapshot().context).toMatchObject(STORED_TOKENS);

    session.profileLoads[0]?.answer.resolve(ADA);
    await waitFor(actor, (s) => s.matches({ status: { loggedIn: 'active' } }));
    const snapshot = actor.getSnapshot();
    expect(selectStatus(snapshot)).toBe('loggedIn');
    expect(selectUser(snapshot)).toEqual(ADA);
    expect(snapshot.context.loading).toBe(false);
    expect(session.clearStoredTokens).not.toHaveBeenCalled();
    expect(session.wakeLock.starts).toBe(1);
  });

  it('logs out and clears storage when a token is missing, without loading the profile', async () => {
    const session = startSession({ stored: { accessToken: 'access-1', refreshToken: null } });
    await waitFor(session.actor, (s) => s.matches({ status: { loggedOut: 'idle' } }));
    expect(selectStatus(session.actor.getSnapshot())).toBe('loggedOut');
    expect(session.profileLoads).toHaveLength(0);
    expect(session.clearStoredTokens).toHaveBeenCalledTimes(1);
    expect(session.actor.getSnapshot().context).toMatchObject({
      user: null,
      accessToken: null,
      refreshToken: null,
    });
  });

  it('logs out and clears storage when the profile load fails', async () => {
    const session = startSession({ stored: STORED_TOKENS });
    await waitFor(session.actor, (s) => s.matches({ status: { loading: 'loadingProfile' } }));
    const error = tokensExpired();
    session.profileLoads[0]?.answer.reject(error);
    await waitFor(session.actor, (s) => s.matches({ status: { loggedOut: 'idle' } }));
    expect(session.actor.getSnapshot().context).toMatchObject({
      user: null,
      accessToken: null,
      refreshToken: null,
    });
    expect(session.clearStoredTokens).toHaveBeenCalledTimes(1);
    expect(session.reportFailure).toHaveBeenCalledWith(expect.anything(), { during: 'profile load', error });
  });

  it('reads the real storage by default: the literal text undefined counts as missing', async () => {
    const items = new Map([
      ['access_token', 'undefined'],
      ['refresh_token', 'refresh-1'],
    ]);
    vi.stubGlobal('localStorage', {
      getItem: (key: string) => items.get(key) ?? null,
      removeItem: (key: string) => void items.delete(key),
    });
    const actor = createActor(
      sessionMachine.provide({
        actors: {
          crossTabSync: fromCallback(() => undefined),
          screenWakeLock: fromCallback(() => undefined),
        },
      }),
    ).start();
    await waitFor(actor, (s) => s.matches({ status: 'loggedOut' }));
    expect(items.size).toBe(0);
    expect(fetchProfile).not.toHaveBeenCalled();
    actor.stop();
  });

  it('loads the profile and calls the server logout through src/api by default', async () => {
    const items = new Map([
      ['access_token', 'access-1'],
      ['refresh_token', 'refresh-1'],
    ]);
    vi.stubGlobal('localStorage', {
      getItem: (key: string) => items.get(key) ?? null,
      removeItem: (key: string) => void items.delete(key),
    });
    vi.mocked(fetchProfile).mockResolvedValue(ADA);
    vi.mocked(logoutOnServer).mockResolvedValue({ message: 'Logged out' });
    const clock = new SimulatedClock();
    const actor = createActor(
      sessionMachine.provide({
        actors: {
          crossTabSync: fromCallback(() => undefined),
          screenWakeLock: fromCallback(() => undefined),
        },
      }),
      { clock },
    ).start();
    await waitFor(actor, (s) => s.matches({ status: 'loggedIn' }));
    expect(fetchProfile).toHaveBeenCalledWith('access-1', expect.any(AbortSignal));

    actor.send({ type: 'session.logout' });
    await waitFor(actor, (s) => s.matches({ status: 'loggedOut' }));
    expect(logoutOnServer).toHaveBeenCalledWith('access-1', expect.any(AbortSignal));
    clock.increment(LOGOUT_CLEAR_DELAY);
    expect(items.size).toBe(0);
    actor.stop();
  });
});

describe('sessionMachine: overlay (spec §4 "Session state")', () => {
  it('is visible while loading and for OVERLAY_LINGER ms after the state is known', async () => {
    const session = startSession({ stored: STORED_TOKENS });
    const { actor, clock } = session;
    expect(selectOverlayVisible(actor.getSnapshot())).toBe(true);
    await waitFor(actor, (s) => s.matches({ status: { loading: 'loadingProfile' } }));
    clock.increment(OVERLAY_LINGER * 4);
    expect(actor.getSnapshot().matches({ overlay: 'visible' })).toBe(true);

    session.profileLoads[0]?.answer.resolve(ADA);
    await waitFor(actor, (s) => s.matches({ overlay: 'lingering' }));
    expect(selectOverlayVisible(actor.getSnapshot())).toBe(true);
    clock.increment(OVERLAY_LINGER - 1);
    expect(selectOverlayVisible(actor.getSnapshot())).toBe(true);
    clock.increment(1);
    expect(actor.getSnapshot().matches({ overlay: 'hidden' })).toBe(true);
    expect(selectOverlayVisible(actor.getSnapshot())).toBe(false);
  });

  it('does not come back when the session later revalidates', async () => {
    const session = await startLoggedIn();
    session.clock.increment(OVERLAY_LINGER);
    session.actor.send({ type: 'session.signedOut' });
    session.actor.send({ type: 'sync.tokensStored', accessToken: 'a2', refreshToken: 'r2' });
    expect(session.actor.getSnapshot().matches({ status: { loggedOut: 'revalidating' } })).toBe(true);
    expect(selectOverlayVisible(session.actor.getSnapshot())).toBe(false);
  });
});

describe('sessionMachine: LOGIN (spec §4)', () => {
  it('sets user and tokens, clears error and the logging-out flag, and redirects when asked', async () => {
    const session = startSession();
    await waitFor(session.actor, (s) => s.matches({ status: 'loggedOut' }));
    session.actor.send({ type: 'session.errorSet', message: 'Earlier problem' });
    session.actor.send({
      type: 'session.login',
      user: ADA,
      ...STORED_TOKENS,
      redirectTo: '/dashboard/users',
    });
    const snapshot = session.actor.getSnapshot();
    expect(snapshot.matches({ status: { loggedIn: 'active' } })).toBe(true);
    expect(snapshot.context).toMatchObject({ user: ADA, ...STORED_TOKENS, error: null, isLoggingOut: false });
    expect(session.redirects).toEqual([{ type: 'ui.navigate', to: '/dashboard/users', replace: false }]);
  });

  it('does not redirect without a target', async () => {
    const session = startSession();
    await waitFor(session.actor, (s) => s.matches({ status: 'loggedOut' }));
    session.actor.send({ type: 'session.login', user: ADA, ...STORED_TOKENS });
    expect(selectStatus(session.actor.getSnapshot())).toBe('loggedIn');
    expect(session.redirects).toEqual([]);
  });

  it('interrupts a running logout sequence so it cannot clear the new tokens', async () => {
    const session = startSession();
    await waitFor(session.actor, (s) => s.matches({ status: 'loggedOut' }));
    session.clearStoredTokens.mockClear();
    session.actor.send({ type: 'session.logout', redirectTo: '/' });
    expect(session.actor.getSnapshot().matches({ logout: 'waitingToClearStorage' })).toBe(true);
    session.actor.send({ type: 'session.login', user: ADA, ...STORED_TOKENS });
    expect(session.actor.getSnapshot().matches({ logout: 'idle' })).toBe(true);
    expect(selectIsLoggingOut(session.actor.getSnapshot())).toBe(false);
    runLogoutDelays(session.clock);
    expect(session.clearStoredTokens).not.toHaveBeenCalled();
    expect(session.redirects).toEqual([]);
  });
});

describe('sessionMachine: logout sequence (spec §4, §8 "Logout")', () => {
  it('calls the server, sets LOGOUT, clears storage and broadcasts after 50 ms, redirects 100 ms later', async () => {
    const session = await startLoggedIn();
    const { actor, clock } = session;
    actor.send({ type: 'session.logout', redirectTo: '/' });
    expect(actor.getSnapshot().matches({ logout: 'notifyingServer' })).toBe(true);
    expect(selectIsLoggingOut(actor.getSnapshot())).toBe(true);
    expect(selectStatus(actor.getSnapshot())).toBe('loggedIn');
    expect(session.serverLogouts.map((call) => call.input.accessToken)).toEqual(['access-1']);

    session.serverLogouts[0]?.answer.resolve({ message: 'Logged out' });
    await waitFor(actor, (s) => s.matches({ logout: 'waitingToClearStorage' }));
    expect(actor.getSnapshot().matches({ status: { loggedOut: 'idle' } })).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ user: null, accessToken: null, refreshToken: null });
    expect(session.wakeLock.stops).toBe(1);

    clock.increment(LOGOUT_CLEAR_DELAY - 1);
    expect(session.clearStoredTokens).not.toHaveBeenCalled();
    expect(session.crossTabCommands).toEqual([]);
    clock.increment(1);
    expect(session.clearStoredTokens).toHaveBeenCalledTimes(1);
    expect(session.crossTabCommands).toEqual([{ type: 'sync.broadcastLogout' }]);
    expect(actor.getSnapshot().matches({ logout: 'waitingToRedirect' })).toBe(true);

    clock.increment(LOGOUT_REDIRECT_DELAY - 1);
    expect(selectIsLoggingOut(actor.getSnapshot())).toBe(true);
    expect(session.redirects).toEqual([]);
    clock.increment(1);
    expect(session.redirects).toEqual([{ type: 'ui.navigate', to: '/', replace: false }]);
    expect(actor.getSnapshot().matches({ logout: 'redirecting' })).toBe(true);
    expect(selectIsLoggingOut(actor.getSnapshot())).toBe(true);

    actor.send({ type: 'location.changed' });
    expect(selectIsLoggingOut(actor.getSnapshot())).toBe(false);
    expect(actor.getSnapshot().matches({ logout: 'idle' })).toBe(true);
  });

  it('ignores a second logout while one is running', async () => {
    const session = await startLoggedIn();
    session.actor.send({ type: 'session.logout', redirectTo: '/' });
    session.actor.send({ type: 'session.logout', redirectTo: '/elsewhere' });
    expect(session.serverLogouts).toHaveLength(1);
    session.serverLogouts[0]?.answer.resolve({ message: 'Logged out' });
    await waitFor(session.actor, (s) => s.matches({ logout: 'waitingToClearStorage' }));
    session.actor.send({ type: 'session.logout' });
    runLogoutDelays(session.clock);
    expect(session.redirects).toEqual([{ type: 'ui.navigate', to: '/', replace: false }]);
    expect(session.clearStoredTokens).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['422', httpFailure(422)],
    ['a network failure', networkFailure()],
  ])(
    'goes on with the local logout without an error when the server call fails with %s',
    async (_, error) => {
      const session = await startLoggedIn();
      session.actor.send({ type: 'session.logout', redirectTo: '/' });
      session.serverLogouts[0]?.answer.reject(error);
      await waitFor(session.actor, (s) => s.matches({ status: 'loggedOut' }));
      expect(selectError(session.actor.getSnapshot())).toBeNull();
      expect(session.reportFailure).toHaveBeenCalledWith(expect.anything(), {
        during: 'server logout',
        error,
      });
      runLogoutDelays(session.clock);
      expect(session.clearStoredTokens).toHaveBeenCalledTimes(1);
      expect(session.redirects).toEqual([{ type: 'ui.navigate', to: '/', replace: false }]);
      expect(session.toasts, 'nothing to report: the local logout is the whole logout').toEqual([]);
    },
  );

  it("sets 'Failed to logout.' on other failures and still completes the local logout", async () => {
    const session = await startLoggedIn();
    session.actor.send({ type: 'session.logout' });
    const error = httpFailure(500);
    session.serverLogouts[0]?.answer.reject(error);
    await waitFor(session.actor, (s) => s.matches({ status: 'loggedOut' }));
    expect(selectError(session.actor.getSnapshot())).toBe(LOGOUT_FAILED_MESSAGE);
    runLogoutDelays(session.clock);
    expect(session.clearStoredTokens).toHaveBeenCalledTimes(1);
    expect(selectIsLoggingOut(session.actor.getSnapshot())).toBe(false);
    expect(session.redirects).toEqual([]);
    expect(session.toasts, "the client's wording when the server sent no message").toEqual([
      {
        type: 'ui.toast',
        tone: 'error',
        message: 'Failed to logout.',
        detail: 'Request failed with status 500',
      },
    ]);
  });

  it("shows 'Failed to logout.' with the server's reason as an error toast (issue 15)", async () => {
    const session = await startLoggedIn();
    session.actor.send({ type: 'session.logout', redirectTo: '/' });
    const error = httpFailure(500, 'The session store is unavailable');
    session.serverLogouts[0]?.answer.reject(error);
    await waitFor(session.actor, (s) => s.matches({ status: 'loggedOut' }));
    expect(session.toasts).toEqual([
      {
        type: 'ui.toast',
        tone: 'error',
        message: 'Failed to logout.',
        detail: 'The session store is unavailable',
      },
    ]);
    runLogoutDelays(session.clock);
    expect(session.redirects, 'the local logout and its redirect still happen').toEqual([
      { type: 'ui.navigate', to: '/', replace: false },
    ]);
    session.actor.send({ type: 'location.changed' });
    expect(session.toasts, 'shown once, not again on the redirect').toHaveLength(1);
  });

  it('skips the server when no access token is held', async () => {
    const session = startSession();
    await waitFor(session.actor, (s) => s.matches({ status: 'loggedOut' }));
    session.clearStoredTokens.mockClear();
    session.actor.send({ type: 'session.logout', redirectTo: '/' });
    expect(session.serverLogouts).toHaveLength(0);
    expect(session.actor.getSnapshot().matches({ logout: 'waitingToClearStorage' })).toBe(true);
    expect(selectIsLoggingOut(session.actor.getSnapshot())).toBe(true);
    runLogoutDelays(session.clock);
    expect(session.clearStoredTokens).toHaveBeenCalledTimes(1);
    expect(session.redirects).toEqual([{ type: 'ui.navigate', to: '/', replace: false }]);
  });
});

describe('sessionMachine: separately settable fields (spec §4)', () => {
  it('sets the user and the error, and clears the error on every location change', async () => {
    const session = await startLoggedIn();
    session.actor.send({ type: 'session.userSet', user: GRACE });
    session.actor.send({ type: 'session.errorSet', message: 'Something broke' });
    expect(selectUser(session.actor.getSnapshot())).toEqual(GRACE);
    expect(selectError(session.actor.getSnapshot())).toBe('Something broke');
    session.actor.send({ type: 'location.changed' });
    expect(selectError(session.actor.getSnapshot())).toBeNull();
  });
});

describe('isForgivableLogoutFailure', () => {
  it('forgives 422 and network failures only', () => {
    expect(isForgivableLogoutFailure(httpFailure(422))).toBe(true);
    expect(isForgivableLogoutFailure(networkFailure())).toBe(true);
    expect(isForgivableLogoutFailure(tokensExpired())).toBe(false);
    expect(isForgivableLogoutFailure(new Error('x'))).toBe(false);
  });
});
