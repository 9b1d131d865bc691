/**
 * Scheduled store syncs (issue 29): every SHOPIFY_SYNC_INTERVAL_MINUTES, each connected customer's
 * store is synced in turn. Started when the app is ready and stopped when it closes; the timer does
 * not keep the process alive. Every process of a scale-out runs the schedule; the lease lets one of
 * them sync a given store and the others skip it.
 */
import type { FastifyInstance } from 'fastify';
import type { ShopifyService } from './shopify-service';

/** Schedules `shopify.syncAll` on `app` every `intervalMinutes` (0: never). */
export function scheduleStoreSyncs(
  app: FastifyInstance,
  shopify: ShopifyService,
  intervalMinutes: number,
): void {
  if (intervalMinutes <= 0) return;
  let timer: NodeJS.Timeout | undefined;
  let running = false;
  const run = async () => {
    // A run longer than the interval is not stacked on: the next tick finds it still going.
    if (running) return;
    running = true;
    try {
      await shopify.syncAll(app.log);
    } catch (error) {
      app.log.error({ err: error }, 'Scheduled Shopify store syncs stopped');
    } finally {
      running = false;
    }
  };
  app.addHook('onReady', async () => {
    timer = setInterval(() => void run(), intervalMinutes * 60_000);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
