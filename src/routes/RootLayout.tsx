/** Element of the root route: the session for every screen, its loading overlay and scroll reset. */
import { Outlet } from 'react-router-dom';
import { ScrollToTop } from './ScrollToTop';
import { SessionOverlay } from './SessionOverlay';
import { SessionProvider } from './session-context';

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
    </SessionProvider>
  );
}
