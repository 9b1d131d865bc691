/**
 * The route table of the app (spec §2 Screens and routes, §4 Route guard) and the browser router built
 * from it. Tests mount the same table in a memory router.
 *
 * Every route has an error element (issue 27 "Deploys"), drawn in the layout the route lives in: a
 * screen's inside the public, auth or dashboard layout, a layout's (and the root's) on a page of its
 * own. Code loaded on first visit is loaded with `retryingLazy`, so the error element's Retry can load
 * it again.
 */
import type { ComponentType, ReactNode } from 'react';
import { createBrowserRouter, matchRoutes, type LazyRouteFunction, type RouteObject } from 'react-router-dom';
import { retryingLazy, type LoadedRoute } from './lazy-route';
import type { RouteBreadcrumbHandle } from './RouteBreadcrumb';
import { LegacyEditRedirect } from './LegacyEditRedirect';
import { paths } from './paths';
import { PublicLayout } from './PublicLayout';
import { loadSessionShell, RootLayout, SESSION_ROUTE } from './RootLayout';
import { DASHBOARD_HOME, RouteError, RouteErrorScreen, SITE_HOME } from './RouteError';
import { RouteLoading } from './RouteLoading';

/**
 * Downloads a screen's module with `load` and picks its named component export `name` (issue 6: the
 * public pages download no login or dashboard code).
 */
function code<M, K extends keyof M>(
  load: () => Promise<M>,
  name: K & (M[K] extends ComponentType ? K : never),
): () => Promise<LoadedRoute> {
  return async () => ({ Component: (await load())[name] as ComponentType });
}

/** A route whose screen is loaded on first visit ({@link code}), again after a failure. */
function screen<M, K extends keyof M>(
  load: () => Promise<M>,
  name: K & (M[K] extends ComponentType ? K : never),
): LazyRouteFunction<RouteObject> {
  return retryingLazy(code<M, K>(load, name));
}

/**
 * The `lazy` of a {@link SESSION_ROUTE}: `load`, with the session shell that the route renders in
 * downloaded alongside rather than after it.
 */
function sessionArea(load: () => Promise<LoadedRoute>): LazyRouteFunction<RouteObject> {
  return retryingLazy(async () => (await Promise.all([load(), loadSessionShell()]))[0]);
}

/** `routes`, each with `errorElement` unless it has its own. */
function withErrorElement(errorElement: ReactNode, routes: RouteObject[]): RouteObject[] {
  return routes.map((route) => ({ errorElement, ...route }) as RouteObject);
}

/** The error element of a layout route, and of the root: on a page of its own. */
const LAYOUT_ERROR = <RouteErrorScreen />;

/** The not-found screen inside a layout (its countdown machine is not needed by the public pages). */
const notFoundPage = screen(() => import('./NotFoundPage'), 'NotFoundPage');

/** The dashboard's first crumb, linking to its home. */
const DASHBOARD_CRUMB = { label: 'Dashboard', href: paths.dashboard };

/** Route data of a dashboard screen: its breadcrumb trail (spec §2), drawn by the dashboard layout. */
function crumbs(trail: RouteBreadcrumbHandle['breadcrumb']): RouteBreadcrumbHandle {
  return { breadcrumb: trail };
}

/** Every route of the app under the root layout; unknown paths at any level end in the not-found screen. */
export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    HydrateFallback: RouteLoading,
    errorElement: LAYOUT_ERROR,
    children: [
      {
        element: <PublicLayout />,
        errorElement: LAYOUT_ERROR,
        children: withErrorElement(<RouteError home={SITE_HOME} />, [
          { index: true, lazy: screen(() => import('@/features/public/LandingPage'), 'LandingPage') },
          { path: 'products', lazy: screen(() => import('@/features/public/ProductsPage'), 'ProductsPage') },
        ]),
      },
      {
        path: 'auth',
        handle: SESSION_ROUTE,
        lazy: sessionArea(code(() => import('./AuthLayout'), 'AuthLayout')),
        errorElement: LAYOUT_ERROR,
        children: withErrorElement(<RouteError home={SITE_HOME} />, [
          { index: true, lazy: notFoundPage },
          { path: 'login', lazy: screen(() => import('@/features/auth/LoginPage'), 'LoginPage') },
          { path: '*', lazy: notFoundPage },
        ]),
      },
      {
        path: 'dashboard',
        handle: SESSION_ROUTE,
        lazy: sessionArea(async () => {
          const [{ RequireRole }, { UserType }] = await Promise.all([
            import('./RequireRole'),
            import('@/api/schemas/common'),
          ]);
          return { element: <RequireRole allowed={[UserType.Admin]} /> };
        }),
        errorElement: LAYOUT_ERROR,
        children: [
          {
            lazy: screen(() => import('./DashboardLayout'), 'DashboardLayout'),
            errorElement: LAYOUT_ERROR,
            children: withErrorElement(<RouteError home={DASHBOARD_HOME} />, [
              {
                index: true,
                // Spec §2 'Home > Dashboard': 'Home' is the dashboard's home, not the public site (issue 30).
                handle: crumbs({ items: [{ label: 'Home', href: paths.dashboard }, { label: 'Dashboard' }] }),
                lazy: screen(() => import('@/features/dashboard/DashboardHomePage'), 'DashboardHomePage'),
              },
              {
                path: 'users',
                handle: crumbs({ items: [DASHBOARD_CRUMB, { label: 'Users' }] }),
                lazy: screen(() => import('@/features/users/UsersPage'), 'UsersPage'),
              },
              {
                path: 'users/create',
                handle: crumbs({
                  backHref: paths.users,
                  items: [DASHBOARD_CRUMB, { label: 'Users', href: paths.users }, { label: 'Create user' }],
                }),
                lazy: screen(() => import('@/features/users/CreateUserPage'), 'CreateUserPage'),
              },
              {
                path: 'users/:userId/edit',
                handle: crumbs({
                  backHref: paths.users,
                  items: [DASHBOARD_CRUMB, { label: 'Users', href: paths.users }, { label: 'Edit user' }],
                }),
                lazy: screen(() => import('./EditUserRoute'), 'EditUserRoute'),
              },
              {
                path: 'users/edit/:userId',
                element: <LegacyEditRedirect param="userId" edit={paths.editUser} />,
              },
              {
                path: 'feeds',
                handle: crumbs({ items: [DASHBOARD_CRUMB, { label: 'Feeds' }] }),
                lazy: screen(() => import('@/features/feeds/FeedsPage'), 'FeedsPage'),
              },
              {
                path: 'feeds/create',
                handle: crumbs({
                  backHref: paths.feeds,
                  items: [DASHBOARD_CRUMB, { label: 'Feeds', href: paths.feeds }, { label: 'Create Feed' }],
                }),
                lazy: screen(() => import('@/features/feeds/CreateFeedPage'), 'CreateFeedPage'),
              },
              {
                path: 'feeds/:feedId/edit',
                handle: crumbs({
                  backHref: paths.feeds,
                  items: [DASHBOARD_CRUMB, { label: 'Feeds', href: paths.feeds }, { label: 'Edit Feed' }],
                }),
                lazy: screen(() => import('@/features/feeds/EditFeedPage'), 'EditFeedPage'),
              },
              {
                path: 'feeds/edit/:feedId',
                element: <LegacyEditRedirect param="feedId" edit={paths.editFeed} />,
              },
              {
                path: 'profile',
                handle: crumbs({ items: [DASHBOARD_CRUMB, { label: 'Profile' }] }),
                lazy: screen(() => import('@/features/profile/ProfilePage'), 'ProfilePage'),
              },
              { path: '*', lazy: notFoundPage },
            ]),
          },
        ],
      },
      {
        path: '*',
        lazy: screen(() => import('./NotFoundPage'), 'NotFoundScreen'),
        errorElement: LAYOUT_ERROR,
      },
    ],
  },
];

/** Builds the browser (history API) router over {@link routes}. */
export function createAppRouter() {
  return createBrowserRouter(routes);
}

/**
 * Downloads the code of every route that `pathname` matches and puts it in the route table in place
 * of its `lazy`, so a router made afterwards renders the page at once: hydrating a prerendered page
 * (issue 31) must render what its HTML holds, not the loading fallback a pending `lazy` shows.
 */
export async function loadMatchedRoutes(pathname: string): Promise<void> {
  const matches = matchRoutes(routes, pathname) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, loaded, { lazy: undefined });
    }),
  );
}
