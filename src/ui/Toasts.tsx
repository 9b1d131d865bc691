/**
 * The one toast container of the app and the helpers that show toasts (spec §8 Toasts, §9 Toast).
 *
 * react-toastify 11 injects its own stylesheet when first imported, so no CSS import is needed.
 */
import { ToastContainer, toast } from 'react-toastify';

/** Toast display time in ms (spec §9). */
export const TOAST_AUTO_CLOSE_MS = 5000;

/**
 * Id of the shared error toast on screen: a new error updates it instead of stacking (spec §8). A
 * closed toast keeps its id while it fades out and react-toastify ignores a new toast with that id,
 * so each new error toast gets a fresh id.
 */
let errorToastId: string | null = null;
let errorToastCount = 0;

/**
 * The toast container: at most 3 toasts, top-right below the top bar, 5000 ms, click to close, hover
 * pauses, drag 80 %.
 */
export function Toasts() {
  return (
    <ToastContainer
      limit={3}
      position="top-right"
      autoClose={TOAST_AUTO_CLOSE_MS}
      closeOnClick
      pauseOnHover
      draggable
      draggablePercent={80}
      // Below the 4rem top bar (dashboard and public layouts alike), so a toast never covers the user
      // menu or Logout (issue 30).
      style={{ top: 'calc(4rem + 0.5rem)' }}
    />
  );
}

/**
 * Shows `message` in the shared error toast: opens it, or replaces the text of the one already open
 * (spec §8, "Error toasts share one toast that updates instead of stacking").
 */
export function showErrorToast(message: string, detail?: string): void {
  const content = <ToastContent message={message} detail={detail} />;
  if (errorToastId !== null && toast.isActive(errorToastId)) {
    toast.update(errorToastId, { render: content, type: 'error', autoClose: TOAST_AUTO_CLOSE_MS });
  } else {
    errorToastCount += 1;
    errorToastId = `app-error-${errorToastCount}`;
    toast.error(content, { toastId: errorToastId });
  }
}

/**
 * Shows a success toast with `message` (and `detail` below it); success toasts stack (up to the
 * container limit of 3).
 */
export function showSuccessToast(message: string, detail?: string): void {
  toast.success(<ToastContent message={message} detail={detail} />);
}

/**
 * A toast's text: the spec's `message` word for word as its title, and `detail` (the server's reason)
 * as a separate, smaller paragraph beside it, never joined into the title (issue 30).
 */
function ToastContent(props: { message: string; detail: string | undefined }) {
  return (
    <div>
      <p style={{ margin: 0, fontWeight: 600 }}>{props.message}</p>
      {props.detail ? <p style={{ margin: '0.25em 0 0', fontSize: '0.875em' }}>{props.detail}</p> : null}
    </div>
  );
}
