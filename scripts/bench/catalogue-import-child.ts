/**
 * Child process of the catalogue bench: imports the export at argv[2] twice into the database at
 * argv[3] (a PostgreSQL URL, or 'pglite' for an in-memory PGlite) and sends the parent the times
 * (ms) and this process's peak resident set (MB) after each import. Its own process, so the peak
 * is the import's alone.
 */
import { readFileSync } from 'node:fs';
import { importCatalogue } from '../../server/catalogue/import';
import { openDatabase } from '../../server/db/open';

/** What the child reports. */
export interface ImportFigures {
  firstMs: number;
  firstPeakMb: number;
  secondMs: number;
  secondPeakMb: number;
  variantsCreated: number;
  variantsUnchanged: number;
}

const [file, target] = process.argv.slice(2);
if (!file || !target || !process.send) throw new Error('Run by catalogue.bench.ts');
const opened = await openDatabase(target === 'pglite' ? {} : { databaseUrl: target });
const peakMb = () => Math.round(process.resourceUsage().maxRSS / 1024);
try {
  const timed = async () => {
    const started = performance.now();
    // Read inside the timing: reading and decoding the file is part of an import.
    const summary = await importCatalogue(opened.db, readFileSync(file));
    return { ms: Math.round(performance.now() - started), summary };
  };
  const first = await timed();
  const firstPeakMb = peakMb();
  const second = await timed();
  const figures: ImportFigures = {
    firstMs: first.ms,
    firstPeakMb,
    secondMs: second.ms,
    secondPeakMb: peakMb(),
    variantsCreated: first.summary.variants.created,
    variantsUnchanged: second.summary.variants.unchanged,
  };
  process.send(figures);
} finally {
  await opened.close();
}
