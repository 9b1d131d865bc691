/**
 * The import summary as `npm run catalogue:import` prints it (issue 11 "The summary counts products
 * and variants ... and warnings"). Kept apart from the command so tests can read the same text.
 */
import type { ImportCounts, ImportSummary } from './import';
import type { ImportSkip } from './parsed-catalogue';

function counts(label: string, numbers: ImportCounts): string {
  return (
    `  ${label}: ${numbers.created} created, ${numbers.updated} updated, ${numbers.unchanged} unchanged, ` +
    `${numbers.archived} archived, ${numbers.skipped} skipped.`
  );
}

/** One line per skip: `  line 12 (handle): reason`. */
export function skipLines(skips: readonly ImportSkip[]): string[] {
  return skips.map((skip) => `  line ${skip.line}${skip.handle ? ` (${skip.handle})` : ''}: ${skip.reason}`);
}

/**
 * The summary as printed: a title line, product and variant counts, new brands, then the warnings
 * and the skips (each section only when it has lines).
 */
export function formatSummary(file: string, summary: ImportSummary): string {
  const lines = [
    `Imported ${file}${summary.full ? ' as a full export' : ''}:`,
    counts('Products', summary.products),
    counts('Variants', summary.variants),
    `  Brands: ${summary.brandsCreated} new.`,
  ];
  if (summary.warnings.length > 0) {
    lines.push(`Warnings (${summary.warnings.length}):`, ...summary.warnings.map((w) => `  ${w.message}`));
  }
  if (summary.skips.length > 0) {
    lines.push(`Skipped (${summary.skips.length}):`, ...skipLines(summary.skips));
  }
  return lines.join('\n');
}
