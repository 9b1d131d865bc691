/**
 * Where a list was left (issue 15 "You lose your place"): the last URL, path plus search (filter,
 * search, page, sort), seen for each list screen as the app moves, so a Back link, a breadcrumb or a
 * form's Cancel returns to the list exactly as it was, and the scroll position it had there.
 *
 * The root layout tells this module every location (`rememberLocation`, from `ScrollToTop`); screens
 * ask `listReturnHref(paths.users)` while they render. Locations are kept for the tab's life in session
 * storage, so a reload on an edit screen keeps its way back; scroll positions only in memory (a reload
 * starts at the top anyway). Plain module state: no React, so machines and screens may both use it.
 */
import { paths } from './paths';

/** The list screens whose URL is remembered: the dashboard home, the users and the feeds lists. */
export const LIST_PATHS: readonly string[] = [paths.dashboard, paths.users, paths.feeds];

/** Session storage key of the remembered list URLs (a JSON object: list path → path + search). */
export const LIST_RETURN_STORAGE_KEY = 'product-feed.list-return';

/** `pathname` without a trailing slash ('/dashboard/users/' is the users list too); '/' stays. */
function normalised(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}

function storage(): Storage | undefined {
  return globalThis.sessionStorage;
}

function readStored(): Map<string, string> {
  try {
    const parsed: unknown = JSON.parse(storage()?.getItem(LIST_RETURN_STORAGE_KEY) ?? '{}');
    if (typeof parsed !== 'object' || parsed === null) return new Map();
    return new Map(
      Object.entries(parsed).filter(
        (entry): entry is [string, string] =>
          LIST_PATHS.includes(entry[0]) && typeof entry[1] === 'string' && entry[1].startsWith(entry[0]),
      ),
    );
  } catch {
    return new Map();
  }
}

/** List path → the last URL (path + search) seen for it. */
let remembered: Map<string, string> | null = null;
/** URL (path + search) → the window's last vertical scroll offset there, in CSS px. */
const scrollPositions = new Map<string, number>();

function rememberedUrls(): Map<string, string> {
  remembered ??= readStored();
  return remembered;
}

/** Whether `pathname` is one of the {@link LIST_PATHS}. */
export function isListPath(pathname: string): boolean {
  return LIST_PATHS.includes(normalised(pathname));
}

/**
 * Records the app's current location: for a list path, its URL becomes the way back to that list.
 * Other paths are ignored. `search` is the URL's query with its '?' (or '').
 */
export function rememberLocation(pathname: string, search: string): void {
  const listPath = normalised(pathname);
  if (!LIST_PATHS.includes(listPath)) return;
  const urls = rememberedUrls();
  const url = `${listPath}${search}`;
  if (urls.get(listPath) === url) return;
  urls.set(listPath, url);
  try {
    storage()?.setItem(LIST_RETURN_STORAGE_KEY, JSON.stringify(Object.fromEntries(urls)));
  } catch {
    // Quota or privacy mode: the way back lasts until the tab reloads instead.
  }
}

/**
 * The URL to return to `href` with: for a list path, the last URL seen for that list (its search,
 * filter, page and sort), else the bare path; any other `href` as given.
 */
export function listReturnHref(href: string): string {
  const listPath = normalised(href);
  if (href.includes('?') || !LIST_PATHS.includes(listPath)) return href;
  return rememberedUrls().get(listPath) ?? href;
}

/** Records that the window is scrolled `top` px down at `url` (path + search). */
export function saveScrollPosition(url: string, top: number): void {
  scrollPositions.set(url, top);
}

/** The last scroll offset recorded at `url` (path + search), in px, or null when none was. */
export function savedScrollPosition(url: string): number | null {
  return scrollPositions.get(url) ?? null;
}

/** Forgets every remembered list URL and scroll position (a test's fresh start). */
export function forgetListLocations(): void {
  remembered = new Map();
  scrollPositions.clear();
  try {
    storage()?.removeItem(LIST_RETURN_STORAGE_KEY);
  } catch {
    // As above.
  }
}
