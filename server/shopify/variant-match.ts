/**
 * Which of a store product's variants is which of ours (issue 29): a variant is identified by its
 * product plus its option values (ARCHITECTURE.md §4 "Variants"), so ours and the store's are matched
 * by their option name/value pairs, compared case- and accent-insensitively with white space
 * collapsed, in any order. A single-variant product's `Title / Default Title` (Shopify's option of a
 * product without options, shopify.dev/docs/api/admin-graphql/latest/objects/ProductOption) counts as
 * no option at all, so it matches however the export wrote it. When the names differ (a store's
 * "Color" for our "Colour") the values alone decide, if exactly one store variant has them.
 */

/** An option's name and value. */
export interface OptionPair {
  name: string;
  value: string;
}

/** `text` compared loosely: accents dropped, lower case, inner white space collapsed, trimmed. */
export function looseText(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

const isDefaultTitle = (pair: OptionPair) =>
  looseText(pair.name) === 'title' && looseText(pair.value) === 'default title';

/** The pairs that identify a variant, loosely written, blanks and the default title left out. */
function identity(pairs: readonly OptionPair[]): OptionPair[] {
  return pairs
    .filter((pair) => pair.value.trim() !== '' && !isDefaultTitle(pair))
    .map((pair) => ({ name: looseText(pair.name), value: looseText(pair.value) }));
}

const keyOf = (parts: readonly string[]) => [...parts].sort().join('\u001f');

/**
 * Our variants' option pairs from a catalogue row: option names (null beyond the product's) and the
 * variant's values by position.
 */
export function ourOptionPairs(
  names: readonly (string | null)[],
  values: readonly (string | null)[],
): OptionPair[] {
  return names.flatMap((name, index) => {
    const value = values[index];
    return name === null || value == null ? [] : [{ name, value }];
  });
}

/**
 * For each of `ours` (id and option pairs), the id of the store variant in `theirs` with the same
 * pairs (or, failing that, the only one with the same values), or nothing when none matches. A store
 * variant is matched once at most.
 */
export function matchVariants<TOurs, TTheirs>(
  ours: readonly { id: TOurs; options: readonly OptionPair[] }[],
  theirs: readonly { id: TTheirs; options: readonly OptionPair[] }[],
): Map<TOurs, TTheirs> {
  const byPairs = new Map<string, TTheirs[]>();
  const byValues = new Map<string, TTheirs[]>();
  for (const variant of theirs) {
    const pairs = identity(variant.options);
    const add = (map: Map<string, TTheirs[]>, key: string) =>
      map.set(key, [...(map.get(key) ?? []), variant.id]);
    add(byPairs, keyOf(pairs.map((pair) => `${pair.name}\u001e${pair.value}`)));
    add(byValues, keyOf(pairs.map((pair) => pair.value)));
  }
  const taken = new Set<TTheirs>();
  const matches = new Map<TOurs, TTheirs>();
  for (const variant of ours) {
    const pairs = identity(variant.options);
    const exact = byPairs.get(keyOf(pairs.map((pair) => `${pair.name}\u001e${pair.value}`))) ?? [];
    const sameValues = byValues.get(keyOf(pairs.map((pair) => pair.value))) ?? [];
    const found = exact.find((id) => !taken.has(id)) ?? (sameValues.length === 1 ? sameValues[0] : undefined);
    if (found === undefined || taken.has(found)) continue;
    taken.add(found);
    matches.set(variant.id, found);
  }
  return matches;
}
