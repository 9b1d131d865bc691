/**
 * How a product's deliverable variants go out as Google items (issue 26 "Google's group and item
 * rules"; ARCHITECTURE.md §4 "Google judges items together"): which of them share an
 * `item_group_id`, the variant attributes each carries, and their titles.
 *
 * Google groups variants that "only differ from one another by product details like size, color,
 * material, pattern, age group, and gender", and requires that "each variant must differ from other
 * variants in the item group" (item_group_id, https://support.google.com/merchants/answer/6324507).
 * So the product's options are read by their names (variant-attributes.ts); options that are none
 * of those attributes (flavour, count, weight, duration, ...: the usual case for supplements) split
 * the product into separate Google products, one per combination of their values, and within each
 * only variants that Google's attributes tell apart share a group. A variant that no sibling shares
 * its other options with, or whose attributes equal a sibling's, goes out on its own, its title
 * carrying its option values.
 *
 * Titles (title, https://support.google.com/merchants/answer/6324415: at most 150 characters;
 * "include distinguishing details such as color or size" for variants): the product's title, then
 * ' - ' and the variant's option values when the product delivers several items. The product's
 * title is cut on a word once per product, to the room the longest option values leave, so every
 * item of a product starts the same and no option value is lost to the cut.
 */
import { createHash } from 'node:crypto';
import { charLength, cutOnWord, oneLine } from './feed-text';
import { GOOGLE_LIMITS } from './feed-validator';
import { googleAgeGroup, googleGender, VARIANT_ATTRIBUTES, variantAttributeOf } from './variant-attributes';
import type { VariantAttribute } from './variant-attributes';

type AgeGroup = NonNullable<ReturnType<typeof googleAgeGroup>>;
type Gender = NonNullable<ReturnType<typeof googleGender>>;
type TextAttribute = Exclude<VariantAttribute, 'age_group' | 'gender'>;
/** An item's variant attributes: free text, except Google's lists for age group and gender. */
export type VariantAttributes = Record<TextAttribute, string | null> & {
  age_group: AgeGroup | null;
  gender: Gender | null;
};

/** A product and its deliverable variants, by position. */
export interface ProductForGrouping {
  id: number;
  /** On one line (feed-text.ts oneLine). */
  name: string;
  /** Option1/2/3 Name; null where the product has fewer options. */
  optionNames: readonly (string | null)[];
  /** The product's own `Google Shopping / Age Group` and `Gender`, as Google's values, or null. */
  ageGroup: AgeGroup | null;
  gender: Gender | null;
  variants: readonly { id: number; options: readonly (string | null)[] }[];
}

/** How one variant goes out. */
export interface GroupedVariant {
  variantId: number;
  /** Null when the variant goes out on its own. */
  itemGroupId: string | null;
  attributes: VariantAttributes;
  title: string;
  /** Whether the product's title was cut to fit. */
  titleCut: boolean;
}

/** The room a product's title keeps at least, whatever the option values take. */
const MIN_NAME_ROOM = GOOGLE_LIMITS.title / 3;
const TITLE_SEPARATOR = ' - ';
const VALUE_SEPARATOR = ' / ';

/** Google's value of `attribute` for an option value, or null when the value cannot be one. */
function attributeValue(attribute: VariantAttribute, value: string): string | null {
  if (value === '') return null;
  if (attribute === 'age_group') return googleAgeGroup(value);
  if (attribute === 'gender') return googleGender(value);
  return cutOnWord(value, GOOGLE_LIMITS[attribute]).text;
}

/** The attributes a variant's option values give, over its product's own age group and gender. */
function variantAttributes(
  product: ProductForGrouping,
  attributeOf: readonly (VariantAttribute | null)[],
  options: readonly string[],
): VariantAttributes {
  const attributes: VariantAttributes = {
    size: null,
    color: null,
    material: null,
    pattern: null,
    age_group: product.ageGroup,
    gender: product.gender,
  };
  options.forEach((value, at) => {
    const attribute = attributeOf[at];
    if (attribute === 'age_group') attributes.age_group = googleAgeGroup(value);
    else if (attribute === 'gender') attributes.gender = googleGender(value);
    else if (attribute) attributes[attribute] = attributeValue(attribute, value);
  });
  return attributes;
}

/**
 * The attribute each option stands for, or null for an option that splits the product instead:
 * none of Google's attributes, an attribute an earlier option already gives, or an age group or
 * gender option with a value Google's list does not have.
 */
function optionAttributes(product: ProductForGrouping, values: string[][]): (VariantAttribute | null)[] {
  const taken = new Set<VariantAttribute>();
  return product.optionNames.map((name, index) => {
    const attribute = name ? variantAttributeOf(name) : null;
    if (attribute === null || taken.has(attribute)) return null;
    const readable = values.every((options) => attributeValue(attribute, options[index] ?? '') !== null);
    if ((attribute === 'age_group' || attribute === 'gender') && !readable) return null;
    taken.add(attribute);
    return attribute;
  });
}

/** A short, stable, ASCII group suffix for the values of the splitting options. */
function shortHash(text: string): string {
  return createHash('sha256').update(text).digest('hex').slice(0, 8);
}

/** The titles of a product's items: one cut of the product's title, then each variant's values. */
function titles(name: string, suffixes: readonly string[]): { titles: string[]; cut: boolean } {
  const longest = Math.max(0, ...suffixes.map(charLength));
  const room = Math.max(MIN_NAME_ROOM, GOOGLE_LIMITS.title - longest);
  const base = cutOnWord(name, room);
  return {
    titles: suffixes.map((suffix) => cutOnWord(base.text + suffix, GOOGLE_LIMITS.title).text),
    cut: base.cut,
  };
}

/** Whether `items` (one group's) hold a title twice, ignoring case. */
function repeatsTitle(items: readonly { title: string }[]): boolean {
  return new Set(items.map((item) => item.title.toLowerCase())).size < items.length;
}

/**
 * How each of `product`'s deliverable variants goes out, in the order given.
 * @returns one entry per variant of `product.variants`
 */
export function groupProductItems(product: ProductForGrouping): GroupedVariant[] {
  const values = product.variants.map((variant) =>
    [0, 1, 2].map((index) => oneLine(variant.options[index] ?? '')),
  );
  const attributeOf = optionAttributes(product, values);
  const splitting = attributeOf.flatMap((attribute, index) =>
    attribute === null && (product.optionNames[index] || values.some((options) => options[index] !== ''))
      ? [index]
      : [],
  );
  const several = product.variants.length > 1;
  const suffixes = values.map((options) => {
    const shown = options.filter((value) => value !== '');
    return several && shown.length > 0 ? TITLE_SEPARATOR + shown.join(VALUE_SEPARATOR) : '';
  });
  const named = titles(product.name, suffixes);

  const entries = product.variants.map((variant, index) => {
    const options = values[index] ?? [];
    const attributes = variantAttributes(product, attributeOf, options);
    const shapeValues = VARIANT_ATTRIBUTES.map((name) => attributes[name]?.toLowerCase() ?? '');
    return {
      variantId: variant.id,
      attributes,
      split: splitting.map((at) => (options[at] ?? '').toLowerCase()).join('\u001f'),
      shape: shapeValues.join('\u001f'),
      hasAttributes: shapeValues.some((value) => value !== ''),
      title: named.titles[index] ?? '',
    };
  });

  // Per combination of the splitting options, the variants Google's attributes tell apart.
  const groupOf = new Map<number, string>();
  for (const split of new Set(entries.map((entry) => entry.split))) {
    const siblings = entries.filter((entry) => entry.split === split);
    const members = siblings.filter(
      (entry) => entry.hasAttributes && siblings.filter((other) => other.shape === entry.shape).length === 1,
    );
    if (members.length < 2 || repeatsTitle(members)) continue;
    const id = splitting.length === 0 ? `p${product.id}` : `p${product.id}-${shortHash(split)}`;
    for (const member of members) groupOf.set(member.variantId, id);
  }
  return entries.map((entry) => ({
    variantId: entry.variantId,
    itemGroupId: groupOf.get(entry.variantId) ?? null,
    attributes: entry.attributes,
    title: entry.title,
    titleCut: named.cut,
  }));
}
