/**
 * The Chakra v3 design system of the whole app: Chakra's default tokens, global styles and the
 * recipes of the Chakra components the app renders, plus a `brand` palette (a deep teal), usable as
 * `colorPalette="brand"`. Light mode only: nothing sets the `dark` class, so the semantic tokens keep
 * only their light values, and only the colour palettes the app names ({@link COLOR_PALETTES}) are
 * kept. Issue 31: making the system was the app's largest task at start (about 300 ms at 4× CPU
 * slowdown), and its tokens' CSS variables were half of every prerendered page's styles; Chakra's
 * dark values and its teal, cyan, purple and pink palettes were a third of its 666 tokens.
 *
 * Issue 6 (≤ 160 KB gzip of JavaScript for /): Chakra's `defaultConfig` carries the recipes of all of
 * its ~90 components, about 20 KB gzip that every page downloaded. Following Chakra's bundle
 * optimisation guide, the system starts from `defaultBaseConfig` (conditions and style properties
 * only) and adds the default theme with only the recipes below: those of the components the public
 * pages and the login card draw, and of the dashboard's components with many instances per screen
 * (badges, checkboxes, skeletons). The dashboard's other components, and the drawers that open on
 * a first press, bring their recipe with them (`ui/bound-recipes/`, issue 31). A Chakra component
 * whose recipe is missing renders unstyled, without any error: `system.test.ts` fails when `src`
 * imports a component whose recipe is neither listed here nor bound.
 *
 * Contrast (issue 15 finding 8, WCAG 2.1 AA in light mode): every palette's focus ring is its 700 shade
 * (≥ 4.5:1 against white, `bg.subtle` and `bg.muted`, where Chakra's gray.400 ring was 2.6:1), and
 * the status text colours `fg.error`, `fg.success` and `fg.warning` are 700 shades too (≥ 4.5:1 as
 * text; Chakra's red.500 error text was 3.8:1, green.600 3.3:1). Screens colour an error, a rise or a
 * warning with these semantic tokens, never with a raw palette shade. `system.test.ts` checks the
 * ratios.
 */
import { createSystem, defaultBaseConfig, defineConfig } from '@chakra-ui/react';
import type { SystemContext } from '@chakra-ui/react';
import {
  animationStyles,
  badgeRecipe,
  breakpoints,
  buttonRecipe,
  cardSlotRecipe,
  checkboxSlotRecipe,
  checkmarkRecipe,
  containerRecipe,
  cssVarsPrefix,
  cssVarsRoot,
  fieldSlotRecipe,
  globalCss,
  headingRecipe,
  iconRecipe,
  inputAddonRecipe,
  inputRecipe,
  keyframes,
  layerStyles,
  linkRecipe,
  semanticTokens,
  skeletonRecipe,
  skipNavLinkRecipe,
  spinnerRecipe,
  textareaRecipe,
  textStyles,
  tokens,
} from '@chakra-ui/react/theme';
import { GLOBAL_CLASS_STYLES } from './global-classes';

/**
 * The colour palettes the system has, as `colorPalette` or by shade (`green.500`): the Chakra palettes
 * the app names, plus its `brand`. Chakra's other palettes are left out; `system.test.ts` fails when
 * `src` names one.
 */
export const COLOR_PALETTES = ['gray', 'red', 'orange', 'yellow', 'green', 'blue', 'brand'] as const;

/** Chakra's palettes: its colour groups other than the page's own `bg`, `fg` and `border`. */
const chakraPalettes = new Set(
  Object.keys(semanticTokens.colors ?? {}).filter((group) => !['bg', 'fg', 'border'].includes(group)),
);

/** `colors` (tokens or semantic tokens) without Chakra's palettes outside {@link COLOR_PALETTES}. */
function usedPalettes<T extends object>(colors: T): T {
  const kept: readonly string[] = COLOR_PALETTES;
  return Object.fromEntries(
    Object.entries(colors).filter(([group]) => !chakraPalettes.has(group) || kept.includes(group)),
  ) as T;
}

/** A semantic token (or a group of them) with its `{ _light, _dark }` value replaced by the light one. */
function lightOnly(token: unknown): unknown {
  if (typeof token !== 'object' || token === null) return token;
  if ('value' in token) {
    const { value } = token;
    return typeof value === 'object' && value !== null && '_light' in value
      ? { ...token, value: value._light }
      : token;
  }
  return Object.fromEntries(Object.entries(token).map(([key, nested]) => [key, lightOnly(nested)]));
}

/** Chakra's default theme (`defaultThemeConfig`) with only the recipes of the components in use. */
const themeConfig = defineConfig({
  preflight: true,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  theme: {
    breakpoints,
    keyframes,
    tokens: { ...tokens, colors: usedPalettes(tokens.colors ?? {}) },
    semanticTokens: lightOnly({
      ...semanticTokens,
      colors: usedPalettes(semanticTokens.colors ?? {}),
    }) as typeof semanticTokens,
    textStyles,
    layerStyles,
    animationStyles,
    recipes: {
      badge: badgeRecipe,
      button: buttonRecipe,
      checkmark: checkmarkRecipe,
      container: containerRecipe,
      heading: headingRecipe,
      icon: iconRecipe,
      input: inputRecipe,
      inputAddon: inputAddonRecipe,
      link: linkRecipe,
      skeleton: skeletonRecipe,
      skipNavLink: skipNavLinkRecipe,
      spinner: spinnerRecipe,
      textarea: textareaRecipe,
    },
    slotRecipes: {
      card: cardSlotRecipe,
      checkbox: checkboxSlotRecipe,
      field: fieldSlotRecipe,
    },
  },
});

/** `<palette>.focusRing` for every palette: its 700 shade (see the module comment). */
const focusRings = Object.fromEntries(
  COLOR_PALETTES.map((palette) => [palette, { focusRing: { value: `{colors.${palette}.700}` } }]),
);

const appConfig = defineConfig({
  globalCss: {
    html: { scrollBehavior: 'smooth', _motionReduce: { scrollBehavior: 'auto' } },
    body: { bg: 'bg', color: 'fg' },
    ...GLOBAL_CLASS_STYLES,
  },
  theme: {
    tokens: {
      colors: {
        brand: {
          50: { value: '#f0fdfa' },
          100: { value: '#ccfbf1' },
          200: { value: '#99f6e4' },
          300: { value: '#5eead4' },
          400: { value: '#2dd4bf' },
          500: { value: '#14b8a6' },
          600: { value: '#0d9488' },
          700: { value: '#0f766e' },
          800: { value: '#115e59' },
          900: { value: '#134e4a' },
          950: { value: '#042f2e' },
        },
      },
    },
    semanticTokens: {
      colors: {
        ...focusRings,
        // brand.700 on white is 5.5:1, so solid buttons and links pass WCAG AA for normal text.
        brand: {
          solid: { value: '{colors.brand.700}' },
          contrast: { value: 'white' },
          fg: { value: '{colors.brand.700}' },
          muted: { value: '{colors.brand.100}' },
          subtle: { value: '{colors.brand.50}' },
          emphasized: { value: '{colors.brand.200}' },
          focusRing: { value: '{colors.brand.700}' },
        },
        fg: {
          error: { value: '{colors.red.700}' },
          success: { value: '{colors.green.700}' },
          warning: { value: '{colors.orange.700}' },
        },
      },
    },
  },
});

let system: SystemContext | undefined;

/**
 * The system, made on the first call and kept: pass it to `<ChakraProvider value={appSystem()}>`.
 * Made on demand rather than when this module loads because making it is the largest single task of
 * the app's start (about 300 ms at 4× CPU slowdown, issue 31): `src/main.tsx` asks for the route's
 * code first, so those files download while the system is made.
 */
export function appSystem(): SystemContext {
  system ??= createSystem(defaultBaseConfig, themeConfig, appConfig);
  return system;
}
