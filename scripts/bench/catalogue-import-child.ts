/**
 * Child process of the catalogue bench: imports the export at argv[2] twice into the database at
 * argv[3] (a PostgreSQL URL, or a PGlite data directory as `npm run catalogue:import` opens it)
 * and sends the parent the times (ms) and this process's peak resident set (MB) once the database is
 * open and after each import. Its own process, so the peak is the import's alone (PGlite's
 * in-process database included). With argv[2] = '--prepare' it only creates and migrates the
 * database: a new PGlite directory's initdb peaks far above any import, and a real import opens an
 * existing directory.
 */
import { readFileSync } from 'node:fs';
import { importCatalogue } from '../../server/catalogue/import';
import { openDatabase } from '../../server/db/open';

/** What the child reports. */
export interface ImportFigures {
  /** Peak RSS with the database open and migrated, before the import. */
  openPeakMb: number;
  firstMs: number;
  firstPeakMb: number;
  secondMs: number;
  secondPeakMb: number;
  variantsCreated: number;
  variantsUnchanged: number;
}

const [file, target] = process.argv.slice(2);
if (!file || !target || !process.send) throw new Error('Run by catalogue.bench.ts');
const opened = await openDatabase(
  target.startsWith('postgres') ? { databaseUrl: target } : { dataDir: target },
);
const peakMb = () => Math.round(process.resourceUsage().maxRSS / 1024);
const openPeakMb = peakMb();
/** Imports the file twice, timing each import. */
async function measure(): Promise<ImportFigures> {
  const timed = async () => {
    const started = performance.now();
    // Read inside the timing: reading and decoding the file is part of an import.
    const summary = await importCatalogue(opened.db, readFileSync(file ?? ''));
    return { ms: Math.round(performance.now() - started), summary };
  };
  const first = await timed();
  const firstPeakMb = peakMb();
  const second = await timed();
  return {
    openPeakMb,
    firstMs: first.ms,
    firstPeakMb,
    secondMs: second.ms,
    secondPeakMb: peakMb(),
    variantsCreated: first.summary.variants.created,
    variantsUnchanged: second.summary.variants.unchanged,
  };
}

try {
  process.send(file === '--prepare' ? {} : await measure());
} finally {
  await opened.close();
}
