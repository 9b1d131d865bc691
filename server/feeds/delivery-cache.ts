/**
 * A per-process micro-cache of rendered feed documents. Stores poll feeds over and over while a
 * feed changes rarely, and building a 1,000-product document takes tens of ms of database work, so
 * each rendering is reused for FEED_CACHE_MS. Concurrent requests for the same document share one
 * rendering. A change therefore shows within FEED_CACHE_MS, in every process of a scale-out.
 * The token check and count never go through here: every pull is still counted.
 */

/** How long a rendered document is reused, in ms. */
export const FEED_CACHE_MS = 5000;
/** Beyond this many entries, expired ones are dropped on the next store. */
const PRUNE_AT = 1000;

interface Entry<T> {
  expiresAt: number;
  value: Promise<T>;
}

/** Memoises `compute` per key for `ttlMs` on the clock `now`. */
export class MicroCache<T> {
  private readonly entries = new Map<string, Entry<T>>();

  constructor(
    private readonly now: () => Date,
    private readonly ttlMs: number = FEED_CACHE_MS,
  ) {}

  /**
   * The cached value of `key`, or `compute()`'s, cached from now on. A rejected computation is
   * forgotten at once, so the next request tries again.
   */
  get(key: string, compute: () => Promise<T>): Promise<T> {
    const time = this.now().getTime();
    const hit = this.entries.get(key);
    if (hit && hit.expiresAt > time) return hit.value;
    if (this.entries.size >= PRUNE_AT) {
      for (const [name, entry] of this.entries) if (entry.expiresAt <= time) this.entries.delete(name);
    }
    const value = compute();
    this.entries.set(key, { expiresAt: time + this.ttlMs, value });
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key);
    });
    return value;
  }
}
