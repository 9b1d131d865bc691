/**
 * The Chakra v3 design system of the whole app: Chakra's default tokens, global styles and the
 * recipes of the Chakra components the app renders, plus a `brand` palette (a deep teal), usable as
 * `colorPalette="brand"`. Light mode only: nothing sets the `dark` class.
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

/** Chakra's default theme (`defaultThemeConfig`) with only the recipes of the components in use. */
const themeConfig = defineConfig({
  preflight: true,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  theme: {
    breakpoints,
    keyframes,
    tokens,
    semanticTokens,
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

/** Chakra's colour palettes that components may use as `colorPalette`, plus the app's `brand`. */
export const COLOR_PALETTES = [
  'gray',
  'red',
  'orange',
  'yellow',
  'green',
  'teal',
  'blue',
  'cyan',
  'purple',
  'pink',
  'brand',
] as const;

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

/** Pass to `<ChakraProvider value={system}>`. */
export const system = createSystem(defaultBaseConfig, themeConfig, appConfig);
