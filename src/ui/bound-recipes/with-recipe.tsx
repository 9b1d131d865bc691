/**
 * Chakra components that bring their own recipe instead of finding it registered in the system
 * (issue 31: `/` ≤ 160 KB gzip of JavaScript and no dashboard code on it). The system (`system.ts`)
 * is created by the entry, so every recipe it registers is downloaded and evaluated by every page,
 * the public landing page included; Chakra v3 has no way to register a recipe later. These
 * components, which only the dashboard, the session's notices and the menus' drawers (loaded on a
 * first press) draw, are given Chakra's default recipe through their Root's documented `recipe`
 * prop, so the recipes travel in the chunks of the screens that import them, one module per
 * component so that each screen's chunks carry only the recipes it draws. Import these components
 * from their module here, never from '@chakra-ui/react': there they would render unstyled
 * (`system.test.ts` fails on that).
 *
 * The cost: Chakra compiles a recipe given by prop once per mounted Root (about 0.5 ms for the table's
 * at 1× CPU) rather than once per page load, so only components with a few Roots per screen are here.
 */
import type { ComponentType } from 'react';

/**
 * `Component` drawing with `recipe` (a Chakra recipe or slot recipe config) whatever its props say,
 * typed as `Component` itself; its ref and other props pass through.
 */
export function withRecipe<C extends ComponentType<never>>(Component: C, recipe: object): C {
  const Inner = Component as ComponentType<Record<string, unknown>>;
  function WithRecipe(props: Record<string, unknown>) {
    return <Inner {...props} recipe={recipe} />;
  }
  WithRecipe.displayName = Inner.displayName;
  return WithRecipe as unknown as C;
}

/** Chakra's compound component `parts` whose `Root` draws with `recipe` (see {@link withRecipe}). */
export function withRootRecipe<P extends { Root: ComponentType<never> }>(parts: P, recipe: object): P {
  return { ...parts, Root: withRecipe(parts.Root, recipe) };
}
