/**
 * The feeds list panel's statechart (spec §2 "Feeds list panel", §8 "Feeds list shows the error
 * message or 'Failed to load feeds'"; issue 15): loads GET /feeds once, filters by name (or, issue
 * 30's extension, by customer) on the client (case-insensitive) and sorts by a column, both kept in
 * the URL (`?query=&sort=`), and runs the 'All Brands' modal with its own brand search. The list's
 * CSV export is the download chart of feedsExport.machine.ts, which the screen sends the search and
 * sort (issue 30: one download statechart).
 *
 * - `feeds`: loading → loaded, or failed (spec §8's text plus the server's reason, `failureText`)
 *   with `retry`.
 * - The URL (no states of its own, root-level transitions): the list follows the URL the way a
 *   list.machine list does (issue 3). It starts on the URL's query, asks the screen to move the URL
 *   (`uiNavigate('?…', { replace: true })`) on every search or sort change — at once, replacing the
 *   history entry, so a link clicked right after typing is never undone by a late URL update — and
 *   follows every other move of the URL (back/forward, a link to the bare list) through the app's
 *   location subscription. Locations that only echo what it asked for are ignored, so typing is
 *   never undone by an echo arriving after the next keystroke.
 */
import { assign, enqueueActions, fromCallback, fromPromise, setup } from 'xstate';
import type { SnapshotFrom } from 'xstate';
import { fetchFeeds } from '@/api/feeds';
import { DEFAULT_FEED_SORT, isFeedSort, nextFeedSort, visibleFeeds } from '@/api/schemas/feed-list';
import type { FeedSort, FeedSortKey } from '@/api/schemas/feed-list';
import type { FeedListItem } from '@/api/schemas/feeds';
import type { Brand } from '@/api/schemas/shop';
import { failureText } from './failure-text';
import { listUrl, readListQuery } from './list.machine';
import type { SubscribeToLocation } from './list.machine';
import { uiNavigate } from './ui-effects';
import type { NavigateEffect } from './ui-effects';

/** Spec §8: the list's failure text (the server's reason follows it when there is one). */
export const FEEDS_LOAD_FAILED = 'Failed to load feeds';
/** How many unanswered URL moves the list remembers (more are never pending in a browser). */
const MAX_PENDING_URLS = 20;
/** Spec §9: brand names shown inline in a row. */
export const INLINE_BRANDS = 6;

/** The list's query as it stands in the URL: the name search and the sort. */
export type FeedsListQuery = { query: string; sort: FeedSort };

/** No search, newest first: what a URL without `query` and `sort` stands for. */
export const FEEDS_LIST_DEFAULTS: FeedsListQuery = { query: '', sort: DEFAULT_FEED_SORT };

/**
 * The list query of a URL search string (`?query=acme&sort=-products`); a missing or unknown sort
 * reads as newest first.
 */
export function readFeedsListQuery(search: string): FeedsListQuery {
  const { filters } = readListQuery<{ query: string; sort: string }>(search, FEEDS_LIST_DEFAULTS);
  return { query: filters.query, sort: isFeedSort(filters.sort) ? filters.sort : DEFAULT_FEED_SORT };
}

/** The search string of `query` ('?' alone when it is the default). */
export function feedsListUrl(query: FeedsListQuery): string {
  return listUrl({ filters: query, page: 1 }, FEEDS_LIST_DEFAULTS);
}

/** Input: the URL's query (see {@link readFeedsListQuery}) and where the app's locations are heard. */
export interface FeedsListInput {
  query?: FeedsListQuery;
  /** The app's locations (`useLocationSubscription`); without it the list never hears the URL move. */
  subscribe?: SubscribeToLocation;
  /**
   * The path of the page the list is on; locations elsewhere are not its own. Given rather than
   * taken from the first location heard: a screen that mounts during a navigation can first hear the
   * location it is leaving (the root's location source updates after the screens below it).
   */
  pathname?: string;
}

export interface FeedsListContext {
  feeds: FeedListItem[];
  /** The name search, as typed. */
  search: string;
  sort: FeedSort;
  /** The last load failure (worded by `failureText`); null unless failed. */
  error: unknown;
  /** The feed whose brands the modal shows; null while it is closed. */
  modalFeedId: number | null;
  brandSearch: string;
  /** URL search strings the list asked for and has not heard back yet: their echoes are not moves. */
  pendingUrls: string[];
  subscribeToLocation: SubscribeToLocation | null;
  /** See {@link FeedsListInput.pathname}; null to take the first location heard. */
  pathname: string | null;
}

export type FeedsListEvent =
  | { type: 'search.change'; value: string }
  | { type: 'sort.change'; key: FeedSortKey }
  | { type: 'url.changed'; search: string }
  | { type: 'brands.open'; feedId: number }
  | { type: 'brands.search'; value: string }
  | { type: 'brands.close' }
  | { type: 'retry' };

/** What the list asks of the screen: URL moves. */
export type FeedsListEmitted = NavigateEffect;

/**
 * Follows the app's locations within the list's page (`pathname`, else the first location heard;
 * leaving the page unmounts the screen, and so stops the list), sending each location's search
 * string as `url.changed`.
 */
const watchLocation = fromCallback<
  { type: 'never' },
  { subscribe: SubscribeToLocation; pathname: string | null }
>(({ input, sendBack }) => {
  let pathname = input.pathname;
  return input.subscribe((location) => {
    pathname ??= location.pathname;
    if (location.pathname === pathname) sendBack({ type: 'url.changed', search: location.search });
  });
});

function queryOf(context: FeedsListContext): FeedsListQuery {
  return { query: context.search, sort: context.sort };
}

/** The feeds list statechart; see the module comment. */
export const feedsListMachine = setup({
  // Stryker disable next-line ObjectLiteral: XState ignores `types` at run time (only TypeScript reads it)
  types: {
    context: {} as FeedsListContext,
    events: {} as FeedsListEvent,
    emitted: {} as FeedsListEmitted,
    input: {} as FeedsListInput,
  },
  actors: {
    loadFeeds: fromPromise<FeedListItem[]>(({ signal }) => fetchFeeds(signal)),
    watchUrl: watchLocation,
  },
  guards: {
    modalIsOpen: ({ context }) => context.modalFeedId !== null,
    // A move of the URL to a query the list neither shows nor asked for last (back/forward, a link).
    isEcho: ({ context }, params: { search: string }) =>
      context.pendingUrls.includes(feedsListUrl(readFeedsListQuery(params.search))),
    // A move of the URL to a query the list does not show (back/forward, a link).
    isOtherUrl: ({ context }, params: { search: string }) =>
      feedsListUrl(readFeedsListQuery(params.search)) !== feedsListUrl(queryOf(context)),
  },
  actions: {
    reportFailure: (_, params: { error: unknown }) => {
      console.error('Feeds list call failed', params.error);
    },
    applySearch: assign((_, params: { value: string }) => ({ search: params.value })),
    applySort: assign(({ context }, params: { key: FeedSortKey }) => ({
      sort: nextFeedSort(context.sort, params.key),
    })),
    // Bounded: without a location subscription (tests, the model) no echo ever comes back.
    reportUrl: enqueueActions(({ context, enqueue }) => {
      const url = feedsListUrl(queryOf(context));
      enqueue.assign({ pendingUrls: [...context.pendingUrls, url].slice(-MAX_PENDING_URLS) });
      enqueue.emit(uiNavigate(url, { replace: true }));
    }),
    dropEcho: assign(({ context }, params: { search: string }) => {
      const url = feedsListUrl(readFeedsListQuery(params.search));
      return { pendingUrls: context.pendingUrls.slice(context.pendingUrls.indexOf(url) + 1) };
    }),
    // Only with the app's locations (not in a test or the model, which send `url.changed` themselves).
    watchLocations: enqueueActions(({ context, enqueue }) => {
      if (context.subscribeToLocation !== null)
        enqueue.spawnChild('watchUrl', {
          id: 'url',
          input: { subscribe: context.subscribeToLocation, pathname: context.pathname },
        });
    }),
    followUrl: assign((_, params: { search: string }) => {
      const query = readFeedsListQuery(params.search);
      return { search: query.query, sort: query.sort, pendingUrls: [] };
    }),
  },
}).createMachine({
  id: 'feedsList',
  context: ({ input }) => {
    const query = input.query ?? FEEDS_LIST_DEFAULTS;
    return {
      feeds: [],
      search: query.query,
      sort: query.sort,
      error: null,
      modalFeedId: null,
      brandSearch: '',
      pendingUrls: [],
      subscribeToLocation: input.subscribe ?? null,
      pathname: input.pathname ?? null,
    };
  },
  initial: 'feeds',
  entry: 'watchLocations',
  on: {
    'search.change': {
      actions: [{ type: 'applySearch', params: ({ event }) => ({ value: event.value }) }, 'reportUrl'],
    },
    'sort.change': {
      actions: [{ type: 'applySort', params: ({ event }) => ({ key: event.key }) }, 'reportUrl'],
    },
    'url.changed': [
      {
        guard: { type: 'isEcho', params: ({ event }) => ({ search: event.search }) },
        actions: { type: 'dropEcho', params: ({ event }) => ({ search: event.search }) },
      },
      {
        guard: { type: 'isOtherUrl', params: ({ event }) => ({ search: event.search }) },
        actions: { type: 'followUrl', params: ({ event }) => ({ search: event.search }) },
      },
    ],
  },
  states: {
    feeds: {
      initial: 'loading',
      states: {
        loading: {
          entry: assign({ error: null }),
          invoke: {
            src: 'loadFeeds',
            onDone: { target: 'loaded', actions: assign(({ event }) => ({ feeds: event.output })) },
            onError: {
              target: 'failed',
              actions: [
                { type: 'reportFailure', params: ({ event }) => ({ error: event.error }) },
                assign(({ event }) => ({ error: event.error })),
              ],
            },
          },
        },
        failed: { on: { retry: 'loading' } },
        loaded: {
          on: {
            'brands.open': {
              actions: assign(({ event }) => ({ modalFeedId: event.feedId, brandSearch: '' })),
            },
            'brands.search': {
              guard: 'modalIsOpen',
              actions: assign(({ event }) => ({ brandSearch: event.value })),
            },
            'brands.close': { actions: assign({ modalFeedId: null, brandSearch: '' }) },
          },
        },
      },
    },
  },
});

export type FeedsListSnapshot = SnapshotFrom<typeof feedsListMachine>;

/** Which of its distinct states the table draws (issue 15 "Errors look like empty results"). */
export type FeedsListStatus = 'loading' | 'loaded' | 'empty' | 'failed';

/** The table's state: loading, failed, or loaded with rows (`loaded`) or with none (`empty`). */
export function selectStatus(snapshot: FeedsListSnapshot): FeedsListStatus {
  if (snapshot.matches({ feeds: 'loading' })) return 'loading';
  if (snapshot.matches({ feeds: 'failed' })) return 'failed';
  return selectVisibleFeeds(snapshot).length === 0 ? 'empty' : 'loaded';
}

/** Spec §8: 'Failed to load feeds', with the server's reason when there is one; null unless failed. */
export function selectFailedText(snapshot: FeedsListSnapshot): string | null {
  return snapshot.matches({ feeds: 'failed' })
    ? failureText(FEEDS_LOAD_FAILED, snapshot.context.error)
    : null;
}

/**
 * The feeds whose name contains the search text, case-insensitive (spec §2), or whose customer does
 * (issue 30, `visibleFeeds`), in the list's sort.
 */
export function selectVisibleFeeds(snapshot: FeedsListSnapshot): FeedListItem[] {
  const { feeds, search, sort } = snapshot.context;
  return visibleFeeds(feeds, search, sort);
}

/** The open modal's feed name and its brands matching the brand search; null while closed. */
export function selectBrandsModal(snapshot: FeedsListSnapshot): { feedName: string; brands: Brand[] } | null {
  const { modalFeedId, feeds, brandSearch } = snapshot.context;
  const feed = feeds.find((item) => item.id === modalFeedId);
  if (!feed) return null;
  const query = brandSearch.trim().toLowerCase();
  return {
    feedName: feed.name,
    brands:
      query === '' ? feed.brands : feed.brands.filter((brand) => brand.name.toLowerCase().includes(query)),
  };
}
