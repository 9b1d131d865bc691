/**
 * A PID lock file that keeps a second process from opening the same PGlite directory
 * (ARCHITECTURE.md §3: PGlite must never be opened by two processes at once).
 * A lock left by a process that no longer runs (after `kill -9`) is taken over at once.
 */
import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';

/** Raised when a live process already holds the data directory. */
export class DatabaseLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `The database in ${dataDir} is already open in another process (pid ${pid}). ` +
        'Stop that process, or set DATA_DIR to another directory.',
    );
    this.name = 'DatabaseLockedError';
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes `<dataDir>/.lock` for this process.
 * Returns the function that releases it; throws `DatabaseLockedError` when it is held.
 */
export function acquireDirectoryLock(dataDir: string): () => Promise<void> {
  const lockPath = path.join(dataDir, '.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockPath, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return async () => rmSync(lockPath, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = Number.parseInt(readFileSync(lockPath, 'utf8'), 10);
      if (Number.isInteger(pid) && isRunning(pid)) {
        throw new DatabaseLockedError(dataDir, pid);
      }
      rmSync(lockPath, { force: true });
    }
  }
  throw new DatabaseLockedError(dataDir, Number.NaN);
}
