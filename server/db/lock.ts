/**
 * The lock that keeps a second process from opening the same PGlite directory
 * (ARCHITECTURE.md §3: PGlite must never be opened by two processes at once; issue 13 point 8).
 *
 * It is an advisory lock held on the open file `<dataDir>/.lock` (fs-native-extensions: an
 * open-file-description lock on Linux, flock on macOS), not a PID file: the kernel releases it
 * when the holder's file is closed or its process dies, so a restart after any crash starts at
 * once, even when the new process has the dead one's PID (PID 1 in a container). The holder's pid
 * is written into the file for the error message only; it never decides anything.
 */
import { closeSync, constants, ftruncateSync, openSync, readFileSync, writeSync } from 'node:fs';
import path from 'node:path';
import { tryLock } from 'fs-native-extensions';

/** Raised when a live process already holds the data directory. */
export class DatabaseLockedError extends Error {
  /**
   * `pid` is the holder's pid as it wrote it into the lock file; undefined when the file does not
   * name one yet (the holder is between taking the lock and writing it).
   */
  constructor(
    readonly dataDir: string,
    readonly pid: number | undefined,
  ) {
    super(
      `The database in ${dataDir} is already open in another process` +
        (pid === undefined ? '' : ` (pid ${pid})`) +
        '. Stop that process, or set DATA_DIR to another directory.',
    );
    this.name = 'DatabaseLockedError';
  }
}

/** The pid the current holder wrote into the lock file, if it names one. */
function holderPid(lockPath: string): number | undefined {
  const text = readFileSync(lockPath, 'utf8').trim();
  return /^\d+$/.test(text) ? Number(text) : undefined;
}

/**
 * Takes the lock on `<dataDir>/.lock` (creating the file) for this process, without waiting.
 * Returns the function that releases it. Throws `DatabaseLockedError` when another open file
 * holds it, whether in another process or in this one.
 *
 * The lock file is never deleted: a process that opened it just before a deletion would lock the
 * unlinked file while the next one locks a new file, and both would hold "the" lock.
 */
export function acquireDirectoryLock(dataDir: string): () => Promise<void> {
  const lockPath = path.join(dataDir, '.lock');
  // An exclusive lock needs a file open for writing; O_CREAT keeps an existing file (and its lock).
  const fd = openSync(lockPath, constants.O_RDWR | constants.O_CREAT, 0o644);
  let locked = false;
  try {
    locked = tryLock(fd);
  } finally {
    if (!locked) closeSync(fd);
  }
  if (!locked) throw new DatabaseLockedError(dataDir, holderPid(lockPath));

  ftruncateSync(fd, 0);
  writeSync(fd, String(process.pid), 0);
  let released = false;
  return async () => {
    if (released) return;
    released = true;
    ftruncateSync(fd, 0);
    // Closing the file is what releases the lock.
    closeSync(fd);
  };
}
