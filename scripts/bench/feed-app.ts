/**
 * Shared set-up of the feed benchmarks: an app listening on 127.0.0.1 (random port) on in-memory
 * PGlite or on PostgreSQL, with a catalogue of `productCount` products over 40 brands, each with
 * `variantsPerProduct` variants, written with Drizzle directly (not through the catalogue import,
 * so a bench measures delivery only), one active customer with a 15 % discount and a Shopify
 * domain, a feed of the first `feedSize` products, an API token with a quota large enough never to
 * run out, and the demo admin (for the browser).
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { UserStatus, UserType } from '@/api/schemas/common';
import { buildApp } from '../../server/app';
import { generateApiToken, hashApiToken } from '../../server/auth/api-tokens';
import { encryptSecret } from '../../server/auth/secret-box';
import { optionKey } from '../../server/catalogue/variant-key';
import { testConfig } from '../../server/config';
import { openDatabase } from '../../server/db/open';
import type { Db } from '../../server/db/open';
import {
  apiTokens,
  brands,
  feedProducts,
  feeds,
  productAssets,
  products,
  productVariants,
  users,
} from '../../server/db/schema';
import { ensureAdmin } from '../../server/auth/bootstrap-admin';
import { DEMO_ADMIN } from '../../server/demo/demo-data';

const BRANDS = 40;
/** Rows per INSERT: well under PostgreSQL's 65,535 bind parameters for every table here. */
const CHUNK = 1000;
const SIZES = ['60 capsules', '120 capsules'];
const FLAVOURS = ['Unflavoured', 'Lemon', 'Berry', 'Orange'];
/** Most variants a bench product can have: every size with every flavour. */
export const MAX_VARIANTS_PER_PRODUCT = SIZES.length * FLAVOURS.length;

/** What a feed bench puts in the database. */
export interface FeedBenchCatalogue {
  productCount: number;
  /** 1 (default: options left empty, as Shopify's "Default Title") up to MAX_VARIANTS_PER_PRODUCT. */
  variantsPerProduct?: number;
  /** How many of the products (the first ones) the customer's feed holds. */
  feedSize: number;
}

/** The seeded feed: its id, the raw API token that may pull it, and the variants it holds. */
export interface FeedBenchSeed {
  feedId: number;
  apiToken: string;
  variantCount: number;
}

export interface FeedBenchApp extends FeedBenchSeed {
  app: FastifyInstance;
  db: Db;
  /** e.g. http://127.0.0.1:41234 */
  url: string;
  close(): Promise<void>;
}

/** A valid GTIN-13 (EAN) from 12 digits: the digits and their check digit. */
function ean13(twelveDigits: string): string {
  const sum = [...twelveDigits].reduce(
    (total, digit, index) => total + Number(digit) * (index % 2 ? 3 : 1),
    0,
  );
  return `${twelveDigits}${(10 - (sum % 10)) % 10}`;
}

async function insertChunked<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let start = 0; start < rows.length; start += CHUNK) await insert(rows.slice(start, start + CHUNK));
}

/**
 * Writes the bench catalogue, customer, feed and token into `db` (expected empty but for the
 * schema). Prices vary, every fifth product is on sale (compare-at), even products have a valid
 * EAN, stock is tracked with quantities 0-8 (some variants out of stock), each product has two
 * images and each variant after the first its own.
 */
export async function seedFeedBench(
  db: Db,
  encryptionKey: Buffer,
  { productCount, variantsPerProduct = 1, feedSize }: FeedBenchCatalogue,
): Promise<FeedBenchSeed> {
  if (variantsPerProduct < 1 || variantsPerProduct > MAX_VARIANTS_PER_PRODUCT) {
    throw new Error(`variantsPerProduct must be 1-${MAX_VARIANTS_PER_PRODUCT}`);
  }
  const brandRows = await db
    .insert(brands)
    .values(
      Array.from({ length: BRANDS }, (_, index) => ({
        name: `Bench Brand ${String(index).padStart(2, '0')}`,
      })),
    )
    .returning({ id: brands.id });
  const withOptions = variantsPerProduct > 1;
  const productRows = Array.from({ length: productCount }, (_, index) => {
    const n = String(index + 1).padStart(5, '0');
    return {
      handle: `bench-product-${n}`,
      name: `Bench Supplement ${n} Vitamin D3 & K2`,
      description_html:
        `<p>Bench product <strong>${n}</strong>, a well-absorbed everyday formula.</p>` +
        '<ul><li>Vegan capsules</li><li>Made in the UK</li></ul><p>Take one a day with food.</p>',
      brand_id: brandRows[index % BRANDS]?.id ?? null,
      product_type: 'Vitamins & Supplements',
      status: 'active' as const,
      option1_name: withOptions ? 'Size' : null,
      option2_name: withOptions ? 'Flavour' : null,
    };
  });
  const productIds: number[] = [];
  await insertChunked(productRows, async (chunk) => {
    const rows = await db.insert(products).values(chunk).returning({ id: products.id });
    productIds.push(...rows.map((row) => row.id));
  });

  const variantRows = productIds.flatMap((productId, index) =>
    Array.from({ length: variantsPerProduct }, (_, v) => {
      const options = withOptions
        ? [SIZES[v % SIZES.length] ?? null, FLAVOURS[Math.floor(v / SIZES.length)] ?? null, null]
        : [null, null, null];
      const price = 499 + ((index * 37) % 6500) + v * 300;
      const n = String(index + 1).padStart(5, '0');
      return {
        product_id: productId,
        sku: `BN-${n}-${v + 1}`,
        option_key: optionKey(options),
        option1: options[0],
        option2: options[1],
        price,
        compare_at_price: index % 5 === 0 ? price + 500 : null,
        barcode: index % 2 === 0 ? ean13(`50${String(index * 10 + v).padStart(10, '0')}`) : null,
        position: v + 1,
        inventory_tracker: 'shopify',
        inventory_policy: 'deny' as const,
        inventory_quantity: (index + v) % 9,
        grams: 120,
        image_src: v === 0 ? null : `https://cdn.example.com/bench/${n}-v${v + 1}.jpg`,
      };
    }),
  );
  await insertChunked(variantRows, (chunk) => db.insert(productVariants).values(chunk));
  const assetRows = productIds.flatMap((productId, index) => {
    const n = String(index + 1).padStart(5, '0');
    return [1, 2].map((position) => ({
      product_id: productId,
      src: `https://cdn.example.com/bench/${n}-${position}.jpg`,
      thumbnail_50: `https://cdn.example.com/bench/${n}-${position}-50.jpg`,
      position,
      is_primary: position === 1,
    }));
  });
  await insertChunked(assetRows, (chunk) => db.insert(productAssets).values(chunk));

  await ensureAdmin(db, DEMO_ADMIN);
  const [customer] = await db
    .insert(users)
    .values({
      user_type_id: UserType.Customer,
      status: UserStatus.Active,
      first_name: 'Bea',
      last_name: 'Bench',
      email: 'bench@example.com',
      company_name: 'Bench Health Ltd',
      shopify_domain: 'bench-health.myshopify.com',
      discount_rate: 15,
      password_hash: 'not-a-login',
    })
    .returning({ id: users.id });
  if (!customer) throw new Error('bench customer not inserted');
  const [feed] = await db
    .insert(feeds)
    .values({ name: 'Bench feed', user_id: customer.id })
    .returning({ id: feeds.id });
  if (!feed) throw new Error('bench feed not inserted');
  const inFeed = productIds.slice(0, feedSize);
  await insertChunked(inFeed, (chunk) =>
    db.insert(feedProducts).values(chunk.map((id) => ({ feed_id: feed.id, product_id: id }))),
  );
  const apiToken = generateApiToken();
  await db.insert(apiTokens).values({
    user_id: customer.id,
    token_encrypted: encryptSecret(encryptionKey, apiToken),
    token_hash: hashApiToken(apiToken),
    total_requests: 2_000_000_000,
  });
  return { feedId: feed.id, apiToken, variantCount: inFeed.length * variantsPerProduct };
}

/**
 * Seeds a database (PostgreSQL at `databaseUrl`, else in-memory PGlite), builds the app on it and
 * starts it; `serveClient` serves the built SPA from dist/client.
 */
export async function startFeedBenchApp(
  options: FeedBenchCatalogue & { serveClient?: boolean; databaseUrl?: string },
): Promise<FeedBenchApp> {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
  const config = testConfig({
    databaseUrl: options.databaseUrl,
    ...(options.serveClient ? { clientDir: path.join(root, 'dist', 'client') } : {}),
  });
  const database = await openDatabase({ databaseUrl: options.databaseUrl });
  const seed = await seedFeedBench(database.db, config.encryptionKey, options);
  const app = await buildApp(config, { db: database.db });
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  return {
    ...seed,
    app,
    db: database.db,
    url,
    close: async () => {
      await app.close();
      await database.close();
      rmSync(config.dataDir, { recursive: true, force: true });
    },
  };
}
