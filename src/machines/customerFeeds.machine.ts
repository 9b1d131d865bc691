/**
 * The customer's feeds on the customer's page (issue 30: create a customer, make a token for Google
 * and hand Google the feed without leaving that page): a resource statechart (resource.machine.ts)
 * over GET /feeds?user_id= (spec §7), the customer's feeds (checked again here), each with the URL
 * Google Merchant Center's scheduled fetch takes (README "Google Merchant Center scheduled fetch").
 */
import { API_URL } from '@/api/assets';
import { fetchFeeds } from '@/api/feeds';
import { FEED_FORMATS, feedUrl } from '@/api/schemas/feed-formats';
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

/** Whose feeds, and the origin the browser reached the app at (where Google must fetch too). */
export interface CustomerFeedsInput {
  userId: number;
  origin: string;
}

const GOOGLE_FORMAT = FEED_FORMATS.find((format) => format.key === 'xml') ?? FEED_FORMATS[0];

/**
 * The feeds of `feeds` that belong to `input.userId`, in the list's order, with their Google URL:
 * `<origin><VITE_API_URL or /api>/feed/v1/feeds/<id>.xml` (an absolute VITE_API_URL keeps its host).
 */
export function customerFeeds(feeds: FeedList, input: CustomerFeedsInput): CustomerFeed[] {
  const base = new URL(`${API_URL}/feed/v1/feeds`, input.origin).href;
  return feeds
    .filter((feed) => feed.user_id === input.userId)
    .map((feed) => ({
      id: feed.id,
      name: feed.name,
      products_count: feed.products_count,
      google_url: feedUrl(base, feed.id, GOOGLE_FORMAT),
    }));
}

/** The customer's feeds: loads as the page opens, Retry after a failure (`resource.reload`). */
export const customerFeedsMachine = createResourceMachine<CustomerFeed[], CustomerFeedsInput>({
  id: 'customerFeeds',
  load: async (signal, input) => customerFeeds(await fetchFeeds(signal, input.userId), input),
});
