import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SimulatedClock, createActor, fromCallback, fromPromise, setup, waitFor } from 'xstate';
import type { AnyEventObject } from 'xstate';
import { fetchProfile, logout as logoutOnServer, refreshTokens } from '@/api/auth';
import { ApiError } from '@/api/client';
import type { ProfileUser } from '@/api/schemas/auth';
import {
  LOGOUT_CHANNEL,
  TOKEN_REFRESH_LOCK,
  crossTabSyncLogic,
  refreshSessionLogic,
  screenWakeLockLogic,
} from './session-adapters';
import type { CrossTabCommand, SessionTokens } from './session-adapters';
import {
  LOGOUT_CLEAR_DELAY,
  LOGOUT_FAILED_MESSAGE,
  LOGOUT_REDIRECT_DELAY,
  OVERLAY_LINGER,
  TOKEN_REFRESH_INTERVAL,
  isForgivableLogoutFailure,
  selectError,
  selectIsLoggingOut,
  selectOverlayVisible,
  selectServerReach,
  selectStatus,
  selectUser,
  sessionMachine,
} from './session.machine';
import type { SessionEmitted } from './session.machine';

vi.mock('@/api/auth', () => ({
  fetchProfile: vi.fn(),
  logout: vi.fn(),
  refreshTokens: vi.fn(),
  login: vi.fn(),
}));

const ADA: ProfileUser = {
  id: 1,
  user_type_id: 1,
  first_name: 'Ada',
  last_name: 'Lovelace',
  email: 'ada@example.com',
  avatar: null,
};
const GRACE: ProfileUser = { ...ADA, id: 2, first_name: 'Grace', last_name: 'Hopper' };
const TOKENS = { accessToken: 'access-1', refreshToken: 'refresh-1' };

interface Deferred<T> {
  promise: Promise<T>;
  resolve: (value: T) => void;
  reject: (reason: unknown) => void;
}

function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** Lets settled promises deliver their results to the actor. */
async function settle(): Promise<void> {
  for (let i = 0; i < 5; i += 1) await Promise.resolve();
}

/**
 * A session actor with every side effect faked. Each promise actor answers with the next deferred
 * the test queues (or a default), and records its input.
 */
function startSession(options: { stored?: SessionTokens } = {}) {
  const clock = new SimulatedClock();
  const profileLoads: Array<{ input: { accessToken: string }; answer: Deferred<ProfileUser> }> = [];
  const refreshes: Array<{ input: SessionTokens; answer: Deferred<SessionTokens> }> = [];
  const serverLogouts: Array<{ input: { accessToken: string }; answer: Deferred<unknown> }> = [];
  const crossTabCommands: CrossTabCommand[] = [];
  const wakeLock = { starts: 0, stops: 0 };
  const clearStoredTokens = vi.fn();
  const reportFailure = vi.fn();

  const machine = sessionMachine.provide({
    actors: {
      readStoredTokens: fromPromise(async () => options.stored ?? { accessToken: null, refreshToken: null }),
      loadProfile: fromPromise(({ input }: { input: { accessToken: string } }) => {
        const answer = deferred<ProfileUser>();
        profileLoads.push({ input, answer });
        return answer.promise;
      }),
      refreshSession: fromPromise(({ input }: { input: SessionTokens }) => {
        const answer = deferred<SessionTokens>();
        refreshes.push({ input, answer });
        return answer.promise;
      }),
      notifyServerOfLogout: fromPromise(({ input }: { input: { accessToken: string } }) => {
        const answer = deferred<unknown>();
        serverLogouts.push({ input, answer });
        return answer.promise;
      }),
      crossTabSync: fromCallback<CrossTabCommand>(({ receive }) => {
        receive((command) => crossTabCommands.push(command));
      }),
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
    profileLoads,
    refreshes,
    serverLogouts,
    crossTabCommands,
    wakeLock,
    clearStoredTokens,
    reportFailure,
    redirects,
    toasts,
  };
}

/** Lets both logout delays elapse, one after the other (the second timer starts when the first fires). */
function runLogoutDelays(clock: SimulatedClock): void {
  clock.increment(LOGOUT_CLEAR_DELAY);
  clock.increment(LOGOUT_REDIRECT_DELAY);
}

/** A session that went through the start check and is logged in as Ada with TOKENS. */
async function startLoggedIn() {
  const session = startSession({ stored: TOKENS });
  await waitFor(session.actor, (s) => s.matches({ status: { loading: 'loadingProfile' } }));
  session.profileLoads[0]?.answer.resolve(ADA);
  await waitFor(session.actor, (s) => s.matches({ status: 'loggedIn' }));
  return session;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('sessionMachine: start (spec §4 "Start")', () => {
  it('loads the profile with the stored tokens and logs in', async () => {
    const session = startSession({ stored: TOKENS });
    const { actor } = session;
    expect(actor.getSnapshot().matches({ status: { loading: 'readingTokens' } })).toBe(true);
    expect(selectStatus(actor.getSnapshot())).toBe('loading');
    expect(actor.getSnapshot().context.loading).toBe(true);

    await waitFor(actor, (s) => s.matches({ status: { loading: 'loadingProfile' } }));
    expect(session.profileLoads.map((load) => load.input)).toEqual([
      { accessToken: 'access-1', refreshToken: 'refresh-1' },
    ]);
    expect(actor.getSnapshot().context).toMatchObject(TOKENS);

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
    const session = startSession({ stored: TOKENS });
    await waitFor(session.actor, (s) => s.matches({ status: { loading: 'loadingProfile' } }));
    const error = new ApiError('Tokens expired', { kind: 'tokens-expired', status: 401 });
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
    const session = startSession({ stored: TOKENS });
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
    session.actor.send({ type: 'session.login', user: ADA, ...TOKENS, redirectTo: '/dashboard/users' });
    const snapshot = session.actor.getSnapshot();
    expect(snapshot.matches({ status: { loggedIn: 'active' } })).toBe(true);
    expect(snapshot.context).toMatchObject({ user: ADA, ...TOKENS, error: null, isLoggingOut: false });
    expect(session.redirects).toEqual([{ type: 'ui.navigate', to: '/dashboard/users', replace: false }]);
  });

  it('does not redirect without a target', async () => {
    const session = startSession();
    await waitFor(session.actor, (s) => s.matches({ status: 'loggedOut' }));
    session.actor.send({ type: 'session.login', user: ADA, ...TOKENS });
    expect(selectStatus(session.actor.getSnapshot())).toBe('loggedIn');
    expect(session.redirects).toEqual([]);
  });

  it('interrupts a running logout sequence so it cannot clear the new tokens', async () => {
    const session = startSession();
    await waitFor(session.actor, (s) => s.matches({ status: 'loggedOut' }));
    session.clearStoredTokens.mockClear();
    session.actor.send({ type: 'session.logout', redirectTo: '/' });
    expect(session.actor.getSnapshot().matches({ logout: 'waitingToClearStorage' })).toBe(true);
    session.actor.send({ type: 'session.login', user: ADA, ...TOKENS });
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
    ['422', new ApiError('Unprocessable', { kind: 'http', status: 422 })],
    ['a network failure', new ApiError('Could not reach the server', { kind: 'network' })],
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
    const error = new ApiError('Internal Server Error', { kind: 'http', status: 500 });
    session.serverLogouts[0]?.answer.reject(error);
    await waitFor(session.actor, (s) => s.matches({ status: 'loggedOut' }));
    expect(selectError(session.actor.getSnapshot())).toBe(LOGOUT_FAILED_MESSAGE);
    expect(LOGOUT_FAILED_MESSAGE).toBe('Failed to logout.');
    runLogoutDelays(session.clock);
    expect(session.clearStoredTokens).toHaveBeenCalledTimes(1);
    expect(selectIsLoggingOut(session.actor.getSnapshot())).toBe(false);
    expect(session.redirects).toEqual([]);
    expect(session.toasts, "the client's wording when the server sent no message").toEqual([
      { type: 'ui.toast', tone: 'error', message: 'Failed to logout: Internal Server Error' },
    ]);
  });

  it("shows 'Failed to logout.' with the server's reason as an error toast (issue 15)", async () => {
    const session = await startLoggedIn();
    session.actor.send({ type: 'session.logout', redirectTo: '/' });
    const error = new ApiError('Internal Server Error', {
      kind: 'http',
      status: 500,
      serverMessage: 'The session store is unavailable',
    });
    session.serverLogouts[0]?.answer.reject(error);
    await waitFor(session.actor, (s) => s.matches({ status: 'loggedOut' }));
    expect(session.toasts).toEqual([
      { type: 'ui.toast', tone: 'error', message: 'Failed to logout: The session store is unavailable' },
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

describe('sessionMachine: multi-tab sync (spec §4)', () => {
  it.each(['sync.tokensCleared', 'sync.logoutBroadcast'] as const)(
    'logs this tab out on %s without calling the server or touching storage',
    async (type) => {
      const session = await startLoggedIn();
      session.actor.send({ type });
      const snapshot = session.actor.getSnapshot();
      expect(snapshot.matches({ status: { loggedOut: 'idle' } })).toBe(true);
      expect(snapshot.context).toMatchObject({ user: null, accessToken: null, refreshToken: null });
      expect(session.serverLogouts).toHaveLength(0);
      expect(session.clearStoredTokens).not.toHaveBeenCalled();
      expect(session.crossTabCommands).toEqual([]);
    },
  );

  it('adopts new tokens stored by another tab and reloads the user', async () => {
    const session = await startLoggedIn();
    session.actor.send({ type: 'sync.tokensStored', accessToken: 'a2', refreshToken: 'r2' });
    expect(session.actor.getSnapshot().matches({ status: { loggedIn: 'revalidating' } })).toBe(true);
    expect(session.actor.getSnapshot().context).toMatchObject({
      accessToken: 'a2',
      refreshToken: 'r2',
      loading: true,
    });
    expect(selectStatus(session.actor.getSnapshot())).toBe('loggedIn');
    expect(session.profileLoads[1]?.input.accessToken).toBe('a2');
    session.profileLoads[1]?.answer.resolve(GRACE);
    await waitFor(session.actor, (s) => s.matches({ status: { loggedIn: 'active' } }));
    expect(session.actor.getSnapshot().context).toMatchObject({ user: GRACE, loading: false });
  });

  it('ignores a storage event that carries the tokens it already holds', async () => {
    const session = await startLoggedIn();
    session.actor.send({ type: 'sync.tokensStored', ...TOKENS });
    expect(session.actor.getSnapshot().matches({ status: { loggedIn: 'active' } })).toBe(true);
    expect(session.profileLoads).toHaveLength(1);
  });

  it('logs out when reloading the user with the adopted tokens fails', async () => {
    const session = await startLoggedIn();
    session.actor.send({ type: 'sync.tokensStored', accessToken: 'a2', refreshToken: 'r2' });
    session.profileLoads[1]?.answer.reject(
      new ApiError('Tokens expired', { kind: 'tokens-expired', status: 401 }),
    );
    await waitFor(session.actor, (s) => s.matches({ status: { loggedOut: 'idle' } }));
    expect(session.actor.getSnapshot().context).toMatchObject({ user: null, accessToken: null });
    expect(session.clearStoredTokens).toHaveBeenCalledTimes(1);
  });

  it('logs a logged-out tab in when another tab logs in', async () => {
    const session = startSession();
    await waitFor(session.actor, (s) => s.matches({ status: 'loggedOut' }));
    session.actor.send({ type: 'sync.tokensStored', ...TOKENS });
    expect(session.actor.getSnapshot().matches({ status: { loggedOut: 'revalidating' } })).toBe(true);
    expect(selectStatus(session.actor.getSnapshot())).toBe('loggedOut');
    session.profileLoads[0]?.answer.resolve(ADA);
    await waitFor(session.actor, (s) => s.matches({ status: { loggedIn: 'active' } }));
    expect(session.actor.getSnapshot().context).toMatchObject({ user: ADA, ...TOKENS, loading: false });
  });

  it('stays logged out when the other tab’s tokens do not load a user', async () => {
    const session = startSession();
    await waitFor(session.actor, (s) => s.matches({ status: 'loggedOut' }));
    session.clearStoredTokens.mockClear();
    session.actor.send({ type: 'sync.tokensStored', ...TOKENS });
    session.profileLoads[0]?.answer.reject(new Error('offline'));
    await waitFor(session.actor, (s) => s.matches({ status: { loggedOut: 'idle' } }));
    expect(session.actor.getSnapshot().context).toMatchObject({
      accessToken: null,
      refreshToken: null,
      loading: false,
    });
    expect(session.clearStoredTokens).toHaveBeenCalledTimes(1);
  });

  it.each(['sync.tokensCleared', 'sync.logoutBroadcast'] as const)(
    'abandons a logged-out revalidation on %s',
    async (type) => {
      const session = startSession();
      await waitFor(session.actor, (s) => s.matches({ status: 'loggedOut' }));
      session.actor.send({ type: 'sync.tokensStored', ...TOKENS });
      session.actor.send({ type });
      expect(session.actor.getSnapshot().matches({ status: { loggedOut: 'idle' } })).toBe(true);
      expect(session.actor.getSnapshot().context).toMatchObject({ accessToken: null, loading: false });
      session.profileLoads[0]?.answer.resolve(ADA);
      await settle();
      expect(selectStatus(session.actor.getSnapshot())).toBe('loggedOut');
    },
  );

  it('restarts the start-up profile load with tokens another tab stored meanwhile', async () => {
    const session = startSession({ stored: TOKENS });
    await waitFor(session.actor, (s) => s.matches({ status: { loading: 'loadingProfile' } }));
    session.actor.send({ type: 'sync.tokensStored', accessToken: 'a2', refreshToken: 'r2' });
    expect(session.profileLoads.map((load) => load.input.accessToken)).toEqual(['access-1', 'a2']);
    session.profileLoads[0]?.answer.resolve(ADA);
    session.profileLoads[1]?.answer.resolve(GRACE);
    await waitFor(session.actor, (s) => s.matches({ status: 'loggedIn' }));
    expect(session.actor.getSnapshot().context).toMatchObject({ user: GRACE, accessToken: 'a2' });
  });

  it.each(['sync.tokensCleared', 'sync.logoutBroadcast'] as const)(
    'logs out during the start-up load on %s',
    async (type) => {
      const session = startSession({ stored: TOKENS });
      await waitFor(session.actor, (s) => s.matches({ status: { loading: 'loadingProfile' } }));
      session.actor.send({ type });
      expect(session.actor.getSnapshot().matches({ status: { loggedOut: 'idle' } })).toBe(true);
      expect(session.actor.getSnapshot().context).toMatchObject({ accessToken: null, loading: false });
    },
  );
});

describe('sessionMachine: token refresh and wake lock while logged in (spec §4)', () => {
  it('refreshes every TOKEN_REFRESH_INTERVAL ms and adopts the new pair', async () => {
    const session = await startLoggedIn();
    const { actor, clock } = session;
    clock.increment(TOKEN_REFRESH_INTERVAL - 1);
    expect(session.refreshes).toHaveLength(0);
    clock.increment(1);
    expect(actor.getSnapshot().matches({ status: { loggedIn: 'refreshingTokens' } })).toBe(true);
    expect(session.refreshes[0]?.input).toEqual(TOKENS);

    session.refreshes[0]?.answer.resolve({ accessToken: 'a2', refreshToken: 'r2' });
    await waitFor(actor, (s) => s.matches({ status: { loggedIn: 'active' } }));
    expect(actor.getSnapshot().context).toMatchObject({ user: ADA, accessToken: 'a2', refreshToken: 'r2' });

    clock.increment(TOKEN_REFRESH_INTERVAL);
    expect(session.refreshes[1]?.input).toEqual({ accessToken: 'a2', refreshToken: 'r2' });
    expect(session.wakeLock).toEqual({ starts: 1, stops: 0 });
  });

  it('logs out when the refresh fails', async () => {
    const session = await startLoggedIn();
    session.clock.increment(TOKEN_REFRESH_INTERVAL);
    const error = new ApiError('Tokens expired', { kind: 'tokens-expired', status: 401 });
    session.refreshes[0]?.answer.reject(error);
    await waitFor(session.actor, (s) => s.matches({ status: { loggedOut: 'idle' } }));
    expect(session.actor.getSnapshot().context).toMatchObject({
      user: null,
      accessToken: null,
      refreshToken: null,
    });
    expect(session.clearStoredTokens).toHaveBeenCalledTimes(1);
    expect(session.reportFailure).toHaveBeenCalledWith(expect.anything(), { during: 'token refresh', error });
    expect(session.wakeLock).toEqual({ starts: 1, stops: 1 });
  });

  it('does not refresh while logged out', async () => {
    const session = startSession();
    await waitFor(session.actor, (s) => s.matches({ status: 'loggedOut' }));
    session.clock.increment(TOKEN_REFRESH_INTERVAL * 2);
    expect(session.refreshes).toHaveLength(0);
    expect(session.wakeLock.starts).toBe(0);
  });
});

describe('sessionMachine through server blips, with the real backoff chart (issue 27)', () => {
  it('keeps the stored tokens while the start check finds no server, and asks again after 1 s, then 2 s', async () => {
    const session = startSession({ stored: TOKENS });
    const { actor, clock, profileLoads } = session;
    await waitFor(actor, (s) => s.matches({ status: { loading: 'loadingProfile' } }));
    profileLoads[0]?.answer.reject(new ApiError('Internal Server Error', { kind: 'http', status: 500 }));
    await waitFor(actor, (s) => s.matches({ status: { loading: 'unreachable' } }));
    expect(selectServerReach(actor.getSnapshot())).toEqual({ kind: 'waiting', failures: 1, retryInMs: 1000 });

    clock.increment(999);
    expect(profileLoads).toHaveLength(1);
    clock.increment(1);
    expect(profileLoads).toHaveLength(2);
    expect(selectServerReach(actor.getSnapshot())).toEqual({ kind: 'retrying', failures: 1 });
    profileLoads[1]?.answer.reject(new ApiError('Could not reach the server', { kind: 'network' }));
    await waitFor(actor, (s) => s.matches({ status: { loading: 'unreachable' } }));
    clock.increment(1999);
    expect(profileLoads).toHaveLength(2);
    clock.increment(1);
    expect(profileLoads[2]?.input).toEqual(TOKENS);

    profileLoads[2]?.answer.resolve(ADA);
    await waitFor(actor, (s) => s.matches({ status: { loggedIn: 'active' } }));
    expect(selectServerReach(actor.getSnapshot())).toEqual({ kind: 'reachable' });
    expect(session.clearStoredTokens).not.toHaveBeenCalled();
  });

  it('tries a refresh again at once on Try now, and still logs out when the server then refuses it', async () => {
    const session = await startLoggedIn();
    const { actor, clock, refreshes } = session;
    clock.increment(TOKEN_REFRESH_INTERVAL);
    refreshes[0]?.answer.reject(new ApiError('Service Unavailable', { kind: 'http', status: 503 }));
    await waitFor(actor, (s) => s.matches({ status: { loggedIn: 'unreachable' } }));
    expect(selectUser(actor.getSnapshot())).toEqual(ADA);

    actor.send({ type: 'session.retryNow' });
    expect(refreshes[1]?.input).toEqual(TOKENS);
    refreshes[1]?.answer.reject(new ApiError('Tokens expired', { kind: 'tokens-expired', status: 401 }));
    await waitFor(actor, (s) => s.matches({ status: { loggedOut: 'idle' } }));
    expect(session.clearStoredTokens).toHaveBeenCalledTimes(1);
    // The stopped backoff does not start a third try.
    clock.increment(30_000);
    expect(refreshes).toHaveLength(2);
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

describe('refreshSessionLogic (default refresh actor)', () => {
  let items: Map<string, string>;
  let lockNames: string[];

  beforeEach(() => {
    items = new Map([
      ['access_token', 'access-1'],
      ['refresh_token', 'refresh-1'],
    ]);
    lockNames = [];
    vi.stubGlobal('localStorage', {
      getItem: (key: string) => items.get(key) ?? null,
      setItem: (key: string, value: string) => void items.set(key, value),
    });
    vi.stubGlobal('navigator', {
      locks: {
        request: (name: string, _options: unknown, callback: () => Promise<unknown>) => {
          lockNames.push(name);
          return callback();
        },
      },
    });
  });

  function runRefresh(input: SessionTokens): Promise<SessionTokens> {
    const actor = createActor(refreshSessionLogic, { input }).start();
    return waitFor(actor, (s) => s.status !== 'active').then((s) => {
      if (s.status === 'error') throw s.error;
      return s.output as SessionTokens;
    });
  }

  it('spends the refresh token under the Web Lock and stores the new pair', async () => {
    vi.mocked(refreshTokens).mockResolvedValue({ access_token: 'a2', refresh_token: 'r2' });
    await expect(runRefresh(TOKENS)).resolves.toEqual({ accessToken: 'a2', refreshToken: 'r2' });
    expect(lockNames).toEqual([TOKEN_REFRESH_LOCK]);
    expect(refreshTokens).toHaveBeenCalledWith('refresh-1', expect.any(AbortSignal));
    expect(Object.fromEntries(items)).toEqual({ access_token: 'a2', refresh_token: 'r2' });
  });

  it('adopts the pair another tab already stored instead of calling the server', async () => {
    items.set('access_token', 'a-other');
    items.set('refresh_token', 'r-other');
    await expect(runRefresh(TOKENS)).resolves.toEqual({ accessToken: 'a-other', refreshToken: 'r-other' });
    expect(refreshTokens).not.toHaveBeenCalled();
  });

  it('fails when the tokens were cleared meanwhile', async () => {
    items.clear();
    await expect(runRefresh(TOKENS)).rejects.toThrow('The session was ended in another tab');
    expect(refreshTokens).not.toHaveBeenCalled();
  });

  it('fails when the server refuses', async () => {
    const error = new ApiError('Tokens expired', { kind: 'tokens-expired', status: 401 });
    vi.mocked(refreshTokens).mockRejectedValue(error);
    await expect(runRefresh(TOKENS)).rejects.toBe(error);
    expect(items.get('refresh_token')).toBe('refresh-1');
  });

  it('works without the Web Locks API', async () => {
    vi.stubGlobal('navigator', {});
    vi.mocked(refreshTokens).mockResolvedValue({ access_token: 'a2', refresh_token: 'r2' });
    await expect(runRefresh(TOKENS)).resolves.toEqual({ accessToken: 'a2', refreshToken: 'r2' });
    expect(lockNames).toEqual([]);
  });
});

describe('crossTabSyncLogic (default cross-tab actor)', () => {
  class FakeChannel {
    static instances: FakeChannel[] = [];
    onmessage: ((message: MessageEvent<unknown>) => void) | null = null;
    posted: unknown[] = [];
    closed = false;
    constructor(readonly name: string) {
      FakeChannel.instances.push(this);
    }
    postMessage(data: unknown) {
      this.posted.push(data);
    }
    close() {
      this.closed = true;
    }
  }

  function setUp() {
    FakeChannel.instances = [];
    const items = new Map<string, string>();
    const listeners = new Set<(event: StorageEvent) => void>();
    vi.stubGlobal('localStorage', { getItem: (key: string) => items.get(key) ?? null });
    vi.stubGlobal('BroadcastChannel', FakeChannel);
    vi.stubGlobal('window', {
      addEventListener: (_type: string, listener: (event: StorageEvent) => void) => listeners.add(listener),
      removeEventListener: (_type: string, listener: (event: StorageEvent) => void) =>
        listeners.delete(listener),
    });
    // A parent that records what the sync actor sends back.
    const received: AnyEventObject[] = [];
    const parent = createActor(
      setup({ actors: { crossTabSync: crossTabSyncLogic } }).createMachine({
        invoke: { id: 'crossTabSync', src: 'crossTabSync' },
        on: { '*': { actions: ({ event }) => received.push(event) } },
      }),
    ).start();
    const storageEvent = (key: string | null, isTrusted = true) => {
      for (const listener of listeners) listener({ key, isTrusted } as StorageEvent);
    };
    return { items, listeners, received, parent, storageEvent };
  }

  it('reports tokens stored and cleared by other tabs, ignoring same-tab and unrelated events', () => {
    const { items, received, storageEvent } = setUp();
    items.set('access_token', 'a2');
    items.set('refresh_token', 'r2');
    storageEvent('access_token');
    storageEvent('access_token', false);
    storageEvent('shopProducts');
    items.clear();
    storageEvent(null);
    expect(received).toEqual([
      { type: 'sync.tokensStored', accessToken: 'a2', refreshToken: 'r2' },
      { type: 'sync.tokensCleared' },
    ]);
  });

  it("reports a 'logout' broadcast and broadcasts this tab's logout on logout_channel", () => {
    const { received, parent, listeners } = setUp();
    const channel = FakeChannel.instances[0];
    expect(channel?.name).toBe(LOGOUT_CHANNEL);
    channel?.onmessage?.({ data: 'something else' } as MessageEvent<unknown>);
    channel?.onmessage?.({ data: 'logout' } as MessageEvent<unknown>);
    expect(received).toEqual([{ type: 'sync.logoutBroadcast' }]);

    parent.getSnapshot().children.crossTabSync?.send({ type: 'sync.broadcastLogout' });
    expect(channel?.posted).toEqual(['logout']);

    parent.stop();
    expect(channel?.closed).toBe(true);
    expect(listeners.size).toBe(0);
  });
});

describe('screenWakeLockLogic (default wake-lock actor)', () => {
  function setUp(visibility: 'visible' | 'hidden') {
    const doc = {
      visibilityState: visibility,
      listeners: new Set<() => void>(),
      addEventListener: (_type: string, listener: () => void) => doc.listeners.add(listener),
      removeEventListener: (_type: string, listener: () => void) => doc.listeners.delete(listener),
    };
    const sentinels: Array<{ release: ReturnType<typeof vi.fn> }> = [];
    const request = vi.fn(async () => {
      const sentinel = { release: vi.fn(async () => undefined) };
      sentinels.push(sentinel);
      return sentinel;
    });
    vi.stubGlobal('document', doc);
    vi.stubGlobal('navigator', { wakeLock: { request } });
    const changeVisibility = (state: 'visible' | 'hidden') => {
      doc.visibilityState = state;
      for (const listener of doc.listeners) listener();
    };
    return { doc, request, sentinels, changeVisibility };
  }

  it('holds a screen lock while visible, releases it when hidden and on stop', async () => {
    const { doc, request, sentinels, changeVisibility } = setUp('visible');
    const actor = createActor(screenWakeLockLogic).start();
    await settle();
    expect(request).toHaveBeenCalledWith('screen');
    changeVisibility('hidden');
    expect(sentinels[0]?.release).toHaveBeenCalledTimes(1);
    changeVisibility('visible');
    await settle();
    expect(request).toHaveBeenCalledTimes(2);
    actor.stop();
    expect(sentinels[1]?.release).toHaveBeenCalledTimes(1);
    expect(doc.listeners.size).toBe(0);
  });

  it('does not request while hidden, and releases a lock granted after stop', async () => {
    const { request, sentinels, changeVisibility } = setUp('hidden');
    const actor = createActor(screenWakeLockLogic).start();
    expect(request).not.toHaveBeenCalled();
    changeVisibility('visible');
    actor.stop();
    await settle();
    expect(sentinels[0]?.release).toHaveBeenCalledTimes(1);
  });

  it('does nothing without the Wake Lock API', () => {
    vi.stubGlobal('navigator', {});
    const actor = createActor(screenWakeLockLogic).start();
    expect(actor.getSnapshot().status).toBe('active');
    actor.stop();
  });
});

describe('isForgivableLogoutFailure', () => {
  it('forgives 422 and network failures only', () => {
    expect(isForgivableLogoutFailure(new ApiError('x', { kind: 'http', status: 422 }))).toBe(true);
    expect(isForgivableLogoutFailure(new ApiError('x', { kind: 'network' }))).toBe(true);
    expect(isForgivableLogoutFailure(new ApiError('x', { kind: 'tokens-expired', status: 401 }))).toBe(false);
    expect(isForgivableLogoutFailure(new Error('x'))).toBe(false);
  });
});
