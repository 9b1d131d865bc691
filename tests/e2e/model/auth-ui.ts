/**
 * What the UI models of the session and the login (session.ui.spec.ts, login.ui.spec.ts) share: the
 * auth calls they hold, how the models' abstract fixtures become real HTTP answers, the paused clock,
 * the login gesture and the few screen landmarks their assertions look at.
 *
 * Mapping of the abstract fixtures to real values:
 * - tokens: the models name them 'access-N' / 'refresh-N'; the N-th pair stands for a real pair the
 *   demo admin gets from POST /login (once per worker), so every call the app makes besides the held
 *   auth calls (the dashboard's widgets) is accepted by the server. The same abstract name is always
 *   the same real token, so "another tab stored the pair this tab holds" stays true in the browser.
 * - users: a fixture user is the body of the held profile call, so the top bar shows the fixture's
 *   name (Ada Lovelace), which tells it apart from the real admin behind the tokens.
 * - failures: an `ApiError` fixture becomes the HTTP answer from which the app's client makes that
 *   very error (status, server message, Retry-After, or no answer at all); a fixture the client could
 *   never make is refused, since the screen would then show another text than the model's.
 */
import { expect } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';
import type { AnyStateMachine } from 'xstate';
import {
  ApiError,
  NETWORK_FAILURE_MESSAGE,
  TOKENS_EXPIRED_MESSAGE,
  UNEXPECTED_RESPONSE_MESSAGE,
} from '@/api/client';
import type { ProfileUser } from '@/api/schemas/auth';
import { ACCESS_TOKEN_KEY, REFRESH_TOKEN_KEY } from '@/api/tokens-storage';
import { describeTransition, listStates, listTransitions, runPath, transitionId } from '../../model/harness';
import type { MachineModel, ModelPath } from '../../model/harness';
import { requestTokens, type Tokens } from '../sign-in';
import type { HeldAnswer, HeldRequests } from './ui-model';

/**
 * Playwright's clock starts here; `pauseClock` stops it a minute later, before the app loads. The
 * clock must not run by itself: every delay of a path waits for the step that says it has passed.
 */
export const CLOCK_INSTALLED_AT = Date.parse('2025-06-02T09:00:00Z');
const CLOCK_PAUSED_AT = CLOCK_INSTALLED_AT + 60_000;

/** Stops Playwright's clock (installed at CLOCK_INSTALLED_AT, which lets time flow); call before `goto`. */
export async function pauseClock(page: Page): Promise<void> {
  await page.clock.pauseAt(CLOCK_PAUSED_AT);
}

/**
 * Trace options for the UI model files: a failed test keeps its trace with the DOM snapshots of every
 * action, but without the screencast, which made these many short tests a third slower.
 */
export const LEAN_TRACE = {
  mode: 'retain-on-failure',
  screenshots: false,
  snapshots: true,
  sources: true,
} as const;

/** The auth calls of the contract, held until a path step answers them. */
export const AUTH_CALLS = {
  login: { url: '**/api/backoffice/login', method: 'POST' },
  profile: { url: '**/api/backoffice/account/profile', method: 'GET' },
  saveProfile: { url: '**/api/backoffice/account/profile', method: 'PUT' },
  refresh: { url: '**/api/backoffice/token-refresh', method: 'POST' },
  logout: { url: '**/api/backoffice/logout', method: 'POST' },
} as const;

/** The name of a held auth call. */
export type AuthCall = keyof typeof AUTH_CALLS;

/** Holds every auth call (see AUTH_CALLS) from now on. */
export async function holdAuthCalls(held: HeldRequests): Promise<void> {
  for (const [name, call] of Object.entries(AUTH_CALLS)) await held.hold(name, call.url, call.method);
}

const realPairs = new Map<string, Promise<Tokens>>();

/** The real token standing for an abstract one ('access-2' → the access token of the second pair). */
export async function realToken(page: Page, abstract: string): Promise<string> {
  const match = /^(access|refresh)-(\d+)$/.exec(abstract);
  if (!match) throw new Error(`no real token stands for '${abstract}'`);
  const [, kind, index = ''] = match;
  let pair = realPairs.get(index);
  if (!pair) {
    // The demo admin's real tokens stand for the models' abstract ones.
    pair = requestTokens(page);
    realPairs.set(index, pair);
  }
  const real = await pair;
  return kind === 'access' ? real.access_token : real.refresh_token;
}

/** The body of POST /login or /token-refresh for an abstract pair. */
export async function tokenPairAnswer(
  page: Page,
  pair: { accessToken: string; refreshToken: string },
): Promise<HeldAnswer> {
  return {
    json: {
      access_token: await realToken(page, pair.accessToken),
      refresh_token: await realToken(page, pair.refreshToken),
    },
  };
}

/**
 * The HTTP answer from which the app's client makes `error` (see src/api/client.ts).
 * @throws when `error` is not an ApiError the client makes from an answer
 */
export function failureAnswer(error: unknown): HeldAnswer {
  if (!(error instanceof ApiError)) throw new Error(`not a failure of an HTTP call: ${String(error)}`);
  const { kind, status, serverMessage, retryAfterSeconds } = error;
  let client: string;
  let answer: HeldAnswer;
  if (kind === 'network') {
    client = NETWORK_FAILURE_MESSAGE;
    answer = 'network-failure';
  } else if (kind === 'unexpected-response') {
    client = UNEXPECTED_RESPONSE_MESSAGE;
    // Valid JSON that no answer schema of the contract accepts.
    answer = { status: status ?? 200, json: {} };
  } else if (kind === 'http' || kind === 'tokens-expired') {
    if (status === null) throw new Error(`an HTTP failure without a status: ${error.message}`);
    client =
      kind === 'tokens-expired'
        ? TOKENS_EXPIRED_MESSAGE
        : (serverMessage ?? `Request failed with status ${status}`);
    answer = {
      status,
      json: serverMessage === null ? {} : { statusCode: status, error: 'Error', message: serverMessage },
      headers: retryAfterSeconds === null ? undefined : { 'Retry-After': String(retryAfterSeconds) },
    };
  } else {
    throw new Error(`'${kind}' failures happen before any call is made`);
  }
  if (error.message !== client) {
    throw new Error(
      `the app's client never makes '${error.message}' (${kind} ${status}): it says '${client}'`,
    );
  }
  return answer;
}

/**
 * The output an `xstate.done.actor.*` step carries, as the fixture's type.
 * @throws for any other event
 */
export function outputOf<T>(event: { type: string }): T {
  if (!('output' in event)) throw new Error(`${event.type} carries no output`);
  return event.output as T;
}

/**
 * The error an `xstate.error.actor.*` step carries.
 * @throws for any other event
 */
export function errorOf(event: { type: string }): unknown {
  if (!('error' in event)) throw new Error(`${event.type} carries no error`);
  return event.error;
}

/** The full-screen spinner of the session (SessionOverlay). */
export function sessionOverlay(page: Page): Locator {
  return page.getByRole('status', { name: 'Loading your session' });
}

/** The top bar's user menu button, labelled with the user's first and last name. */
export function userMenu(page: Page, user: Pick<ProfileUser, 'first_name' | 'last_name'>): Locator {
  return page.getByRole('button', { name: `${user.first_name} ${user.last_name}`, exact: true });
}

/** The login card's Login button. */
export function loginButton(page: Page): Locator {
  return page.getByRole('button', { name: 'Login', exact: true });
}

/** The login error shown in red under the form (toasts are outside `main`). */
export function loginError(page: Page): Locator {
  return page.getByRole('main').getByRole('alert');
}

/**
 * Types the credentials into the login card and presses Login, checking that the login call carries
 * them (the call itself stays held).
 */
export async function submitLogin(
  page: Page,
  { email, password }: { email: string; password: string },
): Promise<void> {
  const sent = page.waitForRequest(
    (request) => request.method() === 'POST' && request.url().endsWith('/api/backoffice/login'),
  );
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await loginButton(page).click();
  expect((await sent).postDataJSON(), 'the login call carries the typed credentials').toEqual({
    email,
    password,
  });
}

/** The tokens in the page's local storage (null when missing). */
async function storedTokens(page: Page): Promise<{ access: string | null; refresh: string | null }> {
  return page.evaluate(
    ([accessKey, refreshKey]) => ({
      access: localStorage.getItem(accessKey),
      refresh: localStorage.getItem(refreshKey),
    }),
    [ACCESS_TOKEN_KEY, REFRESH_TOKEN_KEY] as const,
  );
}

/** Polls sooner than Playwright's default (100 ms first): the page reacts within milliseconds. */
const POLL_INTERVALS = [10, 25, 50, 100, 250];

/** Waits until `name` has exactly `count` held requests (they arrive, or are cancelled, asynchronously). */
export async function expectHeld(held: HeldRequests, name: AuthCall, count: number): Promise<void> {
  await expect
    .poll(() => held.count(name), { message: `held '${name}' calls`, intervals: POLL_INTERVALS })
    .toBe(count);
}

/** Waits until the page's local storage holds `tokens` (real values; null for missing). */
export async function expectStored(
  page: Page,
  tokens: { access: string | null; refresh: string | null },
): Promise<void> {
  await expect
    .poll(() => storedTokens(page), { message: 'stored tokens', intervals: POLL_INTERVALS })
    .toEqual(tokens);
}

/** Waits until `count()` reaches `expected`. */
export async function expectCount(count: () => number, expected: number, message: string): Promise<void> {
  await expect.poll(count, { message, intervals: POLL_INTERVALS }).toBe(expected);
}

/**
 * The states and transitions of the machine that the UI paths do not reach, as readable lines (the
 * generated paths of tests/model reach them all); a UI model that leaves out what the UI cannot do
 * states the expected list next to its reasons.
 */
export async function leftOutByTheUi<M extends AnyStateMachine>(
  model: MachineModel<M>,
  uiPaths: Array<ModelPath<M>>,
): Promise<string[]> {
  const reached = new Set<string>();
  for (const path of uiPaths) {
    const run = await runPath(model, path);
    run.states.forEach((id) => reached.add(`state ${id}`));
    run.transitions.forEach((id) => reached.add(id));
  }
  return [
    ...listStates(model.machine)
      .filter((node) => !reached.has(`state ${node.id}`))
      .map((node) => `state #${node.id}`),
    ...listTransitions(model.machine)
      .filter((transition) => !reached.has(transitionId(transition)))
      .map((transition) => `transition ${describeTransition(transition)}`),
  ];
}
