/**
 * A check of feed items against Google Merchant Center's product data specification
 * (https://support.google.com/merchants/answer/7052112), as far as this product's feeds use it
 * (issues 12 and 26): required attributes, lengths, formats, identifiers and characters XML 1.0
 * forbids item by item, then what Google checks across items: unique ids, and item groups whose
 * members Google can tell apart. It reads items as Google does (attribute name → text), so the
 * same check runs on the JSON document's items, on a parsed XML feed and on a parsed CSV feed. The
 * tests run every delivered item through it, and the diagnostics report what it finds as `errors`.
 * Each rule names the help page it comes from (support.google.com/merchants/answer/<number>).
 */
import { DESCRIPTION_LIMIT, charLength, hasXmlForbidden } from './feed-text';
import { GTIN_PROBLEM_TEXTS, gtinProblem } from './gtin';

/** One item as Google reads it: attribute name (without `g:`) → its text, or texts when repeated. */
export type GoogleItem = Readonly<Partial<Record<string, string | readonly string[]>>>;

/** One problem Google would reject an item for. */
export interface FeedItemError {
  /** The item's id, or '#n' (1-based position) when it has none. */
  item_id: string;
  /** Google's attribute name. */
  attribute: string;
  message: string;
}

/** Google's limits, in characters unless said otherwise (product data specification). */
export const GOOGLE_LIMITS = {
  id: 50,
  item_group_id: 50,
  title: 150,
  description: DESCRIPTION_LIMIT,
  brand: 70,
  size: 100,
  color: 100,
  material: 200,
  pattern: 100,
  product_type: 750,
  link: 2000,
  image_link: 2000,
  /** A number of URLs. */
  additional_image_link: 10,
} as const;

const REQUIRED = ['id', 'title', 'description', 'link', 'image_link', 'availability', 'price'] as const;
const AVAILABILITIES = ['in_stock', 'out_of_stock', 'preorder', 'backorder'];
const CONDITIONS = ['new', 'refurbished', 'used'];
/** age_group (answer 6324463) and gender (answer 6324479) take only these values. */
const AGE_GROUPS = ['newborn', 'infant', 'toddler', 'kids', 'adult'];
const GENDERS = ['male', 'female', 'unisex'];
/** What the variants of one item group may differ by (item_group_id, answer 6324507). */
const VARIANT_ATTRIBUTES = ['size', 'color', 'material', 'pattern', 'age_group', 'gender'] as const;
/**
 * Google's apparel categories whose items need both color (answer 6324487: "required for all
 * apparel products") and size (answer 6324492: required for clothing and shoes): the taxonomy paths
 * of Clothing and Shoes, by text or by id (1604 Clothing, 187 Shoes).
 */
const APPAREL_SIZED = /^\s*(1604|187|apparel & accessories\s*>\s*(clothing|shoes))\b/i;
const LENGTH_CHECKED = [
  'id',
  'item_group_id',
  'title',
  'description',
  'brand',
  'size',
  'color',
  'material',
  'pattern',
  'product_type',
  'link',
  'image_link',
] as const;
/** Google's price text: an amount with at most two decimals, a space, an ISO 4217 code. */
const PRICE = /^(\d+(?:\.\d{1,2})?) ([A-Z]{3})$/;

function texts(value: string | readonly string[] | undefined): readonly string[] {
  if (value === undefined) return [];
  return typeof value === 'string' ? [value] : value;
}

/** Repeated attributes in a text feed are one comma-separated field. */
function repeated(value: string | readonly string[] | undefined): string[] {
  return texts(value)
    .flatMap((text) => text.split(','))
    .map((text) => text.trim())
    .filter((text) => text !== '');
}

/** An absolute http(s) URL on a dotted host name ('https://https://shop...' has the host 'https'). */
function isWebUrl(text: string): boolean {
  if (/\s/.test(text) || !URL.canParse(text)) return false;
  const url = new URL(text);
  return (url.protocol === 'https:' || url.protocol === 'http:') && /[^.]\.[^.]/.test(url.hostname);
}

function parsePrice(text: string): { amount: number; currency: string } | null {
  const match = PRICE.exec(text);
  return match ? { amount: Number(match[1]), currency: match[2] ?? '' } : null;
}

/** The problems of one item, without the checks across items. */
function itemErrors(item: GoogleItem, itemId: string): FeedItemError[] {
  const errors: FeedItemError[] = [];
  const fail = (attribute: string, message: string) => errors.push({ item_id: itemId, attribute, message });
  const one = (name: string): string | undefined => {
    const value = texts(item[name])[0]?.trim();
    return value === '' ? undefined : value;
  };

  for (const name of REQUIRED) if (one(name) === undefined) fail(name, `${name} is required`);
  for (const [name, value] of Object.entries(item)) {
    const values = texts(value);
    if (values.length > 1 && name !== 'additional_image_link') {
      fail(name, `${name} is given ${values.length} times; it takes one value`);
    }
    if (values.some(hasXmlForbidden)) fail(name, `${name} holds a control character that XML 1.0 forbids`);
  }
  for (const name of LENGTH_CHECKED) {
    const value = one(name);
    if (value !== undefined && charLength(value) > GOOGLE_LIMITS[name]) {
      fail(name, `${name} is ${charLength(value)} characters; at most ${GOOGLE_LIMITS[name]}`);
    }
  }

  for (const name of ['link', 'image_link'] as const) {
    const value = one(name);
    if (value !== undefined && !isWebUrl(value)) fail(name, `${name} must be an absolute http(s) URL`);
  }
  const extraImages = repeated(item.additional_image_link);
  if (extraImages.length > GOOGLE_LIMITS.additional_image_link) {
    fail('additional_image_link', `${extraImages.length} additional images; at most 10`);
  }
  if (extraImages.some((url) => !isWebUrl(url))) {
    fail('additional_image_link', 'every additional_image_link must be an absolute http(s) URL');
  }

  const availability = one('availability');
  if (availability !== undefined && !AVAILABILITIES.includes(availability)) {
    fail('availability', `availability must be one of ${AVAILABILITIES.join(', ')}`);
  }
  const condition = one('condition');
  if (condition !== undefined && !CONDITIONS.includes(condition)) {
    fail('condition', `condition must be one of ${CONDITIONS.join(', ')}`);
  }
  for (const [name, allowed] of [
    ['age_group', AGE_GROUPS],
    ['gender', GENDERS],
  ] as const) {
    const value = one(name);
    if (value !== undefined && !allowed.includes(value))
      fail(name, `${name} must be one of ${allowed.join(', ')}`);
  }

  const priceText = one('price');
  const price = priceText === undefined ? null : parsePrice(priceText);
  if (priceText !== undefined && price === null) {
    fail('price', `price must read like '12.34 EUR' (got '${priceText}')`);
  } else if (price !== null && price.amount <= 0) {
    fail('price', 'price must be above 0');
  }
  const saleText = one('sale_price');
  if (saleText !== undefined) {
    const sale = parsePrice(saleText);
    if (sale === null) fail('sale_price', `sale_price must read like '12.34 EUR' (got '${saleText}')`);
    else if (sale.amount <= 0) fail('sale_price', 'sale_price must be above 0');
    else if (price !== null && sale.currency !== price.currency) {
      fail('sale_price', 'sale_price must be in the currency of price');
    } else if (price !== null && sale.amount >= price.amount) {
      fail('sale_price', 'sale_price must be below price');
    }
  }

  // gtin (answer 6324461): a GTIN-8/12/13/14 with its check digit; identifier_exists (answer
  // 6324478): 'no' only for a product without a GTIN, never beside one.
  const gtin = one('gtin');
  if (gtin !== undefined) {
    const problem = gtinProblem(gtin);
    if (problem) fail('gtin', `gtin ${GTIN_PROBLEM_TEXTS[problem]}`);
  }
  const identifierExists = one('identifier_exists');
  if (identifierExists !== undefined && identifierExists !== 'yes' && identifierExists !== 'no') {
    fail('identifier_exists', "identifier_exists must be 'yes' or 'no'");
  } else if (gtin === undefined && identifierExists !== 'no') {
    fail('identifier_exists', "identifier_exists must be 'no' when there is no gtin");
  } else if (gtin !== undefined && identifierExists === 'no') {
    fail('identifier_exists', "identifier_exists must not be 'no' when a gtin is given");
  }
  return errors;
}

interface GroupMember {
  id: string;
  /** Which variant attributes the item gives, e.g. 'size, color'. */
  shape: string;
  /** Its variant attributes' values, lower-cased (Google does not tell values apart by case). */
  values: string[];
  title: string;
  brand: string;
  category: string;
}

/** The errors of one item group's members, read in feed order. */
function groupErrors(group: string, members: readonly GroupMember[]): FeedItemError[] {
  const errors: FeedItemError[] = [];
  const fail = (member: GroupMember, attribute: string, message: string) =>
    errors.push({ item_id: member.id, attribute, message });
  const first = members[0];
  if (!first) return errors;
  members.forEach((member, index) => {
    const earlier = members.slice(0, index);
    // answer 6324507: the variants of a group all submit the attributes they vary by.
    if (member.shape !== first.shape) {
      fail(
        member,
        'item_group_id',
        `items of group ${group} give different variant attributes ([${first.shape}] and [${member.shape}])`,
      );
    }
    // answer 6324507: "Each variant must differ from other variants in the item group."
    const key = member.values.join('\u001f');
    const twin = earlier.find((other) => other.values.join('\u001f') === key);
    if (twin) {
      fail(
        member,
        'item_group_id',
        `item of group ${group} has the same variant attributes as ${twin.id} (${member.values.filter((value) => value !== '').join(' ') || 'none'}); Google cannot tell them apart`,
      );
    }
    // answer 6324415: a variant's title carries what sets it apart; two equal titles in a group say it does not.
    const sameTitle = earlier.find((other) => other.title.toLowerCase() === member.title.toLowerCase());
    if (sameTitle) fail(member, 'title', `title is also the title of ${sameTitle.id} in group ${group}`);
    // answer 6324507: "the brand attribute should be the same across variants".
    if (member.brand !== first.brand)
      fail(member, 'brand', `brand differs from ${first.id} in group ${group}`);
    if (APPAREL_SIZED.test(member.category)) {
      for (const name of ['color', 'size'] as const) {
        if (!member.shape.split(', ').includes(name)) {
          fail(
            member,
            name,
            `${name} is required for the variants of apparel (google_product_category ${member.category})`,
          );
        }
      }
    }
  });
  return errors;
}

/**
 * Every problem of `items`, item by item in order, then the checks across items: ids unique
 * (answer 6324405; Google does not tell ids apart by case) and, per item_group_id (answer
 * 6324507), members that give the same variant attributes, differ by them, have distinct titles
 * and one brand, and carry color and size in an apparel category.
 * @returns an empty list when Google would accept every item
 */
export function validateFeedItems(items: readonly GoogleItem[]): FeedItemError[] {
  const ids = items.map((item, index) => {
    const id = texts(item.id)[0]?.trim();
    return id ? id : `#${index + 1}`;
  });
  const errors = items.flatMap((item, index) => itemErrors(item, ids[index] ?? ''));

  const seen = new Map<string, number>();
  ids.forEach((id, index) => {
    const key = id.toLowerCase();
    const first = seen.get(key);
    if (first === undefined) seen.set(key, index);
    else errors.push({ item_id: id, attribute: 'id', message: `id is also used by item #${first + 1}` });
  });

  const groups = new Map<string, GroupMember[]>();
  items.forEach((item, index) => {
    const group = texts(item.item_group_id)[0]?.trim();
    if (!group) return;
    const value = (name: string) => texts(item[name])[0]?.trim() ?? '';
    const member: GroupMember = {
      id: ids[index] ?? '',
      shape: VARIANT_ATTRIBUTES.filter((name) => value(name) !== '').join(', '),
      values: VARIANT_ATTRIBUTES.map((name) => value(name).toLowerCase()),
      title: value('title'),
      brand: value('brand').toLowerCase(),
      category: value('google_product_category'),
    };
    const key = group.toLowerCase();
    const members = groups.get(key);
    if (members) members.push(member);
    else groups.set(key, [member]);
  });
  for (const [group, members] of groups) errors.push(...groupErrors(group, members));
  return errors;
}
