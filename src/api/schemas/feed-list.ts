/**
 * The feeds list's view of its rows, shared by the browser and the CSV export (spec §2 "Feeds list
 * panel"; issue 15 "column sort on the users and feeds lists", "CSV export of the current filtered
 * view"): the name search (case-insensitive, on the client, as the spec says), the column sorts and
 * the export's query. One module, so the exported file always holds the rows the table shows, in
 * the same order.
 */
import * as v from 'valibot';
import type { FeedListItem } from './feeds';

/** Columns the feeds list sorts by: ID, Name, Brands (count), Products (count), Customer. */
export const FEED_SORT_KEYS = ['id', 'name', 'brands', 'products', 'customer'] as const;
/** A sortable column. */
export type FeedSortKey = (typeof FEED_SORT_KEYS)[number];

/** A sort as it stands in the URL: the column, ascending, or '-' and the column, descending. */
export type FeedSort = FeedSortKey | `-${FeedSortKey}`;

/** Every {@link FeedSort}, for validation. */
export const FEED_SORTS: readonly FeedSort[] = FEED_SORT_KEYS.flatMap((key) => [key, `-${key}` as const]);

/** The server's order and the list's default: newest first. */
export const DEFAULT_FEED_SORT: FeedSort = '-id';

/** Whether `value` (e.g. read from a hand-edited URL) is a {@link FeedSort}. */
export function isFeedSort(value: string): value is FeedSort {
  return (FEED_SORTS as readonly string[]).includes(value);
}

/** The column and direction of `sort`. */
export function parseFeedSort(sort: FeedSort): { key: FeedSortKey; descending: boolean } {
  const descending = sort.startsWith('-');
  return { key: (descending ? sort.slice(1) : sort) as FeedSortKey, descending };
}

/**
 * The sort a click on column `key`'s header asks for: the other direction when the list is already
 * sorted by `key`, else `key` ascending.
 */
export function nextFeedSort(current: FeedSort, key: FeedSortKey): FeedSort {
  const { key: currentKey, descending } = parseFeedSort(current);
  if (currentKey !== key) return key;
  return descending ? key : `-${key}`;
}

const collator = new Intl.Collator('en-GB', { sensitivity: 'base', numeric: true });

/** What the search and the sort read of a feeds list row (the server's rows have no URL yet). */
type SortableFeed = Omit<FeedListItem, 'feed_url'>;

function compareBy(key: FeedSortKey, a: SortableFeed, b: SortableFeed): number {
  switch (key) {
    case 'id':
      return a.id - b.id;
    case 'name':
      return collator.compare(a.name, b.name);
    case 'brands':
      return a.brands.length - b.brands.length;
    case 'products':
      return a.products_count - b.products_count;
    case 'customer':
      // A feed without a customer ('-' in the table) sorts before every customer.
      return collator.compare(a.user_details ?? '', b.user_details ?? '');
  }
}

/**
 * The feeds whose name contains `query` (trimmed, case-insensitive; spec §2), or whose customer
 * does (`user_details`, the company or name with the customer number; issue 30, a knowing extension
 * of the spec's name search), in the order of `sort`; equal rows keep newest first. A new array;
 * `feeds` is not changed.
 */
export function visibleFeeds<T extends SortableFeed>(
  feeds: readonly T[],
  query: string,
  sort: FeedSort = DEFAULT_FEED_SORT,
): T[] {
  const needle = query.trim().toLowerCase();
  const { key, descending } = parseFeedSort(sort);
  const direction = descending ? -1 : 1;
  return feeds
    .filter(
      (feed) =>
        needle === '' ||
        feed.name.toLowerCase().includes(needle) ||
        (feed.user_details ?? '').toLowerCase().includes(needle),
    )
    .sort((a, b) => direction * compareBy(key, a, b) || b.id - a.id);
}

/** GET /feeds/export.csv query: the list's search and sort, both optional (no search, newest first). */
export const FeedsExportQuery = v.object({
  query: v.optional(v.pipe(v.string(), v.maxLength(200)), ''),
  sort: v.optional(v.picklist(FEED_SORTS, `sort must be one of ${FEED_SORTS.join(', ')}`), DEFAULT_FEED_SORT),
});
export type FeedsExportQuery = v.InferOutput<typeof FeedsExportQuery>;
