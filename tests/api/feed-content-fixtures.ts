/**
 * Catalogue rows for the feed content and diagnostics tests (issue 12), inserted directly with
 * Drizzle so each test states exactly what a real store's export left in the catalogue (variants,
 * inventory, compare-at prices, barcodes, images, statuses), plus feeds and a parser that reads a
 * delivered feed's XML or CSV back as items the feed validator takes.
 */
import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import type { ProductStatus } from '@/api/schemas/shop';
import { optionKey } from '../../server/catalogue/variant-key';
import type { Db } from '../../server/db/open';
import type { InventoryPolicy } from '../../server/db/schema';
import {
  brands,
  feedProducts,
  feeds,
  productAssets,
  products,
  productVariants,
} from '../../server/db/schema';
import type { GoogleItem } from '../../server/feeds/feed-validator';

/** One variant; unset fields are a tracked, in-stock, untracked-image variant priced 10.00. */
export interface VariantSpec {
  sku?: string | null;
  /** Minor units. */
  price?: number;
  compareAtPrice?: number | null;
  barcode?: string | null;
  options?: readonly (string | null)[];
  tracker?: string | null;
  policy?: InventoryPolicy;
  quantity?: number | null;
  image?: string | null;
  /** Archived by an import at this time (gone from the shop's export). */
  archivedAt?: Date;
}

/** One product with its variants (by position) and images (the first primary). */
export interface ProductSpec {
  handle: string;
  name: string;
  html?: string;
  brand?: string;
  status?: ProductStatus;
  /** Published on the online store; true unless said. */
  published?: boolean;
  giftCard?: boolean;
  productType?: string;
  googleProductCategory?: string | null;
  optionNames?: readonly (string | null)[];
  images?: readonly string[];
  variants: readonly VariantSpec[];
}

/** Inserts `spec`; resolves to the product id and its variant ids in the order given. */
export async function insertProduct(db: Db, spec: ProductSpec): Promise<{ id: number; variants: number[] }> {
  let brandId: number | null = null;
  if (spec.brand) {
    await db.insert(brands).values({ name: spec.brand }).onConflictDoNothing();
    const [brand] = await db.select({ id: brands.id }).from(brands).where(eq(brands.name, spec.brand));
    brandId = brand?.id ?? null;
  }
  const [product] = await db
    .insert(products)
    .values({
      handle: spec.handle,
      name: spec.name,
      description_html: spec.html ?? `<p>${spec.name}</p>`,
      brand_id: brandId,
      status: spec.status ?? 'active',
      published: spec.published ?? true,
      gift_card: spec.giftCard ?? false,
      product_type: spec.productType ?? '',
      google_product_category: spec.googleProductCategory ?? null,
      option1_name: spec.optionNames?.[0] ?? null,
      option2_name: spec.optionNames?.[1] ?? null,
      option3_name: spec.optionNames?.[2] ?? null,
    })
    .returning({ id: products.id });
  if (!product) throw new Error('product not inserted');
  const images = spec.images ?? [];
  if (images.length > 0) {
    await db.insert(productAssets).values(
      images.map((src, index) => ({
        product_id: product.id,
        src,
        thumbnail_50: src,
        position: index + 1,
        is_primary: index === 0,
      })),
    );
  }
  const rows = await db
    .insert(productVariants)
    .values(
      spec.variants.map((variant, index) => ({
        product_id: product.id,
        sku: variant.sku === undefined ? `${spec.handle}-${index + 1}` : variant.sku,
        option_key: optionKey(variant.options ?? [`Option ${index + 1}`]),
        price: variant.price ?? 1000,
        compare_at_price: variant.compareAtPrice ?? null,
        barcode: variant.barcode ?? null,
        option1: variant.options?.[0] ?? (variant.options ? null : `Option ${index + 1}`),
        option2: variant.options?.[1] ?? null,
        option3: variant.options?.[2] ?? null,
        position: index + 1,
        inventory_tracker: variant.tracker === undefined ? 'shopify' : variant.tracker,
        inventory_policy: variant.policy ?? 'deny',
        inventory_quantity: variant.quantity === undefined ? 5 : variant.quantity,
        image_src: variant.image ?? null,
        archived: variant.archivedAt !== undefined,
        archived_at: variant.archivedAt ?? null,
      })),
    )
    .returning({ id: productVariants.id });
  return { id: product.id, variants: rows.map((row) => row.id) };
}

/** Inserts a feed named `name` of `userId` holding `productIds`; resolves to its id. */
export async function insertFeed(db: Db, name: string, userId: number, productIds: readonly number[]) {
  const [feed] = await db.insert(feeds).values({ name, user_id: userId }).returning({ id: feeds.id });
  if (!feed) throw new Error('feed not inserted');
  if (productIds.length > 0) {
    await db.insert(feedProducts).values(productIds.map((id) => ({ feed_id: feed.id, product_id: id })));
  }
  return feed.id;
}

/** A parsed RSS feed: channel fields and each item's `g:` attributes without the prefix. */
export interface ParsedXmlFeed {
  channel: Record<string, unknown>;
  items: GoogleItem[];
}

/**
 * Parses `body` with a real XML parser after checking it is well-formed.
 * @throws Error with the parser's message when it is not well-formed
 */
export function parseFeedXml(body: string): ParsedXmlFeed {
  const wellFormed = XMLValidator.validate(body);
  if (wellFormed !== true) throw new Error(`not well-formed XML: ${wellFormed.err.msg}`);
  const doc = new XMLParser({
    ignoreAttributes: false,
    parseTagValue: false,
    isArray: (name) => name === 'item' || name === 'g:additional_image_link',
  }).parse(body) as { rss: { channel: Record<string, unknown> & { item?: Record<string, unknown>[] } } };
  const { item = [], ...channel } = doc.rss.channel;
  const items = item.map((element) =>
    Object.fromEntries(
      Object.entries(element).map(([name, value]) => [name.replace(/^g:/, ''), value as string | string[]]),
    ),
  );
  return { channel, items };
}

/** Parses a delivered CSV feed into items, an empty cell as an absent attribute. */
export function parseFeedCsv(body: string): GoogleItem[] {
  const rows = parse(body, { columns: true }) as Record<string, string>[];
  return rows.map((row) => Object.fromEntries(Object.entries(row).filter(([, value]) => value !== '')));
}
