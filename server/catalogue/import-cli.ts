/**
 * `npm run catalogue:import -- [--full] <file.csv>`: imports a Shopify product CSV export into the
 * configured database (DATABASE_URL, or PGlite in DATA_DIR; issue 11) and prints the summary:
 * products and variants created / updated / unchanged / archived / skipped, warnings, then each
 * skip with its line and reason. `--full` says the file is the whole catalogue, so products absent
 * from it are archived. Exit code 0 on success (skips included), 1 when the file cannot be imported
 * (not an export, or nothing importable) or the database fails; the catalogue is then left as it was.
 */
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { openConfiguredDatabase } from '../cli';
import { importCatalogue, NothingImportableError } from './import';
import { formatSummary, skipLines } from './import-summary';
import { CatalogueFileError } from './shopify-csv';

const USAGE = 'Usage: npm run catalogue:import -- [--full] <file.csv>';

/** Runs the command with `args` (without node and the script); resolves to the exit code. */
async function main(args: string[]): Promise<number> {
  let parsed: { file: string; full: boolean };
  try {
    const { values, positionals } = parseArgs({
      args,
      options: { full: { type: 'boolean', default: false } },
      allowPositionals: true,
    });
    const [only, ...more] = positionals;
    if (only === undefined || more.length > 0) throw new Error('expected one file');
    parsed = { file: only, full: values.full };
  } catch {
    // An unknown option, a missing or extra file name.
    console.error(USAGE);
    return 1;
  }
  const { file, full } = parsed;
  let bytes: Uint8Array;
  try {
    bytes = await readFile(file);
  } catch (error) {
    console.error(`Cannot read ${file}: ${(error as Error).message}`);
    return 1;
  }

  const opened = await openConfiguredDatabase('import');
  if (!opened) return 1;
  const { database } = opened;
  try {
    console.log(formatSummary(file, await importCatalogue(database.db, bytes, { full })));
    return 0;
  } catch (error) {
    if (error instanceof NothingImportableError) {
      console.error([error.message, ...skipLines(error.skips), 'Nothing was imported.'].join('\n'));
      return 1;
    }
    if (error instanceof CatalogueFileError) {
      console.error(`${error.message}\nNothing was imported.`);
      return 1;
    }
    throw error;
  } finally {
    await database.close();
  }
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (error) {
  console.error(`The import failed: ${(error as Error).message}\nNothing was imported.`);
  process.exitCode = 1;
}
