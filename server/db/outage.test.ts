import { DrizzleQueryError } from 'drizzle-orm/errors';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { DatabaseMonitor, databaseUnavailableReason, markConnectFailure } from './outage';

/** A server error as node-postgres and PGlite raise it. */
function serverError(code: string, message: string): pg.DatabaseError {
  const error = new pg.DatabaseError(message, message.length, 'error');
  error.code = code;
  return error;
}

/** A Node socket error (`connect ECONNREFUSED ...`). */
function socketError(code: string): Error {
  return Object.assign(new Error(`connect ${code} 10.0.0.9:5432`), { code, syscall: 'connect' });
}

/** How Drizzle raises a failed statement: the driver's error as its cause. */
function failedQuery(cause: Error): DrizzleQueryError {
  return new DrizzleQueryError('select "id" from "users" where "email" = $1', ['ada@example.com'], cause);
}

describe('databaseUnavailableReason (issue 27: which errors are an outage)', () => {
  it.each<[string, unknown, string | null]>([
    [
      'a terminated session',
      failedQuery(serverError('57P01', 'terminating connection due to administrator command')),
      'connection terminated by the database server',
    ],
    [
      'a server starting up',
      serverError('57P03', 'the database system is starting up'),
      'database starting up or shutting down',
    ],
    ['a connection exception', failedQuery(serverError('08006', 'connection failure')), 'connection failure'],
    ['too many connections', serverError('53300', 'sorry, too many clients already'), 'too many connections'],
    [
      'a full disk (PGlite or PostgreSQL)',
      failedQuery(serverError('53100', 'could not extend file "base/5/16385": No space left on device')),
      'database disk full',
    ],
    [
      'an I/O error',
      failedQuery(serverError('58030', 'could not extend file "base/5/16385": I/O error')),
      'database storage I/O error',
    ],
    [
      'a read-only data directory',
      failedQuery(serverError('42501', 'could not extend file "base/5/16385_fsm": Read-only file system')),
      'database files not writable',
    ],
    [
      'a standby after a fail-over',
      failedQuery(serverError('25006', 'cannot execute INSERT in a read-only transaction')),
      'database is read-only',
    ],
    [
      'a connection that died under a query',
      failedQuery(new Error('Connection terminated unexpectedly')),
      'connection terminated',
    ],
    [
      'a transaction whose connection died',
      failedQuery(new Error('Client has encountered a connection error and is not queryable')),
      'connection terminated',
    ],
    [
      'a pool with no free connection',
      new Error('timeout exceeded when trying to connect'),
      'connection timed out',
    ],
    ['a refused connection under a query', failedQuery(socketError('ECONNREFUSED')), 'connection refused'],
    [
      'a refused connection while connecting',
      markConnectFailure(socketError('ECONNREFUSED')),
      'connection refused',
    ],
    [
      'any other connect failure',
      markConnectFailure(serverError('55000', 'database "x" is not currently accepting connections')),
      'cannot connect to the database',
    ],
    // Not outages: the statement's own fault, or a socket that is not the database's.
    [
      'a unique violation',
      failedQuery(serverError('23505', 'duplicate key value violates unique constraint')),
      null,
    ],
    [
      'a table the role may not read',
      failedQuery(serverError('42501', 'permission denied for table users')),
      null,
    ],
    [
      'another service refusing a connection',
      Object.assign(new TypeError('fetch failed'), { cause: socketError('ECONNREFUSED') }),
      null,
    ],
    ['a bug', new Error('Cannot read properties of undefined'), null],
    ['not an error', 'ECONNREFUSED', null],
  ])('%s', (_, error, reason) => {
    expect(databaseUnavailableReason(error)).toBe(reason);
  });
});

describe('DatabaseMonitor', () => {
  it('logs the first failure of an outage with its error, and its end with the count, never each failure', () => {
    const lines: { level: string; details: Record<string, unknown>; message: string }[] = [];
    let now = 1_000;
    const monitor = new DatabaseMonitor(
      {
        error: (details, message) => lines.push({ level: 'error', details: { ...details }, message }),
        info: (details, message) => lines.push({ level: 'info', details: { ...details }, message }),
      },
      () => now,
    );
    const first = socketError('ECONNREFUSED');

    monitor.available();
    monitor.failed('connection refused', first);
    now += 2_500;
    monitor.failed('connection terminated', socketError('ECONNRESET'));
    monitor.failed('connection refused', first);
    expect(monitor.outage).toEqual({ reason: 'connection refused', since: 1_000 });
    monitor.available();
    monitor.available();

    expect(lines).toEqual([
      {
        level: 'error',
        details: { err: first, reason: 'connection refused' },
        message:
          'Database unavailable (connection refused): requests that need it answer 503 until it is back',
      },
      {
        level: 'info',
        details: { reason: 'connection refused', outageSeconds: 2.5, failures: 3 },
        message: 'Database available again after 2.5 s (3 failures)',
      },
    ]);
    expect(monitor.outage).toBeNull();

    monitor.failed('database disk full', first);
    expect(lines).toHaveLength(3);
    expect(lines[2]?.details).toMatchObject({ reason: 'database disk full' });
  });
});
