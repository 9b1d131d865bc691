/**
 * Browser entry: starts the Stately inspector when the URL asks for it (development builds only),
 * listens for code that fails to download (one reload when a new version is deployed, issue 27), then
 * mounts the app into `#root` with the Chakra system and the router (whose root layout brings in the
 * session and the toast container for the screens that use them), or hydrates the page there when
 * it was prerendered for this visitor ({@link mayHydrate}). The errors the routes catch are
 * logged once, here (`logRouteError`), for React and the router both report a render error.
 */
import { ChakraProvider } from '@chakra-ui/react';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { startInspectorIfAsked } from '@/machines/inspector';
import { logRouteError } from '@/routes/route-errors';
import { createAppRouter, loadMatchedRoutes } from '@/routes/router';
import { reloadOnFailedChunks } from '@/ui/new-version-reload';
import { appSystem } from '@/ui/system';

startInspectorIfAsked(window.location.search);
reloadOnFailedChunks();

const container = document.getElementById('root');
if (container === null) throw new Error('index.html has no #root element');

/** The app under the Chakra system and the router (made when called, once the routes it needs are loaded). */
function app() {
  return (
    <StrictMode>
      <ChakraProvider value={appSystem()}>
        {/* Location updates are not wrapped in transitions: statechart actors update through
            useSyncExternalStore, and their synchronous renders kept starving the router's transitions,
            so screens never saw back/forward locations (the users list stayed on its old query). */}
        <RouterProvider
          router={createAppRouter()}
          useTransitions={false}
          onError={(error) => logRouteError(error)}
        />
      </ChakraProvider>
    </StrictMode>
  );
}

/**
 * Whether the prerendered page in `root` may be hydrated: a page drawn for a signed-in role (its
 * `data-signed-in-as`, src/prerender.tsx) only when the stored session's token is for that role, as
 * the route's guard then draws the same screen under the session's overlay; any other visitor gets
 * the page drawn afresh, as on a page that was not prerendered.
 */
async function mayHydrate(root: HTMLElement): Promise<boolean> {
  const { signedInAs } = root.dataset;
  if (signedInAs === undefined) return true;
  const { storedSessionRole } = await import('@/api/access-token');
  return storedSessionRole(Date.now()) === Number(signedInAs);
}

const onCaughtError = (error: unknown) => logRouteError(error);
// A prerendered page (issue 31, src/prerender.tsx): its code is loaded before the router is made,
// and React hydrates the HTML instead of drawing the page again. (Not a top-level await: it made the
// bundler split the entry's modules into many more files.)
if (container.firstElementChild === null) {
  createRoot(container, { onCaughtError }).render(app());
} else {
  const ready = Promise.all([loadMatchedRoutes(window.location.pathname), mayHydrate(container)]);
  // Made while the route's files download, not before asking for them (see appSystem).
  appSystem();
  void ready.then(([, hydrate]) => {
    if (hydrate) hydrateRoot(container, app(), { onCaughtError });
    else createRoot(container, { onCaughtError }).render(app());
  });
}
