/**
 * The toast container, mounted on the first toast (issue 16): react-toastify and its stylesheet are
 * then downloaded by the screens that toast, not by every signed-in screen's first load. Toasts
 * asked for before the container mounts wait in react-toastify's queue and show once it does.
 *
 * The module is loaded with a plain dynamic import rather than React.lazy: Suspense reveals content
 * on a timer, and a toast must not wait for timers (a paused clock in tests, a throttled tab).
 */
import { useSyncExternalStore } from 'react';
import type { ComponentType } from 'react';
import { createPortal } from 'react-dom';

let requested = false;
let Container: ComponentType | null = null;
const listeners = new Set<() => void>();

/** Asks for the container (loads its module once, then renders it); call before showing a toast. */
export function requestToastContainer(): void {
  if (requested) return;
  requested = true;
  void import('./Toasts').then((module) => {
    Container = module.Toasts;
    for (const listener of listeners) listener();
  });
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const loadedContainer = () => Container;

/**
 * Renders the toast container once a toast has been asked for and its module is loaded: straight
 * into `body`, marked as a live announcer. An open modal dialog hides the rest of the page from
 * assistive technology (`aria-hidden` on body's other children) but leaves live announcers alone,
 * so a toast raised while a dialog stays open (a token name the server refused) is still read out.
 */
export function ToastsOnDemand() {
  const Loaded = useSyncExternalStore(subscribe, loadedContainer, loadedContainer);
  return Loaded
    ? createPortal(
        <div data-live-announcer="">
          <Loaded />
        </div>,
        document.body,
      )
    : null;
}
