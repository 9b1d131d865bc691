/**
 * The browser session (spec §3 "Session", §4 in full, §9 constants; issue 2 "Browser").
 *
 * Three parallel regions:
 * - `status`: loading → loggedIn | loggedOut, token refresh and revalidation while logged in, and the
 *   cross-tab reactions (another tab stored or cleared the tokens, or broadcast 'logout');
 * - `logout`: the spec's logout sequence (server call, LOGOUT, 50 ms, clear storage and broadcast,
 *   100 ms, clear the flag and redirect);
 * - `overlay`: the full-screen spinner, shown while loading and for OVERLAY_LINGER ms after.
 *
 * Every side effect is a named actor or action with a browser/API default; tests swap them with
 * `sessionMachine.provide(...)`. Redirects are emitted (`{ type: 'redirect', to }`) for the router.
 */
import {
  assign,
  enqueueActions,
  fromCallback,
  fromPromise,
  not,
  raise,
  sendTo,
  setup,
  stateIn,
} from 'xstate';
import type { SnapshotFrom } from 'xstate';
import { fetchProfile, logout as logoutOnServer, refreshTokens } from '@/api/auth';
import { ApiError } from '@/api/client';
import type { ProfileUser } from '@/api/schemas/auth';
import {
  ACCESS_TOKEN_KEY,
  REFRESH_TOKEN_KEY,
  clearStoredTokens,
  getAccessToken,
  getRefreshToken,
  getStoredTokens,
  setStoredTokens,
} from '@/api/tokens-storage';

/** Spec §9: the overlay stays this many ms after the session state is known. */
export const OVERLAY_LINGER = 500;
/** Spec §9: the login sequence triggers the storage event this many ms after storing the tokens. */
export const STORAGE_EVENT_DELAY = 50;
/** Spec §4/§9: the logout sequence clears storage and broadcasts this many ms after LOGOUT. */
export const LOGOUT_CLEAR_DELAY = 50;
/** Spec §4/§9: then clears the logging-out flag and redirects this many ms later. */
export const LOGOUT_REDIRECT_DELAY = 100;
/** Spec §9: tokens are refreshed every 3,300,000 ms (55 minutes; access tokens live 60). */
export const TOKEN_REFRESH_INTERVAL = 3_300_000;
/** Spec §9: the BroadcastChannel on which a logout is announced to the other tabs. */
export const LOGOUT_CHANNEL = 'logout_channel';
/** The message broadcast on LOGOUT_CHANNEL (spec §4). */
export const LOGOUT_MESSAGE = 'logout';
/** Web Locks name held while refreshing, so only one tab spends the refresh token (ARCHITECTURE §3). */
export const TOKEN_REFRESH_LOCK = 'product-feed-token-refresh';
/** Spec §8 "Logout": shown when the server refuses the logout. */
export const LOGOUT_FAILED_MESSAGE = 'Failed to logout.';

/** The tokens the session holds (either may be missing before the start check). */
export interface SessionTokens {
  accessToken: string | null;
  refreshToken: string | null;
}

/** Spec §3 "Session", plus where to go once a logout sequence ends. */
export interface SessionContext extends SessionTokens {
  user: ProfileUser | null;
  error: string | null;
  isLoggingOut: boolean;
  /** True while the profile is being (re)loaded. */
  loading: boolean;
  /** Target of the running logout sequence, or null for none. */
  logoutRedirect: string | null;
}

/** Everything the session reacts to. */
export type SessionEvent =
  /** LOGIN (spec §4): the login sequence succeeded; redirect afterwards when `redirectTo` is set. */
  | {
      type: 'session.login';
      user: ProfileUser;
      accessToken: string;
      refreshToken: string;
      redirectTo?: string;
    }
  /** Starts the logout sequence (spec §4); ignored while one is running. */
  | { type: 'session.logout'; redirectTo?: string }
  | { type: 'session.userSet'; user: ProfileUser }
  | { type: 'session.errorSet'; message: string }
  /** The route location changed: clears the error (spec §4). */
  | { type: 'location.changed' }
  /** LOGOUT (spec §4), raised by the logout sequence once the server call is over. */
  | { type: 'session.signedOut' }
  /** Another tab stored tokens. */
  | { type: 'sync.tokensStored'; accessToken: string; refreshToken: string }
  /** Another tab cleared the tokens. */
  | { type: 'sync.tokensCleared' }
  /** Another tab broadcast 'logout' on LOGOUT_CHANNEL. */
  | { type: 'sync.logoutBroadcast' };

/** What the session emits: the router navigates to `to`. */
export type SessionEmitted = { type: 'redirect'; to: string };

/** Command the session sends to its cross-tab sync actor. */
export type CrossTabCommand = { type: 'sync.broadcastLogout' };

/** Whether `error` means the server could not be asked or answered 422: the local logout just goes on. */
export function isForgivableLogoutFailure(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 422 || error.kind === 'network');
}

/**
 * Refreshes the held token pair (spec §4 "While logged in"). Input: the pair this tab holds; output:
 * the pair to use from now on. Runs under the Web Locks lock TOKEN_REFRESH_LOCK when the API exists:
 * inside it, a stored refresh token different from ours means another tab already rotated the pair,
 * so that pair is adopted instead of spending ours again. A new pair from the server is stored.
 * @throws when the tokens were cleared meanwhile, or the server refuses (ApiError 'Tokens expired').
 */
export const refreshSessionLogic = fromPromise<SessionTokens, SessionTokens>(async ({ input, signal }) => {
  const refresh = async (): Promise<SessionTokens> => {
    const stored = getStoredTokens();
    if (stored === null) throw new Error('The session was ended in another tab');
    if (stored.refreshToken !== input.refreshToken) return stored;
    const pair = await refreshTokens(stored.refreshToken, signal);
    const next = { accessToken: pair.access_token, refreshToken: pair.refresh_token };
    setStoredTokens(next);
    return next;
  };
  if (typeof navigator !== 'undefined' && 'locks' in navigator) {
    return navigator.locks.request(TOKEN_REFRESH_LOCK, { signal }, refresh);
  }
  return refresh();
});

/**
 * Listens to the other tabs (spec §4 "Multi-tab sync") for as long as the session runs and sends
 * back `sync.tokensStored` / `sync.tokensCleared` (from `storage` events on the token keys) and
 * `sync.logoutBroadcast` (from LOGOUT_CHANNEL). Receives `sync.broadcastLogout` and posts
 * LOGOUT_MESSAGE on its own channel, which the BroadcastChannel API does not echo back to itself.
 * Untrusted (synthetic, same-tab) storage events are ignored: this tab's own login reaches the
 * session directly as `session.login`.
 */
export const crossTabSyncLogic = fromCallback<CrossTabCommand>(({ sendBack, receive }) => {
  const onStorage = (event: StorageEvent) => {
    if (!event.isTrusted) return;
    if (event.key !== null && event.key !== ACCESS_TOKEN_KEY && event.key !== REFRESH_TOKEN_KEY) return;
    const stored = getStoredTokens();
    sendBack(stored ? { type: 'sync.tokensStored', ...stored } : { type: 'sync.tokensCleared' });
  };
  window.addEventListener('storage', onStorage);
  const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(LOGOUT_CHANNEL);
  if (channel) {
    channel.onmessage = (message: MessageEvent<unknown>) => {
      if (message.data === LOGOUT_MESSAGE) sendBack({ type: 'sync.logoutBroadcast' });
    };
  }
  receive(() => channel?.postMessage(LOGOUT_MESSAGE));
  return () => {
    window.removeEventListener('storage', onStorage);
    channel?.close();
  };
});

/**
 * Keeps the screen awake while the document is visible (spec §4 "While logged in"): requests a
 * screen Wake Lock on start and whenever the page becomes visible, releases it when hidden and on
 * stop. Without the Wake Lock API it does nothing.
 */
export const screenWakeLockLogic = fromCallback(() => {
  if (typeof navigator === 'undefined' || !('wakeLock' in navigator) || typeof document === 'undefined') {
    return;
  }
  let sentinel: WakeLockSentinel | null = null;
  let stopped = false;
  const release = () => {
    void sentinel?.release();
    sentinel = null;
  };
  const acquire = () => {
    navigator.wakeLock.request('screen').then(
      (granted) => {
        if (stopped || document.visibilityState !== 'visible') void granted.release();
        else sentinel = granted;
      },
      // Best effort: the browser may refuse (battery saver, policy); the session works without it.
      () => undefined,
    );
  };
  const onVisibilityChange = () => (document.visibilityState === 'visible' ? acquire() : release());
  onVisibilityChange();
  document.addEventListener('visibilitychange', onVisibilityChange);
  return () => {
    stopped = true;
    document.removeEventListener('visibilitychange', onVisibilityChange);
    release();
  };
});

const heldTokens = ({ context }: { context: SessionContext }) => ({
  accessToken: context.accessToken ?? '',
  refreshToken: context.refreshToken ?? '',
});

const failure = ({ event }: { event: { error: unknown } }) => ({ error: event.error });

/** The session statechart; see the module comment. Emits `{ type: 'redirect', to }`. */
export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    emitted: {} as SessionEmitted,
  },
  actors: {
    readStoredTokens: fromPromise<SessionTokens>(async () => ({
      accessToken: getAccessToken(),
      refreshToken: getRefreshToken(),
    })),
    loadProfile: fromPromise<ProfileUser, { accessToken: string }>(({ input, signal }) =>
      fetchProfile(input.accessToken, signal),
    ),
    refreshSession: refreshSessionLogic,
    notifyServerOfLogout: fromPromise<unknown, { accessToken: string }>(({ input, signal }) =>
      logoutOnServer(input.accessToken, signal),
    ),
    crossTabSync: crossTabSyncLogic,
    screenWakeLock: screenWakeLockLogic,
  },
  actions: {
    adoptTokens: assign((_, params: SessionTokens) => ({
      accessToken: params.accessToken,
      refreshToken: params.refreshToken,
    })),
    setUser: assign((_, params: { user: ProfileUser }) => ({ user: params.user })),
    applyLogin: assign((_, params: { user: ProfileUser; accessToken: string; refreshToken: string }) => ({
      user: params.user,
      accessToken: params.accessToken,
      refreshToken: params.refreshToken,
      error: null,
      isLoggingOut: false,
      logoutRedirect: null,
    })),
    clearSession: assign({ user: null, accessToken: null, refreshToken: null }),
    setError: assign((_, params: { message: string }) => ({ error: params.message })),
    clearError: assign({ error: null }),
    markLoading: assign({ loading: true }),
    markLoaded: assign({ loading: false }),
    markLoggingOut: assign((_, params: { redirectTo?: string }) => ({
      isLoggingOut: true,
      logoutRedirect: params.redirectTo ?? null,
    })),
    finishLoggingOut: assign({ isLoggingOut: false, logoutRedirect: null }),
    signOut: raise({ type: 'session.signedOut' }),
    // The unused first parameter is declared on purpose: without it TypeScript loses the params types
    // of the enqueueActions below (statelyai/xstate#5014).
    clearStoredTokens: (_) => clearStoredTokens(),
    broadcastLogout: sendTo('crossTabSync', { type: 'sync.broadcastLogout' } satisfies CrossTabCommand),
    redirectAfterLogin: enqueueActions(({ enqueue }, params: { redirectTo?: string }) => {
      if (params.redirectTo) enqueue.emit({ type: 'redirect', to: params.redirectTo });
    }),
    redirectAfterLogout: enqueueActions(({ context, enqueue }) => {
      if (context.logoutRedirect !== null) enqueue.emit({ type: 'redirect', to: context.logoutRedirect });
    }),
    reportFailure: (_, params: { during: string; error: unknown }) => {
      console.error(`Session: ${params.during} failed`, params.error);
    },
  },
  guards: {
    bothTokensPresent: (_, params: SessionTokens) =>
      params.accessToken !== null && params.refreshToken !== null,
    tokensDifferFromHeld: ({ context }, params: SessionTokens) =>
      params.accessToken !== context.accessToken || params.refreshToken !== context.refreshToken,
    holdsAccessToken: ({ context }) => context.accessToken !== null,
    hasLogoutRedirect: ({ context }) => context.logoutRedirect !== null,
    logoutFailureIsForgivable: (_, params: { error: unknown }) => isForgivableLogoutFailure(params.error),
    // Named rather than inline so the Stately visualiser shows what the overlay waits for.
    sessionSettled: not(stateIn('#session.status.loading')),
  },
  delays: {
    OVERLAY_LINGER,
    LOGOUT_CLEAR_DELAY,
    LOGOUT_REDIRECT_DELAY,
    TOKEN_REFRESH_INTERVAL,
  },
}).createMachine({
  id: 'session',
  type: 'parallel',
  context: {
    user: null,
    accessToken: null,
    refreshToken: null,
    error: null,
    isLoggingOut: false,
    loading: false,
    logoutRedirect: null,
  },
  invoke: { id: 'crossTabSync', src: 'crossTabSync' },
  on: {
    'session.userSet': { actions: { type: 'setUser', params: ({ event }) => ({ user: event.user }) } },
    'session.errorSet': {
      actions: { type: 'setError', params: ({ event }) => ({ message: event.message }) },
    },
    'location.changed': { actions: 'clearError' },
  },
  states: {
    status: {
      initial: 'loading',
      on: {
        'session.login': {
          target: '.loggedIn',
          actions: [
            {
              type: 'applyLogin',
              params: ({ event }) => ({
                user: event.user,
                accessToken: event.accessToken,
                refreshToken: event.refreshToken,
              }),
            },
            { type: 'redirectAfterLogin', params: ({ event }) => ({ redirectTo: event.redirectTo }) },
          ],
        },
        'session.signedOut': { target: '.loggedOut', actions: 'clearSession' },
      },
      states: {
        loading: {
          initial: 'readingTokens',
          entry: 'markLoading',
          exit: 'markLoaded',
          on: {
            'sync.tokensStored': {
              guard: {
                type: 'tokensDifferFromHeld',
                params: ({ event }) => ({ accessToken: event.accessToken, refreshToken: event.refreshToken }),
              },
              target: '.loadingProfile',
              actions: {
                type: 'adoptTokens',
                params: ({ event }) => ({ accessToken: event.accessToken, refreshToken: event.refreshToken }),
              },
            },
            'sync.tokensCleared': { target: 'loggedOut', actions: 'clearSession' },
            'sync.logoutBroadcast': { target: 'loggedOut', actions: 'clearSession' },
          },
          states: {
            readingTokens: {
              invoke: {
                src: 'readStoredTokens',
                onDone: [
                  {
                    guard: { type: 'bothTokensPresent', params: ({ event }) => event.output },
                    target: 'loadingProfile',
                    actions: { type: 'adoptTokens', params: ({ event }) => event.output },
                  },
                  { target: '#session.status.loggedOut', actions: ['clearSession', 'clearStoredTokens'] },
                ],
              },
            },
            loadingProfile: {
              invoke: {
                src: 'loadProfile',
                input: heldTokens,
                onDone: {
                  target: '#session.status.loggedIn',
                  actions: { type: 'setUser', params: ({ event }) => ({ user: event.output }) },
                },
                onError: {
                  target: '#session.status.loggedOut',
                  actions: [
                    {
                      type: 'reportFailure',
                      params: ({ event }) => ({ during: 'profile load', error: event.error }),
                    },
                    'clearSession',
                    'clearStoredTokens',
                  ],
                },
              },
            },
          },
        },
        loggedIn: {
          initial: 'active',
          invoke: { src: 'screenWakeLock' },
          on: {
            'sync.tokensStored': {
              guard: {
                type: 'tokensDifferFromHeld',
                params: ({ event }) => ({ accessToken: event.accessToken, refreshToken: event.refreshToken }),
              },
              target: '.revalidating',
              actions: {
                type: 'adoptTokens',
                params: ({ event }) => ({ accessToken: event.accessToken, refreshToken: event.refreshToken }),
              },
            },
            'sync.tokensCleared': { target: 'loggedOut', actions: 'clearSession' },
            'sync.logoutBroadcast': { target: 'loggedOut', actions: 'clearSession' },
          },
          states: {
            active: {
              after: { TOKEN_REFRESH_INTERVAL: 'refreshingTokens' },
            },
            refreshingTokens: {
              invoke: {
                src: 'refreshSession',
                input: heldTokens,
                onDone: {
                  target: 'active',
                  actions: { type: 'adoptTokens', params: ({ event }) => event.output },
                },
                onError: {
                  target: '#session.status.loggedOut',
                  actions: [
                    {
                      type: 'reportFailure',
                      params: ({ event }) => ({ during: 'token refresh', error: event.error }),
                    },
                    'clearSession',
                    'clearStoredTokens',
                  ],
                },
              },
            },
            revalidating: {
              entry: 'markLoading',
              exit: 'markLoaded',
              invoke: {
                src: 'loadProfile',
                input: heldTokens,
                onDone: {
                  target: 'active',
                  actions: { type: 'setUser', params: ({ event }) => ({ user: event.output }) },
                },
                onError: {
                  target: '#session.status.loggedOut',
                  actions: [
                    {
                      type: 'reportFailure',
                      params: ({ event }) => ({ during: 'profile load', error: event.error }),
                    },
                    'clearSession',
                    'clearStoredTokens',
                  ],
                },
              },
            },
          },
        },
        loggedOut: {
          initial: 'idle',
          on: {
            'sync.tokensStored': {
              guard: {
                type: 'tokensDifferFromHeld',
                params: ({ event }) => ({ accessToken: event.accessToken, refreshToken: event.refreshToken }),
              },
              target: '.revalidating',
              actions: {
                type: 'adoptTokens',
                params: ({ event }) => ({ accessToken: event.accessToken, refreshToken: event.refreshToken }),
              },
            },
          },
          states: {
            idle: {},
            revalidating: {
              entry: 'markLoading',
              exit: 'markLoaded',
              on: {
                'sync.tokensCleared': { target: 'idle', actions: 'clearSession' },
                'sync.logoutBroadcast': { target: 'idle', actions: 'clearSession' },
              },
              invoke: {
                src: 'loadProfile',
                input: heldTokens,
                onDone: {
                  target: '#session.status.loggedIn',
                  actions: { type: 'setUser', params: ({ event }) => ({ user: event.output }) },
                },
                onError: {
                  target: 'idle',
                  actions: [
                    {
                      type: 'reportFailure',
                      params: ({ event }) => ({ during: 'profile load', error: event.error }),
                    },
                    'clearSession',
                    'clearStoredTokens',
                  ],
                },
              },
            },
          },
        },
      },
    },
    logout: {
      initial: 'idle',
      on: {
        // LOGIN clears the logging-out flag (spec §4), so a pending sequence must not clear the new tokens.
        'session.login': '.idle',
      },
      states: {
        idle: {
          on: {
            'session.logout': [
              {
                guard: 'holdsAccessToken',
                target: 'notifyingServer',
                actions: {
                  type: 'markLoggingOut',
                  params: ({ event }) => ({ redirectTo: event.redirectTo }),
                },
              },
              {
                target: 'waitingToClearStorage',
                actions: [
                  { type: 'markLoggingOut', params: ({ event }) => ({ redirectTo: event.redirectTo }) },
                  'signOut',
                ],
              },
            ],
          },
        },
        notifyingServer: {
          invoke: {
            src: 'notifyServerOfLogout',
            input: heldTokens,
            onDone: { target: 'waitingToClearStorage', actions: 'signOut' },
            onError: [
              {
                guard: { type: 'logoutFailureIsForgivable', params: failure },
                target: 'waitingToClearStorage',
                actions: [
                  {
                    type: 'reportFailure',
                    params: ({ event }) => ({ during: 'server logout', error: event.error }),
                  },
                  'signOut',
                ],
              },
              {
                target: 'waitingToClearStorage',
                actions: [
                  {
                    type: 'reportFailure',
                    params: ({ event }) => ({ during: 'server logout', error: event.error }),
                  },
                  { type: 'setError', params: { message: LOGOUT_FAILED_MESSAGE } },
                  'signOut',
                ],
              },
            ],
          },
        },
        waitingToClearStorage: {
          after: {
            LOGOUT_CLEAR_DELAY: {
              target: 'waitingToRedirect',
              actions: ['clearStoredTokens', 'broadcastLogout'],
            },
          },
        },
        waitingToRedirect: {
          after: {
            LOGOUT_REDIRECT_DELAY: [
              { guard: 'hasLogoutRedirect', target: 'redirecting', actions: 'redirectAfterLogout' },
              { target: 'idle', actions: 'finishLoggingOut' },
            ],
          },
        },
        // The flag stays up until the router has moved: guards seeing a logged-out session with the
        // flag down would send the visitor to the login screen instead of the logout's target.
        redirecting: {
          on: { 'location.changed': { target: 'idle', actions: 'finishLoggingOut' } },
        },
      },
    },
    overlay: {
      initial: 'visible',
      states: {
        visible: {
          always: { guard: 'sessionSettled', target: 'lingering' },
        },
        lingering: {
          after: { OVERLAY_LINGER: 'hidden' },
        },
        hidden: {},
      },
    },
  },
});

/** A snapshot of the session actor. */
export type SessionSnapshot = SnapshotFrom<typeof sessionMachine>;

/** What screens show: 'loading' until the start check is done, then 'loggedIn' or 'loggedOut'. */
export function selectStatus(snapshot: SessionSnapshot): 'loading' | 'loggedIn' | 'loggedOut' {
  if (snapshot.matches({ status: 'loading' })) return 'loading';
  return snapshot.matches({ status: 'loggedIn' }) ? 'loggedIn' : 'loggedOut';
}

/** The signed-in user, or null. */
export function selectUser(snapshot: SessionSnapshot): ProfileUser | null {
  return snapshot.context.user;
}

/** The session's error message (e.g. 'Failed to logout.'), or null. */
export function selectError(snapshot: SessionSnapshot): string | null {
  return snapshot.context.error;
}

/** True while a logout sequence runs. */
export function selectIsLoggingOut(snapshot: SessionSnapshot): boolean {
  return snapshot.context.isLoggingOut;
}

/** True while loading and for OVERLAY_LINGER ms after (spec §4 "Session state"). */
export function selectOverlayVisible(snapshot: SessionSnapshot): boolean {
  return !snapshot.matches({ overlay: 'hidden' });
}
