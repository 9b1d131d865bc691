/**
 * Model of loginMachine (spec §4 "Login sequence", "Form field states", §5 "Login", §8 "Login by
 * status", ARCHITECTURE.md §4 for 429, issue 13 for 503). The serializer keeps the state and, of the
 * form, only what the submit reads: the first field whose value fails, with the message it earns (the
 * guard's verdict, and the field the focus goes to). So each message is walked once, where it is the
 * first, not for every mix of values and views (issue 28: the rules themselves are table-tested in
 * src/machines/login.machine.test.ts); the checks still hold every field's view after every step.
 * The error variants are the fixtures of `authenticate`, one per branch of spec §8. The inputs are
 * the location states the guard can leave: a remembered page, and a signed-in user turned away (with
 * no location state a login goes to the default page, `loginTarget`'s rule, which
 * session-redirects.test.ts checks).
 */
import { expect } from 'vitest';
import {
  ApiError,
  NETWORK_FAILURE_MESSAGE,
  TOKENS_EXPIRED_MESSAGE,
  UNEXPECTED_RESPONSE_MESSAGE,
} from '@/api/client';
import type { ProfileUser } from '@/api/schemas/auth';
import { createActor } from 'xstate';
import { LOGIN_FIELDS, loginMachine, selectLoginForm } from '@/machines/login.machine';
import type { LoginField, LoginTokens } from '@/machines/login.machine';
import { loginTarget } from '@/machines/session-redirects';
import { sessionMachine } from '@/machines/session.machine';
import { uiFocus, uiNavigate } from '@/machines/ui-effects';
import { defineModel } from '../harness';
import type { ExecutedStep } from '../harness';

/*
 * The texts the card must show, copied from their sources rather than imported from the machine, so a
 * text that drifts in the machine fails here (issue 17).
 */
/** Spec §8 "Login by status", 401 without a server message. */
const INVALID_CREDENTIALS_MESSAGE = 'Invalid username or password';
/** Spec §8 "Login by status", other statuses. */
const UNHANDLED_LOGIN_ERROR_MESSAGE = 'Unhandled login error, check console for details';
/** Issue 13: a 503 without a server message. */
const SERVER_BUSY_MESSAGE = 'The server is busy. Try again in a moment.';

/**
 * The 429 text (issue 30): the wait from Retry-After in whole minutes rounded up, or 'later' without
 * that header, then what to do next.
 */
function tooManyAttemptsMessage(retryAfterSeconds: number | null): string {
  const minutes = retryAfterSeconds === null ? null : Math.max(1, Math.ceil(retryAfterSeconds / 60));
  const wait = minutes === null ? 'later' : minutes === 1 ? 'in 1 minute' : `in ${minutes} minutes`;
  return `Too many login attempts. Try again ${wait}. If you have forgotten your password, ask another administrator to set a new one.`;
}

/**
 * Spec §5 "Login" ('Required' is the spec's generic form message): what each value the model types
 * earns, first broken rule first; null when it passes.
 */
const FIELD_ERRORS: Readonly<Record<LoginField, Readonly<Record<string, string | null>>>> = {
  email: { '': 'Required', 'ada@': 'Invalid email address', 'ada@example.com': null },
  password: { '': 'Required', '12345': 'Password must be at least 6 characters', 'Secret123!': null },
};

/** The spec's message for `value` in `field` (FIELD_ERRORS). @throws for a value the table lacks */
function fieldError(field: LoginField, value: string): string | null {
  const error = FIELD_ERRORS[field][value];
  if (error === undefined) throw new Error(`FIELD_ERRORS has no ${field} '${value}'`);
  return error;
}

/** `fieldError` of every field of `values`. */
function formErrors(values: Readonly<Record<LoginField, string>>): Record<LoginField, string | null> {
  return { email: fieldError('email', values.email), password: fieldError('password', values.password) };
}

const ADA: ProfileUser = {
  id: 1,
  user_type_id: 1,
  first_name: 'Ada',
  last_name: 'Lovelace',
  email: 'ada@example.com',
  avatar: null,
};
/**
 * An HTTP failure as the app's client makes it from a non-OK answer of the login call (sent without a
 * token): the server's message when its body carried one, the status otherwise. Keeping the fixtures
 * to what the client can make lets the UI model (tests/e2e/model) force the same failure over HTTP.
 */
function httpError(status: number, serverMessage: string | null, retryAfterSeconds: number | null = null) {
  return new ApiError(serverMessage ?? `Request failed with status ${status}`, {
    kind: 'http',
    status,
    serverMessage,
    retryAfterSeconds,
  });
}

const LOGIN_PAIR: LoginTokens = { accessToken: 'access-1', refreshToken: 'refresh-1' };
const RENEWED_PAIR: LoginTokens = { accessToken: 'access-2', refreshToken: 'refresh-2' };

/**
 * The session the card is given: never started, so what the card sends it only waits in its mailbox
 * (the checks read the sends from the step's actions).
 */
const SESSION = createActor(sessionMachine, { id: 'session' });

/** The three actions of the branches that "log out" (spec §8), in order. */
const LOG_OUT = ['reportFailure', 'clearStoredTokens', 'xstate.sendTo'];
const LOGOUT_SENT = { type: 'xstate.sendTo', params: { to: 'session', event: { type: 'session.logout' } } };

type LoginStep = ExecutedStep<typeof loginMachine>;

function expectFailure(step: LoginStep, message: string, logsOut: boolean, reports = logsOut): void {
  expect(step.after.value).toBe('failed');
  expect(step.after.context.error).toBe(message);
  // Entering `failed` asks for the focus the disabled form lost, on the password.
  expect(step.actions.map((action) => action.type)).toEqual([
    ...(logsOut ? LOG_OUT : reports ? ['reportFailure'] : []),
    'xstate.emit',
  ]);
  expect(step.emitted).toEqual([uiFocus('login-password')]);
  expect(step.actions.filter((action) => action.type === 'xstate.sendTo')).toEqual(
    logsOut ? [LOGOUT_SENT] : [],
  );
  if (reports) {
    expect(step.actions[0], 'the failure is logged with its error').toEqual({
      type: 'reportFailure',
      params: { error: (step.event as { error: unknown }).error },
    });
  }
}

function checkAuthenticationError(step: LoginStep, error: unknown): void {
  if (!(error instanceof ApiError)) {
    expectFailure(step, UNHANDLED_LOGIN_ERROR_MESSAGE, true);
  } else if (error.kind === 'unexpected-response') {
    // Spec §4: an answer without both tokens stops the sequence; nothing was stored to clear.
    expectFailure(step, error.message, false, true);
  } else if (error.status === 401) {
    expectFailure(step, error.serverMessage ?? INVALID_CREDENTIALS_MESSAGE, false);
  } else if (error.status === 422) {
    expect(step.after.value).toBe('renewingSession');
    expect(step.actions).toEqual([]);
  } else if (error.status === 429) {
    expectFailure(step, tooManyAttemptsMessage(error.retryAfterSeconds), false);
  } else if (error.status === 503) {
    expectFailure(step, error.serverMessage ?? SERVER_BUSY_MESSAGE, false);
  } else if (error.status === 400 || error.status === 500) {
    expectFailure(step, error.message, true);
  } else {
    expectFailure(step, UNHANDLED_LOGIN_ERROR_MESSAGE, true);
  }
}

/** Spec §4 "Form field states": what each field shows after a form event. */
function checkFormStep(step: LoginStep): void {
  const { before, event, after } = step;
  if (before === null) return;
  if (event.type === 'login.change') {
    expect(after.value, 'typing does not leave the state').toBe(before.value);
    expect(after.context.values[event.field]).toBe(event.value);
    expect(selectLoginForm(after).fields, 'the shown checks wait for a blur or submit').toEqual(
      selectLoginForm(before).fields,
    );
  } else if (event.type === 'login.blur') {
    const shown = fieldError(event.field, after.context.values[event.field]);
    expect(selectLoginForm(after).fields[event.field]).toEqual(
      shown === null ? { state: 'valid', error: null } : { state: 'error', error: shown },
    );
  } else if (event.type === 'login.submit') {
    const checks = formErrors(before.context.values);
    for (const field of LOGIN_FIELDS) {
      expect(selectLoginForm(after).fields[field].state, 'a submit touches every field').toBe(
        checks[field] === null ? 'valid' : 'error',
      );
    }
    const firstInvalid = LOGIN_FIELDS.find((field) => checks[field] !== null);
    if (firstInvalid === undefined) return;
    expect(after.value, 'an invalid form is not sent').toBe(before.value);
    expect(after.context.error, 'nor is the last message cleared').toBe(before.context.error);
    expect(step.emitted).toEqual([uiFocus(`login-${firstInvalid}`)]);
    expect(step.started).toEqual([]);
  }
  // Spec §5: Login is disabled until the form is valid, and while submitting.
  const valid = Object.values(formErrors(after.context.values)).every((check) => check === null);
  const waiting = after.matches('idle') || after.matches('failed');
  expect(selectLoginForm(after).canSubmit).toBe(valid && waiting);
}

function checkStep(step: LoginStep): void {
  const { before, event, after } = step;
  checkFormStep(step);
  if (before === null) {
    expect(after.value).toBe('idle');
    expect(after.context.error).toBeNull();
    expect(after.context, 'the form starts empty and untouched, with no tokens').toMatchObject({
      values: { email: '', password: '' },
      touched: { email: false, password: false },
      errors: { email: null, password: null },
      accessToken: '',
      refreshToken: '',
    });
    expect(after.context.redirectTo).toBe(loginTarget(step.input?.locationState));
    return;
  }
  if (event.type === 'login.submit') {
    if (!after.matches('authenticating')) return;
    expect(after.context.error, 'a new attempt clears the old message').toBeNull();
    expect(step.started).toEqual([
      {
        src: 'authenticate',
        id: expect.any(String),
        input: before.context.values,
      },
    ]);
  } else if (event.type === 'login.signedInElsewhere') {
    if (after.context.turnedAway) {
      expect(after.value, 'a user the guard turned away stays on the card').toBe(before.value);
      expect(step.emitted).toEqual([]);
    } else {
      expect(after.value).toBe('left');
      expect(step.emitted).toEqual([uiNavigate(after.context.redirectTo, { replace: true })]);
    }
  } else if ('output' in event) {
    if (after.matches('storingTokens')) {
      const pair = event.output as LoginTokens;
      expect(after.context).toMatchObject(pair);
      expect(step.actions).toEqual([{ type: 'storeTokens', params: pair }]);
    } else {
      expect(after.value).toBe('succeeded');
      expect(step.actions).toEqual([
        {
          type: 'xstate.sendTo',
          params: {
            to: 'session',
            event: {
              type: 'session.login',
              user: event.output,
              accessToken: before.context.accessToken,
              refreshToken: before.context.refreshToken,
              redirectTo: before.context.redirectTo,
            },
          },
        },
      ]);
    }
  } else if ('error' in event) {
    if (before.matches('authenticating')) {
      checkAuthenticationError(step, event.error);
    } else {
      const message = event.error instanceof ApiError ? event.error.message : UNHANDLED_LOGIN_ERROR_MESSAGE;
      expectFailure(step, message, true);
    }
  } else if (event.type.startsWith('xstate.after.')) {
    expect(after.value).toBe('loadingUser');
    expect(step.actions.map((action) => action.type)).toEqual(['announceStoredTokens']);
    expect(step.started).toEqual([
      { src: 'loadUser', id: expect.any(String), input: { accessToken: before.context.accessToken } },
    ]);
  }
}

/**
 * What the serializer keeps of the form: the first field whose value fails and the message it earns
 * (FIELD_ERRORS), or null for a form that may be sent.
 */
function firstFailure(values: Readonly<Record<LoginField, string>>): [LoginField, string] | null {
  const errors = formErrors(values);
  const field = LOGIN_FIELDS.find((one) => errors[one] !== null);
  return field === undefined ? null : [field, errors[field]!];
}

export default defineModel({
  machine: loginMachine,
  inputs: {
    remembered: {
      session: SESSION,
      locationState: { from: { pathname: '/dashboard/users', search: '', hash: '' }, denied: false },
    },
    turnedAway: {
      session: SESSION,
      locationState: { from: { pathname: '/dashboard', search: '', hash: '' }, denied: true },
    },
  },
  events: {
    'login.change': [
      { type: 'login.change', field: 'email', value: '' },
      { type: 'login.change', field: 'email', value: 'ada@' },
      { type: 'login.change', field: 'email', value: 'ada@example.com' },
      { type: 'login.change', field: 'password', value: '' },
      { type: 'login.change', field: 'password', value: '12345' },
      { type: 'login.change', field: 'password', value: 'Secret123!' },
    ],
    'login.blur': [
      { type: 'login.blur', field: 'email' },
      { type: 'login.blur', field: 'password' },
    ],
    'login.submit': [{ type: 'login.submit' }],
    'login.signedInElsewhere': [{ type: 'login.signedInElsewhere' }],
  },
  outcomes: {
    authenticate: {
      done: [LOGIN_PAIR],
      error: [
        new ApiError(UNEXPECTED_RESPONSE_MESSAGE, { kind: 'unexpected-response', status: 200 }),
        httpError(401, 'Account suspended'),
        httpError(401, null),
        httpError(400, 'Bad Request'),
        httpError(422, 'Unprocessable'),
        httpError(429, 'Too many login attempts. Try again in 30 seconds.', 30),
        httpError(429, 'Too Many Requests'),
        httpError(500, 'Internal Server Error'),
        httpError(503, 'The server is busy checking other passwords. Try again in a moment.', 1),
        httpError(503, null),
        httpError(502, 'Bad Gateway'),
        new ApiError(NETWORK_FAILURE_MESSAGE, { kind: 'network' }),
      ],
    },
    renewSession: {
      done: [RENEWED_PAIR],
      error: [new ApiError(TOKENS_EXPIRED_MESSAGE, { kind: 'tokens-expired', status: 401 })],
    },
    loadUser: {
      done: [ADA],
      error: [new ApiError(TOKENS_EXPIRED_MESSAGE, { kind: 'tokens-expired', status: 401 })],
    },
  },
  stubActions: ['storeTokens', 'announceStoredTokens', 'clearStoredTokens', 'reportFailure'],
  serialize: (snapshot) => ({ value: snapshot.value, firstFailure: firstFailure(snapshot.context.values) }),
  filterEvents: (snapshot, event) => {
    if (event.type !== 'login.change') return true;
    // A value earning the message the field's value earns already reads the same to every rule.
    const { values } = snapshot.context;
    return fieldError(event.field, event.value) !== fieldError(event.field, values[event.field]);
  },
  check: checkStep,
});
