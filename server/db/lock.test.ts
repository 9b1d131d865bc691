import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { acquireDirectoryLock, DatabaseLockedError } from './lock';

const tempDir = () => mkdtempSync(path.join(tmpdir(), 'pf-lock-'));

/** The pid of a process that has already exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
  return Number(child.stdout.toString());
}

describe('acquireDirectoryLock', () => {
  it('refuses a second holder while the first holds the directory, naming the holder', async () => {
    const dir = tempDir();
    const release = acquireDirectoryLock(dir);
    expect(() => acquireDirectoryLock(dir)).toThrow(DatabaseLockedError);
    expect(() => acquireDirectoryLock(dir)).toThrow(`pid ${process.pid}`);
    await release();
    expect(existsSync(path.join(dir, '.lock'))).toBe(false);
    const again = acquireDirectoryLock(dir);
    await again();
  });

  it('takes over at once a lock left by a process that no longer runs (kill -9)', async () => {
    const dir = tempDir();
    writeFileSync(path.join(dir, '.lock'), String(deadPid()));
    const release = acquireDirectoryLock(dir);
    expect(() => acquireDirectoryLock(dir)).toThrow(DatabaseLockedError);
    await release();
  });

  it('takes over a lock file whose content is not a pid', async () => {
    const dir = tempDir();
    writeFileSync(path.join(dir, '.lock'), 'garbage');
    const release = acquireDirectoryLock(dir);
    await release();
  });
});
