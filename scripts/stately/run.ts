/**
 * `npm run stately`: writes stately/<name>.json for every machine and stately/README.md with their
 * Mermaid diagrams. Machines are loaded through Vite's SSR loader so they resolve exactly as in the
 * app (aliases, import.meta.env).
 */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createServer } from 'vite';
import type * as ExportModule from './export';
import type * as MachinesModule from './machines';

const outDir = path.resolve('stately');
const vite = await createServer({
  server: { middlewareMode: true, hmr: false },
  appType: 'custom',
  logLevel: 'error',
});
try {
  const { findMachines } = (await vite.ssrLoadModule(
    '/scripts/stately/machines.ts',
  )) as typeof MachinesModule;
  const { toJsonDefinition, toReadme } = (await vite.ssrLoadModule(
    '/scripts/stately/export.ts',
  )) as typeof ExportModule;
  const machines = findMachines();
  mkdirSync(outDir, { recursive: true });
  for (const file of readdirSync(outDir)) {
    if (file.endsWith('.json')) rmSync(path.join(outDir, file));
  }
  for (const { name, machine } of machines) {
    writeFileSync(path.join(outDir, `${name}.json`), toJsonDefinition(machine));
  }
  writeFileSync(path.join(outDir, 'README.md'), toReadme(machines));
  console.log(`Wrote ${machines.length} machines to stately/: ${machines.map((m) => m.name).join(', ')}`);
} finally {
  await vite.close();
}
