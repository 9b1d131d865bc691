/**
 * Opens the product's database and brings its schema up to date (ARCHITECTURE.md §3).
 * PGlite in a data directory (or in memory) when no DATABASE_URL is given, PostgreSQL otherwise;
 * the same committed migrations run on both. Either way the process outlives its database's
 * outages (issue 27): see `openPool` and `DurableNodeFS`.
 */
import { fstatSync, fsyncSync, mkdirSync, readdirSync, writeSync } from 'node:fs';
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
import { pino } from 'pino';
import { serializeError } from '../http/log-serializers';
import { acquireDirectoryLock } from './lock';
import { pgliteTemplate } from './pglite-template';
import { PlanningPGlite } from './planned-statements';
import { DatabaseMonitor, databaseUnavailableReason, markConnectFailure } from './outage';
import type { DatabaseLog } from './outage';
import { schema } from './schema';

/** A Drizzle database over either driver, with the product's schema. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface OpenedDatabase {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The database's availability as its driver reports it (issue 27). */
  monitor: DatabaseMonitor;
  /** Closes the connection (and releases the PGlite directory lock). */
  close(): Promise<void>;
}

/** The host calls `DurableNodeFS` makes on PGlite's data files (Node's own unless a test fails them). */
export interface HostFileCalls {
  fsync(fd: number): void;
  /** `fs.writeSync(fd, buffer, offset, length, position)`: bytes written. */
  write(fd: number, buffer: Uint8Array, offset: number, length: number, position: number | null): number;
}

export interface OpenDatabaseOptions {
  /** PostgreSQL connection string; when set, PGlite is not used. */
  databaseUrl?: string;
  /** PGlite data directory; omitted → an in-memory PGlite (tests). */
  dataDir?: string;
  /** Where outages are logged; `createDatabaseLog()` by default. */
  log?: OpenDatabaseLog;
  /** Replaces host calls on the PGlite data directory (tests make them fail). */
  pgliteHost?: Partial<HostFileCalls>;
  /**
   * In-memory PGlite only: start from this dump of a migrated data directory
   * ({@link dumpPgliteTemplate}) rather than an empty cluster, as PostgreSQL's CREATE DATABASE …
   * TEMPLATE does. Tests open a database per file or per test, and PGlite's initdb plus the
   * migrations cost about a second of CPU each time, three times what loading a dump does (issue 28).
   * A new data directory always starts from the cached template (server/db/pglite-template.ts).
   */
  template?: Blob;
}

/** What openDatabase logs to: `DatabaseLog` and `fatal` for a PGlite that cannot go on. */
export type OpenDatabaseLog = DatabaseLog & { fatal(details: object, message: string): void };

/**
 * The outage log of a process: pino, as Fastify's logger, with the app's error serializer (no
 * query parameters or row values, issue 13), writing JSON lines to `stream`; by default stdout,
 * synchronously, so that a line written just before the process exits is not lost.
 */
export function createDatabaseLog(
  stream: { write(line: string): void } = pino.destination({ sync: true }),
): OpenDatabaseLog {
  return pino({ name: 'database', serializers: { err: serializeError } }, stream);
}

/** PostgreSQL ships pg_trgm (migration 0001 creates it); PGlite must be handed it. */
const pgliteOptions = { extensions: { pg_trgm } };

/**
 * Run in every database session the app opens (each pooled connection, or PGlite's one session):
 * named statements (`prepareNamed`: the users list's shapes, the guard's and the feed pull's) are
 * planned once, when first executed, and run from that plan. Under PostgreSQL's default `auto`, the
 * users list was planned again at every execution, its generic plan costed above the custom ones
 * (its LIMIT and OFFSET unknown): 0.3 ms of PostgreSQL's CPU per page, a sixth of it (issue 31).
 * The generic plans were measured no slower than the custom ones for page 1, page 100, searches of
 * 1 to 6 characters, and the order-count sort and status filter (pgbench). Unnamed statements,
 * everything else, are planned at each execution whatever the setting.
 */
const SESSION_SETUP = 'set plan_cache_mode = force_generic_plan';

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

/** An open file of Emscripten's NODEFS. */
interface EmscriptenStream {
  nfd?: number;
}

/** The part of Emscripten's NODEFS that `DurableNodeFS` completes. */
interface EmscriptenNodeFs {
  stream_ops?: {
    fsync?: (stream: EmscriptenStream) => number;
    write?: (
      stream: EmscriptenStream,
      buffer: Uint8Array,
      offset: number,
      length: number,
      position: number | null,
    ) => number;
  };
  tryFSOperation<T>(operation: () => T): T;
}

/** Host errors that mean the data directory cannot take writes, with the reason logged and reported. */
const STORAGE_FAULTS: Readonly<Record<string, string>> = {
  ENOSPC: 'database disk full',
  EDQUOT: 'database disk quota exceeded',
  EROFS: 'database files not writable',
  EACCES: 'database files not writable',
  EPERM: 'database files not writable',
  EIO: 'database storage I/O error',
};

/** What `DurableNodeFS` reports to, besides postgres itself. */
export interface DurableNodeFSOptions {
  /** Host calls; Node's own by default. */
  host?: Partial<HostFileCalls>;
  /** Told of writes the host refuses (disk full, read-only) and of the next one that succeeds. */
  monitor?: DatabaseMonitor;
  /** Called when postgres aborts (a PANIC); must not return (see `exitAfterPanic`). */
  onAbort?: () => never;
}

/**
 * PGlite's Node filesystem with an fsync that reaches the disk, and writes that report their
 * failures. PGlite 0.5's NODEFS has no fsync operation, so postgres's fsync() of data files,
 * pg_control and directories (at checkpoints and after creating WAL segments) succeeds without
 * syncing anything (electric-sql/pglite#1107). A host error becomes the errno postgres sees, as
 * natively: an ERROR for a data file it cannot extend (the statement fails, PGlite carries on), a
 * PANIC for a WAL write or an fsync (see `onAbort`). Storage errors also go to `monitor`.
 * Throws at start-up when PGlite's NODEFS no longer has the shape this relies on.
 */
export class DurableNodeFS extends NodeFS {
  constructor(
    dataDir: string,
    private readonly options: DurableNodeFSOptions = {},
  ) {
    super(dataDir);
  }

  override async init(...args: Parameters<NodeFS['init']>): ReturnType<NodeFS['init']> {
    const { emscriptenOpts } = await super.init(...args);
    const hostFsync = this.options.host?.fsync ?? fsyncSync;
    const hostWrite = this.options.host?.write ?? writeSync;
    const { monitor, onAbort } = this.options;
    const complete = (mod: { NODEFS: unknown }) => {
      const nodefs = mod.NODEFS as EmscriptenNodeFs;
      const ops = nodefs.stream_ops;
      if (!ops?.write)
        throw new Error("PGlite's NODEFS has no stream_ops.write: DurableNodeFS needs updating.");
      const tryFSOperation = nodefs.tryFSOperation.bind(nodefs);
      nodefs.tryFSOperation = (operation) => {
        try {
          return operation();
        } catch (error) {
          const reason = STORAGE_FAULTS[(error as { code?: string }).code ?? ''];
          if (reason) monitor?.failed(reason, error);
          // NODEFS's own conversion to the errno postgres sees.
          return tryFSOperation(() => {
            throw error;
          });
        }
      };
      // NODEFS 0.5's write, with the host call replaceable. During a storage outage only a write
      // that grows a file ends it: a full disk still takes writes into blocks it has given out
      // (a WAL segment is allocated whole), so those say nothing of the space.
      ops.write = (stream, buffer, offset, length, position) => {
        const fd = stream.nfd ?? -1;
        const grows = monitor?.outage
          ? position === null || position + length > nodefs.tryFSOperation(() => fstatSync(fd).size)
          : false;
        const written = nodefs.tryFSOperation(() => hostWrite(fd, buffer, offset, length, position));
        if (grows) monitor?.available();
        return written;
      };
      // A later PGlite that syncs by itself keeps its own operation.
      if (ops.fsync) return;
      ops.fsync = (stream) => {
        const fd = stream.nfd;
        if (fd !== undefined) nodefs.tryFSOperation(() => hostFsync(fd));
        return 0;
      };
    };
    return {
      emscriptenOpts: {
        ...emscriptenOpts,
        preRun: [...(emscriptenOpts.preRun ?? []), complete],
        // Emscripten calls Module.onAbort before it throws; PostgresMod's type does not list it.
        ...(onAbort ? { onAbort } : {}),
      },
    };
  }
}

/** The server log's `PANIC:` or `FATAL:` line, without its time stamp and process prefix. */
function severeLine(line: string): string | null {
  const match = /\b(PANIC|FATAL):\s+(.*)$/.exec(line);
  return match ? `${match[1]}: ${match[2]}` : null;
}

/**
 * Ends the process after postgres aborted inside PGlite. PGlite 0.5.16 swallows the abort and calls
 * the dead backend again in a synchronous loop that never returns, at full CPU, with the event loop
 * blocked (electric-sql/pglite#1058); no request could be answered again. A PostgreSQL server
 * restarts its backends after a PANIC; here the process stops so that its supervisor restarts it
 * (README, Production), and the restarted PGlite replays its write-ahead log, which holds every
 * commit it acknowledged (fsync is on; the failed one was never acknowledged).
 */
function exitAfterPanic(
  log: NonNullable<OpenDatabaseOptions['log']>,
  dataDir: string,
  panic: string | null,
): never {
  log.fatal(
    { dataDir, postgres: panic },
    `PGlite stopped (${panic ?? 'aborted'}). Exiting so the supervisor restarts the server; ` +
      'it recovers from its write-ahead log once the data directory is writable again.',
  );
  process.exit(1);
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * How long a statement waits for a connection, a new one or one of the pool's 10, before it fails
 * (and its request answers 503). Without it a request waits forever for a server that does not
 * answer (a network partition) or a pool held by others.
 */
export const CONNECT_TIMEOUT_MS = 5_000;

/**
 * A pool that survives the loss of its connections (restart, fail-over, pg_terminate_backend).
 * node-postgres emits a dead connection's error as an 'error' event on its client, and, while the
 * client is idle, on the pool too; an 'error' event nobody listens to ends the process. Every
 * client listens from its creation (a checked-out one between two statements of a transaction
 * has no other listener), reports to `monitor`, and is then discarded by the pool, which opens new
 * connections on demand: the first one that succeeds ends the outage. Connections that cannot be
 * opened are marked (`markConnectFailure`) and reported too.
 */
function openPool(connectionString: string, monitor: DatabaseMonitor): pg.Pool {
  const report = (error: Error) => {
    monitor.failed(databaseUnavailableReason(error) ?? 'connection error', error);
  };
  class MonitoredClient extends pg.Client {
    constructor(config?: string | pg.ClientConfig) {
      super(config);
      this.on('error', report);
    }

    override connect(): Promise<pg.Client>;
    override connect(callback: (error: Error | null) => void): void;
    override connect(callback?: (error: Error | null) => void): Promise<pg.Client> | void {
      const connected = super.connect().then(
        () => {
          monitor.available();
          return this;
        },
        (error: Error) => {
          report(markConnectFailure(error));
          throw error;
        },
      );
      if (!callback) return connected;
      connected.then(
        () => callback(null),
        (error: Error) => callback(error),
      );
    }
  }
  const pool = new pg.Pool({
    connectionString,
    max: 10,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    // Finds a connection whose server vanished without closing it (a fail-over, a dropped route).
    keepAlive: true,
    Client: MonitoredClient,
    // Awaited before the connection is used; the pool ends it if this fails.
    onConnect: (client) => client.query(SESSION_SETUP),
  });
  // The client's own listener has reported it; this one only keeps the event from ending the process.
  pool.on('error', () => {});
  return pool;
}

/**
 * Opens the database and runs pending migrations.
 * Throws `DatabaseLockedError` when another live process holds the PGlite directory, and an error
 * quoting postgres's FATAL line when PGlite cannot start in it (a read-only or full disk).
 */
export async function openDatabase(options: OpenDatabaseOptions): Promise<OpenedDatabase> {
  const log = options.log ?? createDatabaseLog();
  const monitor = new DatabaseMonitor(log);
  if (options.databaseUrl) {
    const pool = openPool(options.databaseUrl, monitor);
    const db = drizzlePg(pool, { schema });
    try {
      await migratePg(db, { migrationsFolder });
    } catch (error) {
      await pool.end();
      throw error;
    }
    return { db: db as unknown as Db, kind: 'postgres', monitor, close: () => pool.end() };
  }

  let release = async () => {};
  let client: PGlite;
  const serverLog: { severe: string | null } = { severe: null };
  if (options.dataDir) {
    const pgdataDir = path.join(options.dataDir, 'pgdata');
    mkdirSync(pgdataDir, { recursive: true });
    release = acquireDirectoryLock(options.dataDir);
    // A new data directory starts from the template rather than PGlite's initdb, whose memory
    // (near 1 GB at its peak) the process would keep (issue 31). The lock is held, so no other
    // process is starting in it.
    const fresh = readdirSync(pgdataDir).length === 0;
    let loadDataDir: Blob | undefined;
    try {
      loadDataDir = fresh ? await pgliteTemplate() : undefined;
    } catch (error) {
      // No template (a read-only node_modules, say): PGlite's own initdb makes the directory, as
      // before issue 31, at the cost of its memory.
      log.error({ err: error }, 'No PGlite template could be made; initialising the data directory in place');
    }
    client = new PlanningPGlite({
      ...pgliteOptions,
      loadDataDir,
      fs: new DurableNodeFS(pgdataDir, {
        host: options.pgliteHost,
        monitor,
        onAbort: () => exitAfterPanic(log, pgdataDir, serverLog.severe),
      }),
      startParams: [...durableStartParams],
      // The server log's other lines (ERRORs with their DETAIL) may hold row values: only PANIC and
      // FATAL lines are kept, for the messages above and below.
      onStderr: (line) => {
        serverLog.severe = severeLine(line) ?? serverLog.severe;
        return false;
      },
    });
  } else {
    client = new PlanningPGlite({ ...pgliteOptions, loadDataDir: options.template });
  }
  const db = drizzlePglite(client, { schema });
  const close = async () => {
    try {
      await client.close();
    } finally {
      await release();
    }
  };
  try {
    await client.exec(SESSION_SETUP);
    await migratePglite(db, { migrationsFolder });
  } catch (error) {
    // What stopped the start matters more than an error closing a PGlite that never started.
    await close().catch(() => {});
    if (serverLog.severe && options.dataDir) {
      throw new Error(`PGlite could not open ${options.dataDir}: ${serverLog.severe}`, { cause: error });
    }
    throw error;
  }
  return { db: db as unknown as Db, kind: 'pglite', monitor, close };
}

/**
 * The data directory of a fresh in-memory PGlite with every migration applied and no rows, as an
 * uncompressed tar (about 40 MB) for `openDatabase({ template })`.
 */
export async function dumpPgliteTemplate(): Promise<Blob> {
  const client = new PGlite(pgliteOptions);
  try {
    await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder });
    return await client.dumpDataDir('none');
  } finally {
    await client.close();
  }
}
