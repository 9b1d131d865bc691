/**
 * Shared set-up of the feed benchmarks: an app on in-memory PGlite listening on 127.0.0.1 (random
 * port), with a catalogue of `productCount` products over 40 brands imported through the catalogue
 * import, one active customer with a 15 % discount, a feed of `feedSize` of those products, an API
 * token with a quota large enough never to run out, and the demo admin (for the browser).
 */
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { generateApiToken, hashApiToken } from '../../server/auth/api-tokens';
import { encryptSecret } from '../../server/auth/secret-box';
import { importCatalogue } from '../../server/catalogue/import';
import { formatPrice, toShopifyCsv } from '../../server/catalogue/shopify-csv';
import { testConfig } from '../../server/config';
import { openDatabase } from '../../server/db/open';
import type { Db } from '../../server/db/open';
import { apiTokens, feedProducts, feeds, products, users } from '../../server/db/schema';
import { DEMO_ADMIN, ensureAdmin } from '../../server/db/seed';

const BRANDS = 40;

export interface FeedBenchApp {
  app: FastifyInstance;
  db: Db;
  /** e.g. http://127.0.0.1:41234 */
  url: string;
  feedId: number;
  apiToken: string;
  close(): Promise<void>;
}

/** Builds and starts the app; `serveClient` serves the built SPA from dist/client. */
export async function startFeedBenchApp(options: {
  productCount: number;
  feedSize: number;
  serveClient?: boolean;
}): Promise<FeedBenchApp> {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
  const config = testConfig(options.serveClient ? { clientDir: path.join(root, 'dist', 'client') } : {});
  const database = await openDatabase({});
  const rows = Array.from({ length: options.productCount }, (_, index) => {
    const n = String(index + 1).padStart(5, '0');
    return {
      Handle: `bench-product-${n}`,
      Title: `Bench Supplement ${n} 60 Capsules`,
      'Body (HTML)': `<p>Bench product <strong>${n}</strong>, a well-absorbed everyday formula.</p>`,
      Vendor: `Bench Brand ${String(index % BRANDS).padStart(2, '0')}`,
      'Variant SKU': `BN-${n}`,
      'Variant Price': formatPrice(499 + ((index * 37) % 6500)),
      'Variant Inventory Qty': String(index % 9),
      'Image Src': `https://cdn.example.com/bench/${n}.jpg`,
      'Image Position': '1',
      Status: 'active',
    };
  });
  await importCatalogue(database.db, toShopifyCsv(rows));
  await ensureAdmin(database.db, DEMO_ADMIN);
  const [customer] = await database.db
    .insert(users)
    .values({
      user_type_id: 2,
      first_name: 'Bea',
      last_name: 'Bench',
      email: 'bench@example.com',
      company_name: 'Bench Health Ltd',
      shopify_domain: 'bench-health.myshopify.com',
      discount_rate: 15,
      password_hash: 'not-a-login',
    })
    .returning({ id: users.id });
  const [feed] = await database.db
    .insert(feeds)
    .values({ name: 'Bench feed', user_id: customer?.id ?? 0 })
    .returning({ id: feeds.id });
  const ids = (await database.db.select({ id: products.id }).from(products).limit(options.feedSize)).map(
    (row) => row.id,
  );
  for (let start = 0; start < ids.length; start += 1000) {
    await database.db
      .insert(feedProducts)
      .values(ids.slice(start, start + 1000).map((id) => ({ feed_id: feed?.id ?? 0, product_id: id })));
  }
  const apiToken = generateApiToken();
  await database.db.insert(apiTokens).values({
    user_id: customer?.id ?? 0,
    token_encrypted: encryptSecret(config.encryptionKey, apiToken),
    token_hash: hashApiToken(apiToken),
    total_requests: 2_000_000_000,
  });

  const app = await buildApp(config, { db: database.db });
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  return {
    app,
    db: database.db,
    url,
    feedId: feed?.id ?? 0,
    apiToken,
    close: async () => {
      await app.close();
      await database.close();
      rmSync(config.dataDir, { recursive: true, force: true });
    },
  };
}

/** A random suffix, so parallel bench runs never share names. */
export function benchId(): string {
  return randomBytes(4).toString('hex');
}
