/**
 * Element of the root route: the scroll reset and the page, and from the first visit to a route
 * that uses the session on, the {@link SessionShell} (session, its overlay, toasts) around them.
 */
import { lazy, Suspense, useState } from 'react';
import { Outlet, useMatches } from 'react-router-dom';
import { RouteLoading } from './RouteLoading';
import { ScrollToTop } from './ScrollToTop';

/** `handle` of the routes whose screens use the session: the auth and dashboard areas. */
export const SESSION_ROUTE = { session: true } as const;

/** Downloads the session shell; the session routes' own `lazy` starts it too, so the two load in parallel. */
export function loadSessionShell() {
  return import('./SessionShell');
}

const SessionShell = lazy(async () => ({ default: (await loadSessionShell()).SessionShell }));

/**
 * Renders the page bare while only public routes have been visited: they use neither the session
 * nor toasts, so they download neither (issue 6). The first route with the {@link SESSION_ROUTE}
 * handle starts the session, and it stays for the rest of the visit, so going back to a public page
 * and returning keeps the signed-in user without a new loading overlay. The shell sits inside the
 * router because the session reads and changes the location (redirects, error cleared on navigation).
 */
export function RootLayout() {
  const needsSession = useMatches().some((match) => match.handle === SESSION_ROUTE);
  const [sessionStarted, setSessionStarted] = useState(needsSession);
  if (needsSession && !sessionStarted) setSessionStarted(true);

  const page = (
    <>
      <ScrollToTop />
      <Outlet />
    </>
  );
  if (!sessionStarted) return page;
  return (
    <Suspense fallback={<RouteLoading />}>
      <SessionShell>{page}</SessionShell>
    </Suspense>
  );
}
