/**
 * Opens the product's database and brings its schema up to date (ARCHITECTURE.md §3).
 * PGlite in a data directory (or in memory) when no DATABASE_URL is given, PostgreSQL otherwise;
 * the same committed migrations run on both.
 */
import { fsyncSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { NodeFS } from '@electric-sql/pglite/nodefs';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { acquireDirectoryLock } from './lock';
import { schema } from './schema';

/** A Drizzle database over either driver, with the product's schema. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface OpenedDatabase {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Closes the connection (and releases the PGlite directory lock). */
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** PostgreSQL connection string; when set, PGlite is not used. */
  databaseUrl?: string;
  /** PGlite data directory; omitted → an in-memory PGlite (tests). */
  dataDir?: string;
}

/** PostgreSQL ships pg_trgm (migration 0001 creates it); PGlite must be handed it. */
const pgliteOptions = { extensions: { pg_trgm } };

/**
 * PostgreSQL settings that make a commit on a PGlite data directory durable (issue 13 point 8).
 * PGlite starts postgres with `-F` (fsync=off). With fsync=on alone postgres syncs the WAL with
 * fdatasync(), which PGlite 0.5's Emscripten layer answers with success without touching the disk;
 * `open_datasync` opens the WAL with O_DSYNC instead, a flag its Node filesystem does pass on (as
 * O_SYNC), so each commit's WAL write is on the disk before the commit returns. The price, a
 * single-row commit 2 to 5 times slower than with fsync=off and close to PostgreSQL's own on the
 * same disk, is measured by `npm run bench commit-rate`.
 */
export const durableStartParams: readonly string[] = [
  ...PGlite.defaultStartParams.filter((param) => param !== '-F'),
  '-c',
  'fsync=on',
  '-c',
  'wal_sync_method=open_datasync',
];

/** The part of Emscripten's NODEFS that `DurableNodeFS` completes. */
interface EmscriptenNodeFs {
  stream_ops?: { fsync?: (stream: { nfd?: number }) => number };
  tryFSOperation<T>(operation: () => T): T;
}

/**
 * PGlite's Node filesystem with an fsync that reaches the disk. PGlite 0.5's NODEFS has no fsync
 * operation, so postgres's fsync() of data files, pg_control and directories (at checkpoints and
 * after creating WAL segments) succeeds without syncing anything (electric-sql/pglite#1107).
 * `fsync` is the host call, fs.fsyncSync unless a test observes it; a host error becomes the
 * errno postgres sees, and postgres stops on a failed fsync as it does natively.
 * Throws at start-up when PGlite's NODEFS no longer has the shape this relies on.
 */
export class DurableNodeFS extends NodeFS {
  constructor(
    dataDir: string,
    private readonly fsync: (fd: number) => void = fsyncSync,
  ) {
    super(dataDir);
  }

  override async init(...args: Parameters<NodeFS['init']>): ReturnType<NodeFS['init']> {
    const { emscriptenOpts } = await super.init(...args);
    const hostFsync = this.fsync;
    const addFsync = (mod: { NODEFS: unknown }) => {
      const nodefs = mod.NODEFS as EmscriptenNodeFs;
      const ops = nodefs.stream_ops;
      if (!ops) throw new Error("PGlite's NODEFS has no stream_ops: DurableNodeFS needs updating.");
      // A later PGlite that syncs by itself keeps its own operation.
      if (ops.fsync) return;
      ops.fsync = (stream) => {
        const fd = stream.nfd;
        if (fd !== undefined) nodefs.tryFSOperation(() => hostFsync(fd));
        return 0;
      };
    };
    return { emscriptenOpts: { ...emscriptenOpts, preRun: [...(emscriptenOpts.preRun ?? []), addFsync] } };
  }
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * Opens the database and runs pending migrations.
 * Throws `DatabaseLockedError` when another live process holds the PGlite directory.
 */
export async function openDatabase(options: OpenDatabaseOptions): Promise<OpenedDatabase> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    const db = drizzlePg(pool, { schema });
    try {
      await migratePg(db, { migrationsFolder });
    } catch (error) {
      await pool.end();
      throw error;
    }
    return { db: db as unknown as Db, kind: 'postgres', close: () => pool.end() };
  }

  let release = async () => {};
  let client: PGlite;
  if (options.dataDir) {
    const pgdataDir = path.join(options.dataDir, 'pgdata');
    mkdirSync(pgdataDir, { recursive: true });
    release = acquireDirectoryLock(options.dataDir);
    client = new PGlite({
      ...pgliteOptions,
      fs: new DurableNodeFS(pgdataDir),
      startParams: [...durableStartParams],
    });
  } else {
    client = new PGlite(pgliteOptions);
  }
  const db = drizzlePglite(client, { schema });
  const close = async () => {
    await client.close();
    await release();
  };
  try {
    await migratePglite(db, { migrationsFolder });
  } catch (error) {
    await close();
    throw error;
  }
  return { db: db as unknown as Db, kind: 'pglite', close };
}
