/**
 * In-memory PGlite databases for tests, each started from the migrated template
 * (server/db/pglite-template.ts; issue 28): PGlite's initdb and the migrations cost about a second
 * of CPU per database, and the suite opens one per API test file (some per test).
 */
import { openDatabase } from '../../server/db/open';
import type { OpenDatabaseOptions, OpenedDatabase } from '../../server/db/open';
import { pgliteTemplate } from '../../server/db/pglite-template';

/**
 * Opens an in-memory PGlite started from the template, or the database of `options.databaseUrl`
 * when given (PostgreSQL runs its migrations as in production).
 */
export async function openTestDatabase(
  options: Omit<OpenDatabaseOptions, 'dataDir' | 'template'> = {},
): Promise<OpenedDatabase> {
  if (options.databaseUrl) return openDatabase(options);
  return openDatabase({ ...options, template: await pgliteTemplate() });
}
