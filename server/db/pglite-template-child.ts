/**
 * `node --import tsx server/db/pglite-template-child.ts <file>`: writes the migrated template's dump
 * (`dumpPgliteTemplate`) to `<file>`, through a file of its own renamed into place. Run by
 * `pgliteTemplate()` in a process of its own, so that initdb's memory is given back when it exits.
 */
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { dumpPgliteTemplate } from './open';

const file = process.argv[2];
if (!file) throw new Error('usage: pglite-template-child.ts <file>');
const dump = await dumpPgliteTemplate();
mkdirSync(path.dirname(file), { recursive: true });
const partial = `${file}.${process.pid}.partial`;
writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
try {
  renameSync(partial, file);
} finally {
  rmSync(partial, { force: true });
}
