import { afterEach, describe, expect, it, vi } from 'vitest';
import { SimulatedClock, createActor, fromCallback, fromPromise, waitFor } from 'xstate';
import type { AnyActorRef } from 'xstate';
import { fetchProfile, login, refreshTokens } from '@/api/auth';
import { ApiError } from '@/api/client';
import type { ProfileUser } from '@/api/schemas/auth';
import { announceStoredTokens, clearStoredTokens, setStoredTokens } from '@/api/tokens-storage';
import type * as TokensStorage from '@/api/tokens-storage';
import {
  INVALID_CREDENTIALS_MESSAGE,
  SERVER_BUSY_MESSAGE,
  UNHANDLED_LOGIN_ERROR_MESSAGE,
  checkLoginField,
  checkLoginForm,
  loginMachine,
  selectLoginForm,
  selectIsSubmitting,
  selectLoginError,
  tooManyAttemptsMessage,
} from './login.machine';
import type { LoginEmitted, LoginEvent, LoginField, LoginSessionRef, LoginTokens } from './login.machine';
import { DEFAULT_LOGIN_REDIRECT } from './session-redirects';
import type { SessionEvent } from './session.machine';
import { STORAGE_EVENT_DELAY } from './session.machine';

vi.mock('@/api/auth', () => ({
  fetchProfile: vi.fn(),
  login: vi.fn(),
  logout: vi.fn(),
  refreshTokens: vi.fn(),
}));
vi.mock('@/api/tokens-storage', async (importOriginal) => ({
  ...(await importOriginal<typeof TokensStorage>()),
  announceStoredTokens: vi.fn(),
  clearStoredTokens: vi.fn(),
  setStoredTokens: vi.fn(),
}));

const ADA: ProfileUser = {
  id: 1,
  user_type_id: 1,
  first_name: 'Ada',
  last_name: 'Lovelace',
  email: 'ada@example.com',
  avatar: null,
};
const TOKENS: LoginTokens = { accessToken: 'access-1', refreshToken: 'refresh-1' };
const RENEWED: LoginTokens = { accessToken: 'access-2', refreshToken: 'refresh-2' };
const CREDENTIALS = { email: 'ada@example.com', password: 'secret1' };

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

function httpError(
  status: number,
  serverMessage: string | null = null,
  retryAfterSeconds: number | null = null,
) {
  return new ApiError(serverMessage ?? `Request failed with status ${status}`, {
    kind: 'http',
    status,
    serverMessage,
    retryAfterSeconds,
  });
}

/**
 * A stand-in for the session actor that records what the card sends it. Only `send` is used by the
 * login machine itself (the watcher, which reads the session's snapshot, is faked or not started).
 */
function recordingSession(): { ref: LoginSessionRef; sent: SessionEvent[] } {
  const sent: SessionEvent[] = [];
  const ref: AnyActorRef = createActor(
    fromCallback<SessionEvent>(({ receive }) => receive((event) => sent.push(event))),
  ).start();
  return { ref: ref as LoginSessionRef, sent };
}

/** Types the credentials into the form and submits it. */
function submit(
  actor: { send: (event: LoginEvent) => void },
  credentials: { email: string; password: string },
) {
  actor.send({ type: 'login.change', field: 'email', value: credentials.email });
  actor.send({ type: 'login.change', field: 'password', value: credentials.password });
  actor.send({ type: 'login.submit' });
}

/** A login actor with faked calls and side effects; each call answers with a deferred the test settles. */
function startLogin(locationState?: unknown) {
  const session = recordingSession();
  const clock = new SimulatedClock();
  const authentications: Array<{
    input: { email: string; password: string };
    answer: Deferred<LoginTokens>;
  }> = [];
  const renewals: Array<Deferred<LoginTokens>> = [];
  const userLoads: Array<{ input: { accessToken: string }; answer: Deferred<ProfileUser> }> = [];
  const spies = {
    storeTokens: vi.fn(),
    announceStoredTokens: vi.fn(),
    clearStoredTokens: vi.fn(),
    reportFailure: vi.fn(),
  };
  const machine = loginMachine.provide({
    actors: {
      watchSession: fromCallback(() => undefined),
      authenticate: fromPromise(({ input }: { input: { email: string; password: string } }) => {
        const answer = deferred<LoginTokens>();
        authentications.push({ input, answer });
        return answer.promise;
      }),
      renewSession: fromPromise(() => {
        const answer = deferred<LoginTokens>();
        renewals.push(answer);
        return answer.promise;
      }),
      loadUser: fromPromise(({ input }: { input: { accessToken: string } }) => {
        const answer = deferred<ProfileUser>();
        userLoads.push({ input, answer });
        return answer.promise;
      }),
    },
    actions: spies,
  });
  const actor = createActor(machine, { clock, input: { session: session.ref, locationState } });
  const emitted: LoginEmitted[] = [];
  actor.on('*', (event) => emitted.push(event));
  actor.start();
  return { actor, clock, authentications, renewals, userLoads, spies, emitted, sent: session.sent };
}

type Login = ReturnType<typeof startLogin>;

/** Submits and fails the authentication with `error`; resolves once the machine has left `authenticating`. */
async function failAuthentication(login: Login, error: unknown) {
  submit(login.actor, CREDENTIALS);
  login.authentications[0]?.answer.reject(error);
  await waitFor(login.actor, (s) => !s.matches('authenticating'));
}

afterEach(() => {
  vi.clearAllMocks();
});

describe('loginMachine: login sequence (spec §4)', () => {
  it('authenticates, stores the tokens, announces them after 50 ms, loads the user and emits loggedIn', async () => {
    const login = startLogin();
    const { actor, clock } = login;
    expect(actor.getSnapshot().value).toBe('idle');
    expect(selectIsSubmitting(actor.getSnapshot())).toBe(false);

    submit(actor, CREDENTIALS);
    expect(actor.getSnapshot().value).toBe('authenticating');
    expect(selectIsSubmitting(actor.getSnapshot())).toBe(true);
    expect(login.authentications[0]?.input).toEqual(CREDENTIALS);

    login.authentications[0]?.answer.resolve(TOKENS);
    await waitFor(actor, (s) => s.matches('storingTokens'));
    expect(login.spies.storeTokens).toHaveBeenCalledWith(expect.anything(), TOKENS);
    expect(actor.getSnapshot().context).toMatchObject(TOKENS);

    clock.increment(STORAGE_EVENT_DELAY - 1);
    expect(login.spies.announceStoredTokens).not.toHaveBeenCalled();
    expect(login.userLoads).toHaveLength(0);
    clock.increment(1);
    expect(login.spies.announceStoredTokens).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().value).toBe('loadingUser');
    expect(login.userLoads[0]?.input).toEqual({ accessToken: 'access-1' });

    login.userLoads[0]?.answer.resolve(ADA);
    await waitFor(actor, (s) => s.status === 'done');
    expect(actor.getSnapshot().value).toBe('succeeded');
    expect(selectIsSubmitting(actor.getSnapshot())).toBe(true);
    expect(login.sent).toEqual([
      { type: 'session.login', user: ADA, ...TOKENS, redirectTo: DEFAULT_LOGIN_REDIRECT },
    ]);
    expect(DEFAULT_LOGIN_REDIRECT).toBe('/dashboard');
    expect(login.spies.clearStoredTokens).not.toHaveBeenCalled();
  });

  it('honours redirectTo', async () => {
    const login = startLogin({ from: '/dashboard/feeds' });
    submit(login.actor, CREDENTIALS);
    login.authentications[0]?.answer.resolve(TOKENS);
    await waitFor(login.actor, (s) => s.matches('storingTokens'));
    login.clock.increment(STORAGE_EVENT_DELAY);
    login.userLoads[0]?.answer.resolve(ADA);
    await waitFor(login.actor, (s) => s.status === 'done');
    expect(login.sent).toEqual([
      { type: 'session.login', user: ADA, ...TOKENS, redirectTo: '/dashboard/feeds' },
    ]);
  });

  it('logs out when the user cannot be loaded with the new token', async () => {
    const login = startLogin();
    submit(login.actor, CREDENTIALS);
    login.authentications[0]?.answer.resolve(TOKENS);
    await waitFor(login.actor, (s) => s.matches('storingTokens'));
    login.clock.increment(STORAGE_EVENT_DELAY);
    const error = new ApiError('Tokens expired', { kind: 'tokens-expired', status: 401 });
    login.userLoads[0]?.answer.reject(error);
    await waitFor(login.actor, (s) => s.matches('failed'));
    expect(selectLoginError(login.actor.getSnapshot())).toBe('Tokens expired');
    expect(login.spies.clearStoredTokens).toHaveBeenCalledTimes(1);
    expect(login.spies.reportFailure).toHaveBeenCalledWith(expect.anything(), { error });
    expect(login.sent).toEqual([{ type: 'session.logout' }]);
  });

  it('stops when the answer misses a token (the schema rejects it)', async () => {
    const login = startLogin();
    await failAuthentication(
      login,
      new ApiError('Unexpected response from the server', { kind: 'unexpected-response', status: 200 }),
    );
    expect(login.actor.getSnapshot().value).toBe('failed');
    expect(selectLoginError(login.actor.getSnapshot())).toBe('Unexpected response from the server');
    expect(login.spies.storeTokens).not.toHaveBeenCalled();
    expect(login.spies.clearStoredTokens).not.toHaveBeenCalled();
    expect(login.sent).toEqual([]);
  });

  it('keeps the form usable: a failed attempt can be resubmitted and the error is cleared', async () => {
    const login = startLogin();
    await failAuthentication(login, httpError(401, 'Invalid username or password'));
    expect(selectIsSubmitting(login.actor.getSnapshot())).toBe(false);
    submit(login.actor, { ...CREDENTIALS, password: 'secret2' });
    expect(login.actor.getSnapshot().value).toBe('authenticating');
    expect(selectLoginError(login.actor.getSnapshot())).toBeNull();
    expect(login.authentications[1]?.input).toEqual({ ...CREDENTIALS, password: 'secret2' });
  });
});

describe('loginMachine: login by status (spec §8)', () => {
  it("401 shows the server's message and does not log out", async () => {
    const login = startLogin();
    await failAuthentication(login, httpError(401, 'Account disabled'));
    expect(login.actor.getSnapshot().value).toBe('failed');
    expect(selectLoginError(login.actor.getSnapshot())).toBe('Account disabled');
    expect(login.spies.clearStoredTokens).not.toHaveBeenCalled();
    expect(login.sent).toEqual([]);
  });

  it("401 without a server message shows 'Invalid username or password'", async () => {
    const login = startLogin();
    await failAuthentication(login, httpError(401));
    expect(selectLoginError(login.actor.getSnapshot())).toBe(INVALID_CREDENTIALS_MESSAGE);
    expect(INVALID_CREDENTIALS_MESSAGE).toBe('Invalid username or password');
  });

  it.each([400, 500])('%i logs out and clears the tokens', async (status) => {
    const login = startLogin();
    const error = httpError(status, 'Server says no');
    await failAuthentication(login, error);
    expect(login.actor.getSnapshot().value).toBe('failed');
    expect(login.spies.clearStoredTokens).toHaveBeenCalledTimes(1);
    expect(login.spies.reportFailure).toHaveBeenCalledWith(expect.anything(), { error });
    expect(login.sent).toEqual([{ type: 'session.logout' }]);
    expect(selectLoginError(login.actor.getSnapshot())).toBe('Server says no');
  });

  it('422 renews the session with the stored refresh token and continues the sequence', async () => {
    const login = startLogin();
    await failAuthentication(login, httpError(422));
    expect(login.actor.getSnapshot().value).toBe('renewingSession');
    expect(selectIsSubmitting(login.actor.getSnapshot())).toBe(true);
    login.renewals[0]?.resolve(RENEWED);
    await waitFor(login.actor, (s) => s.matches('storingTokens'));
    expect(login.spies.storeTokens).toHaveBeenCalledWith(expect.anything(), RENEWED);
    login.clock.increment(STORAGE_EVENT_DELAY);
    expect(login.userLoads[0]?.input).toEqual({ accessToken: 'access-2' });
    login.userLoads[0]?.answer.resolve(ADA);
    await waitFor(login.actor, (s) => s.status === 'done');
    expect(login.sent).toEqual([{ type: 'session.login', user: ADA, ...RENEWED, redirectTo: '/dashboard' }]);
  });

  it('422 logs out when the renewal fails or no refresh token is stored', async () => {
    const login = startLogin();
    await failAuthentication(login, httpError(422));
    login.renewals[0]?.reject(new ApiError('Unauthorized', { kind: 'unauthorized' }));
    await waitFor(login.actor, (s) => s.matches('failed'));
    expect(login.spies.clearStoredTokens).toHaveBeenCalledTimes(1);
    expect(login.sent).toEqual([{ type: 'session.logout' }]);
    expect(selectLoginError(login.actor.getSnapshot())).toBe('Unauthorized');
  });

  it("429 shows 'Too many login attempts. Try again in N minutes.' with N from Retry-After", async () => {
    const login = startLogin();
    await failAuthentication(login, httpError(429, 'Rate limit exceeded', 42));
    expect(selectLoginError(login.actor.getSnapshot())).toBe(tooManyAttemptsMessage(42));
    expect(login.spies.clearStoredTokens).not.toHaveBeenCalled();
    expect(login.sent).toEqual([]);
  });

  it.each([
    ['the server message', 'The server is busy checking other passwords. Try again in a moment.'],
    ['a fallback without one', null],
  ])('503 shows %s and does not log out (issue 13)', async (_, serverMessage) => {
    const login = startLogin();
    await failAuthentication(login, httpError(503, serverMessage, 1));
    expect(login.actor.getSnapshot().value).toBe('failed');
    expect(selectLoginError(login.actor.getSnapshot())).toBe(serverMessage ?? SERVER_BUSY_MESSAGE);
    expect(login.spies.clearStoredTokens).not.toHaveBeenCalled();
    expect(login.sent).toEqual([]);
  });

  it.each([
    ['403', httpError(403, 'Forbidden')],
    ['a network failure', new ApiError('Could not reach the server', { kind: 'network' })],
    ['a non-API error', new Error('boom')],
  ])('%s logs, logs out and shows the unhandled-error text', async (_, error) => {
    const login = startLogin();
    await failAuthentication(login, error);
    expect(login.actor.getSnapshot().value).toBe('failed');
    expect(selectLoginError(login.actor.getSnapshot())).toBe(UNHANDLED_LOGIN_ERROR_MESSAGE);
    expect(UNHANDLED_LOGIN_ERROR_MESSAGE).toBe('Unhandled login error, check console for details');
    expect(login.spies.reportFailure).toHaveBeenCalledWith(expect.anything(), { error });
    expect(login.spies.clearStoredTokens).toHaveBeenCalledTimes(1);
    expect(login.sent).toEqual([{ type: 'session.logout' }]);
  });
});

describe('tooManyAttemptsMessage', () => {
  it.each([
    [1, 'in 1 minute'],
    [60, 'in 1 minute'],
    [61, 'in 2 minutes'],
    [900, 'in 15 minutes'],
    [null, 'later'],
  ])('words a Retry-After of %s seconds as %s, then what to do next', (seconds, wait) => {
    expect(tooManyAttemptsMessage(seconds)).toBe(
      `Too many login attempts. Try again ${wait}. If you have forgotten your password, ask another administrator to set a new one.`,
    );
  });
});

describe('loginMachine: default calls and side effects', () => {
  it('uses src/api for login, storage and profile', async () => {
    vi.mocked(login).mockResolvedValue({ access_token: 'access-1', refresh_token: 'refresh-1' });
    vi.mocked(fetchProfile).mockResolvedValue(ADA);
    const clock = new SimulatedClock();
    const session = recordingSession();
    const actor = createActor(
      loginMachine.provide({ actors: { watchSession: fromCallback(() => undefined) } }),
      {
        clock,
        input: { session: session.ref },
      },
    );
    actor.start();
    submit(actor, CREDENTIALS);
    await waitFor(actor, (s) => s.matches('storingTokens'));
    expect(login).toHaveBeenCalledWith(CREDENTIALS, expect.any(AbortSignal));
    expect(setStoredTokens).toHaveBeenCalledWith(TOKENS);
    clock.increment(STORAGE_EVENT_DELAY);
    expect(announceStoredTokens).toHaveBeenCalledTimes(1);
    await waitFor(actor, (s) => s.status === 'done');
    expect(fetchProfile).toHaveBeenCalledWith('access-1', expect.any(AbortSignal));
    expect(session.sent).toHaveLength(1);
  });

  it('renews with the stored refresh token on 422 and clears storage when that fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.mocked(login).mockRejectedValue(httpError(422));
    vi.mocked(refreshTokens).mockRejectedValue(new ApiError('Unauthorized', { kind: 'unauthorized' }));
    const actor = createActor(
      loginMachine.provide({ actors: { watchSession: fromCallback(() => undefined) } }),
      { input: { session: recordingSession().ref } },
    ).start();
    submit(actor, CREDENTIALS);
    await waitFor(actor, (s) => s.matches('failed'));
    expect(refreshTokens).toHaveBeenCalledWith(undefined, expect.any(AbortSignal));
    expect(clearStoredTokens).toHaveBeenCalledTimes(1);
    expect(console.error).toHaveBeenCalledWith('Login failed', expect.any(ApiError));
    vi.mocked(console.error).mockRestore();
  });
});

describe('login form rules (spec §5 "Login")', () => {
  // The first rule a value breaks gives the message ('Required' is the spec's generic form message).
  it.each<[LoginField, string, string | null]>([
    ['email', '', 'Required'],
    ['email', 'admin', 'Invalid email address'],
    ['email', 'admin@', 'Invalid email address'],
    ['email', 'admin@example', 'Invalid email address'],
    ['email', 'admin@example.com', null],
    ['password', '', 'Required'],
    ['password', '12345', 'Password must be at least 6 characters'],
    ['password', '123456', null],
    ['password', '      ', null],
  ])('%s %j → %j', (field, value, message) => {
    expect(checkLoginField(field, value)).toBe(message);
  });

  it('checks the whole form at once', () => {
    expect(checkLoginForm({ email: 'x', password: '' })).toEqual({
      email: checkLoginField('email', 'x'),
      password: checkLoginField('password', ''),
    });
  });
});

describe('loginMachine: form state (spec §4 "Form field states", §5)', () => {
  it('keeps a field neutral until it is left, then shows its check as of that blur', () => {
    const login = startLogin();
    login.actor.send({ type: 'login.change', field: 'email', value: 'not-an-email' });
    expect(selectLoginForm(login.actor.getSnapshot()).fields.email).toEqual({
      state: 'neutral',
      error: null,
    });
    login.actor.send({ type: 'login.blur', field: 'email' });
    expect(selectLoginForm(login.actor.getSnapshot()).fields.email).toEqual({
      state: 'error',
      error: checkLoginField('email', 'not-an-email'),
    });
    login.actor.send({ type: 'login.change', field: 'email', value: 'ada@example.com' });
    expect(selectLoginForm(login.actor.getSnapshot()).fields.email.state).toBe('error');
    login.actor.send({ type: 'login.blur', field: 'email' });
    expect(selectLoginForm(login.actor.getSnapshot()).fields.email).toEqual({ state: 'valid', error: null });
  });

  it('disables Login until the form is valid and while submitting', () => {
    const login = startLogin();
    expect(selectLoginForm(login.actor.getSnapshot()).canSubmit).toBe(false);
    login.actor.send({ type: 'login.change', field: 'email', value: CREDENTIALS.email });
    login.actor.send({ type: 'login.change', field: 'password', value: CREDENTIALS.password });
    expect(selectLoginForm(login.actor.getSnapshot()).canSubmit).toBe(true);
    login.actor.send({ type: 'login.submit' });
    expect(selectLoginForm(login.actor.getSnapshot()).canSubmit).toBe(false);
  });

  it('on an invalid submit touches every field, asks focus for the first invalid one and sends nothing', () => {
    const login = startLogin();
    login.actor.send({ type: 'login.change', field: 'email', value: CREDENTIALS.email });
    login.actor.send({ type: 'login.submit' });
    const snapshot = login.actor.getSnapshot();
    expect(snapshot.value).toBe('idle');
    expect(selectLoginForm(snapshot).fields).toEqual({
      email: { state: 'valid', error: null },
      password: { state: 'error', error: checkLoginField('password', '') },
    });
    expect(login.emitted).toEqual([{ type: 'ui.focus', elementId: 'login-password' }]);
    expect(login.authentications).toHaveLength(0);
  });
});

describe('loginMachine: a session signed in elsewhere (spec §4 "Multi-tab sync")', () => {
  it('leaves for the remembered location, replacing the card', () => {
    const login = startLogin({ from: { pathname: '/dashboard/users', search: '', hash: '' }, denied: false });
    login.actor.send({ type: 'login.signedInElsewhere' });
    expect(login.actor.getSnapshot().value).toBe('left');
    expect(login.emitted).toEqual([{ type: 'ui.navigate', to: '/dashboard/users', replace: true }]);
  });

  it('stays for a user the guard turned away', () => {
    const login = startLogin({ from: { pathname: '/dashboard', search: '', hash: '' }, denied: true });
    login.actor.send({ type: 'login.signedInElsewhere' });
    expect(login.actor.getSnapshot().value).toBe('idle');
    expect(login.emitted).toEqual([]);
  });

  it('is ignored during the card’s own attempt', () => {
    const login = startLogin();
    submit(login.actor, CREDENTIALS);
    login.actor.send({ type: 'login.signedInElsewhere' });
    expect(login.actor.getSnapshot().value).toBe('authenticating');
  });
});
