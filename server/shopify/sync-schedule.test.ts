import Fastify from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ShopifyService } from './shopify-service';
import { scheduleStoreSyncs } from './sync-schedule';

/** A Shopify service whose scheduled syncs only count themselves. */
function countingService() {
  const calls = { syncAll: 0 };
  const service: ShopifyService = {
    check: () => Promise.reject(new Error('not scheduled')),
    syncFeed: () => Promise.reject(new Error('not scheduled')),
    syncAll: async () => {
      calls.syncAll++;
    },
  };
  return { service, calls };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('scheduleStoreSyncs', () => {
  it('syncs every interval once the app is ready, and no more once it is closed', async () => {
    vi.useFakeTimers();
    const app = Fastify();
    const { service, calls } = countingService();
    scheduleStoreSyncs(app, service, 360);
    await app.ready();
    await vi.advanceTimersByTimeAsync(2 * 360 * 60_000);
    expect(calls.syncAll).toBe(2);
    await app.close();
    await vi.advanceTimersByTimeAsync(360 * 60_000);
    expect(calls.syncAll).toBe(2);
  });

  it('schedules nothing at an interval of 0', async () => {
    vi.useFakeTimers();
    const app = Fastify();
    const { service, calls } = countingService();
    scheduleStoreSyncs(app, service, 0);
    await app.ready();
    await vi.advanceTimersByTimeAsync(24 * 60 * 60_000);
    expect(calls.syncAll).toBe(0);
    await app.close();
  });
});
