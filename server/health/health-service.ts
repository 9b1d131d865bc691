/**
 * The health check behind GET /api/health: the process answers and the database completes a round
 * trip (ARCHITECTURE.md §3: PGlite by default, PostgreSQL when DATABASE_URL is set).
 */
import { sql } from 'drizzle-orm';
import type { HealthResponse } from '@/api/schemas/health';
import type { Db } from '../db/open';
import { UnavailableError } from '../domain-errors';

/** The message of the answer when the database does not complete the round trip. */
export const DATABASE_UNAVAILABLE_MESSAGE = 'Database unavailable';

/** Where a failed check is reported (the request's logger). */
export interface HealthLog {
  error(details: { err: unknown }, message: string): void;
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
   * Runs one round trip and resolves to the healthy answer.
   * @throws UnavailableError when the database fails it (the failure goes to `log`, not the answer)
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
        log.error({ err: error }, 'health check: database unavailable');
        throw new UnavailableError(DATABASE_UNAVAILABLE_MESSAGE, undefined, { cause: error });
      }
      return { status: 'ok', database };
    },
  };
}
