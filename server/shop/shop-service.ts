/**
 * The shop's catalogue as the feed editor reads it (spec §7 /shop/categories, /shop/products; §3
 * "Shop product"; issue 11 "Shop contract"). Behind server/routes/shop.ts.
 */
import { asc, eq, sql } from 'drizzle-orm';
import type { SQL, SQLChunk } from 'drizzle-orm';
import { UserType } from '@/api/schemas/common';
import type { ProductStatus, ShopCategories, ShopProduct, ShopVariant } from '@/api/schemas/shop';
import type { Config } from '../config';
import type { Db } from '../db/open';
import { brands, productAssets, products, productVariants, users } from '../db/schema';
import type { InventoryPolicy } from '../db/schema';
import { availabilityOf, productExclusion, variantExclusion } from '../feeds/item-rules';

/** A product row as listShopProducts reads it (see jsonRows). */
type ProductTuple = [
  id: number,
  name: string,
  brandId: number | null,
  status: ProductStatus,
  giftCard: boolean,
  published: boolean,
  option1Name: string | null,
  option2Name: string | null,
  option3Name: string | null,
];
/** A current variant row, with its product's id (see jsonRows). */
type VariantTuple = [
  id: number,
  productId: number,
  sku: string | null,
  option1: string | null,
  option2: string | null,
  option3: string | null,
  price: number,
  compareAtPrice: number | null,
  barcode: string | null,
  inventoryTracker: string | null,
  inventoryPolicy: InventoryPolicy,
  inventoryQuantity: number | null,
  imageSrc: string | null,
];
/** An image row (see jsonRows). */
type AssetTuple = [productId: number, src: string, thumbnail50: string, isPrimary: boolean];

/**
 * `columns` of every row of a query, ordered by `orderBy`, as one JSON array of arrays. The
 * database sends one value instead of tens of thousands of rows: on PGlite, reading 30,000 variant
 * rows costs three times as long as reading them as one JSON text.
 */
function jsonRows(columns: SQLChunk[], orderBy: SQLChunk[]): SQL<string> {
  return sql<string>`coalesce(json_agg(json_build_array(${sql.join(columns, sql`, `)}) order by ${sql.join(orderBy, sql`, `)})::text, '[]')`;
}

async function readRows<T>(query: Promise<Array<{ rows: string }>>): Promise<T[]> {
  const [result] = await query;
  return JSON.parse(result?.rows ?? '[]') as T[];
}

/**
 * Every catalogue product that has at least one current (not archived) variant, by id (issue 11
 * "Shop contract"): its brand id, Shopify status, option names, current variants by position then
 * id (prices in minor units), `variant` = the first of them, images (primary first), and why it or
 * each variant is never delivered, decided by server/feeds/item-rules.ts as the delivery decides it.
 * Three queries, each read as one JSON value, and one pass over their rows, so a catalogue of
 * thousands of products stays one quick answer (scripts/bench/feed-editor.bench.ts).
 */
export async function listShopProducts(db: Db): Promise<ShopProduct[]> {
  const [productRows, variantRows, assetRows] = await Promise.all([
    readRows<ProductTuple>(
      db
        .select({
          rows: jsonRows(
            [
              products.id,
              products.name,
              products.brand_id,
              products.status,
              products.gift_card,
              products.published,
              products.option1_name,
              products.option2_name,
              products.option3_name,
            ],
            [products.id],
          ),
        })
        .from(products),
    ),
    readRows<VariantTuple>(
      db
        .select({
          rows: jsonRows(
            [
              productVariants.id,
              productVariants.product_id,
              productVariants.sku,
              productVariants.option1,
              productVariants.option2,
              productVariants.option3,
              productVariants.price,
              productVariants.compare_at_price,
              productVariants.barcode,
              productVariants.inventory_tracker,
              productVariants.inventory_policy,
              productVariants.inventory_quantity,
              productVariants.image_src,
            ],
            [productVariants.product_id, productVariants.position, productVariants.id],
          ),
        })
        .from(productVariants)
        .where(eq(productVariants.archived, false)),
    ),
    readRows<AssetTuple>(
      db
        .select({
          rows: jsonRows(
            [
              productAssets.product_id,
              productAssets.src,
              productAssets.thumbnail_50,
              productAssets.is_primary,
            ],
            [
              productAssets.product_id,
              sql`${productAssets.is_primary} desc`,
              productAssets.position,
              productAssets.id,
            ],
          ),
        })
        .from(productAssets),
    ),
  ]);
  const assets = new Map<number, ShopProduct['assets']>();
  for (const [productId, src, thumbnail50, isPrimary] of assetRows) {
    const list = assets.get(productId);
    const asset = { src, is_primary: isPrimary, thumbnails: { thumbnail_50: thumbnail50 } };
    if (list) list.push(asset);
    else assets.set(productId, [asset]);
  }
  const variants = new Map<number, ShopVariant[]>();
  for (const [
    id,
    productId,
    sku,
    option1,
    option2,
    option3,
    price,
    compareAtPrice,
    barcode,
    inventoryTracker,
    inventoryPolicy,
    inventoryQuantity,
    imageSrc,
  ] of variantRows) {
    const variant: ShopVariant = {
      id,
      sku,
      option1,
      option2,
      option3,
      price,
      compare_at_price: compareAtPrice,
      availability: availabilityOf({ inventoryTracker, inventoryPolicy, inventoryQuantity }),
      barcode,
      exclusion: variantExclusion({ price, imageSrc }, assets.has(productId)),
    };
    const list = variants.get(productId);
    if (list) list.push(variant);
    else variants.set(productId, [variant]);
  }
  return productRows.flatMap(([id, name, brandId, status, giftCard, published, ...optionNames]) => {
    const list = variants.get(id);
    const first = list?.[0];
    if (!list || !first) return [];
    return [
      {
        id,
        name,
        brand: brandId === null ? null : { id: brandId },
        status,
        exclusion: productExclusion({ status, giftCard, name, published }),
        option_names: optionNames.filter((optionName) => optionName !== null),
        variant: first,
        variants: list,
        assets: assets.get(id) ?? [],
      },
    ];
  });
}

/** What the shop service needs from the app. */
export interface ShopDeps {
  db: Db;
  /** The catalogue's currency (ARCHITECTURE.md §4 "Currency"). */
  config: Pick<Config, 'catalogueCurrency'>;
}

/** The shop service bound to the app's dependencies, as route plugins receive it (AppServices). */
export interface ShopService {
  /** Customers (for the feed's customer select) and brands, each by name, and the currency code. */
  categories(): Promise<ShopCategories>;
  /** Every product with a current variant (see listShopProducts). */
  products(): Promise<ShopProduct[]>;
}

/** The shop service over `deps`. */
export function createShopService({ db, config }: ShopDeps): ShopService {
  return {
    async categories() {
      const [customers, brandRows] = await Promise.all([
        db
          .select({ id: users.id, company_name: users.company_name })
          .from(users)
          .where(eq(users.user_type_id, UserType.Customer))
          .orderBy(asc(users.company_name), asc(users.id)),
        db.select({ id: brands.id, name: brands.name }).from(brands).orderBy(asc(brands.name)),
      ]);
      return { customers, brands: brandRows, currency: config.catalogueCurrency };
    },
    products: () => listShopProducts(db),
  };
}
