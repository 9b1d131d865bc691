/**
 * The login form's statechart (spec §4 "Login sequence", §8 "Login by status"; ARCHITECTURE.md §4
 * for 429; issue 13 for 503): authenticate, store the tokens, trigger the storage event after STORAGE_EVENT_DELAY ms,
 * load the user with the new access token, then emit `loggedIn` for the session to apply LOGIN and
 * redirect. Failures end in `failed` with the spec's message; the branches that "log out" clear the
 * stored tokens and emit `loggedOut` for the session.
 */
import { assertEvent, assign, emit, fromPromise, setup } from 'xstate';
import type { SnapshotFrom } from 'xstate';
import { fetchProfile, login, refreshTokens } from '@/api/auth';
import { ApiError } from '@/api/client';
import type { ProfileUser } from '@/api/schemas/auth';
import { announceStoredTokens, clearStoredTokens, setStoredTokens } from '@/api/tokens-storage';
import { STORAGE_EVENT_DELAY } from './session.machine';

/** Spec §2: where a successful login goes when no other target was asked for. */
export const DEFAULT_LOGIN_REDIRECT = '/dashboard';
/** Spec §8: 401 without a server message. */
export const INVALID_CREDENTIALS_MESSAGE = 'Invalid username or password';
/** Spec §8: statuses without a branch of their own. */
export const UNHANDLED_LOGIN_ERROR_MESSAGE = 'Unhandled login error, check console for details';

/**
 * ARCHITECTURE.md §4: the 429 text, 'Too many login attempts. Try again in N seconds.', with N
 * from the Retry-After header; without that header the wait is unknown and the text says so.
 */
export function tooManyAttemptsMessage(retryAfterSeconds: number | null): string {
  return retryAfterSeconds === null
    ? 'Too many login attempts. Try again later.'
    : `Too many login attempts. Try again in ${retryAfterSeconds} seconds.`;
}

/**
 * Issue 13: the server refuses a login with 503 while too many passwords are being checked at once;
 * its message asks to try again, so the form shows it (this text when it sent none) and keeps the
 * session as it is, like a 429.
 */
export const SERVER_BUSY_MESSAGE = 'The server is busy. Try again in a moment.';

/** The token pair a login produced. */
export interface LoginTokens {
  accessToken: string;
  refreshToken: string;
}

/** Login form context; tokens are '' until the server has answered. */
export interface LoginContext extends LoginTokens {
  redirectTo: string;
  error: string | null;
}

/** The form was submitted (Enter or the Login button); `redirectTo` defaults to '/dashboard'. */
export type LoginEvent = { type: 'login.submit'; email: string; password: string; redirectTo?: string };

/** For the session: apply LOGIN and redirect, or log out. */
export type LoginEmitted =
  | { type: 'loggedIn'; user: ProfileUser; accessToken: string; refreshToken: string; redirectTo: string }
  | { type: 'loggedOut' };

function statusOf(error: unknown): number | null {
  return error instanceof ApiError ? error.status : null;
}

/** What a person is shown for a failure without a text of its own in the spec. */
function failureMessage(error: unknown): string {
  return error instanceof ApiError ? error.message : UNHANDLED_LOGIN_ERROR_MESSAGE;
}

const failedWith =
  (status: number) =>
  ({ event }: { event: { error: unknown } }) => ({
    error: event.error,
    status,
  });

const toTokens = (pair: { access_token: string; refresh_token: string }): LoginTokens => ({
  accessToken: pair.access_token,
  refreshToken: pair.refresh_token,
});

/** The login statechart; see the module comment. */
export const loginMachine = setup({
  types: {
    context: {} as LoginContext,
    events: {} as LoginEvent,
    emitted: {} as LoginEmitted,
  },
  actors: {
    authenticate: fromPromise<LoginTokens, { email: string; password: string }>(async ({ input, signal }) =>
      toTokens(await login(input, signal)),
    ),
    renewSession: fromPromise<LoginTokens>(async ({ signal }) =>
      toTokens(await refreshTokens(undefined, signal)),
    ),
    loadUser: fromPromise<ProfileUser, { accessToken: string }>(({ input, signal }) =>
      fetchProfile(input.accessToken, signal),
    ),
  },
  actions: {
    startAttempt: assign((_, params: { redirectTo?: string }) => ({
      redirectTo: params.redirectTo ?? DEFAULT_LOGIN_REDIRECT,
      error: null,
    })),
    adoptTokens: assign((_, params: LoginTokens) => ({
      accessToken: params.accessToken,
      refreshToken: params.refreshToken,
    })),
    storeTokens: (_, params: LoginTokens) => setStoredTokens(params),
    announceStoredTokens: (_) => announceStoredTokens(),
    clearStoredTokens: (_) => clearStoredTokens(),
    setError: assign((_, params: { message: string }) => ({ error: params.message })),
    reportFailure: (_, params: { error: unknown }) => {
      console.error('Login failed', params.error);
    },
    emitLoggedIn: emit(({ context }, params: { user: ProfileUser }) => ({
      type: 'loggedIn' as const,
      user: params.user,
      accessToken: context.accessToken,
      refreshToken: context.refreshToken,
      redirectTo: context.redirectTo,
    })),
    emitLoggedOut: emit({ type: 'loggedOut' as const }),
  },
  guards: {
    failedWithStatus: (_, params: { error: unknown; status: number }) =>
      statusOf(params.error) === params.status,
    answerWasUnexpected: (_, params: { error: unknown }) =>
      params.error instanceof ApiError && params.error.kind === 'unexpected-response',
  },
  delays: { STORAGE_EVENT_DELAY },
}).createMachine({
  id: 'login',
  initial: 'idle',
  context: { redirectTo: DEFAULT_LOGIN_REDIRECT, error: null, accessToken: '', refreshToken: '' },
  states: {
    idle: {
      on: {
        'login.submit': {
          target: 'authenticating',
          actions: { type: 'startAttempt', params: ({ event }) => ({ redirectTo: event.redirectTo }) },
        },
      },
    },
    authenticating: {
      invoke: {
        src: 'authenticate',
        input: ({ event }) => {
          assertEvent(event, 'login.submit');
          return { email: event.email, password: event.password };
        },
        onDone: {
          target: 'storingTokens',
          actions: [
            { type: 'adoptTokens', params: ({ event }) => event.output },
            { type: 'storeTokens', params: ({ event }) => event.output },
          ],
        },
        onError: [
          {
            // Spec §4: "if either token is missing stop" — the TokenPair schema rejects such an answer.
            guard: { type: 'answerWasUnexpected', params: ({ event }) => ({ error: event.error }) },
            target: 'failed',
            actions: [
              { type: 'reportFailure', params: ({ event }) => ({ error: event.error }) },
              { type: 'setError', params: ({ event }) => ({ message: failureMessage(event.error) }) },
            ],
          },
          {
            guard: { type: 'failedWithStatus', params: failedWith(401) },
            target: 'failed',
            actions: {
              type: 'setError',
              params: ({ event }) => ({
                message:
                  (event.error instanceof ApiError ? event.error.serverMessage : null) ??
                  INVALID_CREDENTIALS_MESSAGE,
              }),
            },
          },
          {
            guard: { type: 'failedWithStatus', params: failedWith(400) },
            target: 'failed',
            actions: [
              { type: 'reportFailure', params: ({ event }) => ({ error: event.error }) },
              'clearStoredTokens',
              'emitLoggedOut',
              { type: 'setError', params: ({ event }) => ({ message: failureMessage(event.error) }) },
            ],
          },
          {
            guard: { type: 'failedWithStatus', params: failedWith(422) },
            target: 'renewingSession',
          },
          {
            guard: { type: 'failedWithStatus', params: failedWith(429) },
            target: 'failed',
            actions: {
              type: 'setError',
              params: ({ event }) => ({
                message: tooManyAttemptsMessage(
                  event.error instanceof ApiError ? event.error.retryAfterSeconds : null,
                ),
              }),
            },
          },
          {
            guard: { type: 'failedWithStatus', params: failedWith(503) },
            target: 'failed',
            actions: {
              type: 'setError',
              params: ({ event }) => ({
                message:
                  (event.error instanceof ApiError ? event.error.serverMessage : null) ?? SERVER_BUSY_MESSAGE,
              }),
            },
          },
          {
            guard: { type: 'failedWithStatus', params: failedWith(500) },
            target: 'failed',
            actions: [
              { type: 'reportFailure', params: ({ event }) => ({ error: event.error }) },
              'clearStoredTokens',
              'emitLoggedOut',
              { type: 'setError', params: ({ event }) => ({ message: failureMessage(event.error) }) },
            ],
          },
          {
            target: 'failed',
            actions: [
              { type: 'reportFailure', params: ({ event }) => ({ error: event.error }) },
              'clearStoredTokens',
              'emitLoggedOut',
              { type: 'setError', params: { message: UNHANDLED_LOGIN_ERROR_MESSAGE } },
            ],
          },
        ],
      },
    },
    renewingSession: {
      invoke: {
        src: 'renewSession',
        onDone: {
          target: 'storingTokens',
          actions: [
            { type: 'adoptTokens', params: ({ event }) => event.output },
            { type: 'storeTokens', params: ({ event }) => event.output },
          ],
        },
        onError: {
          target: 'failed',
          actions: [
            { type: 'reportFailure', params: ({ event }) => ({ error: event.error }) },
            'clearStoredTokens',
            'emitLoggedOut',
            { type: 'setError', params: ({ event }) => ({ message: failureMessage(event.error) }) },
          ],
        },
      },
    },
    storingTokens: {
      after: {
        STORAGE_EVENT_DELAY: { target: 'loadingUser', actions: 'announceStoredTokens' },
      },
    },
    loadingUser: {
      invoke: {
        src: 'loadUser',
        input: ({ context }) => ({ accessToken: context.accessToken }),
        onDone: {
          target: 'succeeded',
          actions: { type: 'emitLoggedIn', params: ({ event }) => ({ user: event.output }) },
        },
        onError: {
          target: 'failed',
          actions: [
            { type: 'reportFailure', params: ({ event }) => ({ error: event.error }) },
            'clearStoredTokens',
            'emitLoggedOut',
            { type: 'setError', params: ({ event }) => ({ message: failureMessage(event.error) }) },
          ],
        },
      },
    },
    succeeded: { type: 'final' },
    failed: {
      on: {
        'login.submit': {
          target: 'authenticating',
          actions: { type: 'startAttempt', params: ({ event }) => ({ redirectTo: event.redirectTo }) },
        },
      },
    },
  },
});

/** A snapshot of a login actor. */
export type LoginSnapshot = SnapshotFrom<typeof loginMachine>;

/** The message to show in red under the form, or null. */
export function selectLoginError(snapshot: LoginSnapshot): string | null {
  return snapshot.context.error;
}

/** True from submit until the attempt has failed (the form is disabled meanwhile, and after success). */
export function selectIsSubmitting(snapshot: LoginSnapshot): boolean {
  return !snapshot.matches('idle') && !snapshot.matches('failed');
}
