import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { TOKENS_EXPIRED_MESSAGE } from '@/api/client';
import type { FeedListItem } from '@/api/schemas/feeds';
import { tokensExpired } from '@test-support/api-errors';
import { aFeed } from '@test-support/builders';
import type { AppLocation } from './list.machine';
import {
  FEEDS_LIST_DEFAULTS,
  FEEDS_LOAD_FAILED,
  feedsListMachine,
  feedsListUrl,
  readFeedsListQuery,
  selectBrandsModal,
  selectFailedText,
  selectStatus,
  selectVisibleFeeds,
} from './feedsList.machine';
import type { FeedsListEmitted, FeedsListInput } from './feedsList.machine';
import { uiNavigate } from './ui-effects';

/** The customer of every feed here, as GET /feeds describes it. */
const ACME = { user_id: 10, user_details: 'Acme Ltd (#10)', user_discount: 10, shipping_user_discount: 5 };
const BRANDS = ['Seeking Health', 'Risewell', 'Bare Biology'].map((name, index) => ({ id: index + 1, name }));

const FEEDS = [
  aFeed({ id: 2, name: 'Beta – EU store', ...ACME }),
  aFeed({ id: 1, name: 'Acme – Main store', ...ACME, brands: BRANDS, products_count: BRANDS.length }),
];

function start(load: () => Promise<FeedListItem[]>, input: FeedsListInput = {}) {
  const actor = createActor(
    feedsListMachine.provide({
      actors: { loadFeeds: fromPromise(load) },
      actions: { reportFailure: () => {} },
    }),
    { input },
  );
  const emitted: FeedsListEmitted[] = [];
  actor.on('*', (event) => emitted.push(event));
  actor.start();
  return { actor, emitted };
}

describe('feeds list URL', () => {
  it('reads and writes ?query=&sort=, leaving defaults out and reading an unknown sort as newest first', () => {
    expect(readFeedsListQuery('?query=acme&sort=-products')).toEqual({ query: 'acme', sort: '-products' });
    expect(readFeedsListQuery('?sort=price')).toEqual(FEEDS_LIST_DEFAULTS);
    expect(readFeedsListQuery('')).toEqual(FEEDS_LIST_DEFAULTS);
    expect(feedsListUrl({ query: 'a b', sort: 'name' })).toBe('?query=a+b&sort=name');
    expect(feedsListUrl(FEEDS_LIST_DEFAULTS)).toBe('?');
  });
});

describe('feedsListMachine', () => {
  it('loads, then filters by name case-insensitively on the client', async () => {
    const { actor } = start(async () => FEEDS);
    expect(selectStatus(actor.getSnapshot())).toBe('loading');
    await waitFor(actor, (snapshot) => snapshot.matches({ feeds: 'loaded' }));
    expect(selectStatus(actor.getSnapshot())).toBe('loaded');
    expect(selectVisibleFeeds(actor.getSnapshot())).toEqual(FEEDS);
    actor.send({ type: 'search.change', value: ' eu STORE' });
    expect(selectVisibleFeeds(actor.getSnapshot()).map((item) => item.id)).toEqual([2]);
    actor.send({ type: 'search.change', value: 'zzz' });
    expect(selectVisibleFeeds(actor.getSnapshot())).toEqual([]);
    expect(selectStatus(actor.getSnapshot()), 'spec §2: No feeds found.').toBe('empty');
  });

  it('starts on the URL query, sorts by a column header and reports every sort to the URL at once', async () => {
    const { actor, emitted } = start(async () => FEEDS, { query: { query: 'store', sort: 'name' } });
    await waitFor(actor, (snapshot) => snapshot.matches({ feeds: 'loaded' }));
    expect(selectVisibleFeeds(actor.getSnapshot()).map((item) => item.id)).toEqual([1, 2]);
    actor.send({ type: 'sort.change', key: 'name' });
    expect(actor.getSnapshot().context.sort).toBe('-name');
    expect(selectVisibleFeeds(actor.getSnapshot()).map((item) => item.id)).toEqual([2, 1]);
    actor.send({ type: 'sort.change', key: 'products' });
    expect(selectVisibleFeeds(actor.getSnapshot()).map((item) => item.id)).toEqual([2, 1]);
    expect(emitted).toEqual([
      uiNavigate('?query=store&sort=-name', { replace: true }),
      uiNavigate('?query=store&sort=products', { replace: true }),
    ]);
  });

  it('reports every search change to the URL at once, replacing the history entry', () => {
    const { actor, emitted } = start(() => new Promise(() => {}));
    actor.send({ type: 'search.change', value: 'a' });
    actor.send({ type: 'search.change', value: 'ac' });
    expect(emitted).toEqual([
      uiNavigate('?query=a', { replace: true }),
      uiNavigate('?query=ac', { replace: true }),
    ]);
  });

  it('follows the URL (back/forward, links) but not the echoes of its own moves', () => {
    const listeners = new Set<(location: AppLocation) => void>();
    const subscribe = (listener: (location: AppLocation) => void) => {
      listeners.add(listener);
      // Mounted during a navigation: the first location heard can be the page being left.
      listener({ pathname: '/dashboard/feeds/3/edit', search: '' });
      listener({ pathname: '/dashboard/feeds', search: '?query=ac' });
      return () => listeners.delete(listener);
    };
    const go = (pathname: string, search: string) => {
      for (const listener of listeners) listener({ pathname, search });
    };
    const { actor, emitted } = start(() => new Promise(() => {}), {
      query: readFeedsListQuery('?query=ac'),
      subscribe,
      pathname: '/dashboard/feeds',
    });
    expect(listeners.size).toBe(1);
    expect(actor.getSnapshot().context.search, "the page being left is not the list's").toBe('ac');
    // Two keystrokes before the URL caught up: their echoes must not undo the second.
    actor.send({ type: 'search.change', value: 'acm' });
    actor.send({ type: 'search.change', value: 'acme' });
    go('/dashboard/feeds', '?query=acm');
    expect(actor.getSnapshot().context.search).toBe('acme');
    go('/dashboard/feeds', '?query=acme');
    expect(actor.getSnapshot().context).toMatchObject({ search: 'acme', pendingUrls: [] });
    // Back to an older query, then the sidebar's bare link.
    go('/dashboard/feeds', '?query=beta&sort=-products');
    expect(actor.getSnapshot().context).toMatchObject({ search: 'beta', sort: '-products' });
    go('/dashboard/feeds', '');
    expect(actor.getSnapshot().context).toMatchObject({ search: '', sort: '-id' });
    // Another page's location (on the way out) is not this list's.
    go('/dashboard/feeds/create', '?query=zzz');
    expect(actor.getSnapshot().context.search).toBe('');
    expect(emitted, 'following the URL never moves it').toHaveLength(2);
    actor.stop();
    expect(listeners.size, 'stopping the list unsubscribes').toBe(0);
  });

  it('shows spec §8 text with the server reason, or alone, and retries', async () => {
    const failing = start(async () => {
      throw tokensExpired();
    }).actor;
    await waitFor(failing, (snapshot) => snapshot.matches({ feeds: 'failed' }));
    expect(selectStatus(failing.getSnapshot())).toBe('failed');
    expect(selectFailedText(failing.getSnapshot())).toBe(`${FEEDS_LOAD_FAILED}: ${TOKENS_EXPIRED_MESSAGE}`);

    let calls = 0;
    const { actor } = start(async () => {
      calls++;
      if (calls === 1) throw 'no message';
      return FEEDS;
    });
    await waitFor(actor, (snapshot) => snapshot.matches({ feeds: 'failed' }));
    expect(selectFailedText(actor.getSnapshot())).toBe(FEEDS_LOAD_FAILED);
    actor.send({ type: 'retry' });
    expect(selectStatus(actor.getSnapshot())).toBe('loading');
    await waitFor(actor, (snapshot) => snapshot.matches({ feeds: 'loaded' }));
    expect(actor.getSnapshot().context.error).toBeNull();
    expect(selectFailedText(actor.getSnapshot())).toBeNull();
  });

  it('opens the All Brands modal on a feed, searches its brands and closes', async () => {
    const { actor } = start(async () => FEEDS);
    await waitFor(actor, (snapshot) => snapshot.matches({ feeds: 'loaded' }));
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
