/**
 * The migrated, empty PGlite data directory every new one starts from (issues 28 and 31), as
 * PostgreSQL's CREATE DATABASE … TEMPLATE does: PGlite's initdb peaks near 1 GB of memory and keeps
 * about 200 MB of it for the life of the process, while loading a dump of its result peaks under
 * 500 MB. The dump (an uncompressed tar of about 40 MB) is made once per set of migrations and
 * PGlite version, by a child process so that initdb's memory goes with it, and kept in
 * `node_modules/.cache/product-feed/`; the server, the catalogue import and the tests load it.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const root = fileURLToPath(new URL('../..', import.meta.url));
const migrationsFolder = path.join(root, 'server/db/migrations');
const cacheFolder = path.join(root, 'node_modules/.cache/product-feed');
const childScript = path.join(root, 'server/db/pglite-template-child.ts');

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

/** Where the template of the current migrations and PGlite version is kept. */
export function pgliteTemplateFile(): string {
  return path.join(cacheFolder, `pglite-template-${templateKey()}.tar`);
}

let template: Promise<Blob> | undefined;

/**
 * The template's dump, made on first use when no process has made it yet. Processes that miss at
 * the same time each make it; each child writes a file of its own and renames it into place, so a
 * reader never sees half of one. Rejects when the child fails (its stderr in the message), and is
 * asked again on the next call.
 */
export function pgliteTemplate(): Promise<Blob> {
  template ??= (async () => {
    const file = pgliteTemplateFile();
    try {
      return new Blob([readFileSync(file)]);
    } catch {
      await promisify(execFile)(process.execPath, ['--import', 'tsx', childScript, file], { cwd: root });
      return new Blob([readFileSync(file)]);
    }
  })();
  template.catch(() => {
    template = undefined;
  });
  return template;
}
