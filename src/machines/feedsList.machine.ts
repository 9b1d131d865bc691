/**
 * The feeds list panel's statechart (spec §2 "Feeds list panel", §8 "Feeds list shows the error
 * message or 'Failed to load feeds'"): loads GET /feeds once, filters by name on the client
 * (case-insensitive) and runs the 'All Brands' modal with its own brand search.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { SnapshotFrom } from 'xstate';
import { fetchFeeds } from '@/api/feeds';
import type { FeedListItem } from '@/api/schemas/feeds';
import type { Brand } from '@/api/schemas/shop';

/** Spec §8: the list's fallback error text. */
export const FEEDS_LOAD_FAILED = 'Failed to load feeds';
/** Spec §9: brand names shown inline in a row. */
export const INLINE_BRANDS = 6;

export interface FeedsListContext {
  feeds: FeedListItem[];
  search: string;
  error: string | null;
  /** The feed whose brands the modal shows; null while it is closed. */
  modalFeedId: number | null;
  brandSearch: string;
}

export type FeedsListEvent =
  | { type: 'search.change'; value: string }
  | { type: 'brands.open'; feedId: number }
  | { type: 'brands.search'; value: string }
  | { type: 'brands.close' }
  | { type: 'retry' };

/** The feeds list statechart; see the module comment. */
export const feedsListMachine = setup({
  types: { context: {} as FeedsListContext, events: {} as FeedsListEvent },
  actors: {
    loadFeeds: fromPromise<FeedListItem[]>(({ signal }) => fetchFeeds(signal)),
  },
  guards: {
    modalIsOpen: ({ context }) => context.modalFeedId !== null,
  },
  actions: {
    reportFailure: (_, params: { error: unknown }) => {
      console.error('Loading feeds failed', params.error);
    },
  },
}).createMachine({
  id: 'feedsList',
  context: { feeds: [], search: '', error: null, modalFeedId: null, brandSearch: '' },
  initial: 'loading',
  on: {
    'search.change': { actions: assign(({ event }) => ({ search: event.value })) },
  },
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
            assign(({ event }) => ({
              error: (event.error instanceof Error && event.error.message) || FEEDS_LOAD_FAILED,
            })),
          ],
        },
      },
    },
    failed: { on: { retry: 'loading' } },
    loaded: {
      on: {
        'brands.open': { actions: assign(({ event }) => ({ modalFeedId: event.feedId, brandSearch: '' })) },
        'brands.search': {
          guard: 'modalIsOpen',
          actions: assign(({ event }) => ({ brandSearch: event.value })),
        },
        'brands.close': { actions: assign({ modalFeedId: null, brandSearch: '' }) },
      },
    },
  },
});

export type FeedsListSnapshot = SnapshotFrom<typeof feedsListMachine>;

/** The feeds whose name contains the search text, case-insensitive (spec §2). */
export function selectVisibleFeeds(snapshot: FeedsListSnapshot): FeedListItem[] {
  const query = snapshot.context.search.trim().toLowerCase();
  const { feeds } = snapshot.context;
  return query === '' ? feeds : feeds.filter((feed) => feed.name.toLowerCase().includes(query));
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
