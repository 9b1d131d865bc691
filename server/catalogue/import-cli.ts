/**
 * `npm run catalogue:import -- <file.csv>`: imports a Shopify product CSV export into the
 * configured database (DATABASE_URL, or PGlite in DATA_DIR; issue 4, "Catalogue") and prints the
 * summary: products created / updated / unchanged / skipped, then each skip with its line and
 * reason. Exit code 0 on success (skips included), 1 when the file or the database fails; the
 * catalogue is then left as it was.
 */
import { readFile } from 'node:fs/promises';
import { openConfiguredDatabase } from '../cli';
import { importCatalogue } from './import';
import type { ImportSummary } from './import';
import { CatalogueFileError } from './shopify-csv';

const USAGE = 'Usage: npm run catalogue:import -- <file.csv>';

/** The summary as printed: one line of counts, then one line per skip. */
export function formatSummary(file: string, summary: ImportSummary): string {
  const lines = [
    `Imported ${file}: ${summary.created} products created, ${summary.updated} updated, ` +
      `${summary.unchanged} unchanged, ${summary.skipped} skipped; ${summary.brandsCreated} new brands.`,
    ...summary.skips.map(
      (skip) => `  line ${skip.line}${skip.handle ? ` (${skip.handle})` : ''}: ${skip.reason}`,
    ),
  ];
  return lines.join('\n');
}

async function main(args: string[]): Promise<number> {
  const [file, ...rest] = args;
  if (!file || rest.length > 0) {
    console.error(USAGE);
    return 1;
  }
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    console.error(`Cannot read ${file}: ${(error as Error).message}`);
    return 1;
  }

  const opened = await openConfiguredDatabase('import');
  if (!opened) return 1;
  const { database } = opened;
  try {
    console.log(formatSummary(file, await importCatalogue(database.db, text)));
    return 0;
  } catch (error) {
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
  console.error(error, '\nNothing was imported.');
  process.exitCode = 1;
}
