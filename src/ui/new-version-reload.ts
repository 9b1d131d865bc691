/**
 * The one automatic reload of a tab whose code is out of date (issue 27 "Deploys": a failed chunk
 * load reloads once, automatically, when a new version is deployed, and unsaved drafts survive it).
 *
 * A screen's code is downloaded on first use, under a name that changes with every build. When such a
 * download fails, the server is asked for its `index.html` and the entry script it names is compared
 * with the one this page runs: only a different one (a new deploy) reloads the page, so a server that
 * is down, or a blip, leaves the tab where it is (the route's error element offers Retry) instead of
 * trading it for the browser's error page. The entry reloaded towards is marked in session storage
 * and never reloaded towards twice, so a server or cache that keeps serving an index.html whose code
 * does not load cannot make the tab loop; a later deploy names another entry and may reload once more.
 *
 * In `src/ui` because `UnsavedChangesPrompt` asks {@link isReloadingForNewVersion} to let this reload
 * pass without the browser's "Leave site?" prompt once it has kept the form's draft.
 */

/** Session-storage key of the entry script this tab last reloaded towards. */
export const RELOADED_FOR_KEY = 'product-feed.reloaded-for';

/**
 * How long the server may take to answer for its index.html, in ms, before the check gives up and
 * the tab stays (a server that accepts connections but does not answer, during a restart).
 */
export const INDEX_FETCH_TIMEOUT_MS = 5_000;

/** What {@link newVersionReload} reads and does; tests pass fakes. */
export interface NewVersionEnvironment {
  /** The entry script of the running page, or null when it has none (tests, jsdom). */
  runningEntry(): string | null;
  /** The entry script named by the index.html the server serves now; null when it cannot be had. */
  servedEntry(): Promise<string | null>;
  /** Where the mark lives: this tab's session storage. */
  storage: Pick<Storage, 'getItem' | 'setItem'> | undefined;
  /** Reloads the page. */
  reload(): void;
}

/**
 * The reload decision: true when the server serves another build than the one running and this tab
 * has not already reloaded towards it. `running` and `served` are entry script URLs (null: unknown,
 * never a reason to reload); `reloadedFor` is the mark ({@link RELOADED_FOR_KEY}) or null.
 */
export function shouldReload(
  running: string | null,
  served: string | null,
  reloadedFor: string | null,
): boolean {
  return running !== null && served !== null && served !== running && served !== reloadedFor;
}

/**
 * The app's entry chunk named by `document`, or null when it names none: the first module script's
 * `data-app-entry` on a prerendered page (whose script starts the app after the first paint,
 * `src/paint-first.ts`), else that script's `src` (Vite's entry chunk).
 */
export function entryScriptOf(document: Document): string | null {
  const script = document.querySelector<HTMLScriptElement>('script[type="module"][src]');
  return script?.dataset.appEntry ?? script?.getAttribute('src') ?? null;
}

/** The browser's environment: this page, `/` fetched past every cache, session storage, `location.reload`. */
export function browserEnvironment(): NewVersionEnvironment {
  return {
    runningEntry: () => entryScriptOf(document),
    servedEntry: async () => {
      try {
        const response = await fetch(import.meta.env.BASE_URL, {
          cache: 'no-store',
          headers: { accept: 'text/html' },
          signal: AbortSignal.timeout(INDEX_FETCH_TIMEOUT_MS),
        });
        if (!response.ok) return null;
        return entryScriptOf(new DOMParser().parseFromString(await response.text(), 'text/html'));
      } catch {
        // Unreachable, timed out or unreadable: no evidence of a new version.
        return null;
      }
    },
    storage: safeSessionStorage(),
    reload: () => window.location.reload(),
  };
}

/** `sessionStorage`, or undefined where reading it throws (storage disabled). */
function safeSessionStorage(): Storage | undefined {
  try {
    return globalThis.sessionStorage;
  } catch {
    return undefined;
  }
}

/** One tab's reload: {@link NewVersionReload.check} and whether it has reloaded. */
export interface NewVersionReload {
  /**
   * Reloads the page when the server serves a new version ({@link shouldReload}), marking the entry
   * first. Resolves to true when the page is reloading (callers then show nothing more), false when
   * it stays. Calls while a check runs share it, so the failures of one navigation fetch index.html
   * once. Storage that throws keeps no mark, and without a mark a reload could loop, so none happens.
   */
  check(): Promise<boolean>;
  /** True from the moment `check` reloads the page. */
  isReloading(): boolean;
}

/** The reload of a tab in `environment` (see {@link NewVersionReload}). */
export function newVersionReload(environment: NewVersionEnvironment): NewVersionReload {
  let reloading = false;
  let checking: Promise<boolean> | null = null;

  async function decide(): Promise<boolean> {
    const running = environment.runningEntry();
    if (running === null) return false;
    const served = await environment.servedEntry();
    const storage = environment.storage;
    if (served === null || storage === undefined) return false;
    try {
      if (!shouldReload(running, served, storage.getItem(RELOADED_FOR_KEY))) return false;
      storage.setItem(RELOADED_FOR_KEY, served);
    } catch {
      return false;
    }
    reloading = true;
    environment.reload();
    return true;
  }

  return {
    check() {
      if (reloading) return Promise.resolve(true);
      checking ??= decide().finally(() => {
        checking = null;
      });
      return checking;
    },
    isReloading: () => reloading,
  };
}

let browserReload: NewVersionReload | null = null;

/** This tab's {@link NewVersionReload}, made on first use. */
function tab(): NewVersionReload {
  browserReload ??= newVersionReload(browserEnvironment());
  return browserReload;
}

/** {@link NewVersionReload.check} for this tab: true when the page is reloading for a new version. */
export function reloadIfNewVersion(): Promise<boolean> {
  return tab().check();
}

/**
 * True once this tab is reloading for a new version: the unload that follows is this module's, which
 * a form may let pass once its draft is kept.
 */
export function isReloadingForNewVersion(): boolean {
  return browserReload?.isReloading() ?? false;
}

/**
 * Checks for a new version whenever Vite reports a dynamic import that failed (its
 * `vite:preloadError` event: the screens' code, the toasts, the chart), with `reload` (default this
 * tab's). The event is left to run its course: the import still rejects, so the screen shows its
 * error element when no reload comes. Returns the function that stops listening.
 */
export function reloadOnFailedChunks(target: Window = window, reload: NewVersionReload = tab()): () => void {
  const onPreloadError = () => void reload.check();
  target.addEventListener('vite:preloadError', onPreloadError);
  return () => target.removeEventListener('vite:preloadError', onPreloadError);
}
