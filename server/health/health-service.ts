/**
 * The health check behind GET /api/health: the process answers and the database completes a round
 * trip (ARCHITECTURE.md §3: PGlite by default, PostgreSQL when DATABASE_URL is set). While the
 * database cannot be used the check says `degraded` with the reason (issue 27); the route answers
 * that with 503.
 */
import { sql } from 'drizzle-orm';
import type { HealthResponse } from '@/api/schemas/health';
import type { Db } from '../db/open';
import { databaseUnavailableReason } from '../db/outage';

/** The reason of a failed round trip whose error says nothing of an outage. */
export const DATABASE_ERROR_REASON = 'database error';

/** Where a failed check is reported (the request's logger, with the app's error serializer). */
export interface HealthLog {
  warn(details: { err: unknown; reason: string }, message: string): void;
}

/** What the health service needs from the app. */
export interface HealthDeps {
  db: Db;
  /** Which engine `db` runs on (openDatabase picks PostgreSQL exactly when DATABASE_URL is set). */
  database: HealthResponse['database'];
}

/** The health check bound to the app's database. */
export interface HealthService {
  /**
   * Runs one round trip: `ok`, or `degraded` with the reason when the database fails it (the error
   * goes to `log`, not the answer). Never throws.
   */
  check(log: HealthLog): Promise<HealthResponse>;
}

/** The health service over `deps`. */
export function createHealthService({ db, database }: HealthDeps): HealthService {
  return {
    async check(log) {
      try {
        await db.execute(sql`select 1`);
      } catch (error) {
        const reason = databaseUnavailableReason(error) ?? DATABASE_ERROR_REASON;
        log.warn({ err: error, reason }, 'health check: database unavailable');
        return { status: 'degraded', database, reason };
      }
      return { status: 'ok', database };
    },
  };
}
