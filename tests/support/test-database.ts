/**
 * In-memory PGlite databases for tests, each started from one migrated template (issue 28): PGlite's
 * initdb and the migrations cost about a second of CPU per database, and the suite opens one per
 * API test file (some per test). The template is made once per set of migrations and PGlite
 * version, and kept in `node_modules/.cache/product-feed/`, so workers and later runs load it.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { dumpPgliteTemplate, openDatabase } from '../../server/db/open';
import type { OpenDatabaseOptions, OpenedDatabase } from '../../server/db/open';

const root = fileURLToPath(new URL('../..', import.meta.url));
const migrationsFolder = path.join(root, 'server/db/migrations');
const cacheFolder = path.join(root, 'node_modules/.cache/product-feed');

/** Every file under `folder`, relative to it, sorted (so the key does not depend on listing order). */
function filesUnder(folder: string): string[] {
  return readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((name) => statSync(path.join(folder, name)).isFile())
    .sort();
}

/** A hash of the migrations' files and the PGlite version: a new migration makes a new template. */
function templateKey(): string {
  const hash = createHash('sha256');
  hash.update(readFileSync(path.join(root, 'node_modules/@electric-sql/pglite/package.json')));
  for (const name of filesUnder(migrationsFolder)) {
    hash.update(name);
    hash.update(readFileSync(path.join(migrationsFolder, name)));
  }
  return hash.digest('hex').slice(0, 16);
}

let template: Promise<Blob> | undefined;

/**
 * The migrated template's dump, made and cached on first use. Two workers that both miss make it
 * side by side; each writes a file of its own and renames it into place, so a reader never sees half.
 */
export function pgliteTemplate(): Promise<Blob> {
  template ??= (async () => {
    const file = path.join(cacheFolder, `pglite-template-${templateKey()}.tar`);
    try {
      return new Blob([readFileSync(file)]);
    } catch {
      const dump = await dumpPgliteTemplate();
      mkdirSync(cacheFolder, { recursive: true });
      const partial = `${file}.${process.pid}.partial`;
      writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
      try {
        renameSync(partial, file);
      } finally {
        rmSync(partial, { force: true });
      }
      return dump;
    }
  })();
  return template;
}

/**
 * Opens an in-memory PGlite started from the template, or the database of `options.databaseUrl`
 * when given (PostgreSQL runs its migrations as in production).
 */
export async function openTestDatabase(
  options: Omit<OpenDatabaseOptions, 'dataDir' | 'template'> = {},
): Promise<OpenedDatabase> {
  if (options.databaseUrl) return openDatabase(options);
  return openDatabase({ ...options, template: await pgliteTemplate() });
}
