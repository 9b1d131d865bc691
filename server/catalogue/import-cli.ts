/**
 * `npm run catalogue:import -- [--full] <file.csv>`: imports a Shopify product CSV export into the
 * configured database (DATABASE_URL, or PGlite in DATA_DIR; issue 11) and prints the summary:
 * products and variants created / updated / unchanged / archived / skipped, warnings, then each
 * skip with its line and reason. `--full` says the file is the whole catalogue, so products absent
 * from it are archived. Exit code 0 on success (skips included), 1 when the file cannot be imported
 * (not an export, damaged or truncated, or nothing importable) or the database fails; the catalogue
 * is then left as it was.
 *
 * The file is read and checked before the database is opened (issue 26): opening PGlite takes
 * seconds, and a refused file must answer at once without creating or touching the data directory.
 * Files of PROGRESS_ROWS rows or more get progress lines on stderr, so stdout holds the summary.
 */
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { NothingImportableError, parseForImport, writeCatalogue } from './import';
import { formatSummary, skipLines } from './import-summary';
import type { ImportProgress, ParsedCatalogue } from './parsed-catalogue';
import { CatalogueFileError, PROGRESS_ROWS } from './shopify-csv';

const USAGE = 'Usage: npm run catalogue:import -- [--full] <file.csv>';

const count = new Intl.NumberFormat('en-GB');

/** Prints one progress line on stderr. */
function printProgress(progress: ImportProgress): void {
  console.error(
    progress.stage === 'read'
      ? `Read ${count.format(progress.rows)} rows…`
      : `Written ${count.format(progress.products)} of ${count.format(progress.total)} products…`,
  );
}

/** Runs the command with `args` (without node and the script); resolves to the exit code. */
async function main(args: string[]): Promise<number> {
  let parsedArgs: { file: string; full: boolean };
  try {
    const { values, positionals } = parseArgs({
      args,
      options: { full: { type: 'boolean', default: false } },
      allowPositionals: true,
    });
    const [only, ...more] = positionals;
    if (only === undefined || more.length > 0) throw new Error('expected one file');
    parsedArgs = { file: only, full: values.full };
  } catch {
    // An unknown option, a missing or extra file name.
    console.error(USAGE);
    return 1;
  }
  const { file, full } = parsedArgs;
  let bytes: Uint8Array;
  try {
    bytes = await readFile(file);
  } catch (error) {
    console.error(`Cannot read ${file}: ${(error as Error).message}`);
    return 1;
  }

  let catalogue: ParsedCatalogue;
  try {
    catalogue = parseForImport(bytes, { onProgress: printProgress });
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
  }

  // Loaded only for a file worth importing: the database modules alone take a while to load.
  const { openConfiguredDatabase } = await import('../cli');
  const opened = await openConfiguredDatabase('import');
  if (!opened) return 1;
  const { database } = opened;
  try {
    const summary = await writeCatalogue(database.db, catalogue, {
      full,
      onProgress: catalogue.rowCount >= PROGRESS_ROWS ? printProgress : undefined,
    });
    console.log(formatSummary(file, summary));
    return 0;
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
