/**
 * The server half of the feed delivery benchmark (feed-delivery.bench.ts forks it): seeds the bench
 * catalogue (feed-app.ts) on in-memory PGlite, or on PostgreSQL when argv[2] is a connection
 * string, with argv[3] products of argv[4] variants each, all in the feed, and listens on
 * 127.0.0.1 (random port). Running apart from the load generator keeps it off the server's CPU
 * time and event loop, as a store fetching over the network would be.
 *
 * Import only its types: importing the module runs the server.
 *
 * IPC: sends one `FeedServerReady` when listening; answers each 'cpu' with a `FeedServerCpu`; on
 * 'stop' (or when the parent goes away) closes the app and the database and exits.
 */
import { sql } from 'drizzle-orm';
import { startFeedBenchApp } from './feed-app';
import { answerParent } from './child-messages';

/** First message of the child: where to pull which feed with which token. */
export interface FeedServerReady {
  type: 'ready';
  /** e.g. http://127.0.0.1:41234 */
  address: string;
  feedId: number;
  apiToken: string;
  variantCount: number;
  /** Time the seed and start took, in ms. */
  seedMs: number;
}

/** The child's CPU time (user + system) since it started, in ms. */
export interface FeedServerCpu {
  type: 'cpu';
  cpuMs: number;
}

function send(message: FeedServerReady | FeedServerCpu): void {
  process.send?.(message);
}

async function main(): Promise<void> {
  const databaseUrl = process.argv[2] || undefined;
  const productCount = Number(process.argv[3]);
  const variantsPerProduct = Number(process.argv[4]);
  const started = performance.now();
  const bench = await startFeedBenchApp({
    productCount,
    variantsPerProduct,
    feedSize: productCount,
    databaseUrl,
  });
  // The state autovacuum keeps a live table in: planner statistics fresh.
  await bench.db.execute(sql`analyze`);
  const seedMs = Math.round(performance.now() - started);

  answerParent(() => bench.close());
  send({
    type: 'ready',
    address: bench.url,
    feedId: bench.feedId,
    apiToken: bench.apiToken,
    variantCount: bench.variantCount,
    seedMs,
  });
}

await main();
