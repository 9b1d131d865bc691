/**
 * The screen side of the machines' effect vocabulary (`src/machines/ui-effects.ts`, issue 14): one
 * handler at the app's root carries out every toast, navigation and focus request that an actor
 * created with `useScreenActor` (src/routes/screen-actor.ts) emits, and gives machines the app's
 * locations. It imports no XState and no feature, so the root layout stays light.
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { AppLocation, SubscribeToLocation } from '@/machines/list.machine';
import type { UiEffect } from '@/machines/ui-effects';
import { requestToastContainer } from '@/ui/ToastsOnDemand';

type UiEffectHandler = (effect: UiEffect) => void;

/** What the root gives the screens: the effect handler and the app's locations for machines. */
interface UiEffectsRoot {
  handle: UiEffectHandler;
  subscribeToLocation: SubscribeToLocation;
}

const UiEffectsContext = createContext<UiEffectsRoot | null>(null);

function useRoot(): UiEffectsRoot {
  const root = useContext(UiEffectsContext);
  if (root === null) throw new Error('ui-effects hooks must be used under UiEffectsProvider');
  return root;
}

/**
 * The router's locations as a subscription for machines (a URL-synced list follows links and
 * back/forward with it): a new listener hears the current location at once, then every change.
 *
 * The current location is taken while rendering, not in an effect: a screen that mounts with a new
 * location (a Back link or the browser's back to `?query=a&page=2`) starts its actor in its own
 * effects, which React runs before this provider's, and must hear that location, not the previous
 * screen's (issue 15: the users list came back on page 1 without its filters under its page-2 URL).
 */
function useLocationSource(): SubscribeToLocation {
  const { pathname, search } = useLocation();
  // A mutable holder kept for the provider's life (the same object on every render).
  const [current] = useState<{ location: AppLocation }>(() => ({ location: { pathname, search } }));
  if (current.location.pathname !== pathname || current.location.search !== search) {
    current.location = { pathname, search };
  }
  const listeners = useRef(new Set<(location: AppLocation) => void>());
  useEffect(() => {
    for (const listener of listeners.current) listener(current.location);
  }, [current, pathname, search]);
  return useCallback(
    (listener) => {
      listeners.current.add(listener);
      listener(current.location);
      return () => listeners.current.delete(listener);
    },
    [current],
  );
}

/**
 * Shows a toast. The toast helpers and the container are loaded on first use, so no screen downloads
 * react-toastify before it toasts (issues 6 and 16); the container renders in the session shell.
 */
function showToast(tone: 'success' | 'error', message: string, detail: string | undefined): void {
  requestToastContainer();
  void import('@/ui/Toasts').then(({ showErrorToast, showSuccessToast }) =>
    tone === 'error' ? showErrorToast(message, detail) : showSuccessToast(message, detail),
  );
}

/**
 * How long a focus request waits for its element to appear, in ms: after a navigation the next
 * screen may still be loading its code (a lazy route) when the request arrives.
 */
export const FOCUS_WAIT_MS = 5_000;

/**
 * Focuses the element with id `elementId` once React has drawn the state that asked for it (e.g. a
 * field's error); when it is not in the page yet (a screen still loading after a navigation), as soon
 * as it appears, for up to FOCUS_WAIT_MS.
 */
function focusWhenPresent(elementId: string): void {
  requestAnimationFrame(() => {
    const present = document.getElementById(elementId);
    if (present) {
      present.focus();
      return;
    }
    const observer = new MutationObserver(() => {
      const element = document.getElementById(elementId);
      if (!element) return;
      stop();
      element.focus();
    });
    const timer = window.setTimeout(() => stop(), FOCUS_WAIT_MS);
    const stop = () => {
      observer.disconnect();
      window.clearTimeout(timer);
    };
    observer.observe(document.body, { childList: true, subtree: true });
  });
}

/** The one handler: toast, navigate (push or replace) or focus the element by id. */
function useRootHandler(): UiEffectHandler {
  const navigate = useNavigate();
  return useCallback(
    (effect: UiEffect) => {
      switch (effect.type) {
        case 'ui.toast':
          showToast(effect.tone, effect.message, effect.detail);
          return;
        case 'ui.navigate':
          void navigate(effect.to, { replace: effect.replace });
          return;
        case 'ui.focus':
          focusWhenPresent(effect.elementId);
          return;
      }
    },
    [navigate],
  );
}

/** Provides the root handler to every screen below; rendered once, by the root layout inside the router. */
export function UiEffectsProvider(props: { children: ReactNode }) {
  const handle = useRootHandler();
  const subscribeToLocation = useLocationSource();
  const root = useMemo(() => ({ handle, subscribeToLocation }), [handle, subscribeToLocation]);
  return <UiEffectsContext.Provider value={root}>{props.children}</UiEffectsContext.Provider>;
}

/** The app's locations for a machine's input (see {@link SubscribeToLocation}); stable for the app's life. */
export function useLocationSubscription(): SubscribeToLocation {
  return useRoot().subscribeToLocation;
}

/**
 * The root handler of {@link UiEffect}s, for `useUiEffects` (src/routes/screen-actor.ts). Throws when
 * used outside {@link UiEffectsProvider}.
 */
export function useUiEffectHandler(): (effect: UiEffect) => void {
  return useRoot().handle;
}
