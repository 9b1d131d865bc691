/**
 * The formats a feed is delivered in (issue 26 "One registry of feed formats"): the one list from
 * which the delivery routes (server/routes/feed-delivery.ts), their renderers
 * (server/feeds/feed-renderers.ts), the diagnostics' feed URLs and the Delivery panel are derived.
 */
import * as v from 'valibot';

/** Each format: its key, the URL's extension, the Content-Type it is sent with, and its names. */
export const FEED_FORMATS = [
  {
    key: 'json',
    extension: 'json',
    contentType: 'application/json; charset=utf-8',
    label: 'JSON',
    description: 'JSON',
  },
  {
    key: 'csv',
    extension: 'csv',
    contentType: 'text/csv; charset=utf-8',
    label: 'CSV',
    description: 'CSV (Google Merchant Center attribute names)',
  },
  {
    key: 'xml',
    extension: 'xml',
    contentType: 'application/rss+xml; charset=utf-8',
    label: 'XML',
    description: 'Google Merchant Center RSS 2.0 (g: namespace)',
  },
] as const;

export type FeedFormatEntry = (typeof FEED_FORMATS)[number];
export type FeedFormat = FeedFormatEntry['key'];

/** The format Google Merchant Center's scheduled fetch is given (README "Google Merchant Center"). */
export const GOOGLE_FEED_FORMAT: FeedFormatEntry = (() => {
  const rss = FEED_FORMATS.find((format) => format.key === 'xml');
  // Found by key, not by place: a format added or reordered must not change what Google is given.
  if (!rss) throw new Error('FEED_FORMATS lost its xml (RSS 2.0) entry');
  return rss;
})();

/** One URL per format (the diagnostics' `urls`): `{ json, csv, xml }`. */
export const FeedUrls = v.object(
  Object.fromEntries(FEED_FORMATS.map(({ key }) => [key, v.string()])) as Record<
    FeedFormat,
    v.StringSchema<undefined>
  >,
);
export type FeedUrls = v.InferOutput<typeof FeedUrls>;

/** Where feed `feedId` is served as `format`, under `base` (e.g. '<PUBLIC_URL>/api/feed/v1/feeds'). */
export function feedUrl(base: string, feedId: number, format: FeedFormatEntry): string {
  return `${base}/${feedId}.${format.extension}`;
}

/** The URL of feed `feedId` in every format, under `base`. */
export function feedUrls(base: string, feedId: number): FeedUrls {
  return Object.fromEntries(
    FEED_FORMATS.map((format) => [format.key, feedUrl(base, feedId, format)]),
  ) as FeedUrls;
}
