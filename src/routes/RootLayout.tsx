/**
 * Element of the root route: the handler of the machines' effects (toast, navigate, focus), the scroll
 * reset and the page, and from the first visit to a route that uses the session on, the {@link SessionShell} (session, its overlay, toasts) around them.
 */
import { lazy, Suspense, useState } from 'react';
import type { ComponentType, ReactNode } from 'react';
import { Outlet, useMatches } from 'react-router-dom';
import { RouteLoading } from './RouteLoading';
import { ScrollToTop } from './ScrollToTop';
import { UiEffectsProvider } from './ui-effects';

/** `handle` of the routes whose screens use the session: the auth and dashboard areas. */
export const SESSION_ROUTE = { session: true } as const;

type Shell = ComponentType<{ children: ReactNode }>;

/**
 * The shell once downloaded. The session routes' `lazy` waits for it, so they render it at once:
 * through `React.lazy` alone the first render would suspend anyway and show the loading spinner
 * until React's next reveal, a timer (and one that never fires under a paused test clock).
 */
let downloadedShell: Shell | null = null;

/** Downloads the session shell; the session routes' own `lazy` starts it too, so the two load in parallel. */
export async function loadSessionShell() {
  const module = await import('./SessionShell');
  downloadedShell = module.SessionShell;
  return module;
}

const LazySessionShell = lazy(async () => ({ default: (await loadSessionShell()).SessionShell }));

/**
 * Renders the page bare while only public routes have been visited: they use neither the session
 * nor toasts, so they download neither (issue 6). The first route with the {@link SESSION_ROUTE}
 * handle starts the session, and it stays for the rest of the visit, so going back to a public page
 * and returning keeps the signed-in user without a new loading overlay. The shell sits inside the
 * router because the session reads and changes the location (redirects, error cleared on navigation).
 */
export function RootLayout() {
  const needsSession = useMatches().some((match) => match.handle === SESSION_ROUTE);
  // Chosen once: switching from the lazy wrapper to the component would remount the session.
  const [SessionShell, setSessionShell] = useState<Shell | null>(() =>
    needsSession ? (downloadedShell ?? LazySessionShell) : null,
  );
  if (needsSession && SessionShell === null) setSessionShell(() => downloadedShell ?? LazySessionShell);

  const page = (
    <>
      <ScrollToTop />
      <Outlet />
    </>
  );
  return (
    <UiEffectsProvider>
      {SessionShell === null ? (
        page
      ) : (
        <Suspense fallback={<RouteLoading />}>
          <SessionShell>{page}</SessionShell>
        </Suspense>
      )}
    </UiEffectsProvider>
  );
}
