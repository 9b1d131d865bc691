// @vitest-environment jsdom
/**
 * The login card (spec §2 Auth area, §4 "Form field states", §5 Login, §8 "Login by status") in each
 * state of loginMachine: the 'Welcome Back' card with each field neutral, valid (its mark) or in error
 * (its message, aria-invalid) and Login enabled only for a valid form; the form disabled and Login
 * busy from the submit until the attempt ends; the failure's text in red under the form with the
 * input kept; and, once the session is signed in elsewhere, the card leaving for the page the guard
 * remembered (a turned-away user's card stays). Which text a failure gets, and what the card tells
 * the session, are the machine's (src/machines/login.machine.test.ts, tests/model); the gestures test
 * checks the event each control sends.
 */
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { ProfileUser } from '@/api/schemas/auth';
import { SERVER_BUSY_MESSAGE, loginMachine, selectLoginError } from '@/machines/login.machine';
import type { LoginEvent, LoginSessionRef, LoginSnapshot, LoginTokens } from '@/machines/login.machine';
import { STORAGE_EVENT_DELAY } from '@/machines/session.machine';
import { httpFailure } from '@test-support/api-errors';
import { answerWith } from '@test-support/fake-actors';
import { aUser } from '@test-support/builders';
import { IDLE_SESSION, describeScreenStates, givenActor, renderScreen } from '@test-support/screen';
import { LoginPage } from './LoginPage';

vi.mock('@/routes/screen-actor', async (original) =>
  (await import('@test-support/given-actors')).screenActorWithGiven(await original()),
);

const ADA = aUser();
const TOKENS: LoginTokens = { accessToken: 'access-1', refreshToken: 'refresh-1' };
const VALID = { email: 'ada@example.com', password: 'Secret123!' };

/** What the card's calls answer: an answer, a failure (an Error), or nothing yet (undefined). */
interface Calls {
  authenticate?: LoginTokens | Error;
  renewSession?: LoginTokens | Error;
  loadUser?: ProfileUser | Error;
}

/** Lets promise callbacks and the timers due within `ms` run. */
async function flush(ms = 0) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

/** A session that stays in its start check (signed out for the card), started for this test. */
function idleSession(): LoginSessionRef {
  return createActor(IDLE_SESSION).start();
}

/**
 * The card rendered at /auth/login once its actor (whose calls answer `calls`, given `session` and
 * the guard's `locationState`) has taken `events` and then matches `state`.
 */
async function cardAfter(
  calls: Calls,
  events: LoginEvent[],
  state: (snapshot: LoginSnapshot) => boolean = () => true,
  { session = idleSession(), locationState }: { session?: LoginSessionRef; locationState?: unknown } = {},
) {
  const given = givenActor(
    loginMachine.provide({
      actors: {
        authenticate: fromPromise(() => answerWith(calls.authenticate)),
        renewSession: fromPromise(() => answerWith(calls.renewSession)),
        loadUser: fromPromise(() => answerWith(calls.loadUser)),
      },
      actions: { reportFailure: () => {} },
    }),
    { input: { session, locationState } },
  );
  for (const event of events) given.actor.send(event);
  await waitFor(given.actor, state);
  renderScreen(<LoginPage />, { url: '/auth/login' });
  await flush();
  return given;
}

/** Types `VALID` into the form and submits it (the events the form's gestures send). */
const SUBMIT_VALID: LoginEvent[] = [
  { type: 'login.change', field: 'email', value: VALID.email },
  { type: 'login.change', field: 'password', value: VALID.password },
  { type: 'login.submit' },
];

const emailInput = () => screen.getByLabelText<HTMLInputElement>('Email', { exact: false });
const passwordInput = () =>
  screen.getByLabelText<HTMLInputElement>('Password', { exact: false, selector: 'input' });
const loginButton = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Login' });
const location = () => screen.getByTestId('location').textContent;

/** One field as the card shows it: value, whether it can be typed in, and its state's marks. */
function readField(input: HTMLInputElement) {
  const group = input.closest<HTMLElement>('[role="group"]')!;
  return {
    value: input.value,
    disabled: input.disabled,
    invalid: input.getAttribute('aria-invalid') === 'true',
    valid: within(group).queryByRole('img', { name: 'Valid' }) !== null,
    error: group.querySelector('[data-part="error-text"]')?.textContent ?? null,
  };
}

const neutral = (value: string, disabled = false) => ({
  value,
  disabled,
  invalid: false,
  valid: false,
  error: null,
});

/** The card as a person sees it: its title, both fields, Login and the text under the form. */
function readCard() {
  return {
    title: screen.getByRole('heading', { level: 1 }).textContent,
    email: readField(emailInput()),
    password: readField(passwordInput()),
    canLogin: !loginButton().disabled,
    failure: screen.queryByRole('alert')?.textContent ?? null,
  };
}

/** A field the submit checked and found valid. */
const checked = (value: string, disabled = false) => ({ ...neutral(value, disabled), valid: true });

/** What every state between the submit and the end of the attempt shows: the form disabled, busy. */
function expectBusy() {
  expect(readCard()).toEqual({
    title: 'Welcome Back',
    email: checked(VALID.email, true),
    password: checked(VALID.password, true),
    canLogin: false,
    failure: null,
  });
  expect(loginButton().getAttribute('data-loading'), 'Login shows its spinner').not.toBeNull();
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  localStorage.clear();
});

afterEach(() => {
  vi.useRealTimers();
});

describeScreenStates(loginMachine, {
  'login.idle': async () => {
    const { actor } = await cardAfter({}, []);
    expect(screen.getByText('Please login to your account')).toBeTruthy();
    expect(emailInput().type).toBe('email');
    expect(passwordInput().type).toBe('password');
    expect(readCard()).toEqual({
      title: 'Welcome Back',
      email: neutral(''),
      password: neutral(''),
      canLogin: false,
      failure: null,
    });

    act(() => {
      actor.send({ type: 'login.change', field: 'email', value: 'not-an-email' });
      actor.send({ type: 'login.blur', field: 'email' });
      actor.send({ type: 'login.change', field: 'password', value: VALID.password });
      actor.send({ type: 'login.blur', field: 'password' });
    });
    expect(readCard().email).toEqual({
      value: 'not-an-email',
      disabled: false,
      invalid: true,
      valid: false,
      error: 'Invalid email address',
    });
    expect(readCard().password).toEqual(checked(VALID.password));
    expect(readCard().canLogin, 'disabled until the form is valid (spec §5)').toBe(false);

    act(() => actor.send({ type: 'login.change', field: 'email', value: VALID.email }));
    expect(readCard().email.error, 'a field shows its check as of its last blur').toBe(
      'Invalid email address',
    );
    expect(readCard().canLogin).toBe(true);
  },
  'login.authenticating': async () => {
    await cardAfter({}, SUBMIT_VALID, (s) => s.matches('authenticating'));
    expectBusy();
  },
  'login.renewingSession': async () => {
    await cardAfter({ authenticate: httpFailure(422) }, SUBMIT_VALID, (s) => s.matches('renewingSession'));
    expectBusy();
  },
  'login.storingTokens': async () => {
    await cardAfter({ authenticate: TOKENS }, SUBMIT_VALID, (s) => s.matches('storingTokens'));
    expectBusy();
  },
  'login.loadingUser': async () => {
    const { actor } = await cardAfter({ authenticate: TOKENS }, SUBMIT_VALID, (s) =>
      s.matches('storingTokens'),
    );
    await flush(STORAGE_EVENT_DELAY);
    expect(actor.getSnapshot().value).toBe('loadingUser');
    expectBusy();
  },
  'login.succeeded': async () => {
    const { actor } = await cardAfter({ authenticate: TOKENS, loadUser: ADA }, SUBMIT_VALID, (s) =>
      s.matches('storingTokens'),
    );
    await flush(STORAGE_EVENT_DELAY);
    expect(actor.getSnapshot().value).toBe('succeeded');
    // The session it told navigates (src/routes/session.test.tsx); the card stays disabled meanwhile.
    expectBusy();
    expect(location()).toBe('/auth/login');
  },
  'login.failed': async () => {
    const { actor } = await cardAfter({ authenticate: httpFailure(503) }, SUBMIT_VALID, (s) =>
      s.matches('failed'),
    );
    expect(selectLoginError(actor.getSnapshot())).toBe(SERVER_BUSY_MESSAGE);
    expect(readCard()).toEqual({
      title: 'Welcome Back',
      email: checked(VALID.email),
      password: checked(VALID.password),
      canLogin: true,
      failure: SERVER_BUSY_MESSAGE,
    });
    expect(screen.getByRole('alert').closest('form'), 'under the form, not in it').toBeNull();
  },
  'login.left': async () => {
    const session = idleSession();
    const { actor } = await cardAfter({}, [], undefined, {
      session,
      locationState: { from: { pathname: '/dashboard/users', search: '?page=2', hash: '' } },
    });
    expect(location()).toBe('/auth/login');
    // Another tab signed in: the session this card watches is signed in.
    act(() => session.send({ type: 'session.login', user: ADA, ...TOKENS }));
    await flush();
    expect(actor.getSnapshot().value).toBe('left');
    expect(location(), 'the card leaves for the page the guard remembered').toBe('/dashboard/users?page=2');
  },
});

describe('LoginPage', () => {
  it('stays at /auth/login for a user the guard turned away when the session signs in', async () => {
    const session = idleSession();
    const { actor } = await cardAfter({}, [], undefined, {
      session,
      locationState: { from: { pathname: '/dashboard', search: '', hash: '' }, denied: true },
    });
    act(() => session.send({ type: 'session.login', user: aUser({ user_type_id: 2 }), ...TOKENS }));
    await flush();
    expect(actor.getSnapshot().value).toBe('idle');
    expect(location()).toBe('/auth/login');
    expect(readCard().title).toBe('Welcome Back');
  });

  it('sends every gesture of the form to the login actor', async () => {
    const { sent } = await cardAfter({}, []);
    fireEvent.change(emailInput(), { target: { value: VALID.email } });
    fireEvent.blur(emailInput());
    fireEvent.change(passwordInput(), { target: { value: VALID.password } });
    fireEvent.blur(passwordInput());
    fireEvent.click(loginButton());
    expect(sent).toEqual([
      { type: 'login.change', field: 'email', value: VALID.email },
      { type: 'login.blur', field: 'email' },
      { type: 'login.change', field: 'password', value: VALID.password },
      { type: 'login.blur', field: 'password' },
      { type: 'login.submit' },
    ]);
  });

  it('submits on Enter while Login is disabled, and the invalid submit focuses the first invalid field', async () => {
    const { sent } = await cardAfter({}, []);
    fireEvent.change(emailInput(), { target: { value: VALID.email } });
    expect(loginButton().disabled).toBe(true);
    fireEvent.submit(emailInput().form!);
    expect(sent.at(-1)).toEqual({ type: 'login.submit' });
    expect(readCard().password.error).toBe('Required');
    // The root handler focuses on the next animation frame.
    await act(() => new Promise<void>((resolve) => requestAnimationFrame(() => resolve())));
    expect(document.activeElement).toBe(passwordInput());
  });

  it('shows and hides the password (the input’s own look, no event)', async () => {
    const { sent } = await cardAfter({}, []);
    fireEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(passwordInput().type).toBe('text');
    expect(screen.getByRole('button', { name: 'Hide password' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(passwordInput().type).toBe('password');
    expect(sent).toEqual([]);
  });
});
