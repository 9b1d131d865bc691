import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError } from '@/api/client';
import type { FeedListItem } from '@/api/schemas/feeds';
import {
  FEEDS_LOAD_FAILED,
  feedsListMachine,
  selectBrandsModal,
  selectVisibleFeeds,
} from './feedsList.machine';

function feed(id: number, name: string, brandNames: string[] = []): FeedListItem {
  return {
    id,
    name,
    user_id: 10,
    brands: brandNames.map((brand, index) => ({ id: index + 1, name: brand })),
    products_count: brandNames.length,
    user_details: 'Acme Ltd (#10)',
    user_discount: 10,
    shipping_user_discount: 5,
  };
}

const FEEDS = [
  feed(1, 'Acme – Main store', ['Seeking Health', 'Risewell', 'Bare Biology']),
  feed(2, 'Beta – EU store'),
];

function start(load: () => Promise<FeedListItem[]>) {
  const actor = createActor(
    feedsListMachine.provide({
      actors: { loadFeeds: fromPromise(load) },
      actions: { reportFailure: () => {} },
    }),
  );
  actor.start();
  return actor;
}

describe('feedsListMachine', () => {
  it('loads, then filters by name case-insensitively on the client', async () => {
    const actor = start(async () => FEEDS);
    expect(actor.getSnapshot().matches('loading')).toBe(true);
    await waitFor(actor, (snapshot) => snapshot.matches('loaded'));
    expect(selectVisibleFeeds(actor.getSnapshot())).toEqual(FEEDS);
    actor.send({ type: 'search.change', value: ' eu STORE' });
    expect(selectVisibleFeeds(actor.getSnapshot()).map((item) => item.id)).toEqual([2]);
    actor.send({ type: 'search.change', value: 'zzz' });
    expect(selectVisibleFeeds(actor.getSnapshot())).toEqual([]);
  });

  it('shows the error message, or the fallback, and retries', async () => {
    const failing = start(async () => {
      throw new ApiError('Tokens expired', { kind: 'tokens-expired', status: 401 });
    });
    await waitFor(failing, (snapshot) => snapshot.matches('failed'));
    expect(failing.getSnapshot().context.error).toBe('Tokens expired');

    let calls = 0;
    const actor = start(async () => {
      calls++;
      if (calls === 1) throw 'no message';
      return FEEDS;
    });
    await waitFor(actor, (snapshot) => snapshot.matches('failed'));
    expect(actor.getSnapshot().context.error).toBe(FEEDS_LOAD_FAILED);
    actor.send({ type: 'retry' });
    await waitFor(actor, (snapshot) => snapshot.matches('loaded'));
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('opens the All Brands modal on a feed, searches its brands and closes', async () => {
    const actor = start(async () => FEEDS);
    await waitFor(actor, (snapshot) => snapshot.matches('loaded'));
    expect(selectBrandsModal(actor.getSnapshot())).toBeNull();
    actor.send({ type: 'brands.open', feedId: 1 });
    expect(selectBrandsModal(actor.getSnapshot())?.brands).toHaveLength(3);
    actor.send({ type: 'brands.search', value: 'RISE' });
    expect(selectBrandsModal(actor.getSnapshot())).toEqual({
      feedName: 'Acme – Main store',
      brands: [{ id: 2, name: 'Risewell' }],
    });
    actor.send({ type: 'brands.search', value: 'nothing' });
    expect(selectBrandsModal(actor.getSnapshot())?.brands).toEqual([]);
    actor.send({ type: 'brands.close' });
    expect(selectBrandsModal(actor.getSnapshot())).toBeNull();
    actor.send({ type: 'brands.open', feedId: 1 });
    expect(actor.getSnapshot().context.brandSearch).toBe('');
  });
});
