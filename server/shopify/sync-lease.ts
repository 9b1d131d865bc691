/**
 * One store sync per customer at a time, across every process of a scale-out (issue 29): a lease row
 * in `shopify_syncs` taken with one atomic upsert (PostgreSQL's INSERT ... ON CONFLICT DO UPDATE
 * ... WHERE, the same on PGlite), held while `locked_until` is ahead of the clock and renewed as the
 * run goes, so a crashed process's lease lapses by itself after LEASE_MS.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, isNull, lte, or } from 'drizzle-orm';
import type { ShopifyFailure } from '@/api/schemas/shopify';
import type { Db } from '../db/open';
import { shopifySyncs } from '../db/schema';

/** How long a lease lasts without renewal, in ms: longer than any one call (DEFAULT_CALL_TIMEOUT_MS) and its waits. */
export const LEASE_MS = 10 * 60_000;

/** A held lease. */
export interface SyncLease {
  userId: number;
  id: string;
}

/** Takes customer `userId`'s sync lease at `now`, or resolves to null when another run holds it. */
export async function acquireLease(db: Db, userId: number, now: Date): Promise<SyncLease | null> {
  const id = randomUUID();
  const lockedUntil = new Date(now.getTime() + LEASE_MS);
  const rows = await db
    .insert(shopifySyncs)
    .values({ user_id: userId, lease_id: id, locked_until: lockedUntil })
    .onConflictDoUpdate({
      target: shopifySyncs.user_id,
      set: { lease_id: id, locked_until: lockedUntil },
      setWhere: or(isNull(shopifySyncs.locked_until), lte(shopifySyncs.locked_until, now)),
    })
    .returning({ userId: shopifySyncs.user_id });
  return rows.length === 1 ? { userId, id } : null;
}

/** Extends `lease` to LEASE_MS after `now`; resolves to false when it was lost (it had lapsed and another run took it). */
export async function renewLease(db: Db, lease: SyncLease, now: Date): Promise<boolean> {
  const rows = await db
    .update(shopifySyncs)
    .set({ locked_until: new Date(now.getTime() + LEASE_MS) })
    .where(and(eq(shopifySyncs.user_id, lease.userId), eq(shopifySyncs.lease_id, lease.id)))
    .returning({ userId: shopifySyncs.user_id });
  return rows.length === 1;
}

/**
 * Ends `lease` at `now` with the run's result: `failure` null for a success (which becomes the
 * mapping's time), a ShopifyFailure for a failed run, absent for a run that ended on an error of our
 * own (nothing recorded). A lease another run took meanwhile is left alone.
 */
export async function releaseLease(
  db: Db,
  lease: SyncLease,
  now: Date,
  failure?: ShopifyFailure | null,
): Promise<void> {
  await db
    .update(shopifySyncs)
    .set({
      lease_id: null,
      locked_until: null,
      ...(failure === undefined
        ? {}
        : {
            ended_at: now,
            ...(failure === null ? { succeeded_at: now } : {}),
            failure_code: failure?.code ?? null,
            failure_message: failure?.message ?? null,
            failure_retry_after_seconds: failure?.retry_after_seconds ?? null,
          }),
    })
    .where(and(eq(shopifySyncs.user_id, lease.userId), eq(shopifySyncs.lease_id, lease.id)));
}
