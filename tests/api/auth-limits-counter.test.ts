/**
 * The database attempt counter behind the auth limits (issue 13), on PGlite and PostgreSQL:
 * atomic under concurrency, fixed windows on the injected clock, refunds kept to their window,
 * marks (issue 27), and ended windows swept away in bounded batches (issue 27).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAttemptCounter, SWEEP_INTERVAL_MS } from '../../server/auth/attempt-limits';
import type { AttemptCounter } from '../../server/auth/attempt-limits';
import { attemptCounters } from '../../server/db/schema';
import { createTestApp } from './helpers';
import type { TestApp } from './helpers';

let t: TestApp;
let counter: AttemptCounter;
beforeAll(async () => {
  t = await createTestApp();
  counter = createAttemptCounter(t.db, t.clock.now);
});
afterAll(async () => {
  await t.close();
});

const LIMIT = { max: 5, windowMs: 60_000 };

async function hitsOf(key: string): Promise<number | undefined> {
  const [row] = await t.db
    .select({ hits: attemptCounters.hits })
    .from(attemptCounters)
    .where(eq(attemptCounters.key, key));
  return row?.hits;
}

describe('createAttemptCounter', () => {
  it('gives 200 concurrent attempts the counts 1 to 200, so exactly `max` are allowed', async () => {
    const verdicts = await Promise.all(Array.from({ length: 200 }, () => counter.count('concurrent', LIMIT)));
    expect(verdicts.filter((verdict) => verdict.allowed)).toHaveLength(5);
    expect(new Set(verdicts.map((verdict) => verdict.remaining))).toEqual(new Set([0, 1, 2, 3, 4]));
    expect(await hitsOf('concurrent')).toBe(200);
  });

  it('reports what is left and when the window ends, then refuses', async () => {
    const first = await counter.count('window', LIMIT);
    expect(first).toMatchObject({ allowed: true, limit: 5, remaining: 4, resetSeconds: 60 });
    t.clock.advance(20_500);
    for (let attempt = 2; attempt <= 5; attempt++) await counter.count('window', LIMIT);
    const refused = await counter.count('window', LIMIT);
    expect(refused).toMatchObject({ allowed: false, remaining: 0, resetSeconds: 40 });
    expect(refused.windowEndsAt).toEqual(first.windowEndsAt);
  });

  it('starts a new window at the first attempt after the old one ended', async () => {
    for (let attempt = 0; attempt < 6; attempt++) await counter.count('renewed', LIMIT);
    t.clock.advance(LIMIT.windowMs);
    const fresh = await counter.count('renewed', LIMIT);
    expect(fresh).toMatchObject({ allowed: true, remaining: 4, resetSeconds: 60 });
    expect(fresh.windowEndsAt).toEqual(new Date(t.clock.now().getTime() + LIMIT.windowMs));
  });

  it('refunds an allowed attempt within its window only, and never a refused one', async () => {
    const allowed = await counter.count('refund', LIMIT);
    await counter.count('refund', LIMIT);
    await counter.refund('refund', allowed);
    expect(await hitsOf('refund')).toBe(1);
    await counter.refund('refund', allowed);
    // The window's last attempt taken back takes the row with it.
    expect(await hitsOf('refund')).toBeUndefined();

    for (let attempt = 0; attempt < 5; attempt++) await counter.count('refund', LIMIT);
    const refused = await counter.count('refund', LIMIT);
    await counter.refund('refund', refused);
    expect(await hitsOf('refund')).toBe(6);

    const late = await counter.count('late', LIMIT);
    t.clock.advance(LIMIT.windowMs);
    await counter.count('late', LIMIT);
    await counter.refund('late', late);
    expect(await hitsOf('late')).toBe(1);
  });

  it('clears a key', async () => {
    await counter.count('cleared', LIMIT);
    await counter.clear('cleared');
    expect(await hitsOf('cleared')).toBeUndefined();
    expect(await counter.count('cleared', LIMIT)).toMatchObject({ remaining: 4 });
  });

  it('deletes ended windows now and then, keeping live ones', async () => {
    const sweeping = createAttemptCounter(t.db, t.clock.now);
    await sweeping.count('live', { max: 5, windowMs: 10 * SWEEP_INTERVAL_MS });
    await sweeping.count('old', { max: 5, windowMs: 1_000 });
    t.clock.advance(2_000);
    await sweeping.count('other', LIMIT);
    // Ended, but the last sweep was under SWEEP_INTERVAL_MS ago.
    expect(await hitsOf('old')).toBe(1);
    t.clock.advance(SWEEP_INTERVAL_MS);
    await sweeping.count('other', LIMIT);
    expect(await hitsOf('old')).toBeUndefined();
    expect(await hitsOf('live')).toBe(1);
  });

  it('keeps a mark for its window, extends it when marked again, and counts it as gone after', async () => {
    expect(await counter.isMarked('mark')).toBe(false);
    await counter.mark('mark', 60_000);
    t.clock.advance(30_000);
    await counter.mark('mark', 60_000);
    t.clock.advance(59_999);
    expect(await counter.isMarked('mark')).toBe(true);
    t.clock.advance(1);
    expect(await counter.isMarked('mark')).toBe(false);
  });

  it('sweeps at most a batch at a time, and the next write sweeps again until the backlog is gone', async () => {
    await t.db.delete(attemptCounters);
    const batched = createAttemptCounter(t.db, t.clock.now, { sweepBatch: 2 });
    for (const key of ['ended1', 'ended2', 'ended3']) await batched.count(key, { max: 5, windowMs: 1_000 });
    t.clock.advance(SWEEP_INTERVAL_MS);
    const remaining = async () => (await t.db.select().from(attemptCounters)).map((row) => row.key).sort();

    await batched.count('live', LIMIT);
    expect(await remaining()).toHaveLength(2);
    await batched.mark('mark', LIMIT.windowMs);
    expect(await remaining()).toEqual(['live', 'mark']);
  });
});
