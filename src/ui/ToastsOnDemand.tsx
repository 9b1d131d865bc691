/**
 * The toast container, mounted on the first toast (issue 16): react-toastify and its stylesheet are
 * then downloaded by the screens that toast, not by every signed-in screen's first load. Toasts
 * asked for before the container mounts wait in react-toastify's queue and show once it does.
 */
import { lazy, Suspense, useSyncExternalStore } from 'react';

const Toasts = lazy(() => import('./Toasts').then((module) => ({ default: module.Toasts })));

let wanted = false;
const listeners = new Set<() => void>();

/** Asks for the container; call before showing a toast. Idempotent. */
export function requestToastContainer(): void {
  if (wanted) return;
  wanted = true;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const isWanted = () => wanted;

/** Renders the toast container once a toast has been asked for; nothing before. */
export function ToastsOnDemand() {
  const show = useSyncExternalStore(subscribe, isWanted, isWanted);
  return show ? (
    <Suspense fallback={null}>
      <Toasts />
    </Suspense>
  ) : null;
}
