/**
 * Code that a control needs only once someone uses it (issue 31: menus and dialogs loaded on first
 * open): a menu's or a drawer's machinery (positioning, focus trap, dismissal) is not needed to paint
 * the screen, so its module is downloaded on the control's first press instead of with the screen.
 *
 * A plain dynamic import held in a module-level store rather than React.lazy: Suspense reveals
 * content on a throttle (about 300 ms in React 19), which a menu opening on a press must not wait for.
 */
import { useSyncExternalStore } from 'react';

/** The store of one module loaded on first use. */
export interface CodeOnFirstUse<T> {
  /**
   * Starts the download unless it has started or finished; resolves with the module once it is here.
   * Rejects with the import's error when the download fails, and the next call tries again.
   */
  request(): Promise<T>;
  /** The module once downloaded, else null; a React hook, so its component renders again when it arrives. */
  useCode(): T | null;
}

/** A store for the module `load` imports (e.g. `() => import('./Menus')`), downloaded on the first `request()`. */
export function codeOnFirstUse<T>(load: () => Promise<T>): CodeOnFirstUse<T> {
  let code: T | null = null;
  let pending: Promise<T> | null = null;
  const listeners = new Set<() => void>();
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  const snapshot = () => code;
  return {
    request() {
      pending ??= load().then(
        (module) => {
          code = module;
          for (const listener of listeners) listener();
          return module;
        },
        (error: unknown) => {
          pending = null;
          throw error;
        },
      );
      return pending;
    },
    useCode() {
      return useSyncExternalStore(subscribe, snapshot, snapshot);
    },
  };
}
