/**
 * Model of loginMachine (spec §4 "Login sequence", §8 "Login by status", ARCHITECTURE.md §4 for
 * 429, issue 13 for 503). Its guards read only the failing actor's error, so the serializer keeps the state alone; the
 * error variants are the fixtures of `authenticate`, one per branch of spec §8.
 */
import { expect } from 'vitest';
import {
  ApiError,
  NETWORK_FAILURE_MESSAGE,
  TOKENS_EXPIRED_MESSAGE,
  UNEXPECTED_RESPONSE_MESSAGE,
} from '@/api/client';
import type { ProfileUser } from '@/api/schemas/auth';
import {
  DEFAULT_LOGIN_REDIRECT,
  INVALID_CREDENTIALS_MESSAGE,
  SERVER_BUSY_MESSAGE,
  UNHANDLED_LOGIN_ERROR_MESSAGE,
  loginMachine,
  tooManyAttemptsMessage,
} from '@/machines/login.machine';
import type { LoginTokens } from '@/machines/login.machine';
import { defineModel } from '../harness';
import type { ExecutedStep } from '../harness';

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

/** The three actions of the branches that "log out" (spec §8), in order. */
const LOG_OUT = ['reportFailure', 'clearStoredTokens', 'xstate.emit'];

type LoginStep = ExecutedStep<typeof loginMachine>;

function expectFailure(step: LoginStep, message: string, logsOut: boolean, reports = logsOut): void {
  expect(step.after.value).toBe('failed');
  expect(step.after.context.error).toBe(message);
  expect(step.actions.map((action) => action.type)).toEqual(
    logsOut ? LOG_OUT : reports ? ['reportFailure'] : [],
  );
  expect(step.emitted).toEqual(logsOut ? [{ type: 'loggedOut' }] : []);
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
    expect(step.emitted).toEqual([]);
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

function checkStep(step: LoginStep): void {
  const { before, event, after } = step;
  if (before === null) {
    expect(after.value).toBe('idle');
    expect(after.context.error).toBeNull();
    return;
  }
  if (event.type === 'login.submit') {
    expect(after.value).toBe('authenticating');
    expect(after.context.error, 'a new attempt clears the old message').toBeNull();
    expect(after.context.redirectTo).toBe(event.redirectTo ?? DEFAULT_LOGIN_REDIRECT);
    expect(step.started).toEqual([
      {
        src: 'authenticate',
        id: expect.any(String),
        input: { email: event.email, password: event.password },
      },
    ]);
  } else if ('output' in event) {
    if (after.matches('storingTokens')) {
      const pair = event.output as LoginTokens;
      expect(after.context).toMatchObject(pair);
      expect(step.actions).toEqual([{ type: 'storeTokens', params: pair }]);
    } else {
      expect(after.value).toBe('succeeded');
      expect(step.emitted).toEqual([
        {
          type: 'loggedIn',
          user: event.output,
          accessToken: before.context.accessToken,
          refreshToken: before.context.refreshToken,
          redirectTo: before.context.redirectTo,
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

export default defineModel({
  machine: loginMachine,
  events: {
    'login.submit': [
      { type: 'login.submit', email: 'ada@example.com', password: 'Secret123!' },
      {
        type: 'login.submit',
        email: 'ada@example.com',
        password: 'Secret123!',
        redirectTo: '/dashboard/users',
      },
    ],
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
  serialize: (snapshot) => snapshot.value,
  check: checkStep,
});
