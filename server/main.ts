/**
 * `npm start`: one process serving the SPA, the API and uploads (ARCHITECTURE.md §3).
 * Reads the configuration, opens the database (PGlite in DATA_DIR, or PostgreSQL), fills an empty
 * database (demo seed, or the production admin), then listens until SIGINT/SIGTERM.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import type { Config } from './config';
import { DatabaseLockedError } from './db/lock';
import { openDatabase } from './db/open';
import type { Db } from './db/open';
import { ensureAdmin, isDatabaseEmpty } from './auth/bootstrap-admin';
import { DEMO_ADMIN } from './demo/demo-data';
import { seedDemoData } from './demo/seed';
import { importUploadsFolder } from './uploads/legacy-folder';

/** A start-up problem the operator can fix; printed without a stack trace. */
class StartupError extends Error {}

/** Loads the configuration, or prints the ConfigError and exits 1. */
export function loadConfigOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Configuration error: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
}

/**
 * Fills an empty database: the demo data when `config.seedDemo`, otherwise the admin of
 * ADMIN_EMAIL / ADMIN_PASSWORD. Resolves to true when the demo data was seeded now.
 * Throws StartupError when the database is empty and neither is configured.
 */
async function prepareDatabase(config: Config, db: Db): Promise<boolean> {
  if (!(await isDatabaseEmpty(db))) return false;
  if (config.seedDemo) {
    console.log('Empty database: seeding the demo data (this takes a little while the first time)...');
    const summary = await seedDemoData(db, { encryptionKey: config.encryptionKey });
    const { ms, ...counts } = summary;
    const listed = Object.entries(counts)
      .map(([table, count]) => `${count} ${table}`)
      .join(', ');
    console.log(`Seeded ${listed} in ${(ms / 1000).toFixed(1)} s.`);
    return true;
  }
  if (!config.initialAdmin) {
    throw new StartupError(
      'The database is empty: set ADMIN_EMAIL and ADMIN_PASSWORD to create the first admin, or SEED_DEMO=true for demo data.',
    );
  }
  await ensureAdmin(db, config.initialAdmin);
  console.log(`Empty database: created the admin ${config.initialAdmin.email}.`);
  return false;
}

/** A listening API process. */
export interface RunningServer {
  app: FastifyInstance;
  /** http://host:port as a person would type it. */
  url: string;
  /** Whether the demo data is in use (seeded now or on an earlier start with the demo seed on). */
  demo: boolean;
  /** Stops listening, then closes the database (and releases the PGlite lock). */
  close(): Promise<void>;
}

/**
 * Opens the database, prepares it, builds the app and listens on `config.host`:`port`.
 * Throws StartupError for problems the operator can fix (database locked, empty without admin).
 */
export async function startServer(config: Config, port: number): Promise<RunningServer> {
  let database;
  try {
    database = await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.databaseUrl ? undefined : config.dataDir,
    });
  } catch (error) {
    if (error instanceof DatabaseLockedError) throw new StartupError(error.message);
    throw error;
  }
  try {
    const seeded = await prepareDatabase(config, database.db);
    // Uploads are served from the database now; a folder left by an older version moves in once.
    const moved = await importUploadsFolder(database.db, config.uploadsDir);
    if (moved.movedTo) {
      console.log(
        `Moved ${moved.imported} uploaded files into the database; their old folder is now ${moved.movedTo}.`,
      );
    }
    const app = await buildApp(config, { db: database.db });
    await app.listen({ host: config.host, port });
    const address = app.server.address();
    const boundPort = typeof address === 'object' && address ? address.port : port;
    const host = ['127.0.0.1', '0.0.0.0', '::', '::1'].includes(config.host) ? 'localhost' : config.host;
    return {
      app,
      url: `http://${host}:${boundPort}`,
      demo: seeded || config.seedDemo,
      close: async () => {
        await app.close();
        await database.close();
      },
    };
  } catch (error) {
    await database.close();
    throw error;
  }
}

/**
 * Closes `closers` in order on the first SIGINT/SIGTERM and exits 0; a second signal exits 1 at
 * once (for a shutdown that hangs).
 */
export function closeOnSignals(closers: (() => Promise<void>)[]): void {
  let closing = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (closing) process.exit(1);
    closing = true;
    console.log(`${signal}: shutting down...`);
    void (async () => {
      for (const close of closers) await close();
      process.exit(0);
    })().catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
}

/** Prints the demo credentials (issue 2: "credentials printed on start"). */
export function printDemoCredentials(): void {
  console.log(`Demo admin: ${DEMO_ADMIN.email} / ${DEMO_ADMIN.password}`);
}

/**
 * Runs `start`, printing an operator-fixable StartupError or ConfigError (e.g. a common
 * ADMIN_PASSWORD for the first admin) without a stack trace and exiting 1.
 */
export async function runOrExit(start: () => Promise<void>): Promise<void> {
  try {
    await start();
  } catch (error) {
    if (error instanceof ConfigError) console.error(`Configuration error: ${error.message}`);
    else console.error(error instanceof StartupError ? error.message : error);
    process.exit(1);
  }
}

async function main(): Promise<void> {
  const config = loadConfigOrExit();
  const server = await startServer(config, config.port);
  closeOnSignals([server.close]);
  console.log(`Product Feed is running at ${server.url}`);
  if (server.demo) printDemoCredentials();
}

const invokedDirectly = path.resolve(process.argv[1] ?? '') === fileURLToPath(import.meta.url);
if (invokedDirectly) void runOrExit(main);
