/**
 * Batches of concurrent calls that share a key (issue 31, feed pulls): while one batch of a key is
 * running, later callers of that key wait together for the next one, which runs once for all of
 * them. A pull's count is a write that locks its token's row until it is committed, so 50 clients
 * pulling with one token queued on that lock, one commit (a WAL flush) each; batched, one
 * statement and one commit count all the pulls that arrived meanwhile, and each pull is still
 * answered only after its own count is committed.
 */

interface Waiter<R> {
  resolve(result: R): void;
  reject(error: unknown): void;
}

/**
 * Runs `run(params, size)` once per batch of calls to {@link KeyedBatches.join} with the same key,
 * at most one batch of a key at a time. Callers of one key pass the same `params` (the first
 * caller's are used); `run` resolves to one result per caller, in the order they joined.
 */
export class KeyedBatches<P, R> {
  /** The callers waiting for each key's next batch; a key is here while one of its batches runs. */
  readonly #waiting = new Map<string, Waiter<R>[]>();

  constructor(private readonly run: (params: P, size: number) => Promise<readonly R[]>) {}

  /**
   * Joins the next batch of `key` (run at once when none of that key is running) and resolves to
   * this caller's result. Rejects with `run`'s error, which every caller of that batch receives,
   * or when `run` gives fewer results than callers.
   */
  join(key: string, params: P): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      const next = this.#waiting.get(key);
      if (next) {
        next.push({ resolve, reject });
        return;
      }
      this.#waiting.set(key, []);
      void this.#runBatch(key, params, [{ resolve, reject }]);
    });
  }

  async #runBatch(key: string, params: P, batch: Waiter<R>[]): Promise<void> {
    try {
      const results = await this.run(params, batch.length);
      if (results.length < batch.length) {
        throw new Error(`a batch of ${batch.length} calls got ${results.length} results`);
      }
      batch.forEach((waiter, index) => waiter.resolve(results[index]!));
    } catch (error) {
      for (const waiter of batch) waiter.reject(error);
    }
    const next = this.#waiting.get(key)!;
    if (next.length === 0) {
      this.#waiting.delete(key);
      return;
    }
    this.#waiting.set(key, []);
    void this.#runBatch(key, params, next);
  }
}
