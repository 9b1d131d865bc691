/**
 * `npm run bench [name ...]`: runs every `scripts/bench/*.bench.ts` (or the named ones) one after
 * the other and lets each print its figures. Speed and memory targets are measured here, never
 * asserted in tests. Each bench module default-exports `async () => void`.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const wanted = process.argv.slice(2);
const benches = readdirSync(here)
  .filter((file) => file.endsWith('.bench.ts'))
  .filter((file) => wanted.length === 0 || wanted.includes(file.replace(/\.bench\.ts$/, '')))
  .sort();

if (benches.length === 0) {
  console.error(`No benchmark matches ${wanted.join(', ') || 'scripts/bench/*.bench.ts'}.`);
  process.exit(1);
}

for (const file of benches) {
  console.log(`\n## ${file.replace(/\.bench\.ts$/, '')}`);
  const module = (await import(pathToFileURL(path.join(here, file)).href)) as {
    default: () => Promise<void>;
  };
  await module.default();
}
