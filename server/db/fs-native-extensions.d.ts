/**
 * The part of fs-native-extensions (which ships no types) that server/db/lock.ts uses.
 * On Linux the lock is an open-file-description lock (fcntl F_OFD_SETLK), on macOS flock(2):
 * either way it belongs to the open file and the kernel drops it when the process dies.
 */
declare module 'fs-native-extensions' {
  /**
   * Requests an advisory lock on the whole file open at `fd` without waiting.
   * Returns false when another open file holds a conflicting lock; throws on any other error.
   */
  export function tryLock(fd: number, options?: { shared?: boolean }): boolean;
}
