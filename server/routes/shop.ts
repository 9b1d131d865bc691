/**
 * The shop's catalogue for the feed editor under /api/backoffice/shop (spec §7 /shop/categories,
 * /shop/products; §3 "Shop product"); Admin only, by the guard.
 */
import { asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { UserType } from '@/api/schemas/common';
import { ShopCategories, ShopProducts } from '@/api/schemas/shop';
import type { ShopProduct, ShopVariant } from '@/api/schemas/shop';
import type { AppServices } from '../app';
import type { Db } from '../db/open';
import { brands, productAssets, products, productVariants, users } from '../db/schema';
import { availabilityOf, productExclusion, variantExclusion } from '../feeds/item-rules';
import { sendWithEtag } from '../http/etag';
import { defineRoute } from '../http/route';

/**
 * Every catalogue product that has at least one current (not archived) variant, by id (issue 11
 * "Shop contract"): its brand id, Shopify status, option names, current variants by position then
 * id (prices in minor units), `variant` = the first of them, images (primary first), and why it or
 * each variant is never delivered, decided by server/feeds/item-rules.ts as the delivery decides it.
 * Three queries and one pass over their rows, so thousands of products stay one quick answer.
 */
export async function listShopProducts(db: Db): Promise<ShopProduct[]> {
  const [productRows, variantRows, assetRows] = await Promise.all([
    db
      .select({
        id: products.id,
        name: products.name,
        brandId: products.brand_id,
        status: products.status,
        giftCard: products.gift_card,
        option1Name: products.option1_name,
        option2Name: products.option2_name,
        option3Name: products.option3_name,
      })
      .from(products)
      .orderBy(asc(products.id)),
    db
      .select({
        id: productVariants.id,
        productId: productVariants.product_id,
        sku: productVariants.sku,
        option1: productVariants.option1,
        option2: productVariants.option2,
        option3: productVariants.option3,
        price: productVariants.price,
        compareAtPrice: productVariants.compare_at_price,
        barcode: productVariants.barcode,
        inventoryTracker: productVariants.inventory_tracker,
        inventoryPolicy: productVariants.inventory_policy,
        inventoryQuantity: productVariants.inventory_quantity,
        imageSrc: productVariants.image_src,
      })
      .from(productVariants)
      .where(eq(productVariants.archived, false))
      .orderBy(asc(productVariants.product_id), asc(productVariants.position), asc(productVariants.id)),
    db
      .select({
        productId: productAssets.product_id,
        src: productAssets.src,
        thumbnail50: productAssets.thumbnail_50,
        isPrimary: productAssets.is_primary,
      })
      .from(productAssets)
      .orderBy(
        asc(productAssets.product_id),
        sql`${productAssets.is_primary} desc`,
        asc(productAssets.position),
        asc(productAssets.id),
      ),
  ]);
  const assets = new Map<number, ShopProduct['assets']>();
  for (const row of assetRows) {
    const list = assets.get(row.productId);
    const asset = { src: row.src, is_primary: row.isPrimary, thumbnails: { thumbnail_50: row.thumbnail50 } };
    if (list) list.push(asset);
    else assets.set(row.productId, [asset]);
  }
  const variants = new Map<number, ShopVariant[]>();
  for (const row of variantRows) {
    const variant: ShopVariant = {
      id: row.id,
      sku: row.sku,
      option1: row.option1,
      option2: row.option2,
      option3: row.option3,
      price: row.price,
      compare_at_price: row.compareAtPrice,
      availability: availabilityOf(row),
      barcode: row.barcode,
      exclusion: variantExclusion(row, assets.has(row.productId)),
    };
    const list = variants.get(row.productId);
    if (list) list.push(variant);
    else variants.set(row.productId, [variant]);
  }
  return productRows.flatMap((row) => {
    const list = variants.get(row.id);
    const first = list?.[0];
    if (!list || !first) return [];
    return [
      {
        id: row.id,
        name: row.name,
        brand: row.brandId === null ? null : { id: row.brandId },
        status: row.status,
        exclusion: productExclusion(row),
        option_names: [row.option1Name, row.option2Name, row.option3Name].filter((name) => name !== null),
        variant: first,
        variants: list,
        assets: assets.get(row.id) ?? [],
      },
    ];
  });
}

/** Route plugin; register with prefix /api/backoffice/shop. */
export async function shopRoutes(app: FastifyInstance, { db }: AppServices): Promise<void> {
  defineRoute(
    app,
    {
      method: 'GET',
      url: '/categories',
      summary: 'Customers (for the feed customer select) and brands',
      tags: ['shop'],
      responses: { 200: { description: 'Customers and brands, each by name', schema: ShopCategories } },
    },
    async () => {
      const [customers, brandRows] = await Promise.all([
        db
          .select({ id: users.id, company_name: users.company_name })
          .from(users)
          .where(eq(users.user_type_id, UserType.Customer))
          .orderBy(asc(users.company_name), asc(users.id)),
        db.select({ id: brands.id, name: brands.name }).from(brands).orderBy(asc(brands.name)),
      ]);
      return { customers, brands: brandRows };
    },
  );

  defineRoute(
    app,
    {
      method: 'GET',
      url: '/products',
      summary:
        'Every catalogue product with its current variants, status and exclusion reasons; sends an ETag and answers 304 to a matching If-None-Match',
      tags: ['shop'],
      responses: {
        200: { description: 'Every product with a current variant, by id', schema: ShopProducts },
        304: { description: 'Not modified since the ETag in If-None-Match' },
      },
    },
    async ({ request, reply }) =>
      sendWithEtag(
        request,
        reply,
        JSON.stringify(await listShopProducts(db)),
        'application/json; charset=utf-8',
      ),
  );
}
