/**
 * Model of feedsListMachine (spec §2 "Feeds list panel", §8 "Feeds list shows the error message or
 * 'Failed to load feeds'"). The serializer keeps the state and whether the 'All Brands' modal is
 * open; the search texts only matter to the checks.
 */
import { expect } from 'vitest';
import { ApiError } from '@/api/client';
import type { FeedListItem } from '@/api/schemas/feeds';
import { FEEDS_LOAD_FAILED, feedsListMachine, selectBrandsModal } from '@/machines/feedsList.machine';
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
  user_details: 'Acme Ltd (#10)',
  user_discount: 10,
  shipping_user_discount: 5,
};
const tokensExpired = new ApiError('Tokens expired', { kind: 'tokens-expired', status: 401 });

export default defineModel({
  machine: feedsListMachine,
  events: {
    'search.change': [{ type: 'search.change', value: 'ACME' }],
    'brands.open': [{ type: 'brands.open', feedId: 1 }],
    'brands.search': [{ type: 'brands.search', value: 'rise' }],
    'brands.close': [{ type: 'brands.close' }],
    retry: [{ type: 'retry' }],
  },
  outcomes: { loadFeeds: { done: [[FEED]], error: [tokensExpired, 'no message'] } },
  stubActions: ['reportFailure'],
  serialize: (snapshot) => ({ value: snapshot.value, modal: snapshot.context.modalFeedId !== null }),
  check: ({ before, event, after }) => {
    if (before === null) {
      expect(after.value).toBe('loading');
      return;
    }
    if (event.type === 'search.change') {
      expect(after.value).toEqual(before.value);
      expect(after.context.search).toBe(event.value);
    } else if (event.type === 'retry') {
      expect(after.value).toBe('loading');
      expect(after.context.error).toBeNull();
    } else if (event.type === 'brands.open') {
      expect(selectBrandsModal(after)).toEqual({ feedName: FEED.name, brands: FEED.brands });
    } else if (event.type === 'brands.search') {
      if (before.context.modalFeedId === null) {
        expect(after.context.brandSearch, 'no brand search while the modal is closed').toBe('');
      } else {
        expect(selectBrandsModal(after)?.brands).toEqual([{ id: 2, name: 'Risewell' }]);
      }
    } else if (event.type === 'brands.close') {
      expect(selectBrandsModal(after)).toBeNull();
      expect(after.context.brandSearch).toBe('');
    } else if (event.type.startsWith('xstate.done.actor.')) {
      expect(after.value).toBe('loaded');
      expect(after.context.feeds).toEqual([FEED]);
    } else if (event.type.startsWith('xstate.error.actor.')) {
      expect(after.value).toBe('failed');
      const error = (event as { error: unknown }).error;
      expect(after.context.error).toBe(error instanceof ApiError ? error.message : FEEDS_LOAD_FAILED);
    }
  },
});
