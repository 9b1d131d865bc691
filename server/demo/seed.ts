/**
 * Inserts the demo data set of issue 2 ("Demo data") that generator.ts plans: admins, UK customers,
 * a supplement catalogue (imported through the catalogue importer) with locally drawn images,
 * 120 days of orders and transactions, feeds and API tokens, in one transaction. Also empties a
 * database for `npm run db:seed -- --reset`.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { isDatabaseEmpty } from '../auth/bootstrap-admin';
import { hashPassword } from '../auth/passwords';
import { importCatalogue } from '../catalogue/import';
import { formatPrice, toShopifyCsv } from '../catalogue/shopify-csv-write';
import type { ShopifyRow } from '../catalogue/shopify-csv-write';
import type { Db } from '../db/open';
import {
  apiTokens,
  attemptCounters,
  brands,
  feedProducts,
  feeds,
  orderItems,
  orders,
  productAssets,
  products,
  productVariants,
  refreshTokenFamilies,
  refreshTokens,
  storedFiles,
  transactions,
  users,
} from '../db/schema';
import { databaseStorage } from '../uploads/storage';
import { BRANDS, DEMO_ADMIN } from './demo-data';
import { imageSpecs } from './catalogue-plan';
import type { ProductPlan, VariantPlan } from './catalogue-plan';
import { generateDemoData } from './generator';
import type { DemoPlan } from './generator';
import { renderProductImages } from './seed-images';
import type { ProductImagePaths } from './seed-images';

/** What seedDemoData takes besides the database. */
export interface SeedOptions {
  /** 32-byte AES-256-GCM key for API tokens and Shopify admin API keys (see secret-box.ts). */
  encryptionKey: Buffer;
  /** The moment every generated date is relative to; defaults to the current time. */
  now?: Date;
}

/** Rows inserted per table, and the wall time the seed took in ms. */
export interface SeedSummary {
  users: number;
  customers: number;
  brands: number;
  products: number;
  orders: number;
  transactions: number;
  feeds: number;
  apiTokens: number;
  ms: number;
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const BATCH_SIZE = 400;

/**
 * Fills an empty database with the demo data set (issue 2, "Demo data") in one transaction, the
 * product images (rendered first, in memory) stored in the upload storage with the rows that name
 * them, so every process serving the database serves them. Resolves to the row counts and elapsed
 * ms. Throws when the database already has a user; rejects on any insert or rendering error (the
 * transaction then leaves the database as it was).
 */
export async function seedDemoData(db: Db, options: SeedOptions): Promise<SeedSummary> {
  const started = performance.now();
  const now = options.now ?? new Date();
  if (!(await isDatabaseEmpty(db))) {
    throw new Error('The database is not empty; reset it before seeding demo data.');
  }

  // Argon2 is slow on purpose: hash the admin's and one shared random customer password once.
  const [adminPasswordHash, sharedPasswordHash] = await Promise.all([
    hashPassword(DEMO_ADMIN.password),
    hashPassword(randomBytes(24).toString('base64url')),
  ]);
  const plan = generateDemoData({
    now,
    adminPasswordHash,
    sharedPasswordHash,
    encryptionKey: options.encryptionKey,
  });
  const images = await renderProductImages(imageSpecs(plan.catalogue));

  return db.transaction(async (tx) => {
    // Catches a seed committed since the first check; one running concurrently fails instead on
    // the unique index of the demo admin's email, and its transaction rolls back.
    if ((await tx.select({ id: users.id }).from(users).limit(1)).length > 0) {
      throw new Error('The database is not empty; reset it before seeding demo data.');
    }
    const userIds = await insertAllReturning(
      [...plan.admins, ...plan.customers.map((customer) => customer.row)],
      (batch) => tx.insert(users).values(batch).returning({ id: users.id }),
    );
    const customerIds = userIds.slice(plan.admins.length).map((row) => row.id);

    await databaseStorage(tx).put([...images.values()].flatMap((image) => image.files));

    const { productIds, brandCount } = await insertCatalogue(tx, now, plan.catalogue, images);
    const ids = { customerIds, productIds };

    const orderIds = await insertOrders(tx, plan, ids);
    await insertTransactions(tx, plan, customerIds, orderIds);
    await insertFeeds(tx, plan, ids);
    await insertApiTokens(tx, plan, customerIds);

    return {
      users: userIds.length,
      customers: customerIds.length,
      brands: brandCount,
      products: productIds.length,
      orders: orderIds.length,
      transactions: plan.transactions.length,
      feeds: plan.feeds.length,
      apiTokens: plan.apiTokens.length,
      ms: Math.round(performance.now() - started),
    };
  });
}

/**
 * The catalogue as a Shopify product CSV export (ARCHITECTURE.md §4, "Catalogue source"): per
 * product, a first row with the product, its default variant and its locally drawn image, then one
 * row per further variant.
 */
function catalogueCsv(catalogue: ProductPlan[], images: Map<string, ProductImagePaths>): string {
  const variantRow = (variant: VariantPlan): ShopifyRow => ({
    'Option1 Value': variant.option1 ?? '',
    'Option2 Value': variant.option2 ?? '',
    'Variant SKU': variant.sku,
    'Variant Inventory Tracker': variant.inventory_tracker ?? '',
    'Variant Inventory Qty': String(variant.inventory_quantity ?? 0),
    'Variant Inventory Policy': variant.inventory_policy ?? 'deny',
    'Variant Price': formatPrice(variant.price),
    'Variant Compare At Price': variant.compare_at_price ? formatPrice(variant.compare_at_price) : '',
    'Variant Barcode': variant.barcode ?? '',
  });
  return toShopifyCsv(
    catalogue.flatMap((plan): ShopifyRow[] => {
      const image = images.get(plan.imageKey);
      if (!image) throw new Error(`No image was rendered for ${plan.imageKey}`);
      const handle = plan.product.handle;
      return [
        {
          Handle: handle,
          Title: plan.product.name,
          'Body (HTML)': plan.product.description_html ?? '',
          Vendor: BRANDS[plan.brandIndex]?.name ?? '',
          Type: plan.product.product_type ?? '',
          Tags: plan.product.tags ?? '',
          Published: plan.product.published ? 'TRUE' : 'FALSE',
          'Option1 Name': 'Size',
          'Option2 Name': plan.variant.option2 ? 'Flavour' : '',
          ...variantRow(plan.variant),
          'Image Src': image.src,
          'Image Position': '1',
          'Image Alt Text': plan.product.name,
          Status: plan.product.status ?? 'active',
        },
        ...plan.extraVariants.map((variant) => ({ Handle: handle, ...variantRow(variant) })),
      ];
    }),
  );
}

/**
 * Imports the catalogue through the same code path as `npm run catalogue:import` (issue 4), then
 * back-dates the products, which a Shopify export has no column for. Resolves to the product ids
 * in catalogue order and the number of brands created.
 */
async function insertCatalogue(
  tx: Tx,
  now: Date,
  catalogue: ProductPlan[],
  images: Map<string, ProductImagePaths>,
): Promise<{ productIds: number[]; brandCount: number }> {
  const thumbnails = new Map([...images.values()].map((image) => [image.src, image.thumbnail_50]));
  const summary = await importCatalogue(tx, catalogueCsv(catalogue, images), {
    now,
    localThumbnail: (src) => thumbnails.get(src),
  });
  if (summary.products.created !== catalogue.length) {
    throw new Error(`The demo catalogue did not import: ${JSON.stringify(summary.skips)}`);
  }
  const idByHandle = new Map(
    (await tx.select({ id: products.id, handle: products.handle }).from(products)).map((row) => [
      row.handle,
      row.id,
    ]),
  );
  await insertAll(catalogue, (batch) =>
    tx.execute(sql`
      update ${products} set created_at = dated.created_at, updated_at = dated.updated_at
      from (values ${sql.join(
        batch.map(
          (plan) =>
            sql`(${plan.product.handle}, ${plan.product.created_at ?? now}::timestamptz, ${plan.product.updated_at ?? null}::timestamptz)`,
        ),
        sql`, `,
      )}) as dated(handle, created_at, updated_at)
      where ${products.handle} = dated.handle`),
  );
  return {
    productIds: catalogue.map((plan) => idByHandle.get(plan.product.handle) ?? 0),
    brandCount: summary.brandsCreated,
  };
}

/** The database ids of the inserted customers and products, by their index in the plan. */
interface InsertedIds {
  customerIds: number[];
  productIds: number[];
}

/** Inserts the orders and their lines; resolves to the order ids in plan order. */
async function insertOrders(
  tx: Tx,
  plan: DemoPlan,
  { customerIds, productIds }: InsertedIds,
): Promise<number[]> {
  const orderIds = await insertAllReturning(
    plan.orders.map((order) => ({
      user_id: customerIds[order.customerIndex] ?? 0,
      ordered_at: order.orderedAt,
      total_ex_vat: order.totalExVat,
      total_inc_vat: order.totalIncVat,
    })),
    (batch) => tx.insert(orders).values(batch).returning({ id: orders.id }),
  );
  await insertAll(
    plan.orders.flatMap((order, orderIndex) =>
      order.items.map((item) => {
        const product = plan.catalogue[item.productIndex];
        return {
          order_id: orderIds[orderIndex]?.id ?? 0,
          product_id: productIds[item.productIndex] ?? null,
          sku: product?.variant.sku ?? '',
          name: product?.product.name ?? '',
          quantity: item.quantity,
          unit_price: item.unitPrice,
        };
      }),
    ),
    (batch) => tx.insert(orderItems).values(batch),
  );
  return orderIds.map((row) => row.id);
}

async function insertTransactions(
  tx: Tx,
  plan: DemoPlan,
  customerIds: number[],
  orderIds: number[],
): Promise<void> {
  await insertAll(
    plan.transactions.map(({ customerIndex, orderIndex, ...row }) => ({
      ...row,
      user_id: customerIds[customerIndex] ?? 0,
      order_id: orderIds[orderIndex] ?? 0,
    })),
    (batch) => tx.insert(transactions).values(batch),
  );
}

async function insertFeeds(tx: Tx, plan: DemoPlan, { customerIds, productIds }: InsertedIds): Promise<void> {
  const feedIds = await insertAllReturning(
    plan.feeds.map((feed) => ({ ...feed.row, user_id: customerIds[feed.customerIndex] ?? null })),
    (batch) => tx.insert(feeds).values(batch).returning({ id: feeds.id }),
  );
  await insertAll(
    plan.feeds.flatMap((feed, index) =>
      feed.productIndexes.map((productIndex) => ({
        feed_id: feedIds[index]?.id ?? 0,
        product_id: productIds[productIndex] ?? 0,
      })),
    ),
    (batch) => tx.insert(feedProducts).values(batch),
  );
}

async function insertApiTokens(tx: Tx, plan: DemoPlan, customerIds: number[]): Promise<void> {
  await insertAll(
    plan.apiTokens.map(({ customerIndex, ...row }) => ({ ...row, user_id: customerIds[customerIndex] ?? 0 })),
    (batch) => tx.insert(apiTokens).values(batch),
  );
}

async function insertAll<R>(rows: R[], write: (batch: R[]) => PromiseLike<unknown>): Promise<void> {
  for (let start = 0; start < rows.length; start += BATCH_SIZE) {
    await write(rows.slice(start, start + BATCH_SIZE));
  }
}

/** Inserts in batches and returns the RETURNING rows in insertion order. */
async function insertAllReturning<R, O>(rows: R[], write: (batch: R[]) => PromiseLike<O[]>): Promise<O[]> {
  const returned: O[] = [];
  for (let start = 0; start < rows.length; start += BATCH_SIZE) {
    returned.push(...(await write(rows.slice(start, start + BATCH_SIZE))));
  }
  return returned;
}

/** Every table of the schema, children first (TRUNCATE ... CASCADE does not need the order, readers do). */
const ALL_TABLES = [
  transactions,
  orderItems,
  orders,
  feedProducts,
  feeds,
  productAssets,
  productVariants,
  products,
  brands,
  apiTokens,
  refreshTokens,
  refreshTokenFamilies,
  users,
  storedFiles,
  attemptCounters,
];

/**
 * Deletes every row of every table in one statement (one transaction) and restarts the id
 * sequences, so a re-seed numbers rows from 1 again. Used by `db:seed -- --reset`.
 */
export async function resetDatabase(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(
      sql`TRUNCATE TABLE ${sql.join(
        ALL_TABLES.map((table) => sql`${table}`),
        sql`, `,
      )} RESTART IDENTITY CASCADE`,
    );
  });
}
