/**
 * Unsaved form input kept across a sign-out (issue 15 "Logging out in another tab throws away unsaved
 * edits"): while a form is dirty its values are written to session storage under a key naming the
 * signed-in user and the screen; the same screen offers them back after the next sign-in.
 *
 * Storage failures (private mode, quota) only lose the draft: a draft is a convenience, never the
 * record.
 */

/** Where drafts live; tests pass an in-memory one. */
export interface FormDraftStore {
  /** The stored values for `key` (parsed JSON), or null when there is none or it is unreadable. */
  read(key: string): unknown;
  /** Stores `values` (JSON-serialisable) under `key`; false when the storage refused them. */
  write(key: string, values: unknown): boolean;
  /** Forgets the draft under `key`. */
  clear(key: string): void;
}

/** The key of the draft of `pathname` (a screen such as '/dashboard/users/12/edit') for `userId`. */
export function formDraftKey(userId: number, pathname: string): string {
  return `product-feed.draft:${userId}:${pathname}`;
}

/** A store over `storage` (default: this tab's `sessionStorage`; none, e.g. in Node, keeps nothing). */
export function sessionDraftStore(storage: Storage | undefined = globalThis.sessionStorage): FormDraftStore {
  return {
    read(key) {
      try {
        const text = storage?.getItem(key);
        return text == null ? null : (JSON.parse(text) as unknown);
      } catch {
        return null;
      }
    },
    write(key, values) {
      if (!storage) return false;
      try {
        storage.setItem(key, JSON.stringify(values));
        return true;
      } catch {
        // Quota or privacy mode: the draft is lost, the form itself is untouched.
        return false;
      }
    },
    clear(key) {
      try {
        storage?.removeItem(key);
      } catch {
        // As above.
      }
    },
  };
}
