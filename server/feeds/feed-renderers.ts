/**
 * One renderer per feed format (issue 26 "One registry of feed formats"), keyed by the registry's
 * keys (src/api/schemas/feed-formats.ts), so a format added there fails the type check until it is
 * rendered here.
 */
import type { DeliveredFeed } from '@/api/schemas/feed-delivery';
import type { FeedFormat } from '@/api/schemas/feed-formats';
import { renderFeedCsv } from './render-csv';
import { renderFeedJson } from './render-json';
import { renderFeedXml } from './render-xml';

/** Renders `feed` as one format; `selfLink` is the feed's own URL in Google's XML format. */
export type FeedRenderer = (feed: DeliveredFeed, selfLink: string) => string;

export const FEED_RENDERERS: Record<FeedFormat, FeedRenderer> = {
  json: renderFeedJson,
  csv: renderFeedCsv,
  xml: renderFeedXml,
};
