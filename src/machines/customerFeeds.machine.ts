/**
 * The customer's feeds on the customer's page (issue 30: create a customer, make a token for Google
 * and hand Google the feed without leaving that page): a resource statechart (resource.machine.ts)
 * over GET /feeds?user_id= (spec §7), the customer's feeds (checked again here), each with the URL
 * Google Merchant Center's scheduled fetch takes: the server's `feed_url`, on PUBLIC_URL when the
 * server has one, else a path put on the page's origin, as the feed's Delivery panel shows it.
 */
import { fetchFeeds } from '@/api/feeds';
import type { FeedList } from '@/api/schemas/feeds';
import { createResourceMachine } from './resource.machine';

/** One of the customer's feeds as the page lists it. */
export interface CustomerFeed {
  id: number;
  name: string;
  products_count: number;
  /** The RSS 2.0 URL to enter as Google Merchant Center's file URL. */
  google_url: string;
}

/** Whose feeds, and the origin the browser reached the app at (where a path is put). */
export interface CustomerFeedsInput {
  userId: number;
  origin: string;
}

/** The feeds of `feeds` that belong to `input.userId`, in the list's order, with their Google URL. */
export function customerFeeds(feeds: FeedList, input: CustomerFeedsInput): CustomerFeed[] {
  return feeds
    .filter((feed) => feed.user_id === input.userId)
    .map((feed) => ({
      id: feed.id,
      name: feed.name,
      products_count: feed.products_count,
      google_url: new URL(feed.feed_url, input.origin).href,
    }));
}

/** The customer's feeds: loads as the page opens, Retry after a failure (`resource.reload`). */
export const customerFeedsMachine = createResourceMachine<CustomerFeed[], CustomerFeedsInput>({
  id: 'customerFeeds',
  load: async (signal, input) => customerFeeds(await fetchFeeds(signal, input.userId), input),
});
