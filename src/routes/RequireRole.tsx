/** Route guard by role (spec §4 Route guard, §6 Roles and permissions). */
import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { guardDecision } from '@/machines/session-redirects';
import { useSession } from './session';

/** Props of {@link RequireRole}. */
export interface RequireRoleProps {
  /** user_type_ids allowed through (1 Admin, 2 Customer). */
  allowed: readonly number[];
  /** What to show when allowed; defaults to the child routes (`<Outlet/>`). */
  children?: ReactNode;
}

/**
 * Shows `children` only to a signed-in user whose `user_type_id` is in `allowed`; the decision is the
 * session's one redirect decision (`guardDecision` in `session-redirects.ts`). While it says wait (the
 * session loading, under its overlay, without a stored token for an allowed role, or a logout with its
 * own target finishing) it renders nothing;
 * a redirect replaces the URL with the login screen, handing it the remembered location.
 */
export function RequireRole({ allowed, children }: RequireRoleProps) {
  const { status, user, isLoggingOut, provisionalUserType } = useSession();
  const location = useLocation();
  const decision = guardDecision({ status, user, isLoggingOut, provisionalUserType }, allowed, location);
  switch (decision.kind) {
    case 'wait':
      return null;
    case 'allow':
      return <>{children ?? <Outlet />}</>;
    case 'redirect':
      return <Navigate to={decision.to} state={decision.state} replace />;
  }
}
