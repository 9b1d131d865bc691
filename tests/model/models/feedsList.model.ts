/**
 * Model of feedsListMachine (spec §2 "Feeds list panel", §8 "Feeds list shows the error message or
 * 'Failed to load feeds'"; issue 15: failed state with the reason and Retry, search and sort in the
 * URL; the CSV export is feedsExport's model). The serializer keeps the state and whether the 'All Brands'
 * modal is open and whether URL moves it asked for are still unanswered (their echoes are ignored);
 * the search, sort and URL texts only matter to the checks, which work out from the context before
 * each step what the URL must say. Every step also checks what the panel draws (the `select*`
 * functions): the table's state, its rows for the search, the failure text and the brands modal.
 */
import { expect } from 'vitest';
import { ApiError } from '@/api/client';
import type { FeedSort } from '@/api/schemas/feed-list';
import type { FeedListItem } from '@/api/schemas/feeds';
import {
  feedsListMachine,
  selectBrandsModal,
  selectFailedText,
  selectStatus,
  selectVisibleFeeds,
} from '@/machines/feedsList.machine';
import type { FeedsListSnapshot } from '@/machines/feedsList.machine';
import { uiNavigate } from '@/machines/ui-effects';
import { defineModel } from '../harness';

const FEED: FeedListItem = {
  id: 1,
  name: 'Acme – Main store',
  user_id: 10,
  brands: [
    { id: 1, name: 'Seeking Health' },
    { id: 2, name: 'Risewell' },
  ],
  products_count: 12,
  user_details: 'Hopper Health (#10)',
  user_discount: 10,
  shipping_user_discount: 5,
  feed_url: '/api/feed/v1/feeds/1.xml',
};
const tokensExpired = new ApiError('Tokens expired', { kind: 'tokens-expired', status: 401 });

/*
 * The texts the panel must show, copied from their sources rather than imported from the machine, so
 * a text that drifts in the machine fails here (issue 17).
 */
/** Spec §8 "Feeds list shows the error message or 'Failed to load feeds'". */
const LOAD_FAILED = 'Failed to load feeds';

/** The URL search string of a query, written out by hand: defaults are left out (issue 3). */
function url(query: string, sort: FeedSort): string {
  const params = new URLSearchParams();
  if (query !== '') params.set('query', query);
  if (sort !== '-id') params.set('sort', sort);
  return `?${params.toString()}`;
}

/** The search and sort a URL holds, read by hand: `query` and `sort` (newest first when absent). */
function readListQueryOf(search: string): { search: string; sort: FeedSort } {
  const params = new URLSearchParams(search);
  return { search: params.get('query') ?? '', sort: (params.get('sort') ?? '-id') as FeedSort };
}

/**
 * The rows of the answered feeds a search shows (spec §2: the name contains it, any case; issue 30:
 * or the customer does — 'HOPPER' is in FEED's customer only).
 */
const ROWS: Readonly<Record<string, FeedListItem[]>> = { '': [FEED], HOPPER: [FEED], acme: [FEED], beta: [] };

/** Spec §2 "All Brands" modal: FEED's brands whose name contains the brand search, any case. */
const MODAL_BRANDS: Readonly<Record<string, FeedListItem['brands']>> = {
  '': FEED.brands,
  // Typed with spaces and in another case: the brand names still match.
  ' Rise ': [{ id: 2, name: 'Risewell' }],
};

/** What the panel draws in every snapshot (see the module comment). */
function expectPanel(snapshot: FeedsListSnapshot): void {
  const { feeds: region } = snapshot.value as { feeds: string };
  const { feeds, search, modalFeedId, brandSearch } = snapshot.context;
  const rows = feeds.length === 0 ? [] : ROWS[search];
  if (rows === undefined) throw new Error(`no rows written out for the search '${search}'`);
  expect(selectVisibleFeeds(snapshot), `the rows for '${search}'`).toEqual(rows);
  const status = region === 'loaded' ? (rows.length > 0 ? 'loaded' : 'empty') : region;
  expect(selectStatus(snapshot), 'the table never shows a failure as empty').toBe(status);
  if (region !== 'failed') expect(selectFailedText(snapshot)).toBeNull();
  if (modalFeedId === null) {
    expect(selectBrandsModal(snapshot)).toBeNull();
  } else {
    expect(selectBrandsModal(snapshot)).toEqual({ feedName: FEED.name, brands: MODAL_BRANDS[brandSearch] });
  }
}

/** The sort a header click asks for: the other direction of the same column, else the column ascending. */
function clicked(sort: FeedSort, key: string): FeedSort {
  if (sort === key) return `-${key}` as FeedSort;
  return key as FeedSort;
}

export default defineModel({
  machine: feedsListMachine,
  inputs: { 'no query': {}, 'query in the URL': { query: { query: 'acme', sort: 'name' } } },
  events: {
    'search.change': [{ type: 'search.change', value: 'HOPPER' }],
    'sort.change': [{ type: 'sort.change', key: 'name' }],
    'url.changed': [
      // The echo of the search below, and a move to another query (back/forward).
      { type: 'url.changed', search: '?query=HOPPER' },
      { type: 'url.changed', search: '?query=beta&sort=-products' },
    ],
    'brands.open': [{ type: 'brands.open', feedId: 1 }],
    'brands.search': [{ type: 'brands.search', value: ' Rise ' }],
    'brands.close': [{ type: 'brands.close' }],
    retry: [{ type: 'retry' }],
  },
  outcomes: {
    loadFeeds: { done: [[FEED]], error: [tokensExpired, 'no message'] },
  },
  stubActions: ['reportFailure'],
  serialize: (snapshot) => ({
    value: snapshot.value,
    modal: snapshot.context.modalFeedId !== null,
    pending: snapshot.context.pendingUrls.length > 0,
  }),
  // While the brands modal is open the page behind it takes no gestures, so only the modal's events
  // and answers are walked (issue 28).
  filterEvents: (snapshot, event) => {
    const { modalFeedId } = snapshot.context;
    if (modalFeedId !== null) return event.type.startsWith('brands.') || event.type.startsWith('xstate.');
    return true;
  },
  check: ({ input, before, event, after, emitted, actions, started }) => {
    expectPanel(after);
    if (before === null) {
      expect(after.value).toEqual({ feeds: 'loading' });
      expect(after.context).toEqual({
        feeds: [],
        search: input?.query?.query ?? '',
        sort: input?.query?.sort ?? '-id',
        error: null,
        modalFeedId: null,
        brandSearch: '',
        pendingUrls: [],
        // The model gives no location source: the list never watches the URL by itself.
        subscribeToLocation: null,
        pathname: null,
      });
      expect(
        started.map((actor) => actor.src),
        'the feeds load as the panel opens',
      ).toEqual(['loadFeeds']);
      expect(emitted).toEqual([]);
      return;
    }
    const b = before.context;
    if (event.type === 'search.change') {
      expect(after.context.search).toBe(event.value);
      expect(emitted, 'the search is in the URL at once, replacing the history entry').toEqual([
        uiNavigate(url(event.value, b.sort), { replace: true }),
      ]);
      expect(after.context.pendingUrls.at(-1)).toBe(url(event.value, b.sort));
    } else if (event.type === 'sort.change') {
      const sort = clicked(b.sort, event.key);
      expect(after.context.sort).toBe(sort);
      expect(emitted, 'a sort is in the URL at once').toEqual([
        uiNavigate(url(b.search, sort), { replace: true }),
      ]);
    } else if (event.type === 'url.changed') {
      const echo = b.pendingUrls.indexOf(event.search);
      const moved = echo < 0 && event.search !== url(b.search, b.sort);
      const query = readListQueryOf(event.search);
      expect(after.context, 'a move of the URL is followed; an echo of its own is not').toMatchObject(
        moved ? { ...query, pendingUrls: [] } : { search: b.search, sort: b.sort },
      );
      if (echo >= 0) expect(after.context.pendingUrls).toEqual(b.pendingUrls.slice(echo + 1));
      else if (!moved) expect(after.context, 'the query already shown changes nothing').toEqual(b);
      expect(emitted, 'following the URL never moves it').toEqual([]);
    } else if (event.type === 'retry') {
      expect(after.matches({ feeds: 'loading' })).toBe(true);
      expect(after.context.error).toBeNull();
    } else if (event.type === 'brands.open') {
      expect(selectBrandsModal(after)).toEqual({ feedName: FEED.name, brands: FEED.brands });
    } else if (event.type === 'brands.search') {
      if (b.modalFeedId === null) {
        expect(after.context.brandSearch, 'no brand search while the modal is closed').toBe('');
      } else {
        expect(selectBrandsModal(after)?.brands).toEqual([{ id: 2, name: 'Risewell' }]);
      }
    } else if (event.type === 'brands.close') {
      expect(selectBrandsModal(after)).toBeNull();
      expect(after.context.brandSearch).toBe('');
    } else if (event.type.startsWith('xstate.done.actor.')) {
      expect(after.matches({ feeds: 'loaded' })).toBe(true);
      expect(after.context.feeds).toEqual([FEED]);
    } else if (event.type.startsWith('xstate.error.actor.')) {
      const error = (event as { error: unknown }).error;
      expect(after.matches({ feeds: 'failed' })).toBe(true);
      expect(actions, 'spec §8: logged').toContainEqual({ type: 'reportFailure', params: { error } });
      expect(selectFailedText(after), "spec §8's text, then the reason").toBe(
        error instanceof ApiError ? `${LOAD_FAILED}: ${error.message}` : LOAD_FAILED,
      );
    }
  },
});
