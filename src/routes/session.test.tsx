// @vitest-environment jsdom
/**
 * What the session shows in each state of sessionMachine's three regions (spec §4 "Session state",
 * logout sequence, route guard; issue 27 "Sessions through blips"), in the app's session shell
 * (SessionShell: the session with its router wiring, the loading overlay, the server notice and the
 * toasts) around a guarded dashboard, the login screen's place and the landing page's: the overlay
 * while the session is unknown and OVERLAY_LINGER ms after; the dashboard with the user's name while
 * signed in, nothing of it while loading or while a logout finishes, the login screen once signed
 * out; the notice that the server cannot be reached with the next try's time, 'Trying again…' while
 * it tries; the refused logout's toast; the logout's redirect. The auth calls are held until the
 * test answers them; the clock is Vitest's. The chart's own logic (which failure ends a session, the
 * delays, what is stored when) is tests/model's and session.machine*.test.ts's; the guard's decisions
 * are router.test.tsx's.
 */
import { ChakraProvider } from '@chakra-ui/react';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Outlet, RouterProvider, createMemoryRouter, useLocation } from 'react-router-dom';
import type { ActorRefFrom } from 'xstate';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchProfile, logout as logoutOnServer, refreshTokens } from '@/api/auth';
import type { ProfileUser, TokenPair } from '@/api/schemas/auth';
import { UserType } from '@/api/schemas/common';
import { ACCESS_TOKEN_KEY, REFRESH_TOKEN_KEY } from '@/api/tokens-storage';
import { failureReason } from '@/machines/failure-text';
import {
  LOGOUT_CLEAR_DELAY,
  LOGOUT_FAILED_MESSAGE,
  LOGOUT_REDIRECT_DELAY,
  OVERLAY_LINGER,
  TOKEN_REFRESH_INTERVAL,
  sessionMachine,
} from '@/machines/session.machine';
import { retryDelayMs } from '@/machines/sessionRetry.machine';
import { SERVER_UNREACHABLE_TITLE, TRY_NOW_LABEL } from '@/ui/ServerUnreachableNotice';
import { appSystem } from '@/ui/system';
import { httpFailure, networkFailure } from '@test-support/api-errors';
import { anAccessToken, aUser } from '@test-support/builders';
import { deferred } from '@test-support/deferred';
import type { Deferred } from '@test-support/deferred';
import { NoopResizeObserver } from '@test-support/jsdom';
import { describeScreenStates } from '@test-support/screen';
import { CONDITION } from '@test-support/time-limits';
import { DashboardLayout } from './DashboardLayout';
import { RequireRole } from './RequireRole';
import { SessionShell } from './SessionShell';
import { SessionActorContext } from './session';
import { UiEffectsProvider } from './ui-effects';

vi.mock('@/api/auth', () => ({
  fetchProfile: vi.fn(),
  login: vi.fn(),
  logout: vi.fn(),
  refreshTokens: vi.fn(),
}));

const ADA = aUser();
/** The pair another tab, or a login, stores after the one the tab started with. */
const TOKENS_2 = { accessToken: 'access-2', refreshToken: 'refresh-2' };
const NOW = Date.UTC(2025, 5, 2, 9, 0, 0);

/** The auth calls the session made, oldest first, each held until the test settles it. */
const calls = {
  profile: [] as Array<Deferred<ProfileUser>>,
  refresh: [] as Array<Deferred<TokenPair>>,
  logout: [] as Array<Deferred<{ message: string }>>,
};

function hold<T>(list: Array<Deferred<T>>): Promise<T> {
  const call = deferred<T>();
  list.push(call);
  return call.promise;
}

let session: ActorRefFrom<typeof sessionMachine>;

/** Keeps the session actor for the test, and shows the router's location. */
function Probe() {
  session = SessionActorContext.useActorRef();
  return <output data-testid="location">{useLocation().pathname}</output>;
}

/** The app's session shell around the router's page, with stand-ins for the screens it guards and leaves for. */
const ROUTES = [
  {
    element: (
      <UiEffectsProvider>
        <SessionShell>
          <Outlet />
          <Probe />
        </SessionShell>
      </UiEffectsProvider>
    ),
    children: [
      { path: '/', element: <h1>Landing page</h1> },
      { path: '/auth/login', element: <h1>Login screen</h1> },
      {
        path: '/dashboard',
        element: <RequireRole allowed={[UserType.Admin]} />,
        children: [
          { element: <DashboardLayout />, children: [{ index: true, element: <h1>Dashboard home</h1> }] },
        ],
      },
    ],
  },
];

/** Lets promise callbacks and the timers due within `ms` run. */
async function flush(ms = 0) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

/** Settles `call` with `value` (an Error rejects it) and lets the session react. */
async function answer<T>(call: Deferred<T> | undefined, value: T | Error) {
  if (!call) throw new Error('no such call was made');
  if (value instanceof Error) call.reject(value);
  else call.resolve(value);
  await flush();
}

/**
 * Renders the shell at `url`, with the session's tokens stored unless `stored` is false (the access
 * token `accessToken`, by default one that is not a JWT).
 */
function openAt(url: string, { stored = true, accessToken = 'access-1' } = {}) {
  if (stored) {
    localStorage.setItem(ACCESS_TOKEN_KEY, accessToken);
    localStorage.setItem(REFRESH_TOKEN_KEY, 'refresh-1');
  }
  render(
    <ChakraProvider value={appSystem()}>
      <RouterProvider router={createMemoryRouter(ROUTES, { initialEntries: [url] })} />
    </ChakraProvider>,
  );
}

/** Signed in as ADA on the dashboard, the overlay gone. */
async function signedIn() {
  openAt('/dashboard');
  await flush();
  await answer(calls.profile[0], ADA);
  await flush(OVERLAY_LINGER);
}

/** Signed out on the login screen, the overlay gone. */
async function signedOut() {
  openAt('/auth/login', { stored: false });
  await flush(OVERLAY_LINGER);
}

/** What the shell shows: where it is, the page's title, the user menu, the overlay and the notice. */
function readShell() {
  return {
    at: screen.getByTestId('location').textContent,
    page: screen.queryByRole('heading', { level: 1 })?.textContent ?? null,
    userMenu: screen.queryByRole('button', { name: `${ADA.first_name} ${ADA.last_name}` }) !== null,
    overlay: screen.queryByRole('status', { name: 'Loading your session' }) !== null,
    notice: screen.queryByRole('status', { name: SERVER_UNREACHABLE_TITLE })?.textContent ?? null,
  };
}

const stored = () => [localStorage.getItem(ACCESS_TOKEN_KEY), localStorage.getItem(REFRESH_TOKEN_KEY)];
const notice = () => screen.getByRole('status', { name: SERVER_UNREACHABLE_TITLE });

/** The notice while the session waits: the next try's time, `wait` ms from now, in the reader's time. */
function expectNextTryIn(wait: number) {
  const at = Date.now() + wait;
  expect(notice().textContent).toContain(
    `Your sign-in is kept. Next try at ${new Intl.DateTimeFormat('en-GB', { timeStyle: 'medium' }).format(at)}.`,
  );
  expect(notice().querySelector('time')?.getAttribute('datetime')).toBe(new Date(at).toISOString());
  expect(tryNow().disabled).toBe(false);
}

const tryNow = () => screen.getByRole<HTMLButtonElement>('button', { name: TRY_NOW_LABEL });

/** Opens the user menu and returns its Logout entry. */
async function logoutEntry() {
  fireEvent.click(screen.getByRole('button', { name: `${ADA.first_name} ${ADA.last_name}` }));
  await flush();
  return screen.getByRole('menuitem', { name: 'Logout' });
}

/** Chooses the open menu's Logout by keyboard (Profile, then Logout), as a person can. */
async function chooseLogout() {
  for (const key of ['ArrowDown', 'ArrowDown', 'Enter']) {
    fireEvent.keyDown(screen.getByRole('menu'), { key });
    await flush();
  }
}

// The toast container's module, loaded on the first toast, is loaded here first: the refused
// logout's toast then shows at once, before the fake clock could run it out. The same for the top
// bar's menus, loaded on the first press: otherwise the first test to open the user menu waits on
// Vitest transforming that module, which on a loaded machine outlasts a flush.
beforeAll(async () => {
  await Promise.all([import('@/ui/Toasts'), import('./DashboardMenus')]);
});

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], now: NOW });
  vi.stubGlobal('ResizeObserver', NoopResizeObserver);
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  localStorage.clear();
  calls.profile = [];
  calls.refresh = [];
  calls.logout = [];
  vi.mocked(fetchProfile).mockImplementation(() => hold(calls.profile));
  vi.mocked(refreshTokens).mockImplementation(() => hold(calls.refresh));
  vi.mocked(logoutOnServer).mockImplementation(() => hold(calls.logout));
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const LOADING = { at: '/dashboard', page: null, userMenu: false, overlay: true, notice: null };
const DASHBOARD = { at: '/dashboard', page: 'Dashboard home', userMenu: true, overlay: false, notice: null };
const LOGIN = { at: '/auth/login', page: 'Login screen', userMenu: false, overlay: false, notice: null };

describeScreenStates(sessionMachine, {
  'session.status.loading.readingTokens': async () => {
    openAt('/dashboard');
    expect(session.getSnapshot().matches({ status: { loading: 'readingTokens' } })).toBe(true);
    expect(readShell(), 'nothing of the dashboard under the overlay').toEqual(LOADING);
  },
  'session.status.loading.loadingProfile': async () => {
    openAt('/dashboard');
    await flush();
    expect(fetchProfile).toHaveBeenCalledWith('access-1', expect.any(AbortSignal));
    expect(readShell(), 'a token that names no role lets nothing start').toEqual(LOADING);

    cleanup();
    const adminToken = anAccessToken();
    openAt('/dashboard', { accessToken: adminToken });
    await flush();
    expect(fetchProfile).toHaveBeenLastCalledWith(adminToken, expect.any(AbortSignal));
    expect(readShell(), "issue 31: an admin's token starts the screen under the overlay").toEqual({
      ...LOADING,
      page: 'Dashboard home',
    });
  },
  'session.status.loading.unreachable': async () => {
    openAt('/dashboard');
    await flush();
    await answer(calls.profile[0], httpFailure(500));
    expect(readShell(), 'not sent to the login screen').toEqual({ ...LOADING, notice: expect.any(String) });
    expectNextTryIn(retryDelayMs(1));
    expect(stored(), 'the tokens are kept').toEqual(['access-1', 'refresh-1']);

    fireEvent.click(tryNow());
    await flush();
    expect(calls.profile, 'Try now asks at once').toHaveLength(2);
    expect(notice().textContent).toContain('Your sign-in is kept. Trying again…');
    expect(tryNow().disabled).toBe(true);
  },
  'session.status.loggedIn.active': async () => {
    await signedIn();
    expect(readShell()).toEqual(DASHBOARD);
  },
  'session.status.loggedIn.refreshingTokens': async () => {
    await signedIn();
    await flush(TOKEN_REFRESH_INTERVAL);
    expect(refreshTokens).toHaveBeenCalledWith('refresh-1', expect.any(AbortSignal));
    expect(readShell(), 'the screens stay as they are').toEqual(DASHBOARD);
  },
  'session.status.loggedIn.unreachable': async () => {
    await signedIn();
    await flush(TOKEN_REFRESH_INTERVAL);
    await answer(calls.refresh[0], networkFailure());
    expect(readShell()).toEqual({ ...DASHBOARD, notice: expect.any(String) });
    expectNextTryIn(retryDelayMs(1));
    expect(stored()).toEqual(['access-1', 'refresh-1']);
  },
  'session.status.loggedIn.revalidating': async () => {
    await signedIn();
    act(() => session.send({ type: 'sync.tokensStored', ...TOKENS_2 }));
    await flush();
    expect(fetchProfile).toHaveBeenLastCalledWith('access-2', expect.any(AbortSignal));
    expect(readShell(), 'no overlay over the signed-in screens').toEqual(DASHBOARD);
  },
  'session.status.loggedOut.idle': async () => {
    openAt('/dashboard', { stored: false });
    await flush();
    expect(readShell(), 'the guard sends the visitor to the login screen').toEqual({
      ...LOGIN,
      overlay: true,
    });
  },
  'session.status.loggedOut.revalidating': async () => {
    await signedOut();
    act(() => session.send({ type: 'sync.tokensStored', ...TOKENS_2 }));
    await flush();
    expect(calls.profile).toHaveLength(1);
    expect(readShell()).toEqual(LOGIN);
  },
  'session.status.loggedOut.unreachable': async () => {
    await signedOut();
    act(() => session.send({ type: 'sync.tokensStored', ...TOKENS_2 }));
    await flush();
    await answer(calls.profile[0], networkFailure());
    expect(readShell()).toEqual({ ...LOGIN, notice: expect.any(String) });
    expectNextTryIn(retryDelayMs(1));
  },
  'session.logout.idle': async () => {
    await signedIn();
    expect((await logoutEntry()).getAttribute('data-disabled')).toBeNull();
    expect(stored()).toEqual(['access-1', 'refresh-1']);
  },
  'session.logout.notifyingServer': async () => {
    await signedIn();
    await logoutEntry();
    await chooseLogout();
    expect(session.getSnapshot().context.logoutRedirect, 'the user menu logs out to /').toBe('/');
    expect(logoutOnServer).toHaveBeenCalledWith('access-1', expect.any(AbortSignal));
    expect(readShell(), 'still signed in until the server has answered').toEqual(DASHBOARD);
    expect(
      (await logoutEntry()).getAttribute('data-disabled'),
      'Logout cannot be chosen twice',
    ).not.toBeNull();
  },
  'session.logout.waitingToClearStorage': async () => {
    await signedIn();
    act(() => session.send({ type: 'session.logout', redirectTo: '/' }));
    await flush();
    const refusal = httpFailure(500, 'The token store is down');
    await answer(calls.logout[0], refusal);
    expect(readShell(), 'nothing of the dashboard, and no login screen, while the logout finishes').toEqual({
      ...LOADING,
      overlay: false,
    });
    expect(stored()).toEqual(['access-1', 'refresh-1']);
    // Issue 15: a refused logout is shown in a toast, the spec's text with the server's reason beside it.
    await vi.waitFor(() => expect(screen.getByText(LOGOUT_FAILED_MESSAGE)).toBeTruthy(), CONDITION);
    expect(screen.getByText(failureReason(refusal) ?? '')).toBeTruthy();
  },
  'session.logout.waitingToRedirect': async () => {
    await signedIn();
    act(() => session.send({ type: 'session.logout', redirectTo: '/' }));
    await flush();
    await answer(calls.logout[0], { message: 'Logged out' });
    await flush(LOGOUT_CLEAR_DELAY);
    expect(stored()).toEqual([null, null]);
    expect(readShell()).toEqual({ ...LOADING, overlay: false });
  },
  'session.logout.redirecting': async () => {
    await signedIn();
    act(() => session.send({ type: 'session.logout', redirectTo: '/' }));
    await flush();
    await answer(calls.logout[0], { message: 'Logged out' });
    await flush(LOGOUT_CLEAR_DELAY);
    await flush(LOGOUT_REDIRECT_DELAY);
    expect(readShell()).toEqual({ ...LOGIN, at: '/', page: 'Landing page' });
    const after = session.getSnapshot();
    expect(after.matches({ logout: 'idle' }), 'the router told the session it has moved').toBe(true);
    expect(after.context.isLoggingOut).toBe(false);
  },
  'session.overlay.visible': async () => {
    openAt('/dashboard');
    await flush();
    const overlay = screen.getByRole('status', { name: 'Loading your session' });
    expect(overlay.getAttribute('aria-live')).toBe('polite');
  },
  'session.overlay.lingering': async () => {
    openAt('/dashboard');
    await flush();
    await answer(calls.profile[0], ADA);
    expect(readShell(), 'the dashboard is drawn under the overlay').toEqual({ ...DASHBOARD, overlay: true });
    await flush(OVERLAY_LINGER - 1);
    expect(readShell().overlay).toBe(true);
  },
  'session.overlay.hidden': async () => {
    openAt('/dashboard');
    await flush();
    await answer(calls.profile[0], ADA);
    await flush(OVERLAY_LINGER);
    expect(readShell().overlay).toBe(false);
  },
});

describe('the session shell', () => {
  it("goes to a login's target, where the dashboard names the user", async () => {
    await signedOut();
    act(() => session.send({ type: 'session.login', user: ADA, ...TOKENS_2, redirectTo: '/dashboard' }));
    await flush();
    expect(readShell()).toEqual(DASHBOARD);
  });

  it('tells the session of every route change, which clears its error (spec §4)', async () => {
    await signedIn();
    act(() => session.send({ type: 'session.errorSet', message: 'Oops' }));
    fireEvent.click(screen.getByRole('link', { name: 'Product Feed' }));
    await flush();
    expect(screen.getByTestId('location').textContent).toBe('/');
    expect(session.getSnapshot().context.error).toBeNull();
  });
});
