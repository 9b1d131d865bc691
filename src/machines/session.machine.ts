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
 * Only the server's word ends a session (issue 27 "Sessions through blips"): a session check or a
 * token refresh that fails because the server could not answer (no answer, a timeout, 408, 429, a
 * 5xx, or a page that is not the API's; `isServerUnreachable`) keeps the tokens and waits in an
 * `unreachable` state, where the `sessionRetry` chart (`sessionRetry.machine.ts`) times the next try
 * by the failures in a row (1 s, 2 s, 4 s ... 30 s) and `session.retryNow` (Try now) skips the wait. A
 * 401, any other refusal, or tokens cleared meanwhile still end the session as spec §4 and §8 say.
 * The other tabs hear of it as before: a refresh that succeeds stores its pair, a session that ends
 * clears the storage, and a tab that waits takes the pair another tab stored at once.
 *
 * Every side effect is a named actor or action whose browser/API default lives in `session-adapters.ts`;
 * tests swap them with `sessionMachine.provide(...)`. Where to go after a login or a logout is asked of
 * the screen with the shared vocabulary's `uiNavigate` (`ui-effects.ts`); the targets come from
 * `session-redirects.ts`, the one module that decides the session's redirects. A logout the server
 * refused (spec §8 'Failed to logout.') is also shown, as an error toast with the server's reason
 * (issue 15): the stored error alone was cleared by the logout's own redirect before anyone saw it.
 */
import { assign, emit, enqueueActions, not, raise, sendTo, setup, stateIn } from 'xstate';
import type { SnapshotFrom } from 'xstate';
import { unexpiredTokenRole } from '@/api/access-token';
import { ApiError } from '@/api/client';
import type { ProfileUser } from '@/api/schemas/auth';
import { clearStoredTokens } from '@/api/tokens-storage';
import { failureReason } from './failure-text';
import { retryDelayMs, sessionRetryMachine } from './sessionRetry.machine';
import { uiNavigate, uiToast } from './ui-effects';
import type { NavigateEffect, ToastEffect } from './ui-effects';
import {
  crossTabSyncLogic,
  loadProfileLogic,
  notifyServerOfLogoutLogic,
  readStoredTokensLogic,
  refreshSessionLogic,
  screenWakeLockLogic,
} from './session-adapters';
import type { CrossTabCommand, SessionTokens } from './session-adapters';

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
/** Spec §8 "Logout": shown when the server refuses the logout. */
export const LOGOUT_FAILED_MESSAGE = 'Failed to logout.';

/** Spec §3 "Session", plus where to go once a logout sequence ends. */
export interface SessionContext extends SessionTokens {
  user: ProfileUser | null;
  error: string | null;
  isLoggingOut: boolean;
  /** True while the profile is being (re)loaded. */
  loading: boolean;
  /** Target of the running logout sequence, or null for none. */
  logoutRedirect: string | null;
  /** Session checks and refreshes in a row that found the server unreachable (issue 27); 0 once one works. */
  failures: number;
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
  | { type: 'sync.logoutBroadcast' }
  /** Try now (issue 27): ask the unreachable server again without waiting out the backoff. */
  | { type: 'session.retryNow' };

/** What the session emits: a navigation, or the error toast of a refused logout (shared vocabulary). */
export type SessionEmitted = NavigateEffect | ToastEffect;

/** Whether `error` means the server could not be asked or answered 422: the local logout just goes on. */
export function isForgivableLogoutFailure(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 422 || error.kind === 'network');
}

/**
 * Whether `error` says nothing of the session's tokens because the server could not answer (issue
 * 27): no answer at all (offline, refused, timeout), 408, 429 or a 5xx, or an OK answer that is not
 * the API's (a proxy's or a deploy's page). A 401, any other refusal and a failure before any call
 * (the tokens cleared meanwhile) are the server's or the other tabs' word, and end the session.
 */
export function isServerUnreachable(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  if (error.kind === 'network' || error.kind === 'unexpected-response') return true;
  return error.status !== null && (error.status >= 500 || error.status === 408 || error.status === 429);
}

const heldTokens = ({ context }: { context: SessionContext }) => ({
  accessToken: context.accessToken ?? '',
  refreshToken: context.refreshToken ?? '',
});

const failure = ({ event }: { event: { error: unknown } }) => ({ error: event.error });

const retryInput = ({ context }: { context: SessionContext }) => ({ failures: context.failures });

/**
 * The session statechart; see the module comment. Emits `ui.navigate` after a login or a logout, and
 * `ui.toast` ('Failed to logout: <reason>') when the server refuses a logout.
 */
export const sessionMachine = setup({
  // Stryker disable next-line ObjectLiteral: XState ignores `types` at run time (only TypeScript reads it)
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    emitted: {} as SessionEmitted,
  },
  actors: {
    readStoredTokens: readStoredTokensLogic,
    loadProfile: loadProfileLogic,
    refreshSession: refreshSessionLogic,
    notifyServerOfLogout: notifyServerOfLogoutLogic,
    crossTabSync: crossTabSyncLogic,
    screenWakeLock: screenWakeLockLogic,
    retryBackoff: sessionRetryMachine,
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
    countFailure: assign(({ context }) => ({ failures: context.failures + 1 })),
    forgetFailures: assign({ failures: 0 }),
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
      if (params.redirectTo) enqueue.emit(uiNavigate(params.redirectTo));
    }),
    redirectAfterLogout: enqueueActions(({ context, enqueue }) => {
      if (context.logoutRedirect !== null) enqueue.emit(uiNavigate(context.logoutRedirect));
    }),
    showLogoutFailure: emit((_, params: { error: unknown }) =>
      uiToast('error', LOGOUT_FAILED_MESSAGE, failureReason(params.error)),
    ),
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
    serverUnreachable: (_, params: { error: unknown }) => isServerUnreachable(params.error),
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
    failures: 0,
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
                onError: [
                  {
                    guard: { type: 'serverUnreachable', params: failure },
                    target: 'unreachable',
                    actions: [
                      {
                        type: 'reportFailure',
                        params: ({ event }) => ({ during: 'profile load', error: event.error }),
                      },
                      'countFailure',
                    ],
                  },
                  {
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
                ],
              },
            },
            // Issue 27: the stored tokens stay, nothing is shown as if signed in, and the check is
            // made again after the backoff, or at once on Try now.
            unreachable: {
              invoke: { src: 'retryBackoff', input: retryInput, onDone: 'loadingProfile' },
              on: { 'session.retryNow': 'loadingProfile' },
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
              // Issue 27: the server answered, so the next outage starts the backoff from its shortest wait.
              entry: 'forgetFailures',
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
                onError: [
                  {
                    guard: { type: 'serverUnreachable', params: failure },
                    target: 'unreachable',
                    actions: [
                      {
                        type: 'reportFailure',
                        params: ({ event }) => ({ during: 'token refresh', error: event.error }),
                      },
                      'countFailure',
                    ],
                  },
                  {
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
                ],
              },
            },
            // Issue 27: the screens stay as they are (the access token outlives the refresh interval
            // by 5 minutes), and the refresh is tried again after the backoff, or at once on Try now.
            unreachable: {
              invoke: { src: 'retryBackoff', input: retryInput, onDone: 'refreshingTokens' },
              on: { 'session.retryNow': 'refreshingTokens' },
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
                onError: [
                  // Issue 27: another tab has just been given this pair, and this tab already knows
                  // its user; a server that cannot answer now is no reason to doubt either.
                  {
                    guard: { type: 'serverUnreachable', params: failure },
                    target: 'active',
                    actions: {
                      type: 'reportFailure',
                      params: ({ event }) => ({ during: 'profile load', error: event.error }),
                    },
                  },
                  {
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
                ],
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
            idle: {
              entry: 'forgetFailures',
            },
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
                onError: [
                  {
                    guard: { type: 'serverUnreachable', params: failure },
                    target: 'unreachable',
                    actions: [
                      {
                        type: 'reportFailure',
                        params: ({ event }) => ({ during: 'profile load', error: event.error }),
                      },
                      'countFailure',
                    ],
                  },
                  {
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
                ],
              },
            },
            // Issue 27: another tab signed in and the server cannot confirm it yet. Clearing the
            // storage here would sign that tab out; this one tries again until it can follow.
            unreachable: {
              on: {
                'sync.tokensCleared': { target: 'idle', actions: 'clearSession' },
                'sync.logoutBroadcast': { target: 'idle', actions: 'clearSession' },
                'session.retryNow': 'revalidating',
              },
              invoke: { src: 'retryBackoff', input: retryInput, onDone: 'revalidating' },
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
                  { type: 'showLogoutFailure', params: failure },
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

/**
 * While the start check's profile request is on its way, the role (`user_type_id`) the held access
 * token was signed for, when it has not expired by `nowMs`; otherwise null. The dashboard guard lets a
 * screen start under the loading overlay with it (issue 31), so the screen's requests leave with the
 * profile's instead of after its answer.
 */
export function selectProvisionalUserType(snapshot: SessionSnapshot, nowMs = Date.now()): number | null {
  if (!snapshot.matches({ status: { loading: 'loadingProfile' } })) return null;
  return unexpiredTokenRole(snapshot.context.accessToken, nowMs);
}

/** The session's error message (e.g. 'Failed to logout.'), or null. */
export function selectError(snapshot: SessionSnapshot): string | null {
  return snapshot.context.error;
}

/** True while a logout sequence runs. */
export function selectIsLoggingOut(snapshot: SessionSnapshot): boolean {
  return snapshot.context.isLoggingOut;
}

/**
 * What the session knows of the server (issue 27): `reachable` while nothing failed; `waiting`
 * after `failures` failures in a row, until the next try `retryInMs` after the failure (or Try now);
 * `retrying` while that try runs.
 */
export type ServerReach =
  | { kind: 'reachable' }
  | { kind: 'waiting'; failures: number; retryInMs: number }
  | { kind: 'retrying'; failures: number };

const UNREACHABLE_STATES = [
  { status: { loading: 'unreachable' } },
  { status: { loggedIn: 'unreachable' } },
  { status: { loggedOut: 'unreachable' } },
] as const;

/** The session's view of the server, for the notice that says it cannot be reached (issue 27). */
export function selectServerReach(snapshot: SessionSnapshot): ServerReach {
  const { failures } = snapshot.context;
  if (failures === 0) return { kind: 'reachable' };
  return UNREACHABLE_STATES.some((state) => snapshot.matches(state))
    ? { kind: 'waiting', failures, retryInMs: retryDelayMs(failures) }
    : { kind: 'retrying', failures };
}

/** True while loading and for OVERLAY_LINGER ms after (spec §4 "Session state"). */
export function selectOverlayVisible(snapshot: SessionSnapshot): boolean {
  return !snapshot.matches({ overlay: 'hidden' });
}
