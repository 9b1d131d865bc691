/**
 * What the command-line tools (`db:seed`, `catalogue:import`) share: the app's configuration and its
 * database, opened as the server would open them.
 */
import { ConfigError, loadConfig } from './config';
import type { Config } from './config';
import { DatabaseLockedError } from './db/lock';
import { openDatabase } from './db/open';
import type { OpenedDatabase } from './db/open';

/**
 * Loads the configuration and opens its database (DATABASE_URL, or PGlite in DATA_DIR).
 * Resolves to null after printing why when the configuration is bad or the PGlite directory is held
 * by a running app (`action` names what to retry, e.g. 'seed'); other errors are thrown.
 */
export async function openConfiguredDatabase(
  action: string,
): Promise<{ config: Config; database: OpenedDatabase } | null> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Configuration error: ${error.message}`);
      return null;
    }
    throw error;
  }
  try {
    const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
    return { config, database };
  } catch (error) {
    if (error instanceof DatabaseLockedError) {
      console.error(`${error.message}\nStop the running app first, then ${action} again.`);
      return null;
    }
    throw error;
  }
}
