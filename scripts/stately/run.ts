/**
 * `npm run stately`: writes, for every machine, stately/<name>.json (its JSON definition) and
 * stately/<name>.html (its viewer page, scripts/stately/viewer.ts), plus stately/index.html, the
 * pages' viewer.js and viewer.css, and stately/README.md with the Mermaid diagrams. Machines and
 * models are loaded through Vite's SSR loader so they resolve exactly as in the app and the tests
 * (aliases, import.meta.env, import.meta.glob). The viewer pages run every generated path of each
 * model, with the model's checks, to pick the covering paths: this takes a minute or two, and fails
 * on a path that fails (the model tests say why).
 *
 * `npm run stately -- --check` writes nothing: it fails when stately/ is not what this would write
 * (the machine pages aside, see check.ts) or when a page does not load in a headless browser.
 *
 * `npm run stately -- --with-browser` also writes reports/stately/ (git-ignored): copies of the
 * pages with the browser replays of reports/model-browser/<name>.json embedded, for a browser that
 * opens them from a file (such a page may not read other files).
 */
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createServer } from 'vite';
import type * as ModelsModule from '../../tests/model/models';
import type * as ExportModule from './export';
import type * as MachinesModule from './machines';
import type * as ViewerModule from './viewer';
import type { BrowserReport, ViewerData } from './viewer-data';
import { pageProblems, staleExports } from './check';

const outDir = path.resolve('stately');
const copiesDir = path.resolve('reports/stately');
const withBrowser = process.argv.includes('--with-browser');
const checkOnly = process.argv.includes('--check');

const vite = await createServer({
  server: { middlewareMode: true, hmr: false },
  appType: 'custom',
  logLevel: 'error',
});
try {
  const load = <T>(file: string) => vite.ssrLoadModule(file) as Promise<T>;
  const { findMachines } = await load<typeof MachinesModule>('/scripts/stately/machines.ts');
  const { toJsonDefinition, toReadme } = await load<typeof ExportModule>('/scripts/stately/export.ts');
  const viewer = await load<typeof ViewerModule>('/scripts/stately/viewer.ts');
  const machines = await findMachines();
  const exports = async () => {
    const files = new Map<string, string>([
      ['README.md', toReadme(machines)],
      ['index.html', await viewer.indexPage(machines)],
      ['viewer.js', await viewer.viewerScript()],
      ['viewer.css', await viewer.viewerStyle()],
    ]);
    for (const { name, machine } of machines) files.set(`${name}.json`, toJsonDefinition(machine));
    return files;
  };

  if (checkOnly) {
    const pages = machines.map(({ name }) => `${name}.html`);
    const stale = staleExports(outDir, await exports(), pages);
    const problems = stale.length > 0 ? stale : await pageProblems(outDir, pages);
    for (const problem of problems) console.error(`stately/${problem}`);
    if (stale.length > 0) console.error('Run npm run stately.');
    console.log(
      problems.length === 0
        ? `stately/ is current and its ${pages.length} machine pages load.`
        : `stately/: ${problems.length} problems.`,
    );
    process.exitCode = problems.length === 0 ? 0 : 1;
  } else {
    const models = await (await load<typeof ModelsModule>('/tests/model/models.ts')).loadModels();

    // Everything is computed before anything is written, so a failing model leaves stately/ as it was.
    const pages: Array<{ name: string; data: ViewerData }> = [];
    for (const found of machines) {
      const started = Date.now();
      pages.push({ name: found.name, data: await viewer.viewerData(found, models.get(found.name)) });
      console.log(
        `${found.name}: ${pages.at(-1)!.data.paths.length} covering paths (${Date.now() - started} ms)`,
      );
    }
    const files = await exports();
    for (const { name, data } of pages) files.set(`${name}.html`, await viewer.viewerPage(data));

    mkdirSync(outDir, { recursive: true });
    for (const file of readdirSync(outDir)) {
      if (/\.(json|html)$/.test(file) && !files.has(file)) rmSync(path.join(outDir, file));
    }
    for (const [file, text] of files) writeFileSync(path.join(outDir, file), text);
    console.log(`Wrote ${machines.length} machines to stately/: ${machines.map((m) => m.name).join(', ')}`);

    if (withBrowser) {
      const copies = { root: '../..', assets: '../../stately' };
      rmSync(copiesDir, { recursive: true, force: true });
      mkdirSync(copiesDir, { recursive: true });
      writeFileSync(path.join(copiesDir, 'index.html'), await viewer.indexPage(machines, copies));
      for (const { name, data } of pages) {
        const report = path.resolve('reports/model-browser', `${name}.json`);
        const browser = existsSync(report)
          ? (JSON.parse(readFileSync(report, 'utf8')) as BrowserReport)
          : null;
        writeFileSync(
          path.join(copiesDir, `${name}.html`),
          await viewer.viewerPage(data, { ...copies, browser }),
        );
      }
      console.log('Wrote the pages with the browser replays of reports/model-browser to reports/stately/');
    }
  }
} finally {
  await vite.close();
}
