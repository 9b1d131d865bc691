/**
 * The shop's catalogue for the feed editor under /api/backoffice/shop (spec §7 /shop/categories,
 * /shop/products; §3 "Shop product"); Admin only, by the guard.
 */
import { asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { UserType } from '@/api/schemas/common';
import { ShopCategories, ShopProducts } from '@/api/schemas/shop';
import type { ShopProduct } from '@/api/schemas/shop';
import type { AppServices } from '../app';
import type { Db } from '../db/open';
import { brands, productAssets, products, productVariants, users } from '../db/schema';
import { sendWithEtag } from '../http/etag';
import { defineRoute } from '../http/route';

/**
 * Every catalogue product with its brand id, first variant (by position; price in minor units)
 * and images (primary first), ordered by id. Products without a variant are left out.
 */
export async function listShopProducts(db: Db): Promise<ShopProduct[]> {
  const [productRows, variantRows, assetRows] = await Promise.all([
    db
      .select({ id: products.id, name: products.name, brandId: products.brand_id })
      .from(products)
      .orderBy(asc(products.id)),
    db
      .selectDistinctOn([productVariants.product_id], {
        productId: productVariants.product_id,
        sku: productVariants.sku,
        price: productVariants.price,
      })
      .from(productVariants)
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
  const variants = new Map(variantRows.map((row) => [row.productId, row]));
  const assets = new Map<number, ShopProduct['assets']>();
  for (const row of assetRows) {
    const list = assets.get(row.productId) ?? [];
    list.push({ src: row.src, is_primary: row.isPrimary, thumbnails: { thumbnail_50: row.thumbnail50 } });
    assets.set(row.productId, list);
  }
  return productRows.flatMap((row) => {
    const variant = variants.get(row.id);
    if (!variant) return [];
    return [
      {
        id: row.id,
        name: row.name,
        brand: row.brandId === null ? null : { id: row.brandId },
        variant: { sku: variant.sku, price: variant.price },
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
      summary: 'Every catalogue product; sends an ETag and answers 304 to a matching If-None-Match',
      tags: ['shop'],
      responses: {
        200: { description: 'Every product, by id', schema: ShopProducts },
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
