/**
 * The login card's statechart (spec §4 "Login sequence", "Form field states", §5 "Login", §8 "Login by
 * status"; ARCHITECTURE.md §4 for 429; issue 13 for 503; issue 14 for the composition).
 *
 * The form: the values, which fields were touched and what each shows (checked on blur and on submit)
 * live in the context; `selectLoginForm` derives each field's view with `fieldView`. A submit of an
 * invalid form touches every field and asks for focus on the first invalid one (`uiFocus`).
 *
 * The login: authenticate, store the tokens, trigger the storage event after STORAGE_EVENT_DELAY ms,
 * load the user with the new access token, then send LOGIN (`session.login`) to the session actor it
 * was given as input, which redirects. Failures end in `failed` with the spec's message; the branches
 * that "log out" clear the stored tokens and send `session.logout` to the session.
 *
 * While the card waits (idle or failed), it watches the session: when it becomes signed in (another
 * tab logged in, spec §4 "Multi-tab sync"), the card leaves for where its own login would have gone,
 * unless the guard turned that user away. Targets come from `session-redirects.ts`.
 */
import * as v from 'valibot';
import { assign, emit, enqueueActions, fromCallback, fromPromise, not, sendTo, setup } from 'xstate';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { fetchProfile, login, refreshTokens } from '@/api/auth';
import { ApiError } from '@/api/client';
import type { ProfileUser } from '@/api/schemas/auth';
import { announceStoredTokens, clearStoredTokens, setStoredTokens } from '@/api/tokens-storage';
import { fieldElementId, fieldView } from './form-fields';
import type { FieldView } from './form-fields';
import { loginTarget, wasTurnedAway } from './session-redirects';
import { STORAGE_EVENT_DELAY, selectStatus } from './session.machine';
import type { SessionEvent, sessionMachine } from './session.machine';
import { uiFocus, uiNavigate } from './ui-effects';
import type { FocusEffect, NavigateEffect } from './ui-effects';
/** Spec §8: 401 without a server message. */
export const INVALID_CREDENTIALS_MESSAGE = 'Invalid username or password';
/** Spec §8: statuses without a branch of their own. */
export const UNHANDLED_LOGIN_ERROR_MESSAGE = 'Unhandled login error, check console for details';

/**
 * The 429 text (ARCHITECTURE.md §4, in minutes since issue 30): 'Too many login attempts. Try again in
 * N minutes.' with N from the Retry-After header (seconds, rounded up to whole minutes), or 'later'
 * without that header, followed by what to do next.
 */
export function tooManyAttemptsMessage(retryAfterSeconds: number | null): string {
  const wait = retryAfterSeconds === null ? 'later' : `in ${minutesText(retryAfterSeconds)}`;
  return `Too many login attempts. Try again ${wait}. ${LOCKOUT_NEXT_STEP}`;
}

/** What a locked-out admin can do besides waiting: there is no self-service reset (issue 30). */
export const LOCKOUT_NEXT_STEP =
  'If you have forgotten your password, ask another administrator to set a new one.';

/** A wait in whole minutes, rounded up, at least one: '1 minute', '15 minutes'. */
function minutesText(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
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

/** The login form's fields, in the order of the card (the first invalid one gets the focus). */
export const LOGIN_FIELDS = ['email', 'password'] as const;

/** One of the login form's fields. */
export type LoginField = (typeof LOGIN_FIELDS)[number];

/** The form's values as typed. */
export type LoginValues = Record<LoginField, string>;

/** The `form` part of the login fields' DOM ids (`fieldElementId(LOGIN_FORM, field)`). */
export const LOGIN_FORM = 'login';

const rules = {
  email: v.pipe(v.string(), v.nonEmpty('Required'), v.email('Invalid email address')),
  password: v.pipe(
    v.string(),
    v.nonEmpty('Required'),
    v.minLength(6, 'Password must be at least 6 characters'),
  ),
} satisfies Record<LoginField, v.GenericSchema<string, string>>;

/** Spec §5 "Login" ('Required' is the spec's generic form message): the first error of `value`, or null. */
export function checkLoginField(field: LoginField, value: string): string | null {
  const result = v.safeParse(rules[field], value);
  return result.success ? null : (result.issues[0]?.message ?? null);
}

/** Checks every field at once (on submit, and for the Login button's state). */
export function checkLoginForm(values: LoginValues): Record<LoginField, string | null> {
  return {
    email: checkLoginField('email', values.email),
    password: checkLoginField('password', values.password),
  };
}

/** The session actor the card logs in and out (the app's one session, from `src/routes/session.tsx`). */
export type LoginSessionRef = ActorRefFrom<typeof sessionMachine>;

/** What the card starts from: the session, and the router location state the guard left (if any). */
export interface LoginInput {
  session: LoginSessionRef;
  locationState?: unknown;
}

/** Login card context; tokens are '' until the server has answered. */
export interface LoginContext extends LoginTokens {
  session: LoginSessionRef;
  /** Where a login goes (`loginTarget` of the location state). */
  redirectTo: string;
  /** The guard turned the signed-in user away: a session signed in elsewhere does not move the card. */
  turnedAway: boolean;
  values: LoginValues;
  touched: Record<LoginField, boolean>;
  /** What each field shows once touched: its error as of its last blur or submit, null when it passed. */
  errors: Record<LoginField, string | null>;
  error: string | null;
}

/** The form's gestures (spec §4 "Form field states") and the session's news for a waiting card. */
export type LoginEvent =
  | { type: 'login.change'; field: LoginField; value: string }
  | { type: 'login.blur'; field: LoginField }
  /** The form was submitted (Enter or the Login button). */
  | { type: 'login.submit' }
  /** The session became signed in while the card waited (another tab logged in). */
  | { type: 'login.signedInElsewhere' };

/** What the card asks of the screen: focus the first invalid field, or leave for the login's target. */
export type LoginEmitted = FocusEffect | NavigateEffect;

/**
 * Sends `login.signedInElsewhere` back whenever the session it watches is signed in, at once when it
 * already is. Runs only while the card waits, so its own login (which signs the session in) is over.
 */
export const watchSessionLogic = fromCallback<SessionEvent, LoginSessionRef>(({ input, sendBack }) => {
  const check = (snapshot: SnapshotFrom<typeof sessionMachine>) => {
    if (selectStatus(snapshot) === 'loggedIn') sendBack({ type: 'login.signedInElsewhere' });
  };
  check(input.getSnapshot());
  const subscription = input.subscribe(check);
  return () => subscription.unsubscribe();
});

function statusOf(error: unknown): number | null {
  return error instanceof ApiError ? error.status : null;
}

/** What a person is shown for a failure without a text of its own in the spec. */
function failureMessage(error: unknown): string {
  return error instanceof ApiError ? error.message : UNHANDLED_LOGIN_ERROR_MESSAGE;
}

const toTokens = (pair: { access_token: string; refresh_token: string }): LoginTokens => ({
  accessToken: pair.access_token,
  refreshToken: pair.refresh_token,
});

/**
 * What `idle` and `failed` share: the card waits for its form (spec §4 "Form field states", §5) and
 * watches the session.
 */
const waiting = {
  invoke: { src: 'watchSession', input: ({ context }: { context: LoginContext }) => context.session },
  on: {
    'login.change': {
      actions: {
        type: 'changeField',
        params: ({ event }: { event: Extract<LoginEvent, { type: 'login.change' }> }) => ({
          field: event.field,
          value: event.value,
        }),
      },
    },
    'login.blur': {
      actions: {
        type: 'touchField',
        params: ({ event }: { event: Extract<LoginEvent, { type: 'login.blur' }> }) => ({
          field: event.field,
        }),
      },
    },
    'login.submit': [
      { guard: 'formIsValid', target: '#login.authenticating', actions: ['touchAll', 'startAttempt'] },
      { actions: ['touchAll', 'focusFirstInvalid'] },
    ],
    'login.signedInElsewhere': { guard: not('turnedAway'), target: '#login.left', actions: 'leaveForTarget' },
  },
} as const;

/** The login statechart; see the module comment. */
export const loginMachine = setup({
  // Stryker disable next-line ObjectLiteral: XState ignores `types` at run time (only TypeScript reads it)
  types: {
    context: {} as LoginContext,
    events: {} as LoginEvent,
    emitted: {} as LoginEmitted,
    input: {} as LoginInput,
  },
  actors: {
    watchSession: watchSessionLogic,
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
    changeField: assign(({ context }, params: { field: LoginField; value: string }) => ({
      values: { ...context.values, [params.field]: params.value },
    })),
    touchField: assign(({ context }, params: { field: LoginField }) => ({
      touched: { ...context.touched, [params.field]: true },
      errors: {
        ...context.errors,
        [params.field]: checkLoginField(params.field, context.values[params.field]),
      },
    })),
    touchAll: assign(({ context }) => ({
      touched: { email: true, password: true },
      errors: checkLoginForm(context.values),
    })),
    focusFirstInvalid: enqueueActions(({ context, enqueue }) => {
      const errors = checkLoginForm(context.values);
      const first = LOGIN_FIELDS.find((field) => errors[field] !== null);
      if (first !== undefined) enqueue.emit(uiFocus(fieldElementId(LOGIN_FORM, first)));
    }),
    startAttempt: assign({ error: null }),
    focusPassword: emit(uiFocus(fieldElementId(LOGIN_FORM, 'password'))),
    leaveForTarget: emit(({ context }) => uiNavigate(context.redirectTo, { replace: true })),
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
    sendLogin: sendTo(
      ({ context }) => context.session,
      ({ context }, params: { user: ProfileUser }) =>
        ({
          type: 'session.login',
          user: params.user,
          accessToken: context.accessToken,
          refreshToken: context.refreshToken,
          redirectTo: context.redirectTo,
        }) satisfies SessionEvent,
    ),
    sendLogout: sendTo(({ context }) => context.session, { type: 'session.logout' } satisfies SessionEvent),
  },
  guards: {
    formIsValid: ({ context }) =>
      LOGIN_FIELDS.every((field) => checkLoginField(field, context.values[field]) === null),
    turnedAway: ({ context }) => context.turnedAway,
    // The status is a value (not read from the event by a params function), so the statechart's
    // exports and the model tests' table show which status each branch is for (issue 17).
    failedWithStatus: ({ event }, params: { status: number }) =>
      statusOf('error' in event ? event.error : undefined) === params.status,
    answerWasUnexpected: (_, params: { error: unknown }) =>
      params.error instanceof ApiError && params.error.kind === 'unexpected-response',
  },
  delays: { STORAGE_EVENT_DELAY },
}).createMachine({
  id: 'login',
  initial: 'idle',
  context: ({ input }) => ({
    session: input.session,
    redirectTo: loginTarget(input.locationState),
    turnedAway: wasTurnedAway(input.locationState),
    values: { email: '', password: '' },
    touched: { email: false, password: false },
    errors: { email: null, password: null },
    error: null,
    accessToken: '',
    refreshToken: '',
  }),
  states: {
    idle: waiting,
    authenticating: {
      invoke: {
        src: 'authenticate',
        input: ({ context }) => ({ email: context.values.email, password: context.values.password }),
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
            guard: { type: 'failedWithStatus', params: { status: 401 } },
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
            guard: { type: 'failedWithStatus', params: { status: 400 } },
            target: 'failed',
            actions: [
              { type: 'reportFailure', params: ({ event }) => ({ error: event.error }) },
              'clearStoredTokens',
              'sendLogout',
              { type: 'setError', params: ({ event }) => ({ message: failureMessage(event.error) }) },
            ],
          },
          {
            guard: { type: 'failedWithStatus', params: { status: 422 } },
            target: 'renewingSession',
          },
          {
            guard: { type: 'failedWithStatus', params: { status: 429 } },
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
            guard: { type: 'failedWithStatus', params: { status: 503 } },
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
            guard: { type: 'failedWithStatus', params: { status: 500 } },
            target: 'failed',
            actions: [
              { type: 'reportFailure', params: ({ event }) => ({ error: event.error }) },
              'clearStoredTokens',
              'sendLogout',
              { type: 'setError', params: ({ event }) => ({ message: failureMessage(event.error) }) },
            ],
          },
          {
            target: 'failed',
            actions: [
              { type: 'reportFailure', params: ({ event }) => ({ error: event.error }) },
              'clearStoredTokens',
              'sendLogout',
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
            'sendLogout',
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
          actions: { type: 'sendLogin', params: ({ event }) => ({ user: event.output }) },
        },
        onError: {
          target: 'failed',
          actions: [
            { type: 'reportFailure', params: ({ event }) => ({ error: event.error }) },
            'clearStoredTokens',
            'sendLogout',
            { type: 'setError', params: ({ event }) => ({ message: failureMessage(event.error) }) },
          ],
        },
      },
    },
    succeeded: { type: 'final' },
    // Disabling the form while it was sent took the focus from the field or button that had it: it
    // goes to the password, which a person retypes or sends again with Enter.
    failed: { ...waiting, entry: 'focusPassword' },
    /** The session was signed in elsewhere; the card has asked to leave for its target. */
    left: { type: 'final' },
  },
});

/** A snapshot of a login actor. */
export type LoginSnapshot = SnapshotFrom<typeof loginMachine>;

/** The message to show in red under the form, or null. */
export function selectLoginError(snapshot: LoginSnapshot): string | null {
  return snapshot.context.error;
}

/** What the card draws: each field's value and view, and whether the Login button may be pressed. */
export interface LoginFormView {
  values: LoginValues;
  fields: Record<LoginField, FieldView>;
  /** Spec §5: the Login button is disabled until the form is valid, and while submitting. */
  canSubmit: boolean;
}

/** The form's view from a snapshot (spec §4 "Form field states", §5). */
export function selectLoginForm(snapshot: LoginSnapshot): LoginFormView {
  const { values, touched, errors } = snapshot.context;
  const valid = LOGIN_FIELDS.every((field) => checkLoginField(field, values[field]) === null);
  return {
    values,
    fields: {
      email: fieldView(touched.email, errors.email),
      password: fieldView(touched.password, errors.password),
    },
    canSubmit: valid && !selectIsSubmitting(snapshot),
  };
}

/** True from submit until the attempt has failed (the form is disabled meanwhile, and after success). */
export function selectIsSubmitting(snapshot: LoginSnapshot): boolean {
  return !snapshot.matches('idle') && !snapshot.matches('failed');
}
