/**
 * Attempt limits kept in the database (table `attempt_counters`), so every process sharing it
 * shares each limit (issue 13). An attempt is counted before the work it guards, by one statement
 * that increments and returns the count, so N concurrent attempts get at most `max` allowed however
 * they interleave. Windows are fixed: they start at the first attempt and end `windowMs` later,
 * measured on the injected clock. The same table keeps marks: a key with a live window and no
 * count (e.g. a client that signed in to an account recently, issue 27).
 *
 * Rows whose window has ended are deleted in batches (issue 27: a flood from rotating addresses
 * must not grow the table without bound), so the table holds the live windows plus at most one
 * sweep interval's worth of ended ones.
 */
import { and, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import type { AttemptLimit } from '../config';
import type { Db } from '../db/open';
import { attemptCounters } from '../db/schema';
import { TooManyAttemptsError } from '../domain-errors';

/** Ended windows are deleted at most this often per counter (milliseconds of the injected clock). */
export const SWEEP_INTERVAL_MS = 60_000;
/**
 * Rows one sweep deletes at most, so no single login pays for a large backlog; a full batch makes
 * the next write sweep again without waiting for the interval.
 */
export const SWEEP_BATCH = 1_000;

/** What counting one attempt under a key found. */
export interface AttemptVerdict {
  /** True when this attempt is within the limit (the guarded work may run). */
  allowed: boolean;
  /** The limit's `max`. */
  limit: number;
  /** Attempts left in this window after this one (0 once refused). */
  remaining: number;
  /** Whole seconds until the window ends, at least 1. */
  resetSeconds: number;
  /** The window this attempt was counted in; `refund` takes back only from that same window. */
  windowEndsAt: Date;
}

/** Counts attempts per key; see the module comment. */
export interface AttemptCounter {
  /** Counts one attempt under `key` against `limit`; resolves to the verdict (never rejects for a refusal). */
  count(key: string, limit: AttemptLimit): Promise<AttemptVerdict>;
  /**
   * Takes back one attempt that `verdict` allowed, when the window it was counted in has not
   * ended (e.g. a success that must not use up the allowance, or work that never ran); the row goes
   * when no attempt is left in it (the next attempt starts a new window).
   */
  refund(key: string, verdict: AttemptVerdict): Promise<void>;
  /** Forgets every attempt under `key` (e.g. after a correct password). */
  clear(key: string): Promise<void>;
  /** Sets a mark under `key` that lasts `windowMs` from now (a later mark extends it). */
  mark(key: string, windowMs: number): Promise<void>;
  /** True when `key` has a live window (a mark, or attempts counted), on the injected clock. */
  isMarked(key: string): Promise<boolean>;
}

/**
 * A counter on `db` with the clock `now`. Every `count` and `mark` first deletes, at most once per
 * SWEEP_INTERVAL_MS (sooner after a full batch), up to `sweepBatch` rows whose window has ended.
 */
export function createAttemptCounter(
  db: Db,
  now: () => Date,
  { sweepBatch = SWEEP_BATCH }: { sweepBatch?: number } = {},
): AttemptCounter {
  let lastSweep = Number.NEGATIVE_INFINITY;

  async function sweep(at: Date): Promise<void> {
    if (at.getTime() - lastSweep < SWEEP_INTERVAL_MS) return;
    lastSweep = at.getTime();
    // Rows another process is sweeping or counting are skipped, not waited for.
    const ended = db
      .select({ key: attemptCounters.key })
      .from(attemptCounters)
      .where(lte(attemptCounters.window_ends_at, at))
      .limit(sweepBatch)
      .for('update', { skipLocked: true });
    const deleted = await db
      .delete(attemptCounters)
      .where(inArray(attemptCounters.key, ended))
      .returning({ key: attemptCounters.key });
    if (deleted.length === sweepBatch) lastSweep = Number.NEGATIVE_INFINITY;
  }

  return {
    async count(key, limit) {
      const at = now();
      await sweep(at);
      const atParam = sql`${at.toISOString()}::timestamptz`;
      const windowEnded = sql`${attemptCounters.window_ends_at} <= ${atParam}`;
      // One statement: concurrent attempts on a key queue on its row lock, each sees the previous count.
      const [row] = await db
        .insert(attemptCounters)
        .values({ key, hits: 1, window_ends_at: new Date(at.getTime() + limit.windowMs) })
        .onConflictDoUpdate({
          target: attemptCounters.key,
          set: {
            hits: sql`CASE WHEN ${windowEnded} THEN 1 ELSE ${attemptCounters.hits} + 1 END`,
            window_ends_at: sql`CASE WHEN ${windowEnded} THEN excluded.window_ends_at ELSE ${attemptCounters.window_ends_at} END`,
          },
        })
        .returning({ hits: attemptCounters.hits, windowEndsAt: attemptCounters.window_ends_at });
      if (!row) throw new Error(`attempt counter ${key} was not written`);
      return {
        allowed: row.hits <= limit.max,
        limit: limit.max,
        remaining: Math.max(0, limit.max - row.hits),
        resetSeconds: Math.max(1, Math.ceil((row.windowEndsAt.getTime() - at.getTime()) / 1000)),
        windowEndsAt: row.windowEndsAt,
      };
    },

    async refund(key, verdict) {
      if (!verdict.allowed) return;
      const sameWindow = and(
        eq(attemptCounters.key, key),
        eq(attemptCounters.window_ends_at, verdict.windowEndsAt),
      );
      // The last attempt of its window takes the row with it: refused floods leave nothing behind.
      const deleted = await db
        .delete(attemptCounters)
        .where(and(sameWindow, eq(attemptCounters.hits, 1)))
        .returning({ key: attemptCounters.key });
      if (deleted.length > 0) return;
      await db
        .update(attemptCounters)
        .set({ hits: sql`${attemptCounters.hits} - 1` })
        .where(and(sameWindow, gt(attemptCounters.hits, 0)));
    },

    async clear(key) {
      await db.delete(attemptCounters).where(eq(attemptCounters.key, key));
    },

    async mark(key, windowMs) {
      const at = now();
      await sweep(at);
      const endsAt = new Date(at.getTime() + windowMs);
      await db
        .insert(attemptCounters)
        .values({ key, hits: 0, window_ends_at: endsAt })
        .onConflictDoUpdate({ target: attemptCounters.key, set: { hits: 0, window_ends_at: endsAt } });
    },

    async isMarked(key) {
      const [row] = await db
        .select({ key: attemptCounters.key })
        .from(attemptCounters)
        .where(and(eq(attemptCounters.key, key), gt(attemptCounters.window_ends_at, now())))
        .limit(1);
      return row !== undefined;
    },
  };
}

/**
 * The refusal of a refused verdict: `message` for people, to come back when the window ends, with
 * the verdict as the limit's state (the HTTP answer is a 429 with Retry-After and RateLimit headers).
 */
export function tooManyAttempts(verdict: AttemptVerdict, message: string): TooManyAttemptsError {
  return new TooManyAttemptsError(message, verdict.resetSeconds, { limitState: verdict });
}

/** Of several verdicts, the one closest to refusal (fewest remaining; the first on a tie). */
export function tightest(first: AttemptVerdict, ...others: AttemptVerdict[]): AttemptVerdict {
  return others.reduce((best, verdict) => (verdict.remaining < best.remaining ? verdict : best), first);
}
