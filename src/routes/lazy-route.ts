/**
 * Route code loaded on first visit that can be loaded again after a failure (issue 27 "Deploys":
 * Retry re-runs the failed load).
 *
 * React Router keeps the promise of a route's `lazy` for the router's life, a rejected one included,
 * so a screen whose download failed once (server down, a deploy renaming its file) would fail on
 * every later visit and every Retry until the page is reloaded. Here a failed `lazy` resolves instead,
 * to a loader that rejects with that failure (the route shows its error element) and, on each later
 * navigation to the route or Retry, downloads the code again until it arrives.
 */
import { createElement, type ComponentType, type ReactNode } from 'react';
import {
  useLoaderData,
  type LazyRouteFunction,
  type NonIndexRouteObject,
  type RouteObject,
} from 'react-router-dom';

/** What a route's code provides: its component, or an element made from it. */
export type LoadedRoute = { Component: ComponentType } | { element: ReactNode };

/**
 * A `lazy` for a route from `load` (which downloads the code and says what to render). On success it
 * is `load`'s result, as a plain `lazy` would be; after a failure, see the module comment. Each
 * attempt downloads once: the navigation that failed is not tried twice.
 */
export function retryingLazy(load: () => Promise<LoadedRoute>): LazyRouteFunction<RouteObject> {
  return async () => {
    try {
      return await load();
    } catch (error) {
      return afterFailure(load, error);
    }
  };
}

/** The route after `load` failed with `failure`: a loader that retries and a component that renders its result. */
function afterFailure(
  load: () => Promise<LoadedRoute>,
  failure: unknown,
): Pick<NonIndexRouteObject, 'loader' | 'shouldRevalidate' | 'Component'> {
  let unreported: { error: unknown } | null = { error: failure };
  let loaded: LoadedRoute | null = null;
  return {
    loader: async () => {
      // The navigation that just failed runs this loader at once; it reports that failure rather
      // than downloading a second time.
      if (unreported !== null) {
        const { error } = unreported;
        unreported = null;
        throw error;
      }
      loaded ??= await load();
      return loaded;
    },
    // The router runs the loader of a route without data (the code has not arrived) on every
    // navigation to it, Retry's included, whatever this says; once the code is here, a change of
    // search or a revalidation has nothing to load.
    shouldRevalidate: () => false,
    Component: LoadedRouteContent,
  };
}

/** Renders what the retrying loader downloaded. */
function LoadedRouteContent() {
  const loaded = useLoaderData<LoadedRoute>();
  return 'element' in loaded ? loaded.element : createElement(loaded.Component);
}
