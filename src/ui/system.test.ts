/**
 * The app's Chakra system registers only the recipes of the components in use (issue 6). A component
 * whose recipe is missing renders unstyled without any error, so this test reads which Chakra
 * components `src` imports, follows each one through Chakra's own modules to the recipe keys it asks
 * for, and checks that the system has every one of them that Chakra's default theme styles, or that
 * the component comes from `ui/bound-recipes/` with that recipe (issue 31).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as theme from '@chakra-ui/react/theme';
import { describe, expect, it } from 'vitest';
import { COLOR_PALETTES, appSystem } from './system';

const system = appSystem();

const { recipes, slotRecipes } = theme;

const srcDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const chakraDir = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@chakra-ui/react/package.json')),
  'dist',
  'esm',
);

/** The folder of the Chakra components that bring their own recipe, relative to src. */
const BOUND_RECIPES = path.join('ui', 'bound-recipes');

/** Every TypeScript file under src, as a path relative to it. */
function srcFiles(): string[] {
  return readdirSync(srcDir, { recursive: true, encoding: 'utf8' }).filter((file) => /\.tsx?$/.test(file));
}

/** Every name that a file under src, outside {@link BOUND_RECIPES}, imports from '@chakra-ui/react'. */
function importedChakraNames(): Set<string> {
  const names = new Set<string>();
  const files = srcFiles().filter((file) => !file.startsWith(BOUND_RECIPES + path.sep));
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
    /(?:createRecipeContext|createSlotRecipeContext|useRecipe|useSlotRecipe)\(\s*\{\s*key: "(\w+)"/g,
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

/**
 * The light-mode colour of the colour token `name` (e.g. 'fg.error') as '#rrggbb': a semantic token's
 * light value (or its only one), followed through `{colors.…}` references to a raw token.
 */
function lightColor(name: string): string {
  const token = system.tokens.getByName(`colors.${name}`);
  if (!token) throw new Error(`no colour token ${name}`);
  const conditions = token.extensions.conditions as Record<string, string> | undefined;
  const raw = conditions ? (conditions._light ?? conditions.base) : token.value;
  if (raw === undefined) throw new Error(`${name} has no light value`);
  const reference = /^\{colors\.(.+)\}$/.exec(raw);
  if (reference) return lightColor(reference[1]!);
  if (raw === 'white') return '#ffffff';
  if (!/^#[0-9a-f]{6}$/i.test(raw)) throw new Error(`${name} is ${raw}, not a hex colour`);
  return raw.toLowerCase();
}

/** WCAG 2.1 relative luminance of '#rrggbb'. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((start) => {
    const channel = parseInt(hex.slice(start, start + 2), 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

/** WCAG 2.1 contrast ratio of two '#rrggbb' colours (1 to 21). */
function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

/** The backgrounds text and focus rings sit on: cards and the sidebar, the page, muted panels. */
const BACKGROUNDS = ['bg', 'bg.subtle', 'bg.muted'];

describe('contrast in light mode (issue 15 finding 8, WCAG 2.1 AA)', () => {
  it('measures as WCAG does (a check of the helpers)', () => {
    expect(contrast('#ffffff', '#000000')).toBeCloseTo(21, 5);
    expect(contrast('#ef4444', '#ffffff')).toBeCloseTo(3.76, 2);
  });

  it.each(COLOR_PALETTES)('draws the %s focus ring at 3:1 or more against every background', (palette) => {
    for (const background of BACKGROUNDS) {
      const ratio = contrast(lightColor(`${palette}.focusRing`), lightColor(background));
      expect(ratio, `${palette}.focusRing on ${background}`).toBeGreaterThanOrEqual(3);
    }
  });

  it.each(['fg.error', 'fg.success', 'fg.warning', 'fg.muted', 'brand.fg'])(
    'writes %s text at 4.5:1 or more against every background',
    (text) => {
      for (const background of [...BACKGROUNDS, 'bg.error', 'bg.success', 'bg.warning']) {
        const ratio = contrast(lightColor(text), lightColor(background));
        expect(ratio, `${text} on ${background}`).toBeGreaterThanOrEqual(4.5);
      }
    },
  );

  it('keeps the rest of each colour group (the overrides merge into the defaults)', () => {
    expect(lightColor('fg')).toBe('#09090b');
    expect(lightColor('fg.info')).toBe(lightColor('blue.600'));
    expect(lightColor('border.error')).toBe(lightColor('red.500'));
  });
});

describe('the Chakra system', () => {
  /** The recipe keys each Chakra name that src imports asks for. */
  function keysAskedFor(): Map<string, Set<string>> {
    const exports = chakraExports();
    const asked = new Map<string, Set<string>>();
    for (const name of importedChakraNames()) {
      const file = exports.get(name);
      expect(file, `@chakra-ui/react has no export ${name}`).toBeDefined();
      if (file) asked.set(name, recipeKeys(file));
    }
    return asked;
  }

  it('has the default recipe of every Chakra component that src imports', () => {
    const defaults = new Set([...Object.keys(recipes), ...Object.keys(slotRecipes)]);
    const missing: string[] = [];
    for (const [name, keys] of keysAskedFor()) {
      for (const key of keys) {
        if (defaults.has(key) && !system.hasRecipe(key)) missing.push(`${name} needs '${key}'`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('registers no recipe that no imported component asks for (each one is JavaScript on every page)', () => {
    const asked = new Set([...keysAskedFor().values()].flatMap((keys) => [...keys]));
    const registered = [
      ...Object.keys(system._config.theme?.recipes ?? {}),
      ...Object.keys(system._config.theme?.slotRecipes ?? {}),
    ];
    expect(registered.filter((key) => !asked.has(key))).toEqual([]);
  });

  it('binds each component of bound-recipes/ to the one default recipe it asks for, not registered', () => {
    const folder = path.join(srcDir, BOUND_RECIPES);
    const source = readdirSync(folder)
      .map((file) => readFileSync(path.join(folder, file), 'utf8'))
      .join('\n');
    const aliases = new Map(
      [...source.matchAll(/(\w+) as (Chakra\w+)/g)].map(([, name, alias]) => [alias!, name!]),
    );
    const bindings = [...source.matchAll(/with(?:Root)?Recipe\((Chakra\w+), (\w+)\)/g)];
    expect(bindings.length).toBeGreaterThan(0);
    const exports = chakraExports();
    const themeExports: Record<string, unknown> = theme;
    const defaults: Record<string, unknown> = { ...recipes, ...slotRecipes };
    for (const [, alias, recipeName] of bindings) {
      const name = aliases.get(alias!);
      const asked = [...recipeKeys(exports.get(name!)!)];
      expect(asked, `${name} asks for`).toHaveLength(1);
      expect(defaults[asked[0]!], `${name} is given Chakra's '${asked[0]}' recipe`).toBe(
        themeExports[recipeName!],
      );
      expect(system.hasRecipe(asked[0]!), `'${asked[0]}' is bound, so not registered`).toBe(false);
    }
  });

  it('has light values only: no CSS variables under any condition such as dark mode', () => {
    expect([...system.tokens.cssVarMap.keys()]).toEqual(['base']);
    expect(lightColor('bg')).toBe('#ffffff');
  });

  it('has each of Chakra\'s colour palettes that src names (a string such as "teal" or "teal.500"), and no other', () => {
    const chakraPalettes = Object.keys(theme.semanticTokens.colors ?? {}).filter(
      (group) => !['bg', 'fg', 'border'].includes(group),
    );
    const named = new Set<string>();
    for (const file of srcFiles().filter((name) => !/\.test\.tsx?$/.test(name))) {
      const source = readFileSync(path.join(srcDir, file), 'utf8');
      for (const [, group] of source.matchAll(/['"`]([a-z]+)(?:\.[\w.]+)?['"`]/g)) {
        if (chakraPalettes.includes(group!)) named.add(group!);
      }
    }
    expect(named.size).toBeGreaterThan(0);
    for (const palette of chakraPalettes) {
      const has = system.tokens.getByName(`colors.${palette}.500`) !== undefined;
      expect(has, `${palette} ${named.has(palette) ? 'is named in src' : 'is not named in src'}`).toBe(
        named.has(palette),
      );
    }
  });

  it('keeps the brand palette and the default tokens', () => {
    expect(system.token('colors.brand.700')).toBe('#0f766e');
    expect(system.token('colors.gray.500')).toBe('#71717a');
    expect(system.token('spacing.4')).toBe('1rem');
  });
});
