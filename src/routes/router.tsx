/**
 * The route table of the app (spec §2 Screens and routes, §4 Route guard) and the browser router built
 * from it. Tests mount the same table in a memory router.
 */
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { UserType } from '@/api/schemas/common';
import { LoginPage } from '@/features/auth/LoginPage';
import { DashboardHomePage } from '@/features/dashboard/DashboardHomePage';
import { CreateFeedPage } from '@/features/feeds/CreateFeedPage';
import { EditFeedPage } from '@/features/feeds/EditFeedPage';
import { FeedsPage } from '@/features/feeds/FeedsPage';
import { ProfilePage } from '@/features/profile/ProfilePage';
import { LandingPage } from '@/features/public/LandingPage';
import { ProductsPage } from '@/features/public/ProductsPage';
import { CreateUserPage } from '@/features/users/CreateUserPage';
import { EditUserPage } from '@/features/users/EditUserPage';
import { UsersPage } from '@/features/users/UsersPage';
import { AuthLayout } from './AuthLayout';
import { DashboardLayout } from './DashboardLayout';
import { LegacyEditRedirect } from './LegacyEditRedirect';
import { NotFoundPage, NotFoundScreen } from './NotFoundPage';
import { PublicLayout } from './PublicLayout';
import { RequireRole } from './RequireRole';
import { RootLayout } from './RootLayout';

/** Where the dashboard guard sends visitors who are not admins (spec §2 Dashboard area). */
export const LOGIN_PATH = '/auth/login';

/** Every route of the app under the root layout; unknown paths at any level end in the not-found screen. */
export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    children: [
      {
        element: <PublicLayout />,
        children: [
          { index: true, element: <LandingPage /> },
          { path: 'products', element: <ProductsPage /> },
        ],
      },
      {
        path: 'auth',
        element: <AuthLayout />,
        children: [
          { index: true, element: <NotFoundPage /> },
          { path: 'login', element: <LoginPage /> },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
      {
        path: 'dashboard',
        element: (
          <RequireRole allowed={[UserType.Admin]} redirectTo={LOGIN_PATH}>
            <DashboardLayout />
          </RequireRole>
        ),
        children: [
          { index: true, element: <DashboardHomePage /> },
          { path: 'users', element: <UsersPage /> },
          { path: 'users/create', element: <CreateUserPage /> },
          { path: 'users/:userId/edit', element: <EditUserPage /> },
          {
            path: 'users/edit/:userId',
            element: <LegacyEditRedirect param="userId" base="/dashboard/users" />,
          },
          { path: 'feeds', element: <FeedsPage /> },
          { path: 'feeds/create', element: <CreateFeedPage /> },
          { path: 'feeds/:feedId/edit', element: <EditFeedPage /> },
          {
            path: 'feeds/edit/:feedId',
            element: <LegacyEditRedirect param="feedId" base="/dashboard/feeds" />,
          },
          { path: 'profile', element: <ProfilePage /> },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
      { path: '*', element: <NotFoundScreen /> },
    ],
  },
];

/** Builds the browser (history API) router over {@link routes}. */
export function createAppRouter() {
  return createBrowserRouter(routes);
}
