/** Route guard by role (spec §4 Route guard, §6 Roles and permissions). */
import { useState } from 'react';
import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { guardDecision } from '@/machines/session-redirects';
import { useIsPrerendering } from '@/ui/hydration';
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
 *
 * Rendering a prerendered page (in Node, and while the browser hydrates it) it shows `children`: the
 * page is drawn for a signed-in role (src/prerender.tsx), and the browser hydrates it only for a stored
 * token of that role, for which the decision is to allow anyway (src/main.tsx).
 */
export function RequireRole({ allowed, children }: RequireRoleProps) {
  const { status, user, isLoggingOut, provisionalUserType } = useSession();
  const location = useLocation();
  const decision = guardDecision({ status, user, isLoggingOut, provisionalUserType }, allowed, location);
  const prerendering = useIsPrerendering();
  // A page hydrated from its HTML keeps its screen through the first 'wait' (the session reading the
  // stored tokens, the moment before their role allows the screen), which would otherwise remove the
  // whole screen and draw it again; from the first other decision on, 'wait' draws nothing as usual.
  const [keepDrawn, setKeepDrawn] = useState(prerendering);
  if (keepDrawn && decision.kind !== 'wait') setKeepDrawn(false);
  if (prerendering || (keepDrawn && decision.kind === 'wait')) return <>{children ?? <Outlet />}</>;
  switch (decision.kind) {
    case 'wait':
      return null;
    case 'allow':
      return <>{children ?? <Outlet />}</>;
    case 'redirect':
      return <Navigate to={decision.to} state={decision.state} replace />;
  }
}
