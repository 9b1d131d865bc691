/**
 * The one script of a prerendered page (issue 31; `scripts/prerender-plugin.ts` writes it in place of
 * the app's entry script): starts the app only once the browser has painted the page's HTML.
 *
 * A module script runs as soon as the page is parsed, before the browser's next paint. When the app's
 * code had already arrived by then, the browser evaluated it (more than a second at 4× CPU slowdown)
 * before painting anything, so the same prerendered page first showed at about 0.9 s or at about
 * 2.3 s depending on which came first. Here the app's chunks are asked for after that paint, all at
 * once, as Vite's own `<link rel="modulepreload">` list asks for them on other pages.
 *
 * Reads its own script element: `data-app-entry` (the app's entry chunk, also what
 * `entryScriptOf` in `src/ui/new-version-reload.ts` reads) and `data-preload` (the chunks the entry
 * imports, space-separated URLs). Does nothing on a page without them.
 */
const script = document.querySelector<HTMLScriptElement>('script[data-app-entry]');

/** Asks for the entry's chunks together, then runs the entry. */
function startApp(entry: string, preloads: string[]) {
  for (const href of preloads) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
  void import(/* @vite-ignore */ entry);
}

/**
 * Calls `start` once the browser reports the page's first contentful paint; at once in a tab that is
 * hidden (it paints nothing until shown) or in a browser that does not report paints. A paint entry
 * rather than an animation frame and a timeout: those wait on the page's timers, which a test's fake
 * clock may hold still.
 */
function afterFirstPaint(start: () => void) {
  if (document.visibilityState === 'hidden' || !PerformanceObserver.supportedEntryTypes.includes('paint')) {
    start();
    return;
  }
  const observer = new PerformanceObserver((entries) => {
    if (entries.getEntriesByName('first-contentful-paint').length === 0) return;
    observer.disconnect();
    start();
  });
  observer.observe({ type: 'paint', buffered: true });
}

if (script?.dataset.appEntry) {
  const { appEntry } = script.dataset;
  const preloads = (script.dataset.preload ?? '').split(' ').filter((href) => href !== '');
  afterFirstPaint(() => startApp(appEntry, preloads));
}
