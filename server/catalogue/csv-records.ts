/**
 * A Shopify product export as CSV records (issue 11, issue 26), before any column means anything:
 * the comma-separation check, physical line numbers (CRLF, LF or a lone CR each end one, also inside
 * quoted cells), and the refusal of a damaged or truncated file, naming its lines. shopify-csv.ts
 * reads products from these records.
 */
import { CsvError, parse } from 'csv-parse/sync';
import { CatalogueFileError } from './decode';

/** Refuses a header that is not comma-separated, naming what separates it. */
export function checkDelimiter(text: string): void {
  const firstLine = text.split(/\r\n|\n|\r/, 1)[0] ?? '';
  if (firstLine.includes(',')) return;
  const separator = firstLine.includes(';') ? 'semicolon' : firstLine.includes('\t') ? 'tab' : null;
  if (separator) {
    throw new CatalogueFileError(
      `The file is ${separator}-separated; Shopify product exports are comma-separated. ` +
        'Re-save it as comma-separated CSV ("CSV UTF-8 (Comma delimited)") or export it from Shopify again.',
    );
  }
}

/** A function from a byte offset (ascending calls only) to its physical line, 1-based. */
function lineCounter(bytes: Uint8Array): (offset: number) => number {
  let position = 0;
  let line = 1;
  return (offset) => {
    while (position < offset) {
      const byte = bytes[position];
      if (byte === 0x0d) {
        line++;
        position += bytes[position + 1] === 0x0a ? 2 : 1;
      } else {
        if (byte === 0x0a) line++;
        position++;
      }
    }
    return line;
  };
}

/** One record of the file: its cells, and the physical line it starts on. */
export interface CsvRecord {
  fields: string[];
  /** Physical line the record starts on. */
  line: number;
}

/** Most offending lines a refusal lists; the others are counted. */
const MAX_LISTED_LINES = 20;
const EXPORT_AGAIN = 'Export the products from Shopify again and import the new file.';

/** `  line 14: 47 cells` for each record, at most MAX_LISTED_LINES of them, then `  and N more`. */
function cellCountLines(records: readonly { line: number; cells: number }[]): string[] {
  const listed = records
    .slice(0, MAX_LISTED_LINES)
    .map(({ line, cells }) => `  line ${line}: ${cells} cell${cells === 1 ? '' : 's'}`);
  const more = records.length - listed.length;
  return more > 0 ? [...listed, `  and ${more} more`] : listed;
}

/**
 * Reads the file's records and hands each non-blank one (the header first) to `visit`, with the
 * line it starts on. csv-parse runs with `relax_column_count` so that every row with the wrong
 * number of cells can be listed rather than only the first; `relax_quotes` keeps a quote inside an
 * unquoted cell (`12" pot`) as text, which moves no cell.
 * @throws CatalogueFileError, after every record was visited, when the file looks truncated (it
 *   ends inside a quoted cell, or its last row is short) or any data row's cell count differs from
 *   the header's: a shifted row can carry another product's values, so the file is refused whole
 *   (issue 26, "a damaged file changes nothing in the catalogue"); also when it is not CSV at all
 */
export function readRecords(text: string, visit: (record: CsvRecord) => void): void {
  const bytes = Buffer.from(text, 'utf8');
  // csv-parse counts a CRLF inside a quoted cell as two lines, so lines come from byte offsets.
  const lineAt = lineCounter(bytes);
  let start = 0;
  let headerCells = null as number | null;
  let last = null as { line: number; cells: number } | null;
  const wrongCells: { line: number; cells: number }[] = [];
  try {
    parse(bytes, {
      relax_column_count: true,
      relax_quotes: true,
      // Any of the three line endings ends a row, also when a file mixes them.
      record_delimiter: ['\r\n', '\n', '\r'],
      // Records are visited as they are read, not collected: a large export is held once, as text.
      on_record: (fields: string[], info: { bytes: number }) => {
        const line = lineAt(start);
        start = info.bytes;
        if (!fields.some((field) => field.trim() !== '')) return null;
        if (headerCells === null) headerCells = fields.length;
        else {
          last = { line, cells: fields.length };
          if (fields.length !== headerCells) wrongCells.push(last);
        }
        visit({ fields, line });
        return null;
      },
    });
  } catch (error) {
    if (error instanceof CsvError && error.code === 'CSV_QUOTE_NOT_CLOSED') {
      throw new CatalogueFileError(
        `The file looks truncated (an interrupted download or copy?): it ends inside a quoted cell of the row that starts on line ${lineAt(start)}, ` +
          `or that cell's closing quote is missing. ${EXPORT_AGAIN}`,
      );
    }
    if (error instanceof CsvError) {
      throw new CatalogueFileError(
        `The file cannot be read as CSV (${error.message}). Export it from Shopify again, or re-save it as "CSV UTF-8".`,
      );
    }
    throw error;
  }
  const final = last;
  if (headerCells === null || final === null) return;
  if (final.cells < headerCells) {
    const others = wrongCells.filter((record) => record !== final);
    throw new CatalogueFileError(
      [
        `The file looks truncated (an interrupted download or copy?): its last row, line ${final.line}, has ${final.cells} of the header's ${headerCells} cells. ${EXPORT_AGAIN}`,
        ...(others.length > 0
          ? ['Other rows with the wrong number of cells:', ...cellCountLines(others)]
          : []),
      ].join('\n'),
    );
  }
  if (wrongCells.length > 0) {
    throw new CatalogueFileError(
      [
        `The file is damaged: ${wrongCells.length === 1 ? 'a row does' : `${wrongCells.length} rows do`} not have the header's ${headerCells} cells, ` +
          `so values may sit under the wrong columns, even another product's. Fix ${wrongCells.length === 1 ? 'it' : 'them'} or export the file from Shopify again.`,
        ...cellCountLines(wrongCells),
      ].join('\n'),
    );
  }
}
