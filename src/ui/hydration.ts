/**
 * Values a page prerendered at build time (issue 31) could not know: the visitor's year, their stored
 * token. Hydration must render what the HTML holds, so it renders the prerendered value, and React
 * renders again at once with the visitor's value when it differs, instead of failing the hydration.
 */
import { useState, useSyncExternalStore } from 'react';

/** The build's year, set by vite.config.ts (`define`); the same in the prerender and browser builds. */
declare const __BUILD_YEAR__: number;

/** The year the app was built (and its public pages prerendered) in, e.g. 2026. */
export const BUILD_YEAR: number = __BUILD_YEAR__;

const noChange = () => () => undefined;

/**
 * `read()` taken once when the component mounts (in the browser only), or `prerendered` while
 * rendering in Node and while hydrating a prerendered page; the component renders again with the
 * read value right after hydrating.
 */
export function useHydratedValue<T>(read: () => T, prerendered: T): T {
  const [value] = useState(() => (typeof window === 'undefined' ? prerendered : read()));
  return useSyncExternalStore(
    noChange,
    () => value,
    () => prerendered,
  );
}
