import { afterEach, describe, expect, it, vi } from 'vitest';
import { SimulatedClock, createActor, fromCallback } from 'xstate';
import { settle } from '@test-support/deferred';
import {
  LIST_DEBOUNCE_MS,
  createListMachine,
  listUrl,
  readListQuery,
  sameListQuery,
  selectListView,
  writeListQuery,
} from './list.machine';
import type {
  AppLocation,
  ListEmitted,
  ListInput,
  ListPage,
  ListQuery,
  SubscribeToLocation,
} from './list.machine';

type Filters = { query: string; status: string[] };
const DEFAULTS: Filters = { query: '', status: [] };

interface Call {
  query: ListQuery<Filters>;
  signal: AbortSignal;
  resolve: (page: ListPage<string>) => void;
  reject: (error: unknown) => void;
}

/** A page answer whose single item names the query it answers, so tests can tell answers apart. */
function pageFor(query: ListQuery<Filters>, totalPages = 3): ListPage<string> {
  return {
    items: [`${query.filters.query}|${query.filters.status.join(',')}|${query.page}`],
    page: query.page,
    totalPages,
    total: totalPages * 10,
  };
}

const navigation = (to: string) => ({ type: 'ui.navigate', to, replace: false });

function testListMachine(calls: Call[], canFetch?: (filters: Filters) => boolean) {
  return createListMachine<Filters, string>({
    id: 'test',
    canFetch,
    fetchPage: (query, signal) =>
      new Promise((resolve, reject) => {
        calls.push({ query, signal, resolve, reject });
      }),
  });
}

/**
 * Starts a URL-synced list (unless `urlSync` is false) whose every fetch is a pending call the test
 * settles; records the navigations it asks for, and how many URL watchers it started.
 */
function start(
  input: ListQuery<Filters> = { filters: DEFAULTS, page: 1 },
  canFetch?: (filters: Filters) => boolean,
  urlSync = true,
) {
  const calls: Call[] = [];
  let watchers = 0;
  const machine = testListMachine(calls, canFetch).provide({
    actors: { watchUrl: fromCallback(() => void (watchers += 1)) },
  });
  const clock = new SimulatedClock();
  const listInput: ListInput<Filters> = urlSync
    ? { ...input, urlSync: { defaults: DEFAULTS, subscribe: () => () => {} } }
    : input;
  const actor = createActor(machine, { clock, input: listInput });
  const urls: ListEmitted[] = [];
  actor.on('*', (event) => urls.push(event));
  actor.start();
  const view = () => selectListView(actor.getSnapshot());
  const state = () => actor.getSnapshot().value;
  return { actor, clock, calls, urls, view, state, settle, watchers: () => watchers };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('list machine: loading cycle', () => {
  it('fetches the initial query at once and shows the answer', async () => {
    const { calls, view, state, settle, urls } = start({ filters: { query: 'ann', status: ['1'] }, page: 2 });
    expect(state()).toBe('loading');
    expect(view().isLoading).toBe(true);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.query).toEqual({ filters: { query: 'ann', status: ['1'] }, page: 2 });
    calls[0]!.resolve(pageFor(calls[0]!.query));
    await settle();
    expect(state()).toBe('loaded');
    expect(view()).toMatchObject({
      items: ['ann|1|2'],
      page: 2,
      totalPages: 3,
      total: 30,
      isLoading: false,
      hasFailed: false,
    });
    // The initial query came from the URL: nothing to report back.
    expect(urls).toEqual([]);
  });

  it('a failure empties the list, logs, and the next request recovers', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { actor, calls, view, state, settle } = start();
    calls[0]!.resolve(pageFor(calls[0]!.query));
    await settle();
    actor.send({ type: 'list.page', page: 2 });
    const boom = new Error('boom');
    calls[1]!.reject(boom);
    await settle();
    expect(state()).toBe('failed');
    expect(view()).toMatchObject({ items: [], totalPages: 0, hasFailed: true, isLoading: false });
    expect(actor.getSnapshot().context.error).toBe(boom);
    expect(log).toHaveBeenCalledWith('Failed to load the test list', boom);
    actor.send({ type: 'list.reload' });
    expect(state()).toBe('loading');
    calls[2]!.resolve(pageFor(calls[2]!.query));
    await settle();
    expect(state()).toBe('loaded');
    expect(view().items).toEqual(['||2']);
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('list.reload fetches the same query again without touching the URL', async () => {
    const { actor, calls, urls, settle } = start();
    calls[0]!.resolve(pageFor(calls[0]!.query));
    await settle();
    actor.send({ type: 'list.reload' });
    expect(calls).toHaveLength(2);
    expect(calls[1]!.query).toEqual(calls[0]!.query);
    expect(urls).toEqual([]);
  });

  it('does not fetch while canFetch says the filters are incomplete, and fetches once they are', async () => {
    const { actor, calls, view, state, urls } = start({ filters: DEFAULTS, page: 1 }, (f) => f.query !== '');
    expect(state()).toBe('incomplete');
    expect(calls).toEqual([]);
    expect(view()).toMatchObject({ items: [], totalPages: 0, isLoading: false, hasFailed: false });
    actor.send({ type: 'list.filter', filters: { query: 'x' } });
    expect(state()).toBe('loading');
    expect(calls).toHaveLength(1);
    expect(urls).toEqual([navigation('?query=x')]);
  });
});

describe('list machine: filters and pages', () => {
  it('a filter change resets the page to 1, fetches at once and reports the URL', async () => {
    const { actor, calls, urls, settle } = start({ filters: DEFAULTS, page: 3 });
    calls[0]!.resolve(pageFor(calls[0]!.query));
    await settle();
    actor.send({ type: 'list.filter', filters: { status: ['2'] } });
    expect(calls).toHaveLength(2);
    expect(calls[1]!.query).toEqual({ filters: { query: '', status: ['2'] }, page: 1 });
    expect(urls).toEqual([navigation('?status=2')]);
  });

  it('a page change keeps the filters and reports the URL; the current page or a non-page is ignored', async () => {
    const { actor, calls, urls, settle } = start({ filters: { query: 'a', status: [] }, page: 1 });
    calls[0]!.resolve(pageFor(calls[0]!.query));
    await settle();
    actor.send({ type: 'list.page', page: 1 });
    actor.send({ type: 'list.page', page: 0 });
    actor.send({ type: 'list.page', page: 1.5 });
    expect(calls).toHaveLength(1);
    expect(urls).toEqual([]);
    actor.send({ type: 'list.page', page: 3 });
    expect(calls[1]!.query).toEqual({ filters: { query: 'a', status: [] }, page: 3 });
    expect(urls).toEqual([navigation('?query=a&page=3')]);
  });
});

describe('list machine: debounce', () => {
  it('typing updates the filter at once but fetches only after LIST_DEBOUNCE_MS of quiet', async () => {
    const { actor, clock, calls, urls, view, state, settle } = start();
    calls[0]!.resolve(pageFor(calls[0]!.query));
    await settle();
    actor.send({ type: 'list.filter', filters: { query: 'a' }, debounce: true });
    expect(view().filters.query).toBe('a');
    expect(view().isLoading).toBe(true);
    expect(state()).toBe('debouncing');
    clock.increment(LIST_DEBOUNCE_MS - 1);
    actor.send({ type: 'list.filter', filters: { query: 'an' }, debounce: true });
    clock.increment(LIST_DEBOUNCE_MS - 1);
    actor.send({ type: 'list.filter', filters: { query: 'ann' }, debounce: true });
    clock.increment(LIST_DEBOUNCE_MS - 1);
    expect(calls).toHaveLength(1);
    expect(urls).toEqual([]);
    clock.increment(1);
    expect(state()).toBe('loading');
    expect(calls).toHaveLength(2);
    expect(calls[1]!.query).toEqual({ filters: { query: 'ann', status: [] }, page: 1 });
    expect(urls).toEqual([navigation('?query=ann')]);
  });

  it('a reload during the wait sends the typed change at once, URL included', () => {
    const { actor, calls, urls, state } = start();
    actor.send({ type: 'list.filter', filters: { query: 'b' }, debounce: true });
    actor.send({ type: 'list.reload' });
    expect(state()).toBe('loading');
    expect(calls.at(-1)!.query.filters.query).toBe('b');
    expect(urls).toHaveLength(1);
  });

  it('an immediate filter change during the wait cancels the pending debounced fetch', () => {
    const { actor, clock, calls, urls } = start();
    actor.send({ type: 'list.filter', filters: { query: 'b' }, debounce: true });
    actor.send({ type: 'list.filter', filters: { status: ['1'] } });
    expect(calls).toHaveLength(2);
    expect(calls[1]!.query.filters).toEqual({ query: 'b', status: ['1'] });
    clock.increment(LIST_DEBOUNCE_MS * 2);
    expect(calls).toHaveLength(2);
    expect(urls).toHaveLength(1);
  });
});

describe('list machine: stale responses', () => {
  it('an older answer arriving after a newer request never overwrites it, and its request is aborted', async () => {
    const { actor, calls, view, state, settle } = start();
    actor.send({ type: 'list.page', page: 2 });
    actor.send({ type: 'list.page', page: 3 });
    expect(calls.map((call) => call.signal.aborted)).toEqual([true, true, false]);
    calls[2]!.resolve(pageFor(calls[2]!.query));
    await settle();
    expect(view().items).toEqual(['||3']);
    calls[0]!.resolve(pageFor(calls[0]!.query));
    calls[1]!.resolve(pageFor(calls[1]!.query));
    await settle();
    expect(state()).toBe('loaded');
    expect(view().items).toEqual(['||3']);
    expect(view().page).toBe(3);
  });

  it('an older failure arriving late does not fail the newer list', async () => {
    const { actor, calls, state, settle } = start();
    actor.send({ type: 'list.filter', filters: { query: 'z' } });
    calls[0]!.reject(new Error('late'));
    await settle();
    expect(state()).toBe('loading');
    calls[1]!.resolve(pageFor(calls[1]!.query));
    await settle();
    expect(state()).toBe('loaded');
  });
});

describe('list machine: URL sync', () => {
  it('ignores a URL change that matches what it shows (its own navigation coming back)', async () => {
    const { actor, calls, settle } = start();
    calls[0]!.resolve(pageFor(calls[0]!.query));
    await settle();
    actor.send({ type: 'list.page', page: 2 });
    actor.send({ type: 'list.urlChanged', filters: DEFAULTS, page: 2 });
    expect(calls).toHaveLength(2);
    expect(calls[1]!.signal.aborted).toBe(false);
  });

  it('follows a different URL (back/forward, pasted link) without reporting it back', async () => {
    const { actor, calls, urls, view, settle } = start();
    calls[0]!.resolve(pageFor(calls[0]!.query));
    await settle();
    actor.send({ type: 'list.urlChanged', filters: { query: 'bo', status: ['1', '2'] }, page: 4 });
    expect(view()).toMatchObject({ filters: { query: 'bo', status: ['1', '2'] }, page: 4 });
    expect(calls[1]!.query).toEqual({ filters: { query: 'bo', status: ['1', '2'] }, page: 4 });
    expect(urls).toEqual([]);
  });

  it('a URL change during the typing wait wins over the typed text', () => {
    const { actor, clock, calls, view, urls } = start();
    actor.send({ type: 'list.filter', filters: { query: 'typed' }, debounce: true });
    actor.send({ type: 'list.urlChanged', filters: { query: 'old', status: [] }, page: 1 });
    expect(view().filters.query).toBe('old');
    clock.increment(LIST_DEBOUNCE_MS);
    expect(calls.map((call) => call.query.filters.query)).toEqual(['', 'old']);
    expect(urls).toEqual([]);
  });
});

describe('list machine: which lists move the URL', () => {
  it('a list without urlSync (a dashboard panel) never asks for a navigation nor watches the URL', () => {
    const { actor, clock, urls, watchers } = start({ filters: DEFAULTS, page: 1 }, undefined, false);
    actor.send({ type: 'list.filter', filters: { status: ['2'] } });
    actor.send({ type: 'list.page', page: 2 });
    actor.send({ type: 'list.filter', filters: { query: 'x' }, debounce: true });
    clock.increment(LIST_DEBOUNCE_MS);
    expect(urls).toEqual([]);
    expect(watchers()).toBe(0);
  });

  it('a URL-synced list watches the URL once, and goes to a bare "?" when every filter is default', () => {
    const { actor, urls, watchers } = start({ filters: { query: 'a', status: [] }, page: 1 });
    expect(watchers()).toBe(1);
    actor.send({ type: 'list.filter', filters: { query: '' } });
    expect(urls).toEqual([navigation('?')]);
    expect(listUrl({ filters: DEFAULTS, page: 2 }, DEFAULTS)).toBe('?page=2');
  });

  it('follows every location within its page (links, back/forward), not on another page', () => {
    const listeners = new Set<(location: AppLocation) => void>();
    let current: AppLocation = { pathname: '/dashboard/users', search: '?page=2' };
    const subscribe: SubscribeToLocation = (listener) => {
      listeners.add(listener);
      listener(current);
      return () => listeners.delete(listener);
    };
    const go = (location: AppLocation) => {
      current = location;
      for (const listener of listeners) listener(location);
    };
    const calls: Call[] = [];
    const actor = createActor(testListMachine(calls), {
      input: { ...readListQuery(current.search, DEFAULTS), urlSync: { defaults: DEFAULTS, subscribe } },
    }).start();
    expect(listeners.size).toBe(1);
    go({ pathname: '/dashboard/users', search: '?status=2' });
    // The sidebar's link to the bare list: back to the defaults.
    go({ pathname: '/dashboard/users', search: '' });
    expect(calls.map((call) => call.query)).toEqual([
      { filters: DEFAULTS, page: 2 },
      { filters: { query: '', status: ['2'] }, page: 1 },
      { filters: DEFAULTS, page: 1 },
    ]);
    go({ pathname: '/dashboard', search: '?status=1' });
    expect(calls).toHaveLength(3);
    actor.stop();
    expect(listeners.size).toBe(0);
  });
});

describe('readListQuery / writeListQuery', () => {
  it('reads filters by their default shape and a valid page', () => {
    expect(readListQuery('?query=ann%20b&status=1,2&page=3&other=x', DEFAULTS)).toEqual({
      filters: { query: 'ann b', status: ['1', '2'] },
      page: 3,
    });
    expect(readListQuery('', DEFAULTS)).toEqual({ filters: { query: '', status: [] }, page: 1 });
    expect(readListQuery('?status=,2,&page=abc', DEFAULTS)).toEqual({
      filters: { query: '', status: ['2'] },
      page: 1,
    });
    for (const bad of ['0', '-1', '1.5', '01', '1e3', '9999999999']) {
      expect(readListQuery(new URLSearchParams({ page: bad }), DEFAULTS).page).toBe(1);
    }
  });

  it('writes only what differs from the defaults, page last and only when not 1', () => {
    expect(writeListQuery({ filters: DEFAULTS, page: 1 }, DEFAULTS)).toBe('');
    expect(writeListQuery({ filters: { query: 'a&b', status: ['1', '2'] }, page: 2 }, DEFAULTS)).toBe(
      '?query=a%26b&status=1%2C2&page=2',
    );
    expect(writeListQuery({ filters: { query: '', status: [] }, page: 7 }, DEFAULTS)).toBe('?page=7');
  });

  it('round-trips', () => {
    const query = { filters: { query: 'x y,z', status: ['2'] }, page: 5 };
    expect(readListQuery(writeListQuery(query, DEFAULTS), DEFAULTS)).toEqual(query);
  });

  it('sameListQuery compares page and every filter, arrays by order', () => {
    const a = { filters: { query: 'a', status: ['1', '2'] }, page: 1 };
    expect(sameListQuery(a, { filters: { query: 'a', status: ['1', '2'] }, page: 1 })).toBe(true);
    expect(sameListQuery(a, { filters: { query: 'a', status: ['2', '1'] }, page: 1 })).toBe(false);
    expect(sameListQuery(a, { filters: { query: 'a', status: ['1'] }, page: 1 })).toBe(false);
    expect(sameListQuery(a, { filters: { query: 'b', status: ['1', '2'] }, page: 1 })).toBe(false);
    expect(sameListQuery(a, { filters: { query: 'a', status: ['1', '2'] }, page: 2 })).toBe(false);
  });
});

describe('list machine: view status (issue 15 "Errors look like empty results")', () => {
  it('tells loading, loaded, empty and failed apart, and keeps the failure for its text', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { actor, calls, view, settle } = start(undefined, undefined, false);
    expect(view().status).toBe('loading');
    calls[0]!.resolve(pageFor(calls[0]!.query));
    await settle();
    expect(view().status).toBe('loaded');
    actor.send({ type: 'list.reload' });
    expect(view()).toMatchObject({ status: 'loading', items: ['||1'] });
    calls[1]!.resolve({ items: [], page: 1, totalPages: 0, total: 0 });
    await settle();
    expect(view().status).toBe('empty');
    actor.send({ type: 'list.reload' });
    const failure = new Error('offline');
    calls[2]!.reject(failure);
    await settle();
    expect(view()).toMatchObject({ status: 'failed', error: failure, items: [] });
  });

  it('reads incomplete filters as incomplete, not empty', () => {
    const { view } = start(
      { filters: { query: '', status: [] }, page: 1 },
      (filters) => filters.query !== '',
    );
    expect(view()).toMatchObject({ status: 'incomplete', error: null });
  });

  it('focuses its table region once a page asked for has loaded, not on the press (issue 30)', async () => {
    const calls: Call[] = [];
    // The failed page below is logged; the test reads what the list emits.
    const machine = testListMachine(calls).provide({ actions: { reportFailure: () => {} } });
    const actor = createActor(machine, {
      input: { filters: DEFAULTS, page: 1, regionId: 'users-table' },
    });
    const emitted: ListEmitted[] = [];
    actor.on('*', (event) => emitted.push(event));
    actor.start();
    calls[0]!.resolve({ items: ['a'], page: 1, totalPages: 3, total: 3 });
    await settle();
    expect(emitted, 'the first answer takes no focus').toEqual([]);
    actor.send({ type: 'list.page', page: 2 });
    expect(emitted, 'not on the press').toEqual([]);
    calls[1]!.resolve({ items: ['b'], page: 2, totalPages: 3, total: 3 });
    await settle();
    expect(emitted).toEqual([{ type: 'ui.focus', elementId: 'users-table' }]);
    // A page left for a filter before it answered, or a failed page, focuses nothing.
    actor.send({ type: 'list.page', page: 3 });
    actor.send({ type: 'list.filter', filters: { query: 'x' } });
    calls[3]!.resolve({ items: ['c'], page: 1, totalPages: 1, total: 1 });
    await settle();
    actor.send({ type: 'list.page', page: 2 });
    calls[4]!.reject(new Error('offline'));
    await settle();
    expect(emitted).toHaveLength(1);
  });
});

describe('list machine: key prefix (several URL-synced lists on one page)', () => {
  it('reads and writes only its own prefixed keys', () => {
    const search = '?tx.query=ann&tx.status=1,2&tx.page=3&query=other&orders.page=2';
    expect(readListQuery(search, DEFAULTS, 'tx.')).toEqual({
      filters: { query: 'ann', status: ['1', '2'] },
      page: 3,
    });
    expect(writeListQuery({ filters: { query: 'a', status: [] }, page: 2 }, DEFAULTS, 'tx.')).toBe(
      '?tx.query=a&tx.page=2',
    );
    const query = { filters: { query: 'x y', status: ['4'] }, page: 5 };
    expect(readListQuery(writeListQuery(query, DEFAULTS, 'p.'), DEFAULTS, 'p.')).toEqual(query);
  });

  it('listUrl keeps the keys of others and replaces its own; without a prefix it owns the search', () => {
    const keep = '?orders.start_date=2025-01-01&tx.status=1&tx.page=4&x=1';
    expect(
      listUrl({ filters: { query: '', status: ['2'] }, page: 1 }, DEFAULTS, { prefix: 'tx.', keep }),
    ).toBe('?orders.start_date=2025-01-01&x=1&tx.status=2');
    expect(listUrl({ filters: DEFAULTS, page: 1 }, DEFAULTS, { prefix: 'tx.', keep: '?tx.page=2' })).toBe(
      '?',
    );
    expect(listUrl({ filters: DEFAULTS, page: 2 }, DEFAULTS, { keep })).toBe('?page=2');
  });

  it("two lists on one page each move only their own keys and follow each other's moves without fetching", () => {
    const listeners = new Set<(location: AppLocation) => void>();
    let current: AppLocation = { pathname: '/dashboard', search: '?a.page=2&b.query=kept' };
    const subscribe: SubscribeToLocation = (listener) => {
      listeners.add(listener);
      listener(current);
      return () => listeners.delete(listener);
    };
    const go = (search: string) => {
      current = { pathname: '/dashboard', search };
      for (const listener of listeners) listener(current);
    };
    const startList = (prefix: string) => {
      const calls: Call[] = [];
      const actor = createActor(testListMachine(calls), {
        input: {
          ...readListQuery(current.search, DEFAULTS, prefix),
          urlSync: { defaults: DEFAULTS, subscribe, prefix },
        },
      });
      // The root handler: a navigation to '?…' moves the search of the current path.
      actor.on('ui.navigate', (effect) => go(effect.to === '?' ? '' : effect.to));
      actor.start();
      return { actor, calls };
    };
    const a = startList('a.');
    const b = startList('b.');
    expect(a.calls.map((call) => call.query)).toEqual([{ filters: DEFAULTS, page: 2 }]);
    expect(b.calls.map((call) => call.query)).toEqual([{ filters: { query: 'kept', status: [] }, page: 1 }]);

    a.actor.send({ type: 'list.filter', filters: { status: ['3'] } });
    expect(current.search).toBe('?b.query=kept&a.status=3');
    b.actor.send({ type: 'list.page', page: 5 });
    expect(Object.fromEntries(new URLSearchParams(current.search))).toEqual({
      'a.status': '3',
      'b.query': 'kept',
      'b.page': '5',
    });
    // Each list fetched its own changes only.
    expect(a.calls).toHaveLength(2);
    expect(b.calls).toHaveLength(2);

    // Back to the first URL: both follow.
    go('?a.page=2&b.query=kept');
    expect(a.calls.at(-1)!.query).toEqual({ filters: DEFAULTS, page: 2 });
    expect(b.calls.at(-1)!.query).toEqual({ filters: { query: 'kept', status: [] }, page: 1 });
    a.actor.stop();
    b.actor.stop();
  });
});
