/**
 * Opens the product's database and brings its schema up to date (ARCHITECTURE.md §3).
 * PGlite in a data directory (or in memory) when no DATABASE_URL is given, PostgreSQL otherwise;
 * the same committed migrations run on both.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
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
    client = new PGlite(pgdataDir, pgliteOptions);
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
