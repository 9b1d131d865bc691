import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { aFeed } from '@test-support/builders';
import type { FeedListItem } from './feeds';
import { FeedsExportQuery, isFeedSort, nextFeedSort, visibleFeeds } from './feed-list';

/** Feed `id` with `brands` brands and `products` products, of `customer` (as the list shows it) or none. */
function feed(id: number, name: string, brands: number, products: number, customer: string | null) {
  return aFeed({
    id,
    name,
    user_id: customer === null ? null : id,
    brands: Array.from({ length: brands }, (_, i) => ({ id: i + 1, name: `Brand ${i}` })),
    products_count: products,
    user_details: customer,
  });
}

const FEEDS = [
  feed(4, 'feed 10', 1, 5, 'Beta (#2)'),
  feed(3, 'Feed 9', 2, 5, null),
  feed(2, 'alpha', 0, 7, 'acme (#1)'),
  feed(1, 'Alpha', 3, 1, 'Acme (#1)'),
];
const ids = (feeds: FeedListItem[]) => feeds.map((item) => item.id);

describe('visibleFeeds', () => {
  it('keeps the server order (newest first) by default and filters names case-insensitively, trimmed', () => {
    expect(ids(visibleFeeds(FEEDS, ''))).toEqual([4, 3, 2, 1]);
    expect(ids(visibleFeeds(FEEDS, '  ALPHA '))).toEqual([2, 1]);
    expect(visibleFeeds(FEEDS, 'none')).toEqual([]);
  });

  it("also finds a feed by its customer's company or number (issue 30), any case", () => {
    expect(ids(visibleFeeds(FEEDS, 'BETA'))).toEqual([4]);
    expect(ids(visibleFeeds(FEEDS, 'acme'))).toEqual([2, 1]);
    expect(ids(visibleFeeds(FEEDS, '(#1)'))).toEqual([2, 1]);
  });

  it('sorts each column both ways; names in natural order, ties newest first', () => {
    expect(ids(visibleFeeds(FEEDS, '', 'name'))).toEqual([2, 1, 3, 4]);
    expect(ids(visibleFeeds(FEEDS, '', '-name'))).toEqual([4, 3, 2, 1]);
    expect(ids(visibleFeeds(FEEDS, '', 'brands'))).toEqual([2, 4, 3, 1]);
    expect(ids(visibleFeeds(FEEDS, '', '-products'))).toEqual([2, 4, 3, 1]);
    expect(ids(visibleFeeds(FEEDS, '', 'customer')), 'no customer first').toEqual([3, 2, 1, 4]);
    expect(ids(visibleFeeds(FEEDS, '', 'id'))).toEqual([1, 2, 3, 4]);
  });

  it('does not change its argument', () => {
    const copy = [...FEEDS];
    visibleFeeds(FEEDS, '', 'name');
    expect(FEEDS).toEqual(copy);
  });
});

describe('sorts', () => {
  it('a header click turns the sorted column around, or sorts another ascending', () => {
    expect(nextFeedSort('-id', 'name')).toBe('name');
    expect(nextFeedSort('name', 'name')).toBe('-name');
    expect(nextFeedSort('-name', 'name')).toBe('name');
    expect(nextFeedSort('-id', 'id')).toBe('id');
  });

  it('knows its sorts and the export query defaults to all feeds, newest first', () => {
    expect(isFeedSort('-products')).toBe(true);
    expect(isFeedSort('price')).toBe(false);
    expect(v.parse(FeedsExportQuery, {})).toEqual({ query: '', sort: '-id' });
    expect(v.safeParse(FeedsExportQuery, { sort: 'price' }).success).toBe(false);
  });
});
