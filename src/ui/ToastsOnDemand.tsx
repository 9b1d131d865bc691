/**
 * The toast container, mounted on the first toast (issue 16): react-toastify and its stylesheet are
 * then downloaded by the screens that toast, not by every signed-in screen's first load. Toasts
 * asked for before the container mounts wait in react-toastify's queue and show once it does.
 *
 * The module is loaded on first use (src/ui/on-first-use.ts), not through React.lazy: Suspense reveals
 * content on a timer, and a toast must not wait for timers (a paused clock in tests, a throttled tab).
 */
import { createPortal } from 'react-dom';
import { codeOnFirstUse } from './on-first-use';

const toastsCode = codeOnFirstUse(() => import('./Toasts'));

/**
 * Asks for the container (downloads its module once, then renders it); call before showing a toast. A
 * failed download is tried again on the next call.
 */
export function requestToastContainer(): void {
  toastsCode.request().catch(() => undefined);
}

/**
 * Renders the toast container once a toast has been asked for and its module is loaded: straight
 * into `body`, marked as a live announcer. An open modal dialog hides the rest of the page from
 * assistive technology (`aria-hidden` on body's other children) but leaves live announcers alone,
 * so a toast raised while a dialog stays open (a token name the server refused) is still read out.
 */
export function ToastsOnDemand() {
  const Loaded = toastsCode.useCode()?.Toasts;
  return Loaded
    ? createPortal(
        <div data-live-announcer="">
          <Loaded />
        </div>,
        document.body,
      )
    : null;
}
