/**
 * Database outages (issue 27 "Database outages"): which driver errors mean that the database cannot
 * be used right now rather than that a statement is wrong, and the monitor that logs each outage
 * once. The HTTP mapping (503 with Retry-After) lives in server/http/errors.ts; `/api/health` reports
 * the same reasons as `degraded`.
 */

/** Where the monitor writes (pino's signature; the app's logger or openDatabase's own). */
export interface DatabaseLog {
  error(details: object, message: string): void;
  info(details: object, message: string): void;
}

/** Marks errors raised while a connection was being opened (see `markConnectFailure`). */
const CONNECT_FAILURE = Symbol('database connect failure');

/**
 * Marks `error` as a failure to open a connection, whatever its code (refused, unknown host, the
 * database not accepting connections, a rejected password after a rotation): no statement ran, so
 * the database is unavailable to this process. Returns `error`.
 */
export function markConnectFailure<T>(error: T): T {
  if (typeof error === 'object' && error !== null) {
    Object.defineProperty(error, CONNECT_FAILURE, { value: true, enumerable: false });
  }
  return error;
}

/** SQLSTATEs of a database that cannot serve now (PostgreSQL's appendix A), first match wins. */
const SQLSTATE_REASONS: readonly (readonly [RegExp, string])[] = [
  [/^57P0[1245]$/, 'connection terminated by the database server'],
  [/^57P03$/, 'database starting up or shutting down'],
  [/^08/, 'connection failure'],
  [/^53300$/, 'too many connections'],
  [/^53100$/, 'database disk full'],
  [/^53/, 'database out of resources'],
  [/^58/, 'database storage I/O error'],
  // A standby promoted or demoted under us: writes are refused until the fail-over completes.
  [/^25006$/, 'database is read-only'],
];

/**
 * Codes of Node's socket errors when the server cannot be reached. They count only on an error of
 * the database's own chain (a failed query or connection): other outbound calls fail with them too.
 */
const SOCKET_REASONS: Readonly<Record<string, string>> = {
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'connection reset',
  EPIPE: 'connection reset',
  ETIMEDOUT: 'connection timed out',
  EHOSTUNREACH: 'database host unreachable',
  ENETUNREACH: 'database host unreachable',
  EHOSTDOWN: 'database host unreachable',
  ENETDOWN: 'database host unreachable',
  ENOTFOUND: 'database host not found',
  EAI_AGAIN: 'database host not found',
};

/** node-postgres (pg 8, pg-pool 3) errors without a code: a dead connection or a pool timeout. */
const DRIVER_MESSAGE_REASONS: Readonly<Record<string, string>> = {
  'Connection terminated unexpectedly': 'connection terminated',
  'Client has encountered a connection error and is not queryable': 'connection terminated',
  'Client was closed and is not queryable': 'connection terminated',
  'timeout exceeded when trying to connect': 'connection timed out',
  'Connection terminated due to connection timeout': 'connection timed out',
};

/**
 * PostgreSQL reports a file it may not write as insufficient_privilege (42501), like a table the
 * role may not read; only the message, `could not <verb> ... file "...": <strerror>`, tells a
 * read-only or unwritable data directory apart.
 */
const UNWRITABLE_FILE = /^could not [a-z ]+ file ".*": (Read-only file system|Permission denied)$/;

type ErrorFields = Record<string | symbol, unknown>;

function reasonOfOne(error: ErrorFields, ofDatabase: boolean): string | null {
  const code = typeof error.code === 'string' ? error.code : undefined;
  const message = typeof error.message === 'string' ? error.message : '';
  if (code !== undefined && /^[0-9A-Z]{5}$/.test(code)) {
    for (const [pattern, reason] of SQLSTATE_REASONS) if (pattern.test(code)) return reason;
    if (code === '42501' && UNWRITABLE_FILE.test(message)) return 'database files not writable';
  }
  if (ofDatabase && code !== undefined && SOCKET_REASONS[code]) return SOCKET_REASONS[code];
  return DRIVER_MESSAGE_REASONS[message] ?? null;
}

const MAX_CAUSE_DEPTH = 5;

/** `error` and its causes, outermost first. */
function causeChain(error: unknown): ErrorFields[] {
  const chain: ErrorFields[] = [];
  let current = error;
  while (typeof current === 'object' && current !== null && chain.length <= MAX_CAUSE_DEPTH) {
    chain.push(current as ErrorFields);
    current = (current as ErrorFields).cause;
  }
  return chain;
}

/**
 * Why `error` means the database cannot be used right now, as a short phrase without addresses or
 * values (it goes into logs, `/api/health` and nowhere else); null when the error is about the
 * statement itself (a constraint, a bug) or not a database error. Follows `cause` (Drizzle wraps
 * driver errors in DrizzleQueryError) a few levels deep. Never throws.
 */
export function databaseUnavailableReason(error: unknown): string | null {
  const chain = causeChain(error);
  const connectFailure = chain.some((fields) => fields[CONNECT_FAILURE] === true);
  // Drizzle's query errors carry the statement: what they wrap came from the database's socket.
  const ofDatabase = connectFailure || chain.some((fields) => typeof fields.query === 'string');
  for (const fields of chain) {
    const reason = reasonOfOne(fields, ofDatabase);
    if (reason) return reason;
  }
  return connectFailure ? 'cannot connect to the database' : null;
}

/** An outage in progress: why it started and when (ms since the epoch). */
export interface Outage {
  reason: string;
  since: number;
}

/**
 * Follows the database's availability from what the driver reports: `failed` for a connection
 * that died or could not be opened (PostgreSQL) or a write the data directory refused (PGlite),
 * `available` for the next one that succeeds. Logs the first failure of an outage (with the error,
 * through the log's serializers) and its end (duration and failures seen), never each failure.
 */
export class DatabaseMonitor {
  #outage: Outage | null = null;
  #failures = 0;

  constructor(
    private readonly log: DatabaseLog,
    private readonly now: () => number = Date.now,
  ) {}

  /** The outage in progress, or null while the database answers. */
  get outage(): Outage | null {
    return this.#outage;
  }

  /** Records a failure for `reason`; logs it when it starts an outage. */
  failed(reason: string, error: unknown): void {
    this.#failures++;
    if (this.#outage) return;
    this.#outage = { reason, since: this.now() };
    this.log.error(
      { err: error, reason },
      `Database unavailable (${reason}): requests that need it answer 503 until it is back`,
    );
  }

  /** Records a success; logs the end of the outage in progress, if any. */
  available(): void {
    const outage = this.#outage;
    if (!outage) return;
    const seconds = (this.now() - outage.since) / 1000;
    this.log.info(
      { reason: outage.reason, outageSeconds: seconds, failures: this.#failures },
      `Database available again after ${seconds.toFixed(1)} s (${this.#failures} failures)`,
    );
    this.#outage = null;
    this.#failures = 0;
  }
}
