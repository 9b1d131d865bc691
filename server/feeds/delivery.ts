/**
 * What the feed delivery API sends (ARCHITECTURE.md §4 "Sync vs feeds", "The customer's store",
 * "Google judges items together"; issues 12 and 26): one item per deliverable variant of a feed's
 * products, priced with the customer's discount_rate. One loader (a few queries per feed, not one
 * per product) that maps catalogue rows to items; the renderers (feed-renderers.ts) write them as
 * JSON, CSV or Google Merchant Center RSS 2.0, the route (server/routes/feed-delivery.ts) checks the
 * token, and the diagnostics (diagnostics.ts) read the same build, so what the admin sees is what
 * is sent. Whether a product or variant is delivered and its availability come from item-rules.ts,
 * how variants are grouped and titled from item-groups.ts.
 */
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { DeliveredFeed, DeliveredItem } from '@/api/schemas/feed-delivery';
import { shopDomainHost } from '@/api/schemas/users';
import type { DIAGNOSTIC_WARNINGS, DiagnosticItem } from '@/api/schemas/feed-diagnostics';
import type { ExclusionReason } from '@/api/schemas/shop';
import type { Db } from '../db/open';
import { brands, feedProducts, feeds, productAssets, products, productVariants, users } from '../db/schema';
import { loadStoreMapping, storeExclusion } from '../shopify/feed-store';
import type { StoreCounts } from '../shopify/feed-store';
import { cutOnWord, DESCRIPTION_LIMIT, descriptionFromHtml, oneLine, xmlSafe } from './feed-text';
import { GOOGLE_LIMITS } from './feed-validator';
import { deliverableGtin } from './gtin';
import { groupProductItems } from './item-groups';
import { availabilityOf, productExclusion, quantityUnknown, variantExclusion } from './item-rules';
import { googleAgeGroup, googleGender } from './variant-attributes';

/** `price` (minor units) less `discountRate` percent, rounded to the nearest minor unit. */
export function discounted(price: number, discountRate: number): number {
  return Math.round((price * (100 - discountRate)) / 100);
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

/** `text` on one line, cut on a word to `max` characters, or null when empty. */
function attribute(text: string | null, max: number): string | null {
  const value = oneLine(text ?? '');
  return value === '' ? null : cutOnWord(value, max).text;
}

/** The value of a `Google Shopping / <name>` column, whatever the case of its header. */
function googleShoppingValue(values: Record<string, string>, name: string): string {
  return Object.entries(values).find(([key]) => key.toLowerCase() === name)?.[1] ?? '';
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
  /** Variants of delivered products that an import archived (gone from the shop's export). */
  archived: { item: DiagnosticItem; optionValues: string[]; archivedAt: Date | null }[];
  /** Delivered items Google may warn about. */
  warnings: { code: DiagnosticWarning; item: DiagnosticItem }[];
  /** The feed's customer, null when it has none. */
  userId: number | null;
  /** The items as the customer's synced store left them; null when it was never synced (issue 29). */
  store: StoreCounts | null;
}

/** A variant row as the build reads it. */
interface VariantRow {
  id: number;
  price: number;
  inventoryTracker: string | null;
  inventoryPolicy: 'deny' | 'continue';
  inventoryQuantity: number | null;
}

/**
 * The variant a product page shows when its link selects none: Shopify's storefront opens on the
 * first variant by position that is available, else on the first (`selected_or_first_available_variant`).
 */
function landingVariant<T extends VariantRow>(variants: readonly T[]): T | undefined {
  return variants.find((variant) => availabilityOf(variant) === 'in_stock') ?? variants[0];
}

/**
 * Builds feed `feedId` as delivered, in four queries (and the store mapping's, issue 29). Per
 * product (by id): a product excluded by productExclusion, or by the customer's synced store
 * (storeExclusion), is left out as a whole; otherwise each of its variants not archived, by
 * position, is an item unless variantExclusion excludes it, grouped and titled by
 * groupProductItems. Relative image paths are made absolute on `publicUrl`; links go to the
 * product's page in the customer's Shopify store, or on `publicUrl` when the customer has no usable
 * domain (ARCHITECTURE.md §4 "The customer's store"). A variant the synced store matched selects
 * the store's own variant (`?variant={id}`); one it did not match is a `variant_not_in_store`
 * warning; a link without `?variant=` whose item's price or availability differs from the variant
 * that page opens on is a `landing_variant` warning. Resolves to null when the feed does not exist.
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
        includeUnpublished: feeds.include_unpublished,
        userId: feeds.user_id,
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
        published: products.published,
        giftCard: products.gift_card,
        productType: products.product_type,
        googleProductCategory: products.google_product_category,
        googleShopping: products.google_shopping,
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
        archived: productVariants.archived,
        archivedAt: productVariants.archived_at,
      })
      .from(productVariants)
      .where(inArray(productVariants.product_id, selected))
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
  // Issue 29: the customer's synced store decides which products have a page and which variant a link selects.
  const mapping =
    feed.userId === null || host === null
      ? null
      : await loadStoreMapping(
          db,
          feed.userId,
          productRows.map((row) => row.id),
        );
  const storeCounts: StoreCounts | null = mapping && { mapped: 0, unmapped: 0, excluded: 0 };

  const items: DeliveredItem[] = [];
  const excluded: FeedBuild['excluded'] = [];
  const archived: FeedBuild['archived'] = [];
  const warnings: FeedBuild['warnings'] = [];
  let deliverableProductCount = 0;
  for (const product of productRows) {
    const productName = oneLine(product.name);
    const named = (variant: { id: number; sku: string | null } | null): DiagnosticItem => ({
      product_id: product.id,
      product_name: productName,
      variant_id: variant?.id ?? null,
      sku: variant?.sku == null ? null : xmlSafe(variant.sku),
    });
    const productReason =
      productExclusion(
        {
          status: product.status,
          giftCard: product.giftCard,
          name: productName,
          published: product.published,
        },
        { includeUnpublished: feed.includeUnpublished },
      ) ??
      (mapping && storeExclusion(mapping, product.id, { includeUnpublished: feed.includeUnpublished }));
    const images = (imagesOf.get(product.id) ?? []).map((row) => absoluteUrl(row.src, publicUrl));
    if (productReason) {
      excluded.push({ reason: productReason, item: named(null) });
      // The items the store's verdict alone leaves out: those the catalogue's rules would deliver.
      if (storeCounts && (productReason === 'not_in_store' || productReason === 'not_published_in_store'))
        storeCounts.excluded += (variantsOf.get(product.id) ?? []).filter(
          (variant) => !variant.archived && variantExclusion(variant, images.length > 0) === null,
        ).length;
      continue;
    }
    const current = (variantsOf.get(product.id) ?? []).filter((variant) => {
      if (variant.archived) {
        const optionValues = [variant.option1, variant.option2, variant.option3].flatMap((value) =>
          value === null || oneLine(value) === '' ? [] : [oneLine(value)],
        );
        archived.push({ item: named(variant), optionValues, archivedAt: variant.archivedAt });
      }
      return !variant.archived;
    });
    const deliverable = current.filter((variant) => {
      const reason = variantExclusion(variant, images.length > 0);
      if (reason) excluded.push({ reason, item: named(variant) });
      return reason === null;
    });
    if (deliverable.length === 0) continue;
    deliverableProductCount++;

    const description =
      descriptionFromHtml(product.descriptionHtml) ||
      attribute(product.seoDescription, DESCRIPTION_LIMIT) ||
      productName;
    const brand = attribute(product.brand, GOOGLE_LIMITS.brand);
    const productType = attribute(product.productType, GOOGLE_LIMITS.product_type);
    const category = oneLine(product.googleProductCategory ?? '') || null;
    const link = `${store}/products/${encodeURIComponent(product.handle)}`;
    const landing = landingVariant(current);
    const groups = groupProductItems({
      id: product.id,
      name: productName,
      optionNames: [product.option1Name, product.option2Name, product.option3Name],
      ageGroup: googleAgeGroup(googleShoppingValue(product.googleShopping, 'age group')),
      gender: googleGender(googleShoppingValue(product.googleShopping, 'gender')),
      variants: deliverable.map((variant) => ({
        id: variant.id,
        options: [variant.option1, variant.option2, variant.option3],
      })),
    });

    deliverable.forEach((variant, index) => {
      const group = groups[index];
      // groupProductItems answers once per variant it is given; reaching this is a bug there.
      if (!group) throw new Error(`variant ${variant.id} was not grouped`);
      const image = variant.imageSrc ? absoluteUrl(variant.imageSrc, publicUrl) : images[0];
      // variantExclusion leaves out variants without any image; reaching this is a bug in the rules.
      if (image === undefined) throw new Error(`variant ${variant.id} has no image but was not excluded`);
      const gtin = deliverableGtin(variant.barcode);
      const price = discounted(variant.price, discountRate);
      const compareAt =
        variant.compareAtPrice === null ? null : discounted(variant.compareAtPrice, discountRate);
      const onSale = compareAt !== null && compareAt > price;
      const availability = availabilityOf(variant);
      const item = named(variant);
      const storeVariantId = mapping?.variants.get(variant.id);
      // A product the last sync looked at (found, as it was not excluded) whose variant it did not match.
      const unmatched = storeVariantId === undefined && mapping?.products.has(product.id) === true;
      if (storeVariantId !== undefined && storeCounts) storeCounts.mapped++;
      if (unmatched && storeCounts) storeCounts.unmapped++;

      items.push({
        id: `v${variant.id}`,
        item_group_id: group.itemGroupId,
        product_id: product.id,
        variant_id: variant.id,
        sku: item.sku,
        title: group.title,
        description,
        link: storeVariantId === undefined ? link : `${link}?variant=${storeVariantId}`,
        image_link: image,
        additional_image_links: images
          .filter((src) => src !== image)
          .slice(0, GOOGLE_LIMITS.additional_image_link),
        availability,
        price: onSale ? compareAt : price,
        sale_price: onSale ? price : null,
        currency,
        brand,
        gtin,
        identifier_exists: gtin !== null,
        condition: 'new',
        ...group.attributes,
        product_type: productType,
        google_product_category: category,
      });
      if (quantityUnknown(variant)) warnings.push({ code: 'quantity_unknown', item });
      if (gtin === null) warnings.push({ code: 'no_gtin', item });
      if (group.titleCut) warnings.push({ code: 'title_truncated', item });
      if (unmatched) warnings.push({ code: 'variant_not_in_store', item });
      if (
        storeVariantId === undefined &&
        landing &&
        landing.id !== variant.id &&
        (landing.price !== variant.price ||
          landing.compareAtPrice !== variant.compareAtPrice ||
          availabilityOf(landing) !== availability)
      ) {
        warnings.push({ code: 'landing_variant', item });
      }
    });
  }
  return {
    feed: { id: feed.id, name: oneLine(feed.name), discount_rate: discountRate, currency, items },
    productCount: productRows.length,
    deliverableProductCount,
    excluded,
    archived,
    warnings,
    userId: feed.userId,
    store: storeCounts,
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
