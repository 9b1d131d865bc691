/**
 * The session chart while signed in, without the user acting (spec §4, issue 27): sessions stored or
 * ended by other tabs, the timed token refresh with the screen wake lock, and server blips with the
 * real backoff chart. Sign-in, start-up and logout are in session.machine.test.ts.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { waitFor } from 'xstate';
import { httpFailure, networkFailure, tokensExpired } from '@test-support/api-errors';
import { aUser } from '@test-support/builders';
import { settle } from '@test-support/deferred';
import { STORED_TOKENS, startLoggedIn, startSession } from '@test-support/session';
import { TOKEN_REFRESH_INTERVAL, selectServerReach, selectStatus, selectUser } from './session.machine';

vi.mock('@/api/auth', () => ({
  fetchProfile: vi.fn(),
  logout: vi.fn(),
  refreshTokens: vi.fn(),
  login: vi.fn(),
}));

const ADA = aUser();
const GRACE = aUser({ id: 2, first_name: 'Grace', last_name: 'Hopper' });

afterEach(() => {
  vi.clearAllMocks();
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
    session.actor.send({ type: 'sync.tokensStored', ...STORED_TOKENS });
    expect(session.actor.getSnapshot().matches({ status: { loggedIn: 'active' } })).toBe(true);
    expect(session.profileLoads).toHaveLength(1);
  });

  it('logs out when reloading the user with the adopted tokens fails', async () => {
    const session = await startLoggedIn();
    session.actor.send({ type: 'sync.tokensStored', accessToken: 'a2', refreshToken: 'r2' });
    session.profileLoads[1]?.answer.reject(tokensExpired());
    await waitFor(session.actor, (s) => s.matches({ status: { loggedOut: 'idle' } }));
    expect(session.actor.getSnapshot().context).toMatchObject({ user: null, accessToken: null });
    expect(session.clearStoredTokens).toHaveBeenCalledTimes(1);
  });

  it('logs a logged-out tab in when another tab logs in', async () => {
    const session = startSession();
    await waitFor(session.actor, (s) => s.matches({ status: 'loggedOut' }));
    session.actor.send({ type: 'sync.tokensStored', ...STORED_TOKENS });
    expect(session.actor.getSnapshot().matches({ status: { loggedOut: 'revalidating' } })).toBe(true);
    expect(selectStatus(session.actor.getSnapshot())).toBe('loggedOut');
    session.profileLoads[0]?.answer.resolve(ADA);
    await waitFor(session.actor, (s) => s.matches({ status: { loggedIn: 'active' } }));
    expect(session.actor.getSnapshot().context).toMatchObject({
      user: ADA,
      ...STORED_TOKENS,
      loading: false,
    });
  });

  it('stays logged out when the other tab’s tokens do not load a user', async () => {
    const session = startSession();
    await waitFor(session.actor, (s) => s.matches({ status: 'loggedOut' }));
    session.clearStoredTokens.mockClear();
    session.actor.send({ type: 'sync.tokensStored', ...STORED_TOKENS });
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
      session.actor.send({ type: 'sync.tokensStored', ...STORED_TOKENS });
      session.actor.send({ type });
      expect(session.actor.getSnapshot().matches({ status: { loggedOut: 'idle' } })).toBe(true);
      expect(session.actor.getSnapshot().context).toMatchObject({ accessToken: null, loading: false });
      session.profileLoads[0]?.answer.resolve(ADA);
      await settle();
      expect(selectStatus(session.actor.getSnapshot())).toBe('loggedOut');
    },
  );

  it('restarts the start-up profile load with tokens another tab stored meanwhile', async () => {
    const session = startSession({ stored: STORED_TOKENS });
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
      const session = startSession({ stored: STORED_TOKENS });
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
    expect(session.refreshes[0]?.input).toEqual(STORED_TOKENS);

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
    const error = tokensExpired();
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
    const session = startSession({ stored: STORED_TOKENS });
    const { actor, clock, profileLoads } = session;
    await waitFor(actor, (s) => s.matches({ status: { loading: 'loadingProfile' } }));
    profileLoads[0]?.answer.reject(httpFailure(500));
    await waitFor(actor, (s) => s.matches({ status: { loading: 'unreachable' } }));
    expect(selectServerReach(actor.getSnapshot())).toEqual({ kind: 'waiting', failures: 1, retryInMs: 1000 });

    clock.increment(999);
    expect(profileLoads).toHaveLength(1);
    clock.increment(1);
    expect(profileLoads).toHaveLength(2);
    expect(selectServerReach(actor.getSnapshot())).toEqual({ kind: 'retrying', failures: 1 });
    profileLoads[1]?.answer.reject(networkFailure());
    await waitFor(actor, (s) => s.matches({ status: { loading: 'unreachable' } }));
    clock.increment(1999);
    expect(profileLoads).toHaveLength(2);
    clock.increment(1);
    expect(profileLoads[2]?.input).toEqual(STORED_TOKENS);

    profileLoads[2]?.answer.resolve(ADA);
    await waitFor(actor, (s) => s.matches({ status: { loggedIn: 'active' } }));
    expect(selectServerReach(actor.getSnapshot())).toEqual({ kind: 'reachable' });
    expect(session.clearStoredTokens).not.toHaveBeenCalled();
  });

  it('tries a refresh again at once on Try now, and still logs out when the server then refuses it', async () => {
    const session = await startLoggedIn();
    const { actor, clock, refreshes } = session;
    clock.increment(TOKEN_REFRESH_INTERVAL);
    refreshes[0]?.answer.reject(httpFailure(503));
    await waitFor(actor, (s) => s.matches({ status: { loggedIn: 'unreachable' } }));
    expect(selectUser(actor.getSnapshot())).toEqual(ADA);

    actor.send({ type: 'session.retryNow' });
    expect(refreshes[1]?.input).toEqual(STORED_TOKENS);
    refreshes[1]?.answer.reject(tokensExpired());
    await waitFor(actor, (s) => s.matches({ status: { loggedOut: 'idle' } }));
    expect(session.clearStoredTokens).toHaveBeenCalledTimes(1);
    // The stopped backoff does not start a third try.
    clock.increment(30_000);
    expect(refreshes).toHaveLength(2);
  });
});
