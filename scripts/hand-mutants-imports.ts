/**
 * Which statechart files a change to a source file can reach (scripts/hand-mutants.ts): the import
 * graph of src/, read from the files' import and export statements, so the model tests of a
 * hand-written mutant walk only the machines that import the mutated module, directly or not.
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(?\s*)['"]([^'"]+)['"]/g;
const EXTENSIONS = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'];

/** Every .ts / .tsx file under `dir` except tests, as paths from `root`. */
function sourceFiles(root: string, dir: string): string[] {
  return readdirSync(path.join(root, dir)).flatMap((name) => {
    const relative = path.join(dir, name);
    if (statSync(path.join(root, relative)).isDirectory()) return sourceFiles(root, relative);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [relative] : [];
  });
}

/** The file `specifier` (relative, or `@/` for src/) names from `from`, or null for a package. */
function resolve(root: string, from: string, specifier: string): string | null {
  let base: string;
  if (specifier.startsWith('@/')) base = path.join('src', specifier.slice(2));
  else if (specifier.startsWith('.')) base = path.join(path.dirname(from), specifier);
  else return null;
  const found = EXTENSIONS.map((extension) => base + extension).find(
    (candidate) => existsSync(path.join(root, candidate)) && statSync(path.join(root, candidate)).isFile(),
  );
  return found ?? null;
}

/**
 * The `*.machine.ts` files of src/machines (base names, as MODEL_MACHINE_FILES takes them) that are
 * `file` or import it through any chain of src/ modules; `file` is a path from `root`.
 */
export function machineFilesDependingOn(root: string, file: string): string[] {
  const importers = new Map<string, Set<string>>();
  for (const source of sourceFiles(root, 'src')) {
    for (const match of readFileSync(path.join(root, source), 'utf8').matchAll(SPECIFIER)) {
      const target = resolve(root, source, match[1]!);
      if (target === null) continue;
      if (!importers.has(target)) importers.set(target, new Set());
      importers.get(target)!.add(source);
    }
  }
  const reached = new Set([path.normalize(file)]);
  const queue = [...reached];
  for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
    for (const importer of importers.get(next) ?? []) {
      if (!reached.has(importer)) {
        reached.add(importer);
        queue.push(importer);
      }
    }
  }
  return [...reached]
    .filter(
      (source) => path.dirname(source) === path.join('src', 'machines') && source.endsWith('.machine.ts'),
    )
    .map((source) => path.basename(source))
    .sort();
}
