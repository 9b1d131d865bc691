import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, readlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { SLOW_TEST_LIMIT_MS } from '@test-support/time-limits';
import { DatabaseLockedError } from './lock';
import { createDatabaseLog, DurableNodeFS, durableStartParams, openDatabase } from './open';
import { brands } from './schema';

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * Runs a child process that commits one brand into `dataDir`, reports it, then waits to be killed.
 * Resolves with the child once the commit is reported.
 */
function commitThenHang(dataDir: string, name: string) {
  const script = `
    import { openDatabase } from ${JSON.stringify(path.join(here, 'open.ts'))};
    import { brands } from ${JSON.stringify(path.join(here, 'schema.ts'))};
    const { db } = await openDatabase({ dataDir: ${JSON.stringify(dataDir)} });
    await db.insert(brands).values({ name: ${JSON.stringify(name)} });
    process.stdout.write('committed\\n');
    setInterval(() => {}, 1000);
  `;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise<typeof child>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('committed')) resolve(child);
    });
    child.on('exit', (code) => reject(new Error(`child exited early with ${code}`)));
  });
}

/** O_SYNC on Linux (asm-generic/fcntl.h): __O_SYNC | O_DSYNC. */
const O_SYNC = 0o4010000;

/** The open-file flags of this process's descriptors on the WAL segments in `pgWal` (Linux /proc). */
function walSegmentFlags(pgWal: string): number[] {
  return readdirSync('/proc/self/fd').flatMap((fd) => {
    try {
      const target = readlinkSync(`/proc/self/fd/${fd}`);
      if (path.dirname(target) !== pgWal || !/^[0-9A-F]{24}$/.test(path.basename(target))) return [];
      const flags = /^flags:\s+([0-7]+)$/m.exec(readFileSync(`/proc/self/fdinfo/${fd}`, 'utf8'));
      return flags?.[1] ? [Number.parseInt(flags[1], 8)] : [];
    } catch {
      // The descriptor closed between the listing and the read.
      return [];
    }
  });
}

describe('openDatabase on a PGlite data directory', () => {
  it(
    'fails at once while another process holds it; after kill -9 it restarts, even with its own pid in the lock, loses no committed row, and syncs to disk',
    async () => {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'pf-open-'));
      const child = await commitThenHang(dataDir, 'Committed Brand');

      await expect(openDatabase({ dataDir })).rejects.toThrow(
        new DatabaseLockedError(dataDir, child.pid).message,
      );

      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;
      // The restarted server got the dead one's pid (PID 1 in a container).
      writeFileSync(path.join(dataDir, '.lock'), String(process.pid));

      const reopened = await openDatabase({ dataDir });
      try {
        const rows = await reopened.db.select().from(brands).where(eq(brands.name, 'Committed Brand'));
        expect(rows).toHaveLength(1);

        const setting = async (name: 'fsync' | 'wal_sync_method') => {
          // Both drivers answer { rows }; Drizzle types the union's result as unknown.
          const result = (await reopened.db.execute(sql.raw(`SHOW ${name}`))) as unknown as {
            rows: Record<string, string>[];
          };
          return result.rows[0]?.[name];
        };
        expect(await setting('fsync')).toBe('on');
        expect(await setting('wal_sync_method')).toBe('open_datasync');
        if (process.platform === 'linux') {
          await reopened.db.insert(brands).values({ name: 'Durable Brand' });
          const walFlags = walSegmentFlags(path.join(dataDir, 'pgdata', 'pg_wal'));
          expect(walFlags.length).toBeGreaterThan(0);
          for (const flags of walFlags) expect(flags & O_SYNC).toBe(O_SYNC);
        }
      } finally {
        await reopened.close();
      }

      // A checkpoint's fsync of data files and pg_control reaches the host call.
      const synced: number[] = [];
      const client = new PGlite({
        fs: new DurableNodeFS(path.join(dataDir, 'pgdata'), { host: { fsync: (fd) => synced.push(fd) } }),
        startParams: [...durableStartParams],
      });
      try {
        await client.exec("INSERT INTO brands (name) VALUES ('Checkpointed Brand')");
        synced.length = 0;
        await client.exec('CHECKPOINT');
        expect(synced.length).toBeGreaterThan(0);
        expect(synced.every((fd) => Number.isInteger(fd) && fd > 2)).toBe(true);
      } finally {
        await client.close();
      }
      // The child's start (tsx, initdb, migrations) alone took 16 to 22 s on a 2-core machine at a
      // load average of 10, which the 30 s default leaves too little room for.
    },
    SLOW_TEST_LIMIT_MS,
  );
});

/** A host write that fails as on a read-only file system. */
const readOnlyWrite = () => {
  throw Object.assign(new Error('EROFS: read-only file system, write'), { code: 'EROFS', syscall: 'write' });
};

/**
 * Runs a child process that commits one brand into `dataDir`, then makes the disk read-only and
 * commits another: postgres panics on the WAL write. Resolves with its exit code and output.
 */
function commitThenPanic(dataDir: string) {
  const script = `
    import { writeSync } from 'node:fs';
    import { openDatabase } from ${JSON.stringify(path.join(here, 'open.ts'))};
    import { brands } from ${JSON.stringify(path.join(here, 'schema.ts'))};
    const disk = { readOnly: false };
    const write = (...args) => {
      if (disk.readOnly) throw Object.assign(new Error('EROFS: read-only file system, write'), { code: 'EROFS' });
      return writeSync(...args);
    };
    const { db } = await openDatabase({ dataDir: ${JSON.stringify(dataDir)}, pgliteHost: { write } });
    await db.insert(brands).values({ name: 'Acknowledged' });
    disk.readOnly = true;
    // One more row fits the page: the commit's WAL write is the first write, and it fails.
    await db.insert(brands).values({ name: 'Refused' }).catch(() => {});
    process.stdout.write('carried on\\n');
  `;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    child.on('exit', (code) => resolve({ code, output }));
  });
}

describe('openDatabase on a PGlite data directory that refuses writes (issue 27)', () => {
  it(
    'exits with the PANIC in its log when a WAL write fails (PGlite would spin), and restarts with every acknowledged commit',
    async () => {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'pf-open-'));
      const { code, output } = await commitThenPanic(dataDir);

      expect(code).toBe(1);
      expect(output).not.toContain('carried on');
      const fatal = output
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as Record<string, unknown>)
        .find((line) => line.level === 60);
      expect(fatal).toMatchObject({
        postgres: expect.stringMatching(/^PANIC: could not write to log file .*: Read-only file system$/),
      });
      expect(fatal?.msg).toMatch(
        /^PGlite stopped \(PANIC: .*\)\. Exiting so the supervisor restarts the server/,
      );

      const reopened = await openDatabase({ dataDir });
      try {
        const names = (await reopened.db.select({ name: brands.name }).from(brands)).map((row) => row.name);
        expect(names).toEqual(['Acknowledged']);
        await reopened.db.insert(brands).values({ name: 'After the restart' });
      } finally {
        await reopened.close();
      }
    },
    SLOW_TEST_LIMIT_MS,
  );

  it(
    'refuses to start on a data directory it cannot write, quoting postgres, and leaves it as it was',
    async () => {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'pf-open-'));
      const first = await openDatabase({ dataDir });
      await first.db.insert(brands).values({ name: 'Kept' });
      await first.close();

      const logged: Record<string, unknown>[] = [];
      const log = createDatabaseLog({
        write: (line) => logged.push(JSON.parse(line) as Record<string, unknown>),
      });
      await expect(openDatabase({ dataDir, log, pgliteHost: { write: readOnlyWrite } })).rejects.toThrow(
        `PGlite could not open ${dataDir}: FATAL: could not write lock file "postmaster.pid": Read-only file system`,
      );
      expect(logged).toEqual([
        expect.objectContaining({ level: 50, reason: 'database files not writable', err: expect.anything() }),
      ]);

      const reopened = await openDatabase({ dataDir });
      try {
        expect(await reopened.db.select({ name: brands.name }).from(brands)).toEqual([{ name: 'Kept' }]);
      } finally {
        await reopened.close();
      }
    },
    SLOW_TEST_LIMIT_MS,
  );
});
