/** Element of the root route: the session for every screen, its loading overlay, scroll reset and toasts. */
import { lazy, Suspense, useState } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { ScrollToTop } from './ScrollToTop';
import { SessionOverlay } from './SessionOverlay';
import { SessionProvider } from './session-context';

/** The toast container (react-toastify), downloaded only once it is needed (issue 6). */
const Toasts = lazy(async () => ({ default: (await import('@/ui/Toasts')).Toasts }));

/**
 * Mounts the toast container from the first visit to the dashboard on, whose screens are the only
 * ones that show toasts (spec §2 Dashboard area); the public pages never download it. It stays
 * mounted at the root afterwards, so toasts outlive leaving the dashboard (a logout to / included).
 * A toast shown before the container has arrived is queued by react-toastify and shown on mount.
 */
function ToastsOnceNeeded() {
  const { pathname } = useLocation();
  const inDashboard = pathname === '/dashboard' || pathname.startsWith('/dashboard/');
  const [needed, setNeeded] = useState(inDashboard);
  if (inDashboard && !needed) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <Toasts />
    </Suspense>
  );
}

/**
 * Wraps every route in the `SessionProvider`; it sits inside the router because the session reads
 * and changes the location (redirects, error cleared on navigation).
 */
export function RootLayout() {
  return (
    <SessionProvider>
      <ScrollToTop />
      <Outlet />
      <SessionOverlay />
      <ToastsOnceNeeded />
    </SessionProvider>
  );
}
