/**
 * The app's Chakra system registers only the recipes of the components in use (issue 6). A component
 * whose recipe is missing renders unstyled without any error, so this test reads which Chakra
 * components `src` imports, follows each one through Chakra's own modules to the recipe keys it asks
 * for, and checks that the system has every one of them that Chakra's default theme styles.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { recipes, slotRecipes } from '@chakra-ui/react/theme';
import { describe, expect, it } from 'vitest';
import { system } from './system';

const srcDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const chakraDir = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@chakra-ui/react/package.json')),
  'dist',
  'esm',
);

/** Every name that a file under src imports from '@chakra-ui/react'. */
function importedChakraNames(): Set<string> {
  const names = new Set<string>();
  const files = readdirSync(srcDir, { recursive: true, encoding: 'utf8' }).filter((file) =>
    /\.tsx?$/.test(file),
  );
  for (const file of files) {
    const source = readFileSync(path.join(srcDir, file), 'utf8');
    for (const [, list] of source.matchAll(/import\s*\{([^}]*)\}\s*from\s*'@chakra-ui\/react'/g)) {
      for (const entry of list!.split(',')) {
        const name = entry
          .replace(/^\s*type\s+/, '')
          .split(/\s+as\s+/)[0]!
          .trim();
        if (name) names.add(name);
      }
    }
  }
  return names;
}

/**
 * Chakra's index: exported name → the Chakra module that defines it (namespaces such as `Card`
 * included), or null for what Chakra re-exports from another package (Ark UI's `Portal`), which has
 * no recipe.
 */
function chakraExports(): Map<string, string | null> {
  const index = readFileSync(path.join(chakraDir, 'index.js'), 'utf8');
  const namespaces = new Map(
    [...index.matchAll(/import \* as (\S+) from '(\.[^']+)'/g)].map(([, local, file]) => [local!, file!]),
  );
  const exports = new Map<string, string | null>();
  for (const [, list, from] of index.matchAll(/export \{([^}]*)\}(?: from '([^']+)')?/g)) {
    for (const entry of list!.split(',')) {
      const [local, exported = local] = entry.trim().split(/\s+as\s+/);
      const file = from ?? namespaces.get(local!);
      if (file) exports.set(exported!.trim(), file.startsWith('.') ? path.join(chakraDir, file) : null);
    }
  }
  return exports;
}

/** The recipe keys that `file` and the Chakra component modules it imports, transitively, ask for. */
function recipeKeys(file: string, seen = new Set<string>()): Set<string> {
  const keys = new Set<string>();
  if (seen.has(file)) return keys;
  seen.add(file);
  const source = readFileSync(file, 'utf8');
  for (const [, key] of source.matchAll(
    /(?:createRecipeContext|createSlotRecipeContext|useRecipe|useSlotRecipe)\(\{\s*key: "(\w+)"/g,
  )) {
    keys.add(key!);
  }
  for (const [, relative] of source.matchAll(/from '(\.[^']+)'/g)) {
    const imported = path.resolve(path.dirname(file), relative!);
    if (imported.startsWith(path.join(chakraDir, 'components'))) {
      for (const key of recipeKeys(imported, seen)) keys.add(key);
    }
  }
  return keys;
}

describe('the Chakra system', () => {
  it('has the default recipe of every Chakra component that src imports', () => {
    const defaults = new Set([...Object.keys(recipes), ...Object.keys(slotRecipes)]);
    const exports = chakraExports();
    const missing: string[] = [];
    for (const name of importedChakraNames()) {
      const file = exports.get(name);
      expect(file, `@chakra-ui/react has no export ${name}`).toBeDefined();
      if (!file) continue;
      for (const key of recipeKeys(file)) {
        if (defaults.has(key) && !system.hasRecipe(key)) missing.push(`${name} needs '${key}'`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('keeps the brand palette and the default tokens', () => {
    expect(system.token('colors.brand.700')).toBe('#0f766e');
    expect(system.token('colors.gray.500')).toBe('#71717a');
    expect(system.token('spacing.4')).toBe('1rem');
  });
});
