/**
 * The window's scroll on route changes (spec §2 Top level: "Every route change scrolls smoothly to the
 * top"; issue 15 "You lose your place"): going to another path scrolls smoothly to the top, except
 * returning to a list URL (`list-return.ts`) that was scrolled before (a Back link, a breadcrumb, the
 * browser's back), which puts the list back where it was. It also tells `list-return.ts` every
 * location, so the way back to each list is known.
 *
 * The app restores the scroll itself (`history.scrollRestoration = 'manual'`): the browser's own
 * restoration fires before a list has drawn its rows, and react-router's `ScrollRestoration` restores
 * once, at the first render, when a list is still loading and the page too short to scroll that far.
 * Changes of the query alone (a list's search, filter or page) keep the scroll: paging moves to the
 * table by its list machine (`regionId`), and typing a search must not jump.
 */
import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { isListPath, rememberLocation, saveScrollPosition, savedScrollPosition } from './list-return';

/**
 * How long after a path change the target offset is re-applied as the page changes size (a list's rows
 * arrive, a lazy screen replaces its placeholder), in ms. Any gesture of the person's own ends it sooner.
 */
const SCROLL_FOLLOW_WINDOW_MS = 3000;

/** The gestures that mean the person is scrolling or acting: the scroll stops following the page. */
const PERSON_GESTURES = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;

/**
 * Scrolls the window to `top` px now, and again whenever the page's size changes, until the person
 * acts or SCROLL_FOLLOW_WINDOW_MS pass: a restored offset is out of reach until the rows are drawn,
 * and a smooth scroll to the top stops short when the page shrinks and grows under it. Returns the
 * function that stops following.
 */
function scrollAndFollow(top: number, behavior: ScrollBehavior): () => void {
  const apply = () => {
    if (window.scrollY !== top) window.scrollTo({ top, behavior });
  };
  const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(apply);
  const stop = () => {
    observer?.disconnect();
    window.clearTimeout(timer);
    for (const gesture of PERSON_GESTURES) window.removeEventListener(gesture, stop);
  };
  const timer = window.setTimeout(stop, SCROLL_FOLLOW_WINDOW_MS);
  for (const gesture of PERSON_GESTURES) window.addEventListener(gesture, stop, { passive: true });
  observer?.observe(document.body);
  window.scrollTo({ top, behavior });
  return stop;
}

/**
 * True until a path is first shown in this document: that path is the one the page was loaded at,
 * which the browser shows from the top, or which the visitor has already scrolled when it arrived
 * prerendered (issue 31: the app starts after the first paint). Neither is a route change to scroll
 * for, and scrolling then took a visitor who had started reading back to the top.
 */
let documentJustLoaded = true;

/** Renders nothing; see the module comment. Hash-only changes keep the browser's own scrolling. */
export function ScrollToTop() {
  const { pathname, search } = useLocation();
  const url = `${pathname}${search}`;
  const currentUrl = useRef(url);
  const shownPath = useRef<string | null>(null);
  const stopFollowing = useRef<(() => void) | null>(null);

  useEffect(() => {
    const previous = window.history.scrollRestoration;
    window.history.scrollRestoration = 'manual';
    const record = () => saveScrollPosition(currentUrl.current, window.scrollY);
    window.addEventListener('scroll', record, { passive: true });
    return () => {
      window.removeEventListener('scroll', record);
      window.history.scrollRestoration = previous;
    };
  }, []);

  // A layout effect, so it runs before the browser reports the scroll that a shorter new page causes:
  // that scroll belongs to the new URL, and the offset saved for the new URL must be read before it
  // (it was read after it once, and a clamped 574 px came back as the dashboard's "saved" offset).
  // Keyed on the path: a query change on the same screen (a list replacing its URL) neither scrolls
  // nor ends a restore under way.
  useLayoutEffect(() => {
    const pathChanged = shownPath.current !== pathname;
    const saved = pathChanged && isListPath(pathname) ? savedScrollPosition(url) : null;
    currentUrl.current = url;
    rememberLocation(pathname, search);
    if (!pathChanged) return;
    shownPath.current = pathname;
    if (documentJustLoaded) {
      documentJustLoaded = false;
      return;
    }
    stopFollowing.current?.();
    // Instant when restoring: the page's CSS asks for smooth scrolling, which would animate from the top.
    stopFollowing.current =
      saved === null || saved === 0 ? scrollAndFollow(0, 'smooth') : scrollAndFollow(saved, 'instant');
  }, [url, pathname, search]);

  useEffect(
    () => () => {
      stopFollowing.current?.();
      shownPath.current = null;
    },
    [],
  );
  return null;
}
