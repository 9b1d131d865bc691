/** Route guard by role (spec §4 Route guard, §6 Roles and permissions). */
import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation, type Location } from 'react-router-dom';
import { useSession } from './session';

/** Props of {@link RequireRole}. */
export interface RequireRoleProps {
  /** user_type_ids allowed through (1 Admin, 2 Customer). */
  allowed: readonly number[];
  /** Where everyone else goes. */
  redirectTo: string;
  /** What to show when allowed; defaults to the child routes (`<Outlet/>`). */
  children?: ReactNode;
}

/**
 * Location state the guard hands to `redirectTo`: `from` is the location that was asked for (so the
 * login can return there); `denied` is true when a signed-in user's role was refused, which tells the
 * auth area not to bounce that user back to the dashboard.
 */
export interface GuardRedirectState {
  from: Location;
  denied: boolean;
}

/**
 * Shows `children` only to a signed-in user whose `user_type_id` is in `allowed`. While the session is
 * loading it renders nothing (the session overlay covers the screen). A visitor who is logged out, or
 * signed in with another role, is sent to `redirectTo` with a {@link GuardRedirectState}. During a
 * logout that has its own redirect target it renders nothing, so the visitor is not first bounced to
 * the login screen.
 */
export function RequireRole({ allowed, redirectTo, children }: RequireRoleProps) {
  const { status, user, isLoggingOut } = useSession();
  const location = useLocation();

  if (status === 'loading' || (status === 'loggedOut' && isLoggingOut)) return null;

  if (status === 'loggedIn' && user !== null && allowed.includes(user.user_type_id)) {
    return <>{children ?? <Outlet />}</>;
  }

  const state: GuardRedirectState = { from: location, denied: status === 'loggedIn' };
  return <Navigate to={redirectTo} state={state} replace />;
}
