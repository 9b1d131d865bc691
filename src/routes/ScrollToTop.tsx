/** Smooth scroll to the top of the page on every route change (spec §2 Top level). */
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * Renders nothing; scrolls the window smoothly to the top whenever the path changes. Hash-only
 * changes (in-page anchors such as '#how-it-works') keep the browser's own scrolling.
 */
export function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo({ top: 0, behavior: 'smooth' });
  }, [pathname]);
  return null;
}
