/**
 * A run of calls to one store that keeps within Shopify's cost-based rate limit (issue 29; "GraphQL
 * Admin API rate limits", shopify.dev/docs/api/usage/limits): each answer's
 * `extensions.cost.throttleStatus` says how many points the store's bucket holds and how fast it
 * refills, so before a query the bucket cannot afford the session waits until it can; a THROTTLED
 * answer waits as long as the bucket needs, doubling on each further refusal; a 429 waits its
 * Retry-After. Waits go through the transport's `sleep`.
 */
import type * as v from 'valibot';
import { secondsUntilAffordable } from './failures';
import type { ThrottleStatus } from './failures';
import { callStore, ShopifyCallError } from './store-client';
import type { StoreAccess, StoreSettings } from './store-client';

/** How often one query is tried again after being throttled before the run gives up. */
export const MAX_THROTTLED_RETRIES = 5;

export class StoreSession {
  private bucket: ThrottleStatus | null = null;

  constructor(
    private readonly settings: StoreSettings,
    private readonly access: StoreAccess,
  ) {}

  /** Waits `seconds`, counting the bucket's refill meanwhile. */
  private async wait(seconds: number): Promise<void> {
    await this.settings.transport.sleep(seconds * 1000);
    if (this.bucket) {
      const { maximumAvailable, currentlyAvailable, restoreRate } = this.bucket;
      this.bucket = {
        ...this.bucket,
        currentlyAvailable: Math.min(maximumAvailable, currentlyAvailable + seconds * restoreRate),
      };
    }
  }

  /**
   * `query`'s data (see callStore), after waiting for `estimatedCost` points when the last known
   * bucket holds fewer. Rejects with ShopifyCallError: at once for any failure but throttling, and
   * for throttling after MAX_THROTTLED_RETRIES further tries.
   */
  async query<T>(
    query: string,
    variables: Record<string, unknown>,
    schema: v.GenericSchema<unknown, T>,
    estimatedCost: number,
  ): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      const wait = this.bucket ? secondsUntilAffordable(this.bucket, estimatedCost) : 0;
      if (wait > 0) await this.wait(wait);
      try {
        const result = await callStore(this.settings, this.access, query, variables, schema);
        this.bucket = result.throttleStatus ?? this.bucket;
        return result.data;
      } catch (error) {
        if (!(error instanceof ShopifyCallError) || error.failure.code !== 'throttled') throw error;
        if (attempt >= MAX_THROTTLED_RETRIES) throw error;
        this.bucket = error.throttleStatus ?? this.bucket;
        const seconds = error.failure.retry_after_seconds ?? 1;
        // A 429 names its own wait; a THROTTLED answer's is the bucket's, doubled as refusals repeat.
        const isCostRefusal = error.throttleStatus !== null;
        await this.wait(isCostRefusal ? seconds * 2 ** attempt : seconds);
        if (isCostRefusal) this.bucket = null;
      }
    }
  }
}
