import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, readlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DatabaseLockedError } from './lock';
import { DurableNodeFS, durableStartParams, openDatabase } from './open';
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
  it('fails at once while another process holds it; after kill -9 it restarts, even with its own pid in the lock, loses no committed row, and syncs to disk', async () => {
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
  }, 60_000);
});
