/**
 * What the feed delivery API sends (ARCHITECTURE.md §4 "Sync vs feeds"; issue 12 "Delivery"): one
 * item per deliverable variant of a feed's products, priced with the customer's discount_rate, as
 * JSON, CSV or Google Merchant Center RSS 2.0. One loader (a few queries per feed, not one per
 * product) and pure renderers; the route (server/routes/feed-delivery.ts) checks the token, and the
 * diagnostics (diagnostics.ts) read the same build, so what the admin sees is what is sent.
 * Whether a product or variant is delivered and its availability come from item-rules.ts only.
 */
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { DeliveredFeed, DeliveredItem } from '@/api/schemas/feed-delivery';
import { shopDomainHost } from '@/api/schemas/users';
import type { DIAGNOSTIC_WARNINGS, DiagnosticItem } from '@/api/schemas/feed-diagnostics';
import type { ExclusionReason } from '@/api/schemas/shop';
import type { Db } from '../db/open';
import { brands, feedProducts, feeds, productAssets, products, productVariants, users } from '../db/schema';
import { charLength, cutOnWord, DESCRIPTION_LIMIT, descriptionFromHtml, xmlSafe } from './feed-text';
import { GOOGLE_LIMITS } from './feed-validator';
import { deliverableGtin } from './gtin';
import { availabilityOf, productExclusion, quantityUnknown, variantExclusion } from './item-rules';

/** Google Merchant Center's namespace for the `g:` elements. */
export const GOOGLE_NAMESPACE = 'http://base.google.com/ns/1.0';
const ATOM_NAMESPACE = 'http://www.w3.org/2005/Atom';

/** `price` (minor units) less `discountRate` percent, rounded to the nearest minor unit. */
export function discounted(price: number, discountRate: number): number {
  return Math.round((price * (100 - discountRate)) / 100);
}

/** Minor units as Google's price text: 1234 → '12.34 EUR'. */
export function googlePrice(minor: number, currency: string): string {
  return `${Math.floor(minor / 100)}.${String(minor % 100).padStart(2, '0')} ${currency}`;
}

/** The feed's id and customer, or null when there is no such feed. */
export async function findFeedOwner(
  db: Db,
  feedId: number,
): Promise<{ id: number; userId: number | null } | null> {
  const [row] = await db
    .select({ id: feeds.id, userId: feeds.user_id })
    .from(feeds)
    .where(eq(feeds.id, feedId));
  return row ?? null;
}

/** `src` (a remote URL or a path under /uploads) as an absolute URL on `publicUrl`. */
function absoluteUrl(src: string, publicUrl: string): string {
  try {
    return new URL(src.trim(), `${publicUrl}/`).href;
  } catch {
    return xmlSafe(src);
  }
}

type VariantAttribute = 'size' | 'color' | 'material' | 'pattern';

/** Option names Shopify merchants use for Google's variant attributes, lower-cased. */
const VARIANT_ATTRIBUTES: Readonly<Record<string, VariantAttribute>> = {
  size: 'size',
  colour: 'color',
  color: 'color',
  material: 'material',
  pattern: 'pattern',
};

/** One line of text: XML-forbidden characters removed and white space collapsed. */
function oneLine(text: string): string {
  return xmlSafe(text).replace(/\s+/g, ' ').trim();
}

/** `text` on one line, cut on a word to `max` characters, or null when empty. */
function attribute(text: string | null, max: number): string | null {
  const value = oneLine(text ?? '');
  return value === '' ? null : cutOnWord(value, max).text;
}

/**
 * A variant's title: the product's name, then (for a product delivered as several items) ' - ' and
 * the variant's option values, so Google can tell the variants apart. When too long, the name is
 * cut on a word and the option values kept.
 */
function itemTitle(name: string, optionValues: readonly string[]): { text: string; cut: boolean } {
  const suffix = optionValues.length > 0 ? ` - ${optionValues.join(' / ')}` : '';
  const room = GOOGLE_LIMITS.title - charLength(suffix);
  if (room < GOOGLE_LIMITS.title / 2) return cutOnWord(name + suffix, GOOGLE_LIMITS.title);
  const base = cutOnWord(name, room);
  return { text: base.text + suffix, cut: base.cut };
}

/** What sending a feed needs from the configuration. */
export interface DeliveryOptions {
  /** config.publicUrl: origin of relative image paths, and the links' fallback store. */
  publicUrl: string;
  /** config.catalogueCurrency: ISO 4217 code of the catalogue's prices. */
  currency: string;
}

export type DiagnosticWarning = (typeof DIAGNOSTIC_WARNINGS)[number];

/** A feed as built for delivery, with what the diagnostics report about it. */
export interface FeedBuild {
  feed: DeliveredFeed;
  /** Products the feed selects. */
  productCount: number;
  /** Products delivering at least one item. */
  deliverableProductCount: number;
  /** Never sent: a product as a whole (variant_id null) or one variant, with the reason. */
  excluded: { reason: ExclusionReason; item: DiagnosticItem }[];
  /** Delivered items Google may warn about. */
  warnings: { code: DiagnosticWarning; item: DiagnosticItem }[];
}

/**
 * Builds feed `feedId` as delivered, in four queries. Per product (by id): a product excluded by
 * productExclusion is left out as a whole; otherwise each of its variants not archived, by
 * position, is an item unless variantExclusion excludes it. Relative image paths are made absolute
 * on `publicUrl`; links go to the customer's Shopify store, or to `publicUrl` when the customer has
 * no usable domain. Resolves to null when the feed does not exist.
 */
export async function buildDeliveredFeed(
  db: Db,
  feedId: number,
  { publicUrl, currency }: DeliveryOptions,
): Promise<FeedBuild | null> {
  const selected = db
    .select({ id: feedProducts.product_id })
    .from(feedProducts)
    .where(eq(feedProducts.feed_id, feedId));
  const [[feed], productRows, variantRows, imageRows] = await Promise.all([
    db
      .select({
        id: feeds.id,
        name: feeds.name,
        discountRate: users.discount_rate,
        shopifyDomain: users.shopify_domain,
      })
      .from(feeds)
      .leftJoin(users, eq(users.id, feeds.user_id))
      .where(eq(feeds.id, feedId)),
    db
      .select({
        id: products.id,
        handle: products.handle,
        name: products.name,
        descriptionHtml: products.description_html,
        seoDescription: products.seo_description,
        status: products.status,
        giftCard: products.gift_card,
        productType: products.product_type,
        googleProductCategory: products.google_product_category,
        option1Name: products.option1_name,
        option2Name: products.option2_name,
        option3Name: products.option3_name,
        brand: brands.name,
      })
      .from(feedProducts)
      .innerJoin(products, eq(products.id, feedProducts.product_id))
      .leftJoin(brands, eq(brands.id, products.brand_id))
      .where(eq(feedProducts.feed_id, feedId))
      .orderBy(asc(products.id)),
    db
      .select({
        id: productVariants.id,
        productId: productVariants.product_id,
        sku: productVariants.sku,
        price: productVariants.price,
        compareAtPrice: productVariants.compare_at_price,
        barcode: productVariants.barcode,
        option1: productVariants.option1,
        option2: productVariants.option2,
        option3: productVariants.option3,
        inventoryTracker: productVariants.inventory_tracker,
        inventoryPolicy: productVariants.inventory_policy,
        inventoryQuantity: productVariants.inventory_quantity,
        imageSrc: productVariants.image_src,
      })
      .from(productVariants)
      .where(sql`${inArray(productVariants.product_id, selected)} and not ${productVariants.archived}`)
      .orderBy(asc(productVariants.product_id), asc(productVariants.position), asc(productVariants.id)),
    db
      .select({ productId: productAssets.product_id, src: productAssets.src })
      .from(productAssets)
      .where(inArray(productAssets.product_id, selected))
      .orderBy(
        asc(productAssets.product_id),
        sql`${productAssets.is_primary} desc`,
        asc(productAssets.position),
        asc(productAssets.id),
      ),
  ]);
  if (!feed) return null;
  const discountRate = feed.discountRate ?? 0;
  const variantsOf = groupBy(variantRows, (row) => row.productId);
  const imagesOf = groupBy(imageRows, (row) => row.productId);
  // Saving a user stores the bare host; rows saved before that rule may hold a pasted URL, which
  // is reduced to its host here rather than sent as 'https://https://...'.
  const host = shopDomainHost(feed.shopifyDomain ?? '');
  const store = host ? `https://${host}` : publicUrl;

  const items: DeliveredItem[] = [];
  const excluded: FeedBuild['excluded'] = [];
  const warnings: FeedBuild['warnings'] = [];
  let deliverableProductCount = 0;
  for (const product of productRows) {
    const productName = oneLine(product.name);
    const productReason = productExclusion({
      status: product.status,
      giftCard: product.giftCard,
      name: productName,
    });
    if (productReason) {
      excluded.push({
        reason: productReason,
        item: { product_id: product.id, product_name: productName, variant_id: null, sku: null },
      });
      continue;
    }
    const images = (imagesOf.get(product.id) ?? []).map((row) => absoluteUrl(row.src, publicUrl));
    const deliverable = (variantsOf.get(product.id) ?? []).filter((variant) => {
      const reason = variantExclusion(variant, images.length > 0);
      if (reason) {
        excluded.push({
          reason,
          item: {
            product_id: product.id,
            product_name: productName,
            variant_id: variant.id,
            sku: variant.sku === null ? null : xmlSafe(variant.sku),
          },
        });
      }
      return reason === null;
    });
    if (deliverable.length === 0) continue;
    deliverableProductCount++;

    const grouped = deliverable.length > 1;
    const description =
      descriptionFromHtml(product.descriptionHtml) ||
      attribute(product.seoDescription, DESCRIPTION_LIMIT) ||
      productName;
    const brand = attribute(product.brand, GOOGLE_LIMITS.brand);
    const productType = attribute(product.productType, GOOGLE_LIMITS.product_type);
    const category = oneLine(product.googleProductCategory ?? '') || null;
    const attributeOf = [product.option1Name, product.option2Name, product.option3Name].map((name) =>
      name ? VARIANT_ATTRIBUTES[name.trim().toLowerCase()] : undefined,
    );
    const path = `${store}/products/${encodeURIComponent(product.handle)}`;

    for (const variant of deliverable) {
      const values = [variant.option1, variant.option2, variant.option3];
      const attributes: Record<VariantAttribute, string | null> = {
        size: null,
        color: null,
        material: null,
        pattern: null,
      };
      values.forEach((value, index) => {
        const name = attributeOf[index];
        if (name && attributes[name] === null) attributes[name] = attribute(value, GOOGLE_LIMITS[name]);
      });
      const title = itemTitle(
        productName,
        grouped ? values.map((value) => oneLine(value ?? '')).filter((value) => value !== '') : [],
      );
      const image = variant.imageSrc ? absoluteUrl(variant.imageSrc, publicUrl) : images[0];
      // variantExclusion leaves out variants without any image; reaching this is a bug in the rules.
      if (image === undefined) throw new Error(`variant ${variant.id} has no image but was not excluded`);
      const gtin = deliverableGtin(variant.barcode);
      const price = discounted(variant.price, discountRate);
      const compareAt =
        variant.compareAtPrice === null ? null : discounted(variant.compareAtPrice, discountRate);
      const onSale = compareAt !== null && compareAt > price;
      const sku = variant.sku === null ? null : xmlSafe(variant.sku);

      items.push({
        id: `v${variant.id}`,
        item_group_id: grouped ? `p${product.id}` : null,
        product_id: product.id,
        variant_id: variant.id,
        sku,
        title: title.text,
        description,
        link: `${path}?variant=${variant.id}`,
        image_link: image,
        additional_image_links: images
          .filter((src) => src !== image)
          .slice(0, GOOGLE_LIMITS.additional_image_link),
        availability: availabilityOf(variant),
        price: onSale ? compareAt : price,
        sale_price: onSale ? price : null,
        currency,
        brand,
        gtin,
        identifier_exists: gtin !== null,
        condition: 'new',
        ...attributes,
        product_type: productType,
        google_product_category: category,
      });
      const named = { product_id: product.id, product_name: productName, variant_id: variant.id, sku };
      if (quantityUnknown(variant)) warnings.push({ code: 'quantity_unknown', item: named });
      if (gtin === null) warnings.push({ code: 'no_gtin', item: named });
      if (title.cut) warnings.push({ code: 'title_truncated', item: named });
    }
  }
  return {
    feed: { id: feed.id, name: oneLine(feed.name), discount_rate: discountRate, currency, items },
    productCount: productRows.length,
    deliverableProductCount,
    excluded,
    warnings,
  };
}

/** The feed as delivered (see buildDeliveredFeed), or null when it does not exist. */
export async function loadDeliveredFeed(
  db: Db,
  feedId: number,
  options: DeliveryOptions,
): Promise<DeliveredFeed | null> {
  return (await buildDeliveredFeed(db, feedId, options))?.feed ?? null;
}

function groupBy<T>(rows: readonly T[], key: (row: T) => number): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const row of rows) {
    const group = groups.get(key(row));
    if (group) group.push(row);
    else groups.set(key(row), [row]);
  }
  return groups;
}

/** Columns of the CSV form and elements of the XML form, named as Google names its attributes. */
export const GOOGLE_ATTRIBUTES = [
  'id',
  'item_group_id',
  'title',
  'description',
  'link',
  'image_link',
  'additional_image_link',
  'availability',
  'price',
  'sale_price',
  'brand',
  'gtin',
  'identifier_exists',
  'condition',
  'size',
  'color',
  'material',
  'pattern',
  'product_type',
  'google_product_category',
] as const;
export type GoogleAttribute = (typeof GOOGLE_ATTRIBUTES)[number];

/**
 * An item as Google reads it: each attribute that has a value as text (prices as '12.34 EUR',
 * identifier_exists 'yes' or 'no'), additional_image_link as a list. The CSV and XML forms and the
 * validator all use this one mapping.
 */
export function googleAttributes(item: DeliveredItem): Partial<Record<GoogleAttribute, string | string[]>> {
  const present = (value: string | null) => value ?? undefined;
  return {
    id: item.id,
    item_group_id: present(item.item_group_id),
    title: item.title,
    description: item.description,
    link: item.link,
    image_link: item.image_link,
    additional_image_link: item.additional_image_links.length > 0 ? item.additional_image_links : undefined,
    availability: item.availability,
    price: googlePrice(item.price, item.currency),
    sale_price: item.sale_price === null ? undefined : googlePrice(item.sale_price, item.currency),
    brand: present(item.brand),
    gtin: present(item.gtin),
    identifier_exists: item.identifier_exists ? 'yes' : 'no',
    condition: item.condition,
    size: present(item.size),
    color: present(item.color),
    material: present(item.material),
    pattern: present(item.pattern),
    product_type: present(item.product_type),
    google_product_category: present(item.google_product_category),
  };
}

function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/**
 * The feed as CSV (RFC 4180, CRLF line ends; Google reads it with quoted fields): a header of
 * GOOGLE_ATTRIBUTES and one row per item, an absent attribute empty, additional_image_link's URLs
 * separated by commas (Google's form for a repeated attribute in a text feed).
 */
export function renderFeedCsv(feed: DeliveredFeed): string {
  const lines = [GOOGLE_ATTRIBUTES.join(',')];
  for (const item of feed.items) {
    const values = googleAttributes(item);
    lines.push(
      GOOGLE_ATTRIBUTES.map((name) => {
        const value = values[name];
        return csvField(Array.isArray(value) ? value.join(',') : (value ?? ''));
      }).join(','),
    );
  }
  return lines.join('\r\n') + '\r\n';
}

/** `text` as XML character data or attribute value, without characters XML 1.0 forbids. */
function xml(text: string): string {
  return xmlSafe(text)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/**
 * The feed as Google Merchant Center RSS 2.0: a channel titled with the feed's name whose link and
 * atom self link are `selfLink` (built on PUBLIC_URL, never on the request's Host header), and one
 * `<item>` per item with a `g:` element per attribute that has a value (additional_image_link
 * repeated).
 */
export function renderFeedXml(feed: DeliveredFeed, selfLink: string): string {
  const items = feed.items.map((item) => {
    const values = googleAttributes(item);
    const fields = GOOGLE_ATTRIBUTES.flatMap((name) => {
      const value = values[name];
      if (value === undefined) return [];
      return (Array.isArray(value) ? value : [value]).map((text) => `<g:${name}>${xml(text)}</g:${name}>`);
    });
    return `<item>${fields.join('')}</item>`;
  });
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<rss version="2.0" xmlns:g="${GOOGLE_NAMESPACE}" xmlns:atom="${ATOM_NAMESPACE}"><channel>` +
    `<title>${xml(feed.name)}</title><link>${xml(selfLink)}</link>` +
    `<description>${xml(`Product feed ${feed.id}: ${feed.items.length} items, prices in ${feed.currency}`)}</description>` +
    `<atom:link href="${xml(selfLink)}" rel="self" type="application/rss+xml"/>\n` +
    `${items.join('\n')}</channel></rss>\n`
  );
}
