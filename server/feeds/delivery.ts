/**
 * What the feed delivery API sends (ARCHITECTURE.md §4, "Sync vs feeds"): a feed's active
 * catalogue products priced with its customer's discount_rate, as JSON, CSV or Google Merchant
 * Center RSS 2.0. Pure rendering plus one loader; the route (server/routes/feed-delivery.ts) does
 * the token check.
 */
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { DeliveredFeed, DeliveredProduct } from '@/api/schemas/feed-delivery';
import type { Db } from '../db/open';
import { brands, feedProducts, feeds, productAssets, products, productVariants, users } from '../db/schema';

/** Spec §9: feed product prices are in € (the editor shows price / 100 in €). */
export const FEED_CURRENCY = 'EUR';
/** Google Merchant Center's namespace for the `g:` elements. */
export const GOOGLE_NAMESPACE = 'http://base.google.com/ns/1.0';
/** Google's limit on a description, in characters. */
const DESCRIPTION_LIMIT = 5000;

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** The catalogue's HTML body as plain text: tags dropped, common entities decoded, spaces collapsed. */
export function htmlToText(html: string): string {
  return html
    .replace(/<(br|\/p|\/li|\/h\d)\s*\/?>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#\d+|#x[0-9a-f]+|\w+);/gi, (entity, code: string) => {
      if (code.startsWith('#x') || code.startsWith('#X'))
        return String.fromCodePoint(parseInt(code.slice(2), 16));
      if (code.startsWith('#')) return String.fromCodePoint(Number(code.slice(1)));
      return ENTITIES[code.toLowerCase()] ?? entity;
    })
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, DESCRIPTION_LIMIT);
}

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

/**
 * Loads feed `feedId` as delivered: its products whose catalogue status is active (drafts and
 * archived products are not for sale), by id, each with its first variant, brand and primary image.
 * Relative image paths and product links are made absolute with `origin` (e.g.
 * 'https://feeds.example.com'); product links point at the customer's Shopify store when it has a
 * domain. Resolves to null when the feed does not exist.
 */
export async function loadDeliveredFeed(
  db: Db,
  feedId: number,
  origin: string,
): Promise<DeliveredFeed | null> {
  const [feed] = await db
    .select({
      id: feeds.id,
      name: feeds.name,
      discountRate: users.discount_rate,
      shopifyDomain: users.shopify_domain,
    })
    .from(feeds)
    .leftJoin(users, eq(users.id, feeds.user_id))
    .where(eq(feeds.id, feedId));
  if (!feed) return null;
  const discountRate = feed.discountRate ?? 0;

  const rows = await db
    .select({
      id: products.id,
      handle: products.handle,
      name: products.name,
      descriptionHtml: products.description_html,
      brand: brands.name,
    })
    .from(feedProducts)
    .innerJoin(products, eq(products.id, feedProducts.product_id))
    .leftJoin(brands, eq(brands.id, products.brand_id))
    .where(sql`${feedProducts.feed_id} = ${feedId} and ${products.status} = 'active'`)
    .orderBy(asc(products.id));
  const ids = rows.map((row) => row.id);
  const [variantRows, imageRows] =
    ids.length === 0
      ? [[], []]
      : await Promise.all([
          db
            .selectDistinctOn([productVariants.product_id], {
              productId: productVariants.product_id,
              sku: productVariants.sku,
              price: productVariants.price,
              barcode: productVariants.barcode,
              quantity: productVariants.inventory_quantity,
            })
            .from(productVariants)
            .where(inArray(productVariants.product_id, ids))
            .orderBy(asc(productVariants.product_id), asc(productVariants.position), asc(productVariants.id)),
          db
            .selectDistinctOn([productAssets.product_id], {
              productId: productAssets.product_id,
              src: productAssets.src,
            })
            .from(productAssets)
            .where(inArray(productAssets.product_id, ids))
            .orderBy(
              asc(productAssets.product_id),
              sql`${productAssets.is_primary} desc`,
              asc(productAssets.position),
              asc(productAssets.id),
            ),
        ]);
  const variants = new Map(variantRows.map((row) => [row.productId, row]));
  const images = new Map(imageRows.map((row) => [row.productId, row.src]));
  const absolute = (path: string) => (/^https?:\/\//i.test(path) ? path : `${origin}${path}`);
  const store = feed.shopifyDomain ? `https://${feed.shopifyDomain}` : origin;

  const delivered: DeliveredProduct[] = rows.flatMap((row) => {
    const variant = variants.get(row.id);
    if (!variant) return [];
    const image = images.get(row.id);
    return [
      {
        id: variant.sku,
        product_id: row.id,
        title: row.name,
        description: htmlToText(row.descriptionHtml) || row.name,
        link: `${store}/products/${encodeURIComponent(row.handle)}`,
        image_link: image ? absolute(image) : null,
        availability: variant.quantity > 0 ? 'in_stock' : 'out_of_stock',
        price: discounted(variant.price, discountRate),
        list_price: variant.price,
        currency: FEED_CURRENCY,
        brand: row.brand,
        mpn: variant.sku,
        gtin: variant.barcode,
        condition: 'new',
      },
    ];
  });
  return {
    id: feed.id,
    name: feed.name,
    discount_rate: discountRate,
    currency: FEED_CURRENCY,
    products: delivered,
  };
}

/** Columns of the CSV form, named as Google Merchant Center names its attributes. */
export const CSV_COLUMNS = [
  'id',
  'title',
  'description',
  'link',
  'image_link',
  'availability',
  'price',
  'brand',
  'mpn',
  'gtin',
  'condition',
] as const;

function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

function attributes(product: DeliveredProduct): Record<(typeof CSV_COLUMNS)[number], string> {
  return {
    id: product.id,
    title: product.title,
    description: product.description,
    link: product.link,
    image_link: product.image_link ?? '',
    availability: product.availability,
    price: googlePrice(product.price, product.currency),
    brand: product.brand ?? '',
    mpn: product.mpn,
    gtin: product.gtin ?? '',
    condition: product.condition,
  };
}

/** The feed as CSV (RFC 4180, CRLF line ends): a CSV_COLUMNS header and one row per product. */
export function renderFeedCsv(feed: DeliveredFeed): string {
  const lines = [CSV_COLUMNS.join(',')];
  for (const product of feed.products) {
    const values = attributes(product);
    lines.push(CSV_COLUMNS.map((column) => csvField(values[column])).join(','));
  }
  return lines.join('\r\n') + '\r\n';
}

function xml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** Attributes Google lists as optional; left out of an item when empty. */
const OPTIONAL_ATTRIBUTES = new Set(['gtin']);

/**
 * The feed as Google Merchant Center RSS 2.0: a channel titled with the feed's name linking to
 * `channelLink`, one item per product with every `g:` attribute of CSV_COLUMNS (gtin only when the
 * product has a barcode).
 */
export function renderFeedXml(feed: DeliveredFeed, channelLink: string): string {
  const items = feed.products.map((product) => {
    const values = attributes(product);
    const fields = CSV_COLUMNS.filter((column) => values[column] !== '' || !OPTIONAL_ATTRIBUTES.has(column))
      .map((column) => `<g:${column}>${xml(values[column])}</g:${column}>`)
      .join('');
    return `<item>${fields}</item>`;
  });
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<rss version="2.0" xmlns:g="${GOOGLE_NAMESPACE}"><channel>` +
    `<title>${xml(feed.name)}</title><link>${xml(channelLink)}</link>` +
    `<description>${xml(`Product feed ${feed.id}: ${feed.products.length} products, prices in ${feed.currency}`)}</description>` +
    `${items.join('\n')}</channel></rss>\n`
  );
}
