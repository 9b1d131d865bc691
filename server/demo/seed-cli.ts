/**
 * `npm run db:seed` fills an empty database with the demo data; `npm run db:seed -- --reset`
 * first deletes every row, stored uploads included (issue 2, "Demo data").
 * Uses the server's configuration (DATABASE_URL, DATA_DIR, ENCRYPTION_KEY or the key generated
 * into `<DATA_DIR>/secrets.json`), so the app decrypts what this seeds. Exit code 1 on any error.
 */
import { openConfiguredDatabase } from '../cli';
import { isDatabaseEmpty } from '../auth/bootstrap-admin';
import { DEMO_ADMIN } from './demo-data';
import { resetDatabase, seedDemoData } from './seed';

const USAGE = 'Usage: npm run db:seed [-- --reset]';

/** Runs the command for the given arguments; resolves to the process exit code (0 or 1). */
async function main(args: string[]): Promise<number> {
  const unknown = args.filter((arg) => arg !== '--reset');
  if (unknown.length > 0) {
    console.error(`Unknown argument: ${unknown.join(' ')}\n${USAGE}`);
    return 1;
  }
  const reset = args.includes('--reset');

  const opened = await openConfiguredDatabase('seed');
  if (!opened) return 1;
  const { config, database } = opened;

  try {
    const where = database.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`;
    if (reset) {
      await resetDatabase(database.db);
      console.log(`Reset ${where}: deleted every row (stored uploads included).`);
    } else if (!(await isDatabaseEmpty(database.db))) {
      console.error(
        `The database (${where}) already has data; seeding would mix demo rows into it.\n` +
          'Run `npm run db:seed -- --reset` to delete everything and seed the demo data again.',
      );
      return 1;
    }

    const { ms, ...counts } = await seedDemoData(database.db, { encryptionKey: config.encryptionKey });
    const listed = Object.entries(counts)
      .map(([table, count]) => `${count} ${table.replace(/[A-Z]/g, (letter) => ` ${letter.toLowerCase()}`)}`)
      .join(', ');
    console.log(`Seeded ${where}: ${listed} in ${(ms / 1000).toFixed(1)} s.`);
    console.log(`Demo admin: ${DEMO_ADMIN.email} / ${DEMO_ADMIN.password}`);
    return 0;
  } finally {
    await database.close();
  }
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (error) {
  console.error(error);
  process.exitCode = 1;
}
