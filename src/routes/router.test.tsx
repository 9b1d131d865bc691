// @vitest-environment jsdom
import { ChakraProvider } from '@chakra-ui/react';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { RouterProvider, createMemoryRouter, type RouteObject } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ProfileUser } from '@/api/schemas/auth';
import { UserType } from '@/api/schemas/common';
import type * as ProductsPageModule from '@/features/public/ProductsPage';
import { appSystem } from '@/ui/system';
import { aUser } from '@test-support/builders';
import { NoopResizeObserver } from '@test-support/jsdom';
import { CONDITION } from '@test-support/time-limits';
import { APPS_LOGOUT_ALERT } from './DashboardMenus';
import { forgetListLocations } from './list-return';
import { ROUTE_ERROR_TEXT } from './RouteError';
import type { RouteBreadcrumbHandle } from './RouteBreadcrumb';
import { routes } from './router';

type Session = {
  status: 'loading' | 'loggedIn' | 'loggedOut';
  user: ProfileUser | null;
  error: string | null;
  isLoggingOut: boolean;
  provisionalUserType: number | null;
  logout: (redirectTo?: string) => void;
};

/** The session every mounted screen sees; each test sets it before rendering. */
const session = vi.hoisted(() => ({ current: null as unknown as Session }));

vi.mock('./session', () => ({
  SessionProvider: ({ children }: { children: React.ReactNode }) => children,
  useSession: () => session.current,
}));
vi.mock('./SessionOverlay', () => ({ SessionOverlay: () => null }));
vi.mock('@/features/auth/LoginPage', () => ({ LoginPage: () => <h1>Welcome Back</h1> }));

/** Set to make the products and profile screens throw while drawing (a screen that broke). */
const broken = vi.hoisted(() => ({ current: false }));

/** What a broken screen does. */
function breakDown(): never {
  throw new TypeError("Cannot read properties of undefined (reading 'map')");
}

// The profile screen reads the session actor itself; its own behaviour is covered by e2e/profile.spec.ts.
vi.mock('@/features/profile/ProfilePage', () => ({
  ProfilePage: () => (broken.current ? breakDown() : <h1>Profile screen</h1>),
}));
vi.mock('@/features/public/ProductsPage', async (importOriginal) => {
  const { ProductsPage } = await importOriginal<typeof ProductsPageModule>();
  return { ProductsPage: () => (broken.current ? breakDown() : <ProductsPage />) };
});

const admin = aUser();
const customer = aUser({ id: 2, user_type_id: UserType.Customer, first_name: 'Cai', last_name: 'Jones' });

function setSession(partial: Partial<Session>) {
  session.current = {
    status: 'loggedOut',
    user: null,
    error: null,
    isLoggingOut: false,
    provisionalUserType: null,
    logout: vi.fn(),
    ...partial,
  };
}

/**
 * How long to wait for code loaded on demand: its first import is transformed by Vite in the test
 * run, which takes seconds on a busy machine.
 */
const LOADING = CONDITION;

/** The real route table in a memory router at `path`, once the screens it loads on demand have arrived. */
async function routerAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  if (!router.state.initialized) await waitFor(() => expect(router.state.initialized).toBe(true), LOADING);
  return router;
}

/**
 * Mounts `router` and returns it to inspect where it ended up, once the screens of any redirect have
 * arrived, and the session shell of the auth and dashboard areas too (the route-loading spinner is gone).
 */
async function mount(router: Awaited<ReturnType<typeof routerAt>>) {
  render(
    <ChakraProvider value={appSystem()}>
      <RouterProvider router={router} />
    </ChakraProvider>,
  );
  const settled = () => router.state.navigation.state === 'idle';
  if (!settled()) {
    await waitFor(() => expect(settled()).toBe(true), LOADING);
    // The router hands its new state to React in a transition; let React commit it.
    await act(async () => {});
  }
  if (screen.queryByLabelText('Loading') !== null) {
    await waitFor(() => expect(screen.queryByLabelText('Loading')).toBeNull(), LOADING);
  }
  return router;
}

/** Mounts the real route table at `path` (see {@link routerAt} and {@link mount}). */
async function renderAt(path: string) {
  return mount(await routerAt(path));
}

/** Presses `key` on `element`, letting the menus' state machines settle. */
async function press(element: Element, key: string) {
  await act(async () => fireEvent.keyDown(element, { key }));
}

/**
 * jsdom has no IntersectionObserver; the landing page watches the carousel's place (to load it) and
 * the carousel (embla) its slides. Nothing intersects until a test calls `scrollIntoView()`.
 */
class FakeIntersectionObserver {
  static observers: FakeIntersectionObserver[] = [];
  private readonly targets: Element[] = [];
  constructor(private readonly callback: IntersectionObserverCallback) {
    FakeIntersectionObserver.observers.push(this);
  }
  observe(target: Element) {
    this.targets.push(target);
  }
  unobserve() {}
  disconnect() {
    this.targets.length = 0;
  }
  takeRecords() {
    return [];
  }
  /** Reports every element observed so far as intersecting the viewport. */
  static async scrollIntoView() {
    const observers = FakeIntersectionObserver.observers.splice(0);
    await act(async () => {
      for (const observer of observers) {
        const entries = observer.targets.map((target) => ({ target, isIntersecting: true }));
        if (entries.length > 0) {
          observer.callback(entries as unknown as IntersectionObserverEntry[], observer as never);
        }
      }
    });
  }
}

/** jsdom has no matchMedia; the carousel machine reads the reduced-motion preference. */
function noMediaMatches(query: string) {
  return {
    matches: false,
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  };
}

beforeEach(() => {
  vi.stubGlobal('ResizeObserver', NoopResizeObserver);
  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
  FakeIntersectionObserver.observers = [];
  vi.stubGlobal('matchMedia', noMediaMatches);
  window.scrollTo = vi.fn();
  localStorage.clear();
  forgetListLocations();
  setSession({});
  broken.current = false;
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('public routes', () => {
  it('shows the landing page at / with its headline and the layout landmarks', async () => {
    await renderAt('/');
    expect(
      screen.getByRole('heading', { level: 1, name: 'Seamless Product Syncing for Multi-Store Retailers' }),
    ).toBeTruthy();
    expect(screen.getByRole('banner')).toBeTruthy();
    expect(screen.getByRole('main')).toBeTruthy();
    expect(screen.getByRole('contentinfo').textContent).toContain(
      `© ${new Date().getFullYear()} Product Feed. All rights reserved.`,
    );
    expect(screen.getByRole('button', { name: 'Open menu' })).toBeTruthy();
  });

  it('shows the products page at /products with its 16 sample cards', async () => {
    await renderAt('/products');
    expect(screen.getByRole('heading', { level: 1, name: 'Products' })).toBeTruthy();
    expect(
      screen.getAllByRole('heading', { level: 2, name: 'Zinc Citrate 50 mg, 60 Capsules' }),
    ).toHaveLength(16);
  });

  it('loads the brand carousel once it nears the viewport, one labelled slide per brand', async () => {
    await renderAt('/');
    expect(screen.queryByRole('region', { name: 'Brand logos' })).toBeNull();
    await FakeIntersectionObserver.scrollIntoView();
    const carousel = await screen.findByRole('region', { name: 'Brand logos' }, LOADING);
    expect(carousel.getAttribute('aria-roledescription')).toBe('carousel');
    expect(
      [...carousel.querySelectorAll('[aria-roledescription="slide"]')].map((slide) =>
        slide.getAttribute('aria-label'),
      ),
    ).toEqual(['1 of 5', '2 of 5', '3 of 5', '4 of 5', '5 of 5']);
    expect(screen.getByRole('button', { name: 'Show Seeking Health' }).getAttribute('aria-current')).toBe(
      'true',
    );
    expect(screen.getByRole('button', { name: 'Stop rotating brands' })).toBeTruthy();
  });

  it('scrolls smoothly to the top when the path changes', async () => {
    const router = await renderAt('/');
    vi.mocked(window.scrollTo).mockClear();
    await act(() => router.navigate('/products'));
    expect(window.scrollTo).toHaveBeenCalledWith({ top: 0, behavior: 'smooth' });
  });
});

describe('the way back to a list (issue 15 "You lose your place")', () => {
  beforeEach(() => setSession({ status: 'loggedIn', user: admin }));

  /** Scrolls jsdom's window to `top` px as a person would, so the app hears the scroll. */
  function scrollWindowTo(top: number) {
    Object.defineProperty(window, 'scrollY', { value: top, configurable: true });
    window.dispatchEvent(new Event('scroll'));
  }

  it('points Back and the list crumb at the list URL last seen, search and page included', async () => {
    const router = await renderAt('/dashboard/feeds?search=whey&page=2');
    await act(() => router.navigate('/dashboard/feeds/3/edit'));
    await screen.findByRole('heading', { level: 1, name: 'Edit Feed' }, LOADING);
    expect(screen.getByRole('link', { name: 'Back' }).getAttribute('href')).toBe(
      '/dashboard/feeds?search=whey&page=2',
    );
    const breadcrumb = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(
      [...breadcrumb.querySelectorAll('a')].map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Dashboard', '/dashboard'],
      ['Feeds', '/dashboard/feeds?search=whey&page=2'],
    ]);
  });

  it('scrolls back to where the list was, and smoothly to the top everywhere else', async () => {
    const router = await renderAt('/dashboard/users?search=ada&page=2');
    scrollWindowTo(640);
    await act(() => router.navigate('/dashboard/profile'));
    expect(window.scrollTo, 'another screen starts at the top').toHaveBeenLastCalledWith({
      top: 0,
      behavior: 'smooth',
    });
    scrollWindowTo(0);
    vi.mocked(window.scrollTo).mockClear();
    await act(() => router.navigate(-1));
    expect(router.state.location.search).toBe('?search=ada&page=2');
    expect(window.scrollTo).toHaveBeenCalledWith({ top: 640, behavior: 'instant' });
    expect(window.scrollTo).not.toHaveBeenCalledWith({ top: 0, behavior: 'smooth' });
  });

  it('keeps the scroll when only the query changes (a search typed, a page turned)', async () => {
    const router = await renderAt('/dashboard/users');
    scrollWindowTo(300);
    vi.mocked(window.scrollTo).mockClear();
    await act(() => router.navigate('/dashboard/users?search=ad', { replace: true }));
    expect(window.scrollTo).not.toHaveBeenCalled();
  });

  it('starts another visit of a list at the top when it was not scrolled at that URL', async () => {
    const router = await renderAt('/dashboard/users?page=2');
    scrollWindowTo(500);
    await act(() => router.navigate('/dashboard/profile'));
    vi.mocked(window.scrollTo).mockClear();
    await act(() => router.navigate('/dashboard/users?page=3'));
    expect(window.scrollTo).toHaveBeenCalledWith({ top: 0, behavior: 'smooth' });
  });
});

describe('not-found screen', () => {
  const text = "Oops! The page you're looking for doesn't exist.";

  it.each(['/no-such-page', '/auth', '/auth/register', '/dashboard/nope'])('answers %s', async (path) => {
    setSession({ status: 'loggedIn', user: admin });
    await renderAt(path);
    expect(screen.getByRole('heading', { name: text })).toBeTruthy();
    expect(screen.getByRole('main')).toBeTruthy();
  });

  it('goes home when Go Home is pressed', async () => {
    const router = await renderAt('/missing');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Go Home' })));
    expect(router.state.location.pathname).toBe('/');
  });

  it('goes home by itself after 5 seconds, not before', async () => {
    // The screen is loaded on demand with real timers; the countdown starts on mount, with fake ones.
    const router = await routerAt('/missing');
    vi.useFakeTimers();
    await mount(router);
    await act(async () => vi.advanceTimersByTime(4999));
    expect(router.state.location.pathname).toBe('/missing');
    await act(async () => vi.advanceTimersByTime(1));
    expect(router.state.location.pathname).toBe('/');
  });
});

describe('dashboard guard (spec §4 Route guard)', () => {
  it('renders nothing of the dashboard while the session is loading', async () => {
    setSession({ status: 'loading' });
    const router = await renderAt('/dashboard/users');
    expect(router.state.location.pathname).toBe('/dashboard/users');
    expect(screen.queryByRole('heading', { name: 'Users' })).toBeNull();
  });

  it('sends a logged-out visitor to the login screen, remembering the location', async () => {
    setSession({ status: 'loggedOut' });
    const router = await renderAt('/dashboard/users?page=2');
    expect(router.state.location.pathname).toBe('/auth/login');
    expect(router.state.location.state).toMatchObject({
      from: { pathname: '/dashboard/users', search: '?page=2' },
      denied: false,
    });
    expect(screen.getByRole('heading', { name: 'Welcome Back' })).toBeTruthy();
  });

  it('sends a signed-in customer to the login screen and keeps them there despite the stored token', async () => {
    localStorage.setItem('access_token', 'a.b.c');
    setSession({ status: 'loggedIn', user: customer });
    const router = await renderAt('/dashboard');
    expect(router.state.location.pathname).toBe('/auth/login');
    expect(router.state.location.state).toMatchObject({ denied: true });
    expect(screen.getByRole('heading', { name: 'Welcome Back' })).toBeTruthy();
  });

  it('renders nothing while a logout with its own redirect is finishing', async () => {
    setSession({ status: 'loggedOut', isLoggingOut: true });
    const router = await renderAt('/dashboard');
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(screen.queryByRole('heading', { name: 'Dashboard' })).toBeNull();
  });

  it('lets an admin in: layout with the name in the user menu, breadcrumb and title', async () => {
    setSession({ status: 'loggedIn', user: admin });
    await renderAt('/dashboard');
    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeTruthy();
    expect(screen.getByRole('button', { name: /Ada Lovelace/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Apps' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Open navigation' })).toBeTruthy();
    const breadcrumb = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(breadcrumb.textContent).toBe('HomeDashboard');
    // Issue 30: 'Home' is the dashboard's home, not the public site.
    expect(within(breadcrumb).getByRole('link', { name: 'Home' }).getAttribute('href')).toBe('/dashboard');
  });
});

describe('breadcrumbs (issue 30)', () => {
  /** Every route's handle, depth first. */
  const handles = (list: readonly RouteObject[]): unknown[] =>
    list.flatMap((route) => [route.handle, ...handles(route.children ?? [])]);

  it("links every dashboard screen's crumbs and back link within the dashboard", () => {
    const trails = handles(routes).flatMap((handle) =>
      typeof handle === 'object' && handle !== null && 'breadcrumb' in handle
        ? [(handle as RouteBreadcrumbHandle).breadcrumb]
        : [],
    );
    expect(trails.length).toBeGreaterThanOrEqual(8);
    const hrefs = trails.flatMap((trail) => [
      ...trail.items.flatMap((item) => (item.href === undefined ? [] : [item.href])),
      ...(trail.backHref === undefined ? [] : [trail.backHref]),
    ]);
    expect(hrefs.filter((href) => href !== '/dashboard' && !href.startsWith('/dashboard/'))).toEqual([]);
  });
});

describe('dashboard screens', () => {
  beforeEach(() => setSession({ status: 'loggedIn', user: admin }));

  it.each([
    ['/dashboard/users', 'Users', 'DashboardUsers'],
    ['/dashboard/users/create', 'Create user', 'DashboardUsersCreate user'],
    ['/dashboard/users/7/edit', 'Edit user', 'DashboardUsersEdit user'],
    ['/dashboard/feeds', 'Feeds', 'DashboardFeeds'],
    ['/dashboard/feeds/create', 'Create Feed', 'DashboardFeedsCreate Feed'],
    ['/dashboard/feeds/3/edit', 'Edit Feed', 'DashboardFeedsEdit Feed'],
  ])('%s shows the title %s and its breadcrumb', async (path, title, trail) => {
    await renderAt(path);
    expect(screen.getByRole('heading', { level: 1, name: title })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Breadcrumb' }).textContent).toBe(trail);
    expect(screen.queryByText(/Invalid or missing/)).toBeNull();
  });

  it('routes /dashboard/profile to the profile screen', async () => {
    await renderAt('/dashboard/profile');
    expect(screen.getByRole('heading', { level: 1, name: 'Profile screen' })).toBeTruthy();
  });

  it.each(['0', '-1', 'abc', '1.5', '007'])('rejects the user id %s', async (id) => {
    await renderAt(`/dashboard/users/${id}/edit`);
    expect(screen.getByText('Invalid or missing User ID.')).toBeTruthy();
  });

  it.each(['0', 'x'])('rejects the feed id %s', async (id) => {
    await renderAt(`/dashboard/feeds/${id}/edit`);
    expect(screen.getByText('Invalid or missing Feed ID.')).toBeTruthy();
  });

  it.each([
    ['/dashboard/users/edit/12', '/dashboard/users/12/edit'],
    ['/dashboard/feeds/edit/4', '/dashboard/feeds/4/edit'],
  ])('redirects %s to the canonical %s', async (from, to) => {
    const router = await renderAt(from);
    expect(router.state.location.pathname).toBe(to);
  });

  it('logs out to / from the user menu, by keyboard', async () => {
    await renderAt('/dashboard');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /Ada Lovelace/ })));
    await press(await screen.findByRole('menu'), 'ArrowDown');
    expect(screen.getByRole('menuitem', { name: 'Profile' }).getAttribute('href')).toBe('/dashboard/profile');
    await press(screen.getByRole('menu'), 'ArrowDown');
    expect(screen.getByRole('menuitem', { name: 'Logout' }).hasAttribute('data-highlighted')).toBe(true);
    await press(screen.getByRole('menu'), 'Enter');
    expect(session.current.logout).toHaveBeenCalledWith('/');
  });

  it('only shows an alert for Logout in the apps grid, and disables Sales, Inbox and Settings', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    await renderAt('/dashboard');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Apps' })));
    await screen.findByRole('menu');
    for (const name of ['Sales', 'Inbox', 'Settings']) {
      expect(screen.getByRole('menuitem', { name }).getAttribute('aria-disabled')).toBe('true');
    }
    expect(screen.getByRole('menuitem', { name: 'Users' }).getAttribute('href')).toBe('/dashboard/users');
    expect(screen.getByRole('menuitem', { name: 'Pricing and Billing' }).getAttribute('href')).toBe(
      '/dashboard',
    );
    await press(screen.getByRole('menu'), 'End');
    expect(screen.getByRole('menuitem', { name: 'Logout' }).hasAttribute('data-highlighted')).toBe(true);
    await press(screen.getByRole('menu'), 'Enter');
    expect(alert).toHaveBeenCalledWith(APPS_LOGOUT_ALERT);
    expect(session.current.logout).not.toHaveBeenCalled();
    alert.mockRestore();
  });

  it('marks the active sidebar link as the current page', async () => {
    await renderAt('/dashboard/feeds/create');
    const sidebar = screen.getAllByRole('navigation', { name: 'Dashboard' })[0]!;
    const current = sidebar.querySelector('[aria-current="page"]');
    expect(current?.textContent).toBe('Create feed');
  });
});

describe('auth area', () => {
  it('shows the login screen when no token is stored', async () => {
    await renderAt('/auth/login');
    expect(screen.getByRole('heading', { name: 'Welcome Back' })).toBeTruthy();
  });

  it("treats the stored text 'undefined' as no token", async () => {
    localStorage.setItem('access_token', 'undefined');
    setSession({ status: 'loading' });
    const router = await renderAt('/auth/login');
    expect(router.state.location.pathname).toBe('/auth/login');
  });

  it('redirects to /dashboard when an access token is stored', async () => {
    localStorage.setItem('access_token', 'a.b.c');
    setSession({ status: 'loggedIn', user: admin });
    const router = await renderAt('/auth/login');
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('keeps the login screen once the session has found the stored token unusable', async () => {
    localStorage.setItem('access_token', 'expired');
    setSession({ status: 'loggedOut' });
    const router = await renderAt('/auth/login');
    expect(router.state.location.pathname).toBe('/auth/login');
  });
});

describe('error elements (issue 27 "Deploys")', () => {
  it('gives every route one', () => {
    const missing: string[] = [];
    const visit = (route: RouteObject, at: string) => {
      const path = `${at}/${route.index ? '(index)' : (route.path ?? '(layout)')}`;
      if (route.errorElement === undefined) missing.push(path);
      for (const child of route.children ?? []) visit(child, path);
    };
    for (const route of routes) visit(route, '');
    expect(missing).toEqual([]);
  });

  it("draws a public screen's inside the public layout, with the way to the landing page", async () => {
    broken.current = true;
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await renderAt('/products');
    expect(screen.getByRole('heading', { level: 1, name: ROUTE_ERROR_TEXT.other.title })).toBeTruthy();
    expect(screen.getByRole('banner')).toBeTruthy();
    expect(screen.getByRole('contentinfo')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go Home' }).getAttribute('href')).toBe('/');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });

  it("draws a dashboard screen's inside the dashboard shell, with its breadcrumb and the way to its home", async () => {
    broken.current = true;
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    setSession({ status: 'loggedIn', user: admin });
    await renderAt('/dashboard/profile');
    expect(screen.getByRole('heading', { level: 1, name: ROUTE_ERROR_TEXT.other.title })).toBeTruthy();
    expect(screen.getAllByRole('navigation', { name: 'Dashboard' }).length).toBeGreaterThan(0);
    expect(screen.getByRole('navigation', { name: 'Breadcrumb' }).textContent).toBe('DashboardProfile');
    expect(screen.getByRole('link', { name: 'Go to Dashboard' }).getAttribute('href')).toBe('/dashboard');
  });
});
