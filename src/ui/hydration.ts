/**
 * Values a page prerendered at build time (issue 31) could not know: the visitor's year, their stored
 * token, what they typed before the app took the page over. Hydration must render what the HTML
 * holds, so it renders the prerendered value, and React renders again at once with the visitor's
 * value when it differs, instead of failing the hydration.
 */
import { useLayoutEffect, useState, useSyncExternalStore } from 'react';
import type { RefObject } from 'react';

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

/**
 * True while rendering in Node and while hydrating a prerendered page, false in every other render
 * (the component renders again with false right after hydrating): for what a prerendered page draws
 * in place of what only the visitor's browser knows.
 */
export function useIsPrerendering(): boolean {
  return useSyncExternalStore(
    noChange,
    () => false,
    () => true,
  );
}

/**
 * Hands the text typed (or autofilled) into `field` of a prerendered page before the app took the
 * page over to `onTyped`, once, as the component mounts; nothing when the field is empty. React leaves
 * such text on screen without reporting it, so a controlled field would look filled while its form
 * state is empty. (The `onTyped` of the first render is the one called.)
 */
export function useTypedBeforeHydration(
  field: RefObject<HTMLInputElement | null>,
  onTyped: (value: string) => void,
): void {
  const [onMount] = useState(() => onTyped);
  useLayoutEffect(() => {
    const value = field.current?.value ?? '';
    if (value !== '') onMount(value);
  }, [field, onMount]);
}
