/** The JSON form of a delivered feed: the DeliveredFeed contract itself (src/api/schemas/feed-delivery.ts). */
import type { DeliveredFeed } from '@/api/schemas/feed-delivery';

/** The feed as the JSON document of the delivery API. */
export function renderFeedJson(feed: DeliveredFeed): string {
  return JSON.stringify(feed);
}
