import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { acquireDirectoryLock, DatabaseLockedError } from './lock';

const here = path.dirname(fileURLToPath(import.meta.url));
const tempDir = () => mkdtempSync(path.join(tmpdir(), 'pf-lock-'));

/** A child process that takes the lock on `dir` and keeps it; resolves once it holds it. */
async function childHoldingLock(dir: string) {
  const script = `
    import { acquireDirectoryLock } from ${JSON.stringify(path.join(here, 'lock.ts'))};
    acquireDirectoryLock(${JSON.stringify(dir)});
    process.stdout.write('locked\\n');
    setInterval(() => {}, 1000);
  `;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('locked')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`child exited early with ${code}`)));
  });
  return child;
}

describe('acquireDirectoryLock', () => {
  it('refuses a second holder in this process until the first releases it', async () => {
    const dir = tempDir();
    const release = acquireDirectoryLock(dir);
    expect(() => acquireDirectoryLock(dir)).toThrow(DatabaseLockedError);
    expect(() => acquireDirectoryLock(dir)).toThrow(`(pid ${process.pid})`);
    await release();
    const again = acquireDirectoryLock(dir);
    await again();
  });

  it('fails fast while another live process holds it, and starts once that process is killed -9', async () => {
    const dir = tempDir();
    const child = await childHoldingLock(dir);
    try {
      const started = performance.now();
      let refusal: unknown;
      try {
        acquireDirectoryLock(dir);
      } catch (error) {
        refusal = error;
      }
      expect(performance.now() - started).toBeLessThan(500);
      expect(refusal).toBeInstanceOf(DatabaseLockedError);
      expect((refusal as DatabaseLockedError).message).toBe(
        `The database in ${dir} is already open in another process (pid ${child.pid}). ` +
          'Stop that process, or set DATA_DIR to another directory.',
      );
    } finally {
      child.kill('SIGKILL');
      await once(child, 'exit');
    }
    // The dead child's pid is still written in the file: only the kernel's lock decides.
    expect(readFileSync(path.join(dir, '.lock'), 'utf8')).toBe(String(child.pid));
    const release = acquireDirectoryLock(dir);
    await release();
  });

  it('starts when the lock file left by a crash names this very process (a reused pid, PID 1 in a container)', async () => {
    const dir = tempDir();
    writeFileSync(path.join(dir, '.lock'), String(process.pid));
    const release = acquireDirectoryLock(dir);
    expect(readFileSync(path.join(dir, '.lock'), 'utf8')).toBe(String(process.pid));
    await release();
  });

  it('starts over a lock file whose content is not a pid, and a refusal then names no pid', async () => {
    const dir = tempDir();
    writeFileSync(path.join(dir, '.lock'), 'garbage');
    const release = acquireDirectoryLock(dir);
    await release();
    // Between taking the lock and writing its pid, the holder's file names nobody.
    const holder = acquireDirectoryLock(dir);
    writeFileSync(path.join(dir, '.lock'), '');
    expect(() => acquireDirectoryLock(dir)).toThrow(
      `The database in ${dir} is already open in another process. Stop that process`,
    );
    await holder();
  });
});
