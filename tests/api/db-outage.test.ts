/**
 * Database outages through the real drivers (issue 27 "Database outages"): the process outlives
 * them, requests during one answer 503 with Retry-After and the message for people, /api/health says
 * degraded with the reason, each outage is logged once, and the first request after it succeeds.
 * PostgreSQL: the pool on a scratch database, its connections ended with pg_terminate_backend from
 * a second connection while new ones are refused. PGlite: a data directory whose data files cannot
 * grow (a full disk), through the host calls openDatabase takes. Recovery times under load are
 * `npm run bench db-outage`'s.
 */
import { readlinkSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CONDITION } from '@test-support/time-limits';
import { UserStatus, UserType } from '@/api/schemas/common';
import { buildApp } from '../../server/app';
import { hashPassword } from '../../server/auth/passwords';
import { testConfig } from '../../server/config';
import type { Config } from '../../server/config';
import { createDatabaseLog, openDatabase } from '../../server/db/open';
import type { OpenedDatabase } from '../../server/db/open';
import { users } from '../../server/db/schema';
import { DATABASE_RETRY_AFTER_SECONDS, DATABASE_UNAVAILABLE_MESSAGE } from '../../server/domain-errors';
import { createPostgresDatabase, FIXTURE_PASSWORD, getProfile, login, postLogin } from './helpers';

/** JSON log lines written to a stream, parsed. */
function logCapture() {
  const lines: Record<string, unknown>[] = [];
  return {
    lines,
    stream: { write: (line: string) => lines.push(JSON.parse(line) as Record<string, unknown>) },
    messages: (pattern: RegExp) => lines.filter((line) => pattern.test(String(line.msg))),
  };
}

/** The app over `database`, its log (level warn) into `capture`. */
async function appOver(database: OpenedDatabase, config: Config, capture: ReturnType<typeof logCapture>) {
  const app = await buildApp({ ...config, logLevel: 'warn' }, { db: database.db, logStream: capture.stream });
  await app.ready();
  return app;
}

function expectUnavailable(response: {
  statusCode: number;
  headers: Record<string, unknown>;
  json(): unknown;
}) {
  expect(response.statusCode).toBe(503);
  expect(response.headers['retry-after']).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
  expect(response.json()).toEqual({
    statusCode: 503,
    error: 'Service Unavailable',
    message: DATABASE_UNAVAILABLE_MESSAGE,
  });
}

const ADMIN_EMAIL = 'outage-admin@test.example';

describe.runIf(process.env.TEST_DATABASE_URL)('a PostgreSQL outage through the real pool', () => {
  const baseUrl = process.env.TEST_DATABASE_URL ?? '';
  let scratch: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let database: OpenedDatabase;
  let app: FastifyInstance;
  let config: Config;
  const appLog = logCapture();
  const databaseLog = logCapture();
  /** A connection to the server's `TEST_DATABASE_URL` database, which the outage spares. */
  let operator: pg.Client;
  /** A connection to the scratch database that the outage spares (it holds a lock on users). */
  let locker: pg.Client;
  let lockerPid: number;
  let name: string;

  beforeAll(async () => {
    scratch = await createPostgresDatabase(baseUrl);
    name = new URL(scratch.url).pathname.slice(1);
    database = await openDatabase({ databaseUrl: scratch.url, log: createDatabaseLog(databaseLog.stream) });
    await database.db.insert(users).values({
      email: ADMIN_EMAIL,
      first_name: 'Olga',
      last_name: 'Outage',
      user_type_id: UserType.Admin,
      status: UserStatus.Active,
      password_hash: await hashPassword(FIXTURE_PASSWORD),
    });
    config = testConfig({ databaseUrl: scratch.url });
    app = await appOver(database, config, appLog);
    operator = new pg.Client({ connectionString: baseUrl });
    locker = new pg.Client({ connectionString: scratch.url });
    await Promise.all([operator.connect(), locker.connect()]);
    const { rows } = await locker.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
    lockerPid = rows[0]?.pid ?? 0;
  });
  afterAll(async () => {
    await operator?.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS true`);
    await Promise.all([operator?.end(), locker?.end()]);
    await app?.close();
    await database?.close();
    await scratch?.drop();
    rmSync(config.dataDir, { recursive: true, force: true });
  });

  it('survives pg_terminate_backend on all its connections: 503 + Retry-After meanwhile, one log line, 200 once the database takes connections again', async () => {
    const { access_token: token } = await login(app, ADMIN_EMAIL);
    expect((await getProfile(app, token)).statusCode).toBe(200);

    // A request inside a statement: the guard's query waits for the lock on users.
    await locker.query('BEGIN');
    await locker.query('LOCK TABLE users IN ACCESS EXCLUSIVE MODE');
    const held = getProfile(app, token);
    await vi.waitFor(async () => {
      const { rows } = await operator.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1 AND wait_event_type = 'Lock'",
        [name],
      );
      expect(rows[0]?.n).toBe(1);
    }, CONDITION);
    // A transaction of the server between two statements: its client is checked out, idle, and has
    // no query to receive its connection's error (the case that ended the process).
    let resume = () => {};
    const paused = new Promise<void>((resolve) => (resume = resolve));
    let started = () => {};
    const inTransaction = new Promise<void>((resolve) => (started = resolve));
    const transaction = database.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      started();
      await paused;
      await tx.execute(sql`select 1`);
    });
    await inTransaction;

    // The outage: no new connection is accepted, and every connection of the server ends.
    await operator.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS false`);
    const { rows: server } = await operator.query<{ pid: number }>(
      'SELECT pid FROM pg_stat_activity WHERE datname = $1 AND pid <> $2',
      [name, lockerPid],
    );
    // The held request's connection and the transaction's, at least.
    expect(server.length).toBeGreaterThanOrEqual(2);
    await operator.query('SELECT pg_terminate_backend(pid) FROM unnest($1::int[]) AS pid', [
      server.map((row) => row.pid),
    ]);

    expectUnavailable(await held);
    resume();
    await expect(transaction).rejects.toThrow();
    await locker.query('ROLLBACK');

    expectUnavailable(await getProfile(app, token));
    const degraded = await app.inject({ method: 'GET', url: '/api/health' });
    expect(degraded.statusCode).toBe(503);
    expect(degraded.headers['retry-after']).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
    expect(degraded.json()).toEqual({
      status: 'degraded',
      database: 'postgres',
      reason: 'cannot connect to the database',
    });

    await operator.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS true`);
    expect((await getProfile(app, token)).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/health' })).json()).toEqual({
      status: 'ok',
      database: 'postgres',
    });

    const outage = databaseLog.messages(/^Database unavailable/);
    expect(outage).toHaveLength(1);
    expect(outage[0]).toMatchObject({ level: 50, err: { type: expect.any(String) } });
    expect(databaseLog.messages(/^Database available again/)).toHaveLength(1);
    expect(appLog.messages(/^database unavailable: answered 503$/)).toHaveLength(2);
  });
});

/** A host write that refuses to grow data files (PGlite's WAL still takes writes) while `full`. */
function diskThatFills() {
  const disk = { full: false };
  const write = (fd: number, buffer: Uint8Array, offset: number, length: number, position: number | null) => {
    if (disk.full && !readlinkSync(`/proc/self/fd/${fd}`).includes(`${path.sep}pg_wal${path.sep}`)) {
      throw Object.assign(new Error('ENOSPC: no space left on device, write'), {
        code: 'ENOSPC',
        syscall: 'write',
      });
    }
    return writeSync(fd, buffer, offset, length, position);
  };
  return { disk, write };
}

// Once, in the PGlite run of the API suite (the PostgreSQL run repeats every file); /proc is Linux's.
describe.runIf(!process.env.TEST_DATABASE_URL && process.platform === 'linux')(
  'PGlite on a full disk',
  () => {
    let database: OpenedDatabase;
    let app: FastifyInstance;
    let config: Config;
    const appLog = logCapture();
    const databaseLog = logCapture();
    const { disk, write } = diskThatFills();

    beforeAll(async () => {
      config = testConfig();
      database = await openDatabase({
        dataDir: config.dataDir,
        log: createDatabaseLog(databaseLog.stream),
        pgliteHost: { write },
      });
      app = await appOver(database, config, appLog);
    });
    afterAll(async () => {
      disk.full = false;
      await app?.close();
      await database?.close();
      rmSync(config.dataDir, { recursive: true, force: true });
    });

    it('answers 503 + Retry-After while data files cannot grow, logs it once, and writes again once they can, with nothing of the refused requests left', async () => {
      const countRows = async () => {
        const result = (await database.db.execute(
          sql`select count(*)::int as n from attempt_counters`,
        )) as unknown as {
          rows: { n: number }[];
        };
        return result.rows[0]?.n;
      };
      disk.full = true;
      // A login's first step counts the attempt: an INSERT into the still empty attempt_counters.
      expectUnavailable(await postLogin(app, 'nobody@test.example', 'Wrong-pass1'));
      expectUnavailable(await postLogin(app, 'nobody@test.example', 'Wrong-pass1'));
      expect(await countRows()).toBe(0);

      const outage = databaseLog.messages(/^Database unavailable/);
      expect(outage).toHaveLength(1);
      expect(outage[0]).toMatchObject({ level: 50, reason: 'database disk full', err: { code: 'ENOSPC' } });
      expect(appLog.messages(/^database unavailable: answered 503$/)).toEqual([
        expect.objectContaining({ reason: 'database disk full' }),
        expect.objectContaining({ reason: 'database disk full' }),
      ]);

      disk.full = false;
      expect((await postLogin(app, 'nobody@test.example', 'Wrong-pass1')).statusCode).toBe(401);
      expect(await countRows()).toBeGreaterThan(0);
      expect(databaseLog.messages(/^Database available again/)).toHaveLength(1);
    });
  },
);
