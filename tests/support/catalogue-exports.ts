/**
 * The real-store Shopify product exports the catalogue tests import (`catalogue-exports/`: CSVs in
 * the encodings, delimiters and column sets stores really send, and refused ones). Moved out of
 * server/catalogue (issue 28): test data is not product code.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Folder of the real-store export fixtures. */
export const FIXTURES_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'catalogue-exports');

/** The bytes of fixture export `name`. */
export function readFixture(name: string): Buffer {
  return readFileSync(path.join(FIXTURES_DIR, name));
}
