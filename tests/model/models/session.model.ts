/**
 * Model of sessionMachine (spec §3 "Session", §4, §8 "Logout"; issue 27 "Sessions through blips").
 * The serializer keeps the state and the context the guards read (which tokens are held, whether the
 * logout has somewhere to go, whether the server has failed to answer); the user, the error message
 * and how many times the server failed only matter to the checks. The backoff's own waits are the
 * sessionRetry chart's (its model checks them); here its end is an actor outcome, offered only when
 * no shorter delay of the session would have fired first. The three regions run side by side, so the
 * filters keep the walk from trying every event of one in every state of the others (issue 28):
 * nothing happens while the overlay lingers, a logout starts from a settled session, and while it
 * runs the status waits, but for what can end or overtake it (a login, another tab's news).
 */
import { expect } from 'vitest';
import { ApiError, NETWORK_FAILURE_MESSAGE, TOKENS_EXPIRED_MESSAGE } from '@/api/client';
import type { ProfileUser } from '@/api/schemas/auth';
import { UserType } from '@/api/schemas/common';
import { anAccessToken } from '@test-support/builders';
import {
  selectError,
  selectIsLoggingOut,
  selectOverlayVisible,
  selectProvisionalUserType,
  selectServerReach,
  selectStatus,
  selectUser,
  sessionMachine,
} from '@/machines/session.machine';
import type { SessionSnapshot } from '@/machines/session.machine';
import { failureReason } from '@/machines/failure-text';
import { uiNavigate, uiToast } from '@/machines/ui-effects';
import { activeNodes, defineModel, delayOf } from '../harness';
import type { ExecutedStep, RequestedAction } from '../harness';

const ADA: ProfileUser = {
  id: 1,
  user_type_id: 1,
  first_name: 'Ada',
  last_name: 'Lovelace',
  email: 'ada@example.com',
  avatar: null,
};
const GRACE: ProfileUser = { ...ADA, id: 2, first_name: 'Grace', last_name: 'Hopper' };
/** The pair found in storage at start: an admin's access token. */
const STORED = { accessToken: anAccessToken({ sub: '1' }), refreshToken: 'refresh-1' };
/** The pair of a login, a refresh or another tab: a customer's access token. */
const OTHER = {
  accessToken: anAccessToken({ sub: '2', role: UserType.Customer }),
  refreshToken: 'refresh-2',
};
/** The role each access token of the walk was signed for (issue 31). */
const ROLE_OF_TOKEN = new Map([
  [STORED.accessToken, UserType.Admin],
  [OTHER.accessToken, UserType.Customer],
]);
/** The clock the provisional role is read at; both tokens expire in 2100. */
const MODEL_NOW = Date.UTC(2026, 10, 27);

/** Spec §8 "Logout", copied rather than imported from the machine so that a drifting text fails. */
const LOGOUT_FAILED_MESSAGE = 'Failed to logout.';

const tokensExpired = new ApiError(TOKENS_EXPIRED_MESSAGE, { kind: 'tokens-expired', status: 401 });
const networkFailure = new ApiError(NETWORK_FAILURE_MESSAGE, { kind: 'network' });
/** As the app's client makes them from the contract's error body (the server's message as the error's). */
function serverError(status: number, message: string): ApiError {
  return new ApiError(message, { kind: 'http', status, serverMessage: message });
}

/**
 * Issue 27, copied rather than imported from the machine: only a failure the server could not
 * answer (no answer, 408, 429, 5xx, or a page that is not the API's) keeps the session.
 */
function serverCouldNotAnswer(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  if (error.kind === 'network' || error.kind === 'unexpected-response') return true;
  return error.status !== null && (error.status >= 500 || error.status === 408 || error.status === 429);
}

/** Issue 27: the backoff's wait after the n-th failure in a row, ms (the last one repeats). */
const BACKOFF_MS = [1000, 2000, 4000, 8000, 16_000, 30_000];
function backoffAfter(failures: number): number {
  return BACKOFF_MS[Math.min(failures, BACKOFF_MS.length) - 1]!;
}

/** Whether `event` is the end of the backoff the `unreachable` states invoke. */
function isBackoffEnd(event: { type: string }): boolean {
  return event.type.startsWith('xstate.done.actor.') && event.type.endsWith('.unreachable');
}

/** Whether `event` is the logout region's own: the server call's end or one of its waits. */
function isLogoutStep(event: { type: string }): boolean {
  return event.type.includes('.session.logout.');
}

/** The states that wait for the backoff (issue 27). */
function isUnreachable(snapshot: SessionSnapshot): boolean {
  return (
    snapshot.matches({ status: { loading: 'unreachable' } }) ||
    snapshot.matches({ status: { loggedIn: 'unreachable' } }) ||
    snapshot.matches({ status: { loggedOut: 'unreachable' } })
  );
}

function actionTypes(actions: RequestedAction[]): string[] {
  return actions.map((action) => action.type);
}

function redirects(step: ExecutedStep<typeof sessionMachine>): unknown[] {
  return step.emitted.filter((event) => event.type === 'ui.navigate');
}

function toasts(step: ExecutedStep<typeof sessionMachine>): unknown[] {
  return step.emitted.filter((event) => event.type === 'ui.toast');
}

function isRevalidating(snapshot: SessionSnapshot): boolean {
  return (
    snapshot.matches({ status: 'loading' }) ||
    snapshot.matches({ status: { loggedIn: 'revalidating' } }) ||
    snapshot.matches({ status: { loggedOut: 'revalidating' } })
  );
}

/** What holds in every state (spec §3 "Session", §4). */
function checkInvariants(snapshot: SessionSnapshot): void {
  const { context } = snapshot;
  expect(context.loading, 'loading while the profile is being (re)loaded').toBe(isRevalidating(snapshot));
  expect(context.isLoggingOut, 'the logging-out flag is up while the sequence runs').toBe(
    !snapshot.matches({ logout: 'idle' }),
  );
  if (snapshot.matches({ logout: 'idle' })) expect(context.logoutRedirect).toBeNull();
  if (snapshot.matches({ status: 'loggedIn' })) {
    expect(context.user).not.toBeNull();
    expect(context.accessToken).not.toBeNull();
  }
  if (snapshot.matches({ status: { loggedOut: 'idle' } })) {
    expect(context).toMatchObject({ user: null, accessToken: null, refreshToken: null });
  }
  expect(snapshot.matches({ overlay: 'visible' }), 'the overlay shows while loading').toBe(
    snapshot.matches({ status: 'loading' }),
  );
  // Issue 27: the failures in a row are counted while the server stays away, and forgotten once it
  // answers or the session is over.
  if (isUnreachable(snapshot)) expect(context.failures).toBeGreaterThan(0);
  if (
    snapshot.matches({ status: { loggedIn: 'active' } }) ||
    snapshot.matches({ status: { loggedOut: 'idle' } })
  ) {
    expect(context.failures).toBe(0);
  }
  // What the screens read: the session's phase, user and error, the logout flag, the overlay.
  const phase = (snapshot.value as { status: string | Record<string, unknown> }).status;
  expect({
    status: selectStatus(snapshot),
    user: selectUser(snapshot),
    error: selectError(snapshot),
    isLoggingOut: selectIsLoggingOut(snapshot),
    overlay: selectOverlayVisible(snapshot),
    reach: selectServerReach(snapshot),
    provisionalUserType: selectProvisionalUserType(snapshot, MODEL_NOW),
  }).toEqual({
    status: typeof phase === 'string' ? phase : Object.keys(phase)[0],
    user: context.user,
    error: context.error,
    isLoggingOut: context.isLoggingOut,
    // Spec §9: shown while loading, and for a moment after (lingering).
    overlay: !snapshot.matches({ overlay: 'hidden' }),
    // Issue 27: what the notice says, with the time of the next try.
    reach:
      context.failures === 0
        ? { kind: 'reachable' }
        : isUnreachable(snapshot)
          ? { kind: 'waiting', failures: context.failures, retryInMs: backoffAfter(context.failures) }
          : { kind: 'retrying', failures: context.failures },
    // Issue 31: the held token's role, only while the start check's profile request is on its way.
    provisionalUserType: snapshot.matches({ status: { loading: 'loadingProfile' } })
      ? (ROLE_OF_TOKEN.get(context.accessToken ?? '') ?? null)
      : null,
  });
}

/** The failure branches that end the session: report, clear the session and storage. */
function expectSessionEnded(step: ExecutedStep<typeof sessionMachine>, during: string, error: unknown): void {
  expect(step.actions).toEqual([
    { type: 'reportFailure', params: { during, error } },
    { type: 'clearStoredTokens', params: undefined },
  ]);
  expect(step.after.context).toMatchObject({ user: null, accessToken: null, refreshToken: null });
}

function checkStep(step: ExecutedStep<typeof sessionMachine>): void {
  const { before, event, after } = step;
  checkInvariants(after);
  for (const actor of step.started) {
    if (actor.input === undefined) continue;
    if (actor.src === 'retryBackoff') {
      expect(actor.input, 'the backoff waits by the failures in a row').toEqual({
        failures: after.context.failures,
      });
      continue;
    }
    expect(actor.input, `${actor.src} gets the held tokens`).toEqual({
      accessToken: after.context.accessToken,
      refreshToken: after.context.refreshToken,
    });
  }
  if (before === null) {
    expect(step.started.map((actor) => actor.src).sort()).toEqual(['crossTabSync', 'readStoredTokens']);
    return;
  }
  const type = event.type;
  if (!type.startsWith('xstate.error.actor.')) {
    expect(toasts(step), 'only a refused logout toasts').toEqual([]);
  }
  if (type === 'session.login') {
    expect(after.matches({ status: { loggedIn: 'active' } })).toBe(true);
    expect(after.matches({ logout: 'idle' }), 'LOGIN ends a running logout sequence').toBe(true);
    expect(after.context).toMatchObject({
      user: event.user,
      accessToken: event.accessToken,
      refreshToken: event.refreshToken,
      error: null,
      isLoggingOut: false,
    });
    expect(redirects(step)).toEqual(event.redirectTo ? [uiNavigate(event.redirectTo)] : []);
  } else if (type === 'session.logout') {
    expect(after.context.logoutRedirect).toBe(event.redirectTo ?? null);
    const callsServer = before.context.accessToken !== null;
    expect(after.matches({ logout: callsServer ? 'notifyingServer' : 'waitingToClearStorage' })).toBe(true);
    if (!callsServer) expect(after.matches({ status: { loggedOut: 'idle' } })).toBe(true);
  } else if (type === 'session.userSet') {
    expect(after.context.user).toEqual(event.user);
  } else if (type === 'session.errorSet') {
    expect(after.context.error).toBe(event.message);
  } else if (type === 'location.changed') {
    expect(after.context.error, 'a route change clears the error').toBeNull();
    if (before.matches({ logout: 'redirecting' })) expect(after.matches({ logout: 'idle' })).toBe(true);
  } else if (type === 'sync.tokensCleared' || type === 'sync.logoutBroadcast') {
    if (!before.matches({ status: { loggedOut: 'idle' } })) {
      expect(after.matches({ status: { loggedOut: 'idle' } })).toBe(true);
    }
    expect(actionTypes(step.actions), 'another tab already cleared the storage').toEqual([]);
  } else if (type === 'sync.tokensStored') {
    const differs =
      event.accessToken !== before.context.accessToken || event.refreshToken !== before.context.refreshToken;
    if (differs && !before.matches({ status: { loggedIn: 'refreshingTokens' } })) {
      expect(after.context).toMatchObject({
        accessToken: event.accessToken,
        refreshToken: event.refreshToken,
      });
      expect(isRevalidating(after), 'new tokens from another tab are checked by loading the profile').toBe(
        true,
      );
    } else if (!differs) {
      expect(after.value, 'the tokens this tab holds need no check').toEqual(before.value);
    }
  } else if (type === 'session.retryNow') {
    checkRetry(step);
  } else if (type.startsWith('xstate.done.actor.')) {
    checkActorDone(step);
  } else if (type.startsWith('xstate.error.actor.')) {
    checkActorError(step);
  } else if (type.startsWith('xstate.after.')) {
    checkDelay(step);
  }
}

/**
 * Issue 27: the end of the backoff, or Try now, makes the failed call again with the tokens held
 * (the inputs are checked with every started actor), still counting the failures so far.
 */
function checkRetry(step: ExecutedStep<typeof sessionMachine>): void {
  const { before, after } = step;
  if (before === null) throw new Error('not a retry');
  const retried = before.matches({ status: { loading: 'unreachable' } })
    ? { status: { loading: 'loadingProfile' } }
    : before.matches({ status: { loggedIn: 'unreachable' } })
      ? { status: { loggedIn: 'refreshingTokens' } }
      : { status: { loggedOut: 'revalidating' } };
  expect(after.matches(retried), 'the failed call is made again').toBe(true);
  expect(step.started.map((actor) => actor.src)).toEqual([
    before.matches({ status: { loggedIn: 'unreachable' } }) ? 'refreshSession' : 'loadProfile',
  ]);
  expect(after.context).toMatchObject({
    failures: before.context.failures,
    accessToken: before.context.accessToken,
    refreshToken: before.context.refreshToken,
  });
  expect(actionTypes(step.actions)).toEqual([]);
}

function checkActorDone(step: ExecutedStep<typeof sessionMachine>): void {
  const { before, event, after } = step;
  if (before === null || !('output' in event)) throw new Error('not an actor outcome');
  if (isBackoffEnd(event)) {
    checkRetry(step);
  } else if (before.matches({ status: { loading: 'readingTokens' } })) {
    const output = event.output as typeof STORED;
    if (output.accessToken !== null && output.refreshToken !== null) {
      expect(after.matches({ status: { loading: 'loadingProfile' } })).toBe(true);
      expect(after.context).toMatchObject(output);
    } else {
      expect(after.matches({ status: { loggedOut: 'idle' } }), 'a missing token logs out').toBe(true);
      expect(actionTypes(step.actions)).toEqual(['clearStoredTokens']);
    }
  } else if (
    before.matches({ logout: 'notifyingServer' }) &&
    after.matches({ logout: 'waitingToClearStorage' })
  ) {
    expect(after.matches({ status: { loggedOut: 'idle' } }), 'LOGOUT follows the server call').toBe(true);
    expect(after.context.error).toBe(before.context.error);
  } else if (
    after.matches({ status: 'loggedIn' }) &&
    !before.matches({ status: { loggedIn: 'refreshingTokens' } })
  ) {
    expect(after.context.user, 'the loaded profile is the user').toEqual(event.output);
  } else if (before.matches({ status: { loggedIn: 'refreshingTokens' } })) {
    expect(after.context).toMatchObject(event.output as typeof OTHER);
  }
}

function checkActorError(step: ExecutedStep<typeof sessionMachine>): void {
  const { before, event, after } = step;
  if (before === null || !('error' in event)) throw new Error('not an actor outcome');
  if (before.matches({ logout: 'notifyingServer' }) && !after.matches({ logout: 'notifyingServer' })) {
    const forgivable =
      event.error instanceof ApiError && (event.error.status === 422 || event.error.kind === 'network');
    expect(step.actions[0]).toEqual({
      type: 'reportFailure',
      params: { during: 'server logout', error: event.error },
    });
    expect(after.context.error).toBe(forgivable ? before.context.error : LOGOUT_FAILED_MESSAGE);
    expect(toasts(step), "a refused logout is shown with the server's reason (issue 15)").toEqual(
      forgivable ? [] : [uiToast('error', LOGOUT_FAILED_MESSAGE, failureReason(event.error))],
    );
    expect(after.matches({ status: { loggedOut: 'idle' } }), 'the local logout goes on').toBe(true);
  } else if (serverCouldNotAnswer(event.error)) {
    expectSessionKept(step);
  } else if (before.matches({ status: { loggedIn: 'refreshingTokens' } })) {
    expectSessionEnded(step, 'token refresh', event.error);
  } else {
    expectSessionEnded(step, 'profile load', event.error);
  }
}

/**
 * Issue 27: a check or refresh the server could not answer keeps the tokens and the user, clears no
 * storage, and waits for the backoff; only a logged-in tab revalidating another tab's pair goes on
 * as it was (that tab was just given the pair, and this one knows its user).
 */
function expectSessionKept(step: ExecutedStep<typeof sessionMachine>): void {
  const { before, event, after } = step;
  if (before === null || !('error' in event)) throw new Error('not an actor outcome');
  const refreshing = before.matches({ status: { loggedIn: 'refreshingTokens' } });
  expect(step.actions).toEqual([
    {
      type: 'reportFailure',
      params: { during: refreshing ? 'token refresh' : 'profile load', error: event.error },
    },
  ]);
  expect(after.context).toMatchObject({
    user: before.context.user,
    accessToken: before.context.accessToken,
    refreshToken: before.context.refreshToken,
  });
  if (before.matches({ status: { loggedIn: 'revalidating' } })) {
    expect(after.matches({ status: { loggedIn: 'active' } })).toBe(true);
    return;
  }
  const phase = selectStatus(before);
  expect(after.matches({ status: { [phase]: 'unreachable' } }), 'waits where it was').toBe(true);
  expect(after.context.failures, 'one more failure in a row').toBe(before.context.failures + 1);
}

function checkDelay(step: ExecutedStep<typeof sessionMachine>): void {
  const { before, after } = step;
  if (before === null) throw new Error('not a delay');
  if (before.matches({ logout: 'waitingToClearStorage' }) && after.matches({ logout: 'waitingToRedirect' })) {
    expect(step.actions).toEqual([
      { type: 'clearStoredTokens', params: undefined },
      { type: 'xstate.sendTo', params: { to: 'crossTabSync', event: { type: 'sync.broadcastLogout' } } },
    ]);
  } else if (before.matches({ logout: 'waitingToRedirect' })) {
    const to = before.context.logoutRedirect;
    expect(redirects(step)).toEqual(to === null ? [] : [uiNavigate(to)]);
    expect(after.matches({ logout: to === null ? 'idle' : 'redirecting' })).toBe(true);
  } else if (
    before.matches({ status: { loggedIn: 'active' } }) &&
    !after.matches({ status: { loggedIn: 'active' } })
  ) {
    expect(after.matches({ status: { loggedIn: 'refreshingTokens' } })).toBe(true);
  } else if (before.matches({ overlay: 'lingering' })) {
    expect(after.matches({ overlay: 'hidden' })).toBe(true);
  }
}

/**
 * Whether the backoff's wait can end before every delay of the session that runs beside it (the
 * logout's and the overlay's): timers started together fire shortest first.
 */
function backoffEndsFirst(snapshot: SessionSnapshot): boolean {
  const wait = backoffAfter(snapshot.context.failures);
  return activeNodes(snapshot).every((node) =>
    node.after.every((delayed) => delayOf(sessionMachine, delayed.eventType) >= wait),
  );
}

export default defineModel({
  machine: sessionMachine,
  events: {
    'session.login': [
      { type: 'session.login', user: ADA, ...OTHER, redirectTo: '/dashboard' },
      { type: 'session.login', user: ADA, ...OTHER },
    ],
    'session.logout': [{ type: 'session.logout', redirectTo: '/' }, { type: 'session.logout' }],
    'session.userSet': [{ type: 'session.userSet', user: GRACE }],
    'session.errorSet': [{ type: 'session.errorSet', message: 'Could not save the profile.' }],
    'location.changed': [{ type: 'location.changed' }],
    // Raised by the logout sequence itself once the server call is over.
    'session.signedOut': [],
    'sync.tokensStored': [
      { type: 'sync.tokensStored', ...STORED },
      { type: 'sync.tokensStored', ...OTHER },
    ],
    'sync.tokensCleared': [{ type: 'sync.tokensCleared' }],
    'sync.logoutBroadcast': [{ type: 'sync.logoutBroadcast' }],
    'session.retryNow': [{ type: 'session.retryNow' }],
  },
  outcomes: {
    readStoredTokens: { done: [STORED, { accessToken: STORED.accessToken, refreshToken: null }] },
    // Issue 27: 401 ends the session; no answer, or a 500, does not.
    loadProfile: {
      done: [ADA],
      error: [tokensExpired, networkFailure, serverError(500, 'Internal Server Error')],
    },
    // Issue 27: a refusal (401, 422) ends the session; a 503 does not.
    refreshSession: {
      done: [OTHER],
      error: [
        tokensExpired,
        serverError(422, 'Unprocessable'),
        new Error('The session was ended in another tab'),
        serverError(503, 'Service Unavailable'),
      ],
    },
    // The sessionRetry chart: its end is the cue to try again.
    retryBackoff: { done: [undefined] },
    notifyServerOfLogout: {
      done: [{ message: 'Logged out' }],
      // As the app's client makes them (the server's message as the error's), so the UI model can
      // force the same failures over HTTP.
      error: [
        new ApiError('Unprocessable', { kind: 'http', status: 422, serverMessage: 'Unprocessable' }),
        new ApiError(NETWORK_FAILURE_MESSAGE, { kind: 'network' }),
        new ApiError('Internal Server Error', {
          kind: 'http',
          status: 500,
          serverMessage: 'Internal Server Error',
        }),
      ],
    },
  },
  stubActions: ['clearStoredTokens', 'reportFailure'],
  serialize: (snapshot) => ({
    value: snapshot.value,
    accessToken: snapshot.context.accessToken,
    redirects: snapshot.context.logoutRedirect !== null,
    failing: snapshot.context.failures > 0,
  }),
  filterEvents: (snapshot, event) => {
    if (isBackoffEnd(event)) return backoffEndsFirst(snapshot);
    // The overlay's linger is a moment in which nothing else is walked: the regions beside it do
    // the same with it hidden, and its guard reads the status only.
    if (snapshot.matches({ overlay: 'lingering' })) return event.type.startsWith('xstate.after.');
    // Logging out is walked from where the screens offer it, signed in or signed out (with and
    // without a token); from a state with a call in flight it reads the same.
    if (event.type === 'session.logout') {
      return (
        snapshot.matches({ status: { loggedIn: 'active' } }) ||
        snapshot.matches({ status: { loggedOut: 'idle' } })
      );
    }
    // While it runs, the logout's own steps are walked, a login (which ends it) and a route change;
    // once signed out, also another tab's news, which may land before the storage is cleared.
    if (!snapshot.matches({ logout: 'idle' })) {
      return (
        isLogoutStep(event) ||
        event.type === 'session.login' ||
        event.type === 'location.changed' ||
        (event.type.startsWith('sync.') && !snapshot.matches({ logout: 'notifyingServer' }))
      );
    }
    // The profile screen and the toasts send these only to a signed-in session; they set one field
    // from any state, so one state is enough.
    if (event.type === 'session.userSet' || event.type === 'session.errorSet') {
      return snapshot.matches({ status: { loggedIn: 'active' } });
    }
    return true;
  },
  check: checkStep,
});
