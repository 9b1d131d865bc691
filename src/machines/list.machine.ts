/**
 * A generic server-paged list (issue 3 "List state lives in the URL"; reused by the users,
 * transactions and orders panels): filters, a page, and the loading / loaded / failed cycle.
 *
 * How a list uses it:
 * 1. Describe the filters as a `type` alias of string / string-array fields (a `type`, not an
 *    `interface`, so it satisfies `ListFilters`), with their defaults, e.g.
 *    `type UserFilters = { query: string; status: string[] }`, `{ query: '', status: [] }`.
 * 2. `createListMachine({ id, fetchPage, canFetch? })`: `fetchPage({ filters, page }, signal)` resolves
 *    to a `ListPage` (map the server's answer to `items`, `page`, `totalPages`, `total`). Tests replace
 *    it with `.provide({ actors: { fetchPage: fromPromise(...) } })`.
 * 3. Start the actor with its first query as `input` (`{ filters, page }`). A list whose query lives
 *    in the URL starts from `readListQuery(location.search, defaults)` and adds
 *    `urlSync: { defaults, subscribe }`: it then asks the screen to move the URL with `uiNavigate('?…')`
 *    (the shared effect vocabulary, `ui-effects.ts`) whenever it moves to a new query, and follows
 *    every other move of the URL itself (the `watchUrl` actor sends `list.urlChanged`, which the
 *    machine ignores when it matches what it already shows, so its own URL updates do not fetch
 *    twice). Lists without `urlSync` never touch the URL. Several lists on one page (the dashboard's
 *    panels) each give `urlSync.prefix` (e.g. 'tx.'): a list then reads and writes only its own keys
 *    (`tx.status`, `tx.page`, …) and keeps every other key of the URL as it found it, so two lists never
 *    overwrite each other's filters. A list without a prefix owns the whole search string.
 * 4. Send `list.filter` (`debounce: true` while typing), `list.page` from the pagination control,
 *    `list.reload` after a change elsewhere; render `selectListView(snapshot)`.
 *
 * Behaviour:
 * - `list.filter` updates the filters at once (inputs stay responsive) and resets the page to 1. With
 *   `debounce` it waits `LIST_DEBOUNCE` ms of quiet (each new keystroke restarts the wait) before it
 *   fetches and reports the URL; otherwise both happen at once.
 * - Every new request replaces the one in flight: the old invocation is stopped and its `signal`
 *   aborted, so a stale answer can never overwrite a newer one (XState drops the done event of a
 *   stopped actor).
 * - A failure empties the list (spec §8 "Silent failures": lists fall back to empty) and keeps the
 *   error for whoever wants to show or log it; the failed request is logged.
 * - When `canFetch(filters)` is false (e.g. a date range missing one end) nothing is fetched and the
 *   list is empty (state `incomplete`).
 * - A list given a `regionId` focuses its table region (`uiFocus`, scrolling the table's top into
 *   view) when a page asked for with `list.page` has loaded; other queries and failures focus nothing.
 */
import { assign, enqueueActions, fromCallback, fromPromise, setup } from 'xstate';
import type { SnapshotFrom } from 'xstate';
import { uiFocus, uiNavigate } from './ui-effects';
import type { FocusEffect, NavigateEffect } from './ui-effects';

/** Milliseconds of quiet after the last keystroke before a debounced filter change fetches. */
export const LIST_DEBOUNCE_MS = 300;

/** One filter value: text (search, a date) or a set of choices (status checkboxes). */
export type ListFilterValue = string | readonly string[];

/** The shape every list's filters satisfy. */
export type ListFilters = Record<string, ListFilterValue>;

/** What a list shows: its filters and 1-based page. */
export interface ListQuery<F extends ListFilters> {
  filters: F;
  page: number;
}

/** One page of a server answer, in the list's own terms. */
export interface ListPage<T> {
  items: T[];
  /** The page the server answered with (1-based). */
  page: number;
  totalPages: number;
  /** Number of matching items over all pages, when the server says. */
  total: number | null;
}

/** What a list starts from: its first query and, for a list that lives in the URL, its URL defaults. */
export interface ListInput<F extends ListFilters> extends ListQuery<F> {
  /**
   * Keep the URL in step with the list; `defaults` are the filters an empty URL stands for, and
   * `subscribe` reports the app's locations (see {@link SubscribeToLocation}).
   */
  urlSync?: { defaults: F; subscribe: SubscribeToLocation; prefix?: string };
  /**
   * Element id of the list's table region: once another page has loaded it is focused (`uiFocus`),
   * which scrolls the table's top into view (issue 15, issue 30 "paging scrolls to and focuses the
   * table's top"). Not on the press: the region is drawn afresh for the new page, and a focus given
   * before would be lost with the old one.
   */
  regionId?: string;
}

/** The list's context. */
export interface ListContext<F extends ListFilters, T> extends ListQuery<F> {
  /** The URL defaults of a list kept in the URL, or null for a list that leaves the URL alone. */
  urlDefaults: F | null;
  /** Where a list kept in the URL hears of new locations; null for a list that leaves the URL alone. */
  subscribeToLocation: SubscribeToLocation | null;
  /** The prefix of the list's URL keys ('' when it owns the whole search string). */
  urlPrefix: string;
  /** The search string of the last location the list heard of (its other keys are kept). */
  urlSearch: string;
  /** See {@link ListInput.regionId}; null when the list has no region to focus. */
  regionId: string | null;
  /**
   * True from a page change until its answer: the answer then focuses the region. Another query
   * (filters, the URL) or a failure clears it, so only a page the person asked for takes the focus.
   */
  focusOnLoad: boolean;
  items: T[];
  totalPages: number;
  total: number | null;
  /** The last failure, cleared when a request succeeds. */
  error: unknown;
}

/** Events a screen sends. */
export type ListEvent<F extends ListFilters> =
  | { type: 'list.filter'; filters: Partial<F>; debounce?: boolean }
  | { type: 'list.page'; page: number }
  | { type: 'list.urlChanged'; filters: F; page: number; search?: string }
  | { type: 'list.reload' };

/**
 * Emitted: `ui.navigate` (URL-synced lists only) when the list moved to a query the URL does not hold
 * yet; `ui.focus` of the table region when a page asked for has loaded (lists given a `regionId` only).
 */
export type ListEmitted = NavigateEffect | FocusEffect;

/** How a list's query sits in a URL shared with others: its key prefix and the URL's other keys. */
export interface ListUrlKeys {
  /** Prefix of every key the list owns (e.g. 'tx.'); '' (the default) owns the whole search string. */
  prefix?: string;
  /** The current search string, whose keys outside the list's own are kept (prefixed lists only). */
  keep?: string;
}

/**
 * The search string a URL-synced list navigates to: '?' alone when the result is empty. Without a
 * prefix it holds the list's query alone; with one, the keys of `keep` that are not the list's own,
 * then the list's non-default keys.
 */
export function listUrl<F extends ListFilters>(
  query: ListQuery<F>,
  defaults: F,
  keys: ListUrlKeys = {},
): string {
  const prefix = keys.prefix ?? '';
  if (prefix === '') return writeListQuery(query, defaults) || '?';
  const params = new URLSearchParams(keys.keep ?? '');
  for (const key of [...Object.keys(defaults), 'page']) params.delete(`${prefix}${key}`);
  for (const [key, value] of new URLSearchParams(writeListQuery(query, defaults, prefix))) {
    params.append(key, value);
  }
  const text = params.toString();
  return text === '' ? '?' : `?${text}`;
}

/** Where the app is: the path and the search string of the current URL. */
export interface AppLocation {
  pathname: string;
  search: string;
}

/**
 * Subscribes `listener` to every location the app moves to (links, back/forward, the list's own
 * navigations), starting with the current one at once; returns the unsubscribe function. The route layer provides it
 * (`useLocationSubscription` in src/routes/ui-effects.tsx), so the machine needs no window or router.
 */
export type SubscribeToLocation = (listener: (location: AppLocation) => void) => () => void;

/**
 * Follows the URL for a URL-synced list: on every location within the page the list started on
 * (back/forward, a link to the bare list such as the sidebar's), sends `list.urlChanged` with the query
 * the URL now holds; the machine ignores the ones it already shows. Leaving the page unmounts the
 * screen, and so stops the list.
 */
const watchLocation = fromCallback<
  { type: 'never' },
  { defaults: ListFilters; subscribe: SubscribeToLocation; prefix: string }
>(({ input, sendBack }) => {
  let pathname: string | null = null;
  return input.subscribe((location) => {
    pathname ??= location.pathname;
    if (location.pathname !== pathname) return;
    sendBack({
      type: 'list.urlChanged',
      ...readListQuery(location.search, input.defaults, input.prefix),
      search: location.search,
    });
  });
});

/** Options of {@link createListMachine}. */
export interface ListMachineOptions<F extends ListFilters, T> {
  /** Machine id (shows in the inspector and in the stately exports). */
  id: string;
  /** Fetches one page; should pass `signal` on so a replaced request is aborted. */
  fetchPage: (query: ListQuery<F>, signal: AbortSignal) => Promise<ListPage<T>>;
  /** False when the filters are not complete enough to ask the server; default always true. */
  canFetch?: (filters: F) => boolean;
}

function sameValue(a: ListFilterValue | undefined, b: ListFilterValue | undefined): boolean {
  if (typeof a === 'string' || typeof b === 'string' || a === undefined || b === undefined) return a === b;
  return a.length === b.length && a.every((item, index) => item === b[index]);
}

/** True when both queries show the same page with the same filters (array order matters). */
export function sameListQuery<F extends ListFilters>(a: ListQuery<F>, b: ListQuery<F>): boolean {
  if (a.page !== b.page) return false;
  const keys = new Set([...Object.keys(a.filters), ...Object.keys(b.filters)]);
  return [...keys].every((key) => sameValue(a.filters[key], b.filters[key]));
}

/**
 * Reads a list query from a URL search string (`?query=ann&status=1,2&page=3`). Only the keys of
 * `defaults` are read, each as `prefix` + key (`?tx.status=1&tx.page=2` with prefix 'tx.'); a key
 * whose default is an array is split on commas (empty parts dropped); a missing key takes its
 * default; `page` is a whole number ≥ 1, anything else reads as 1.
 */
export function readListQuery<F extends ListFilters>(
  search: string | URLSearchParams,
  defaults: F,
  prefix = '',
): ListQuery<F> {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const filters: Record<string, ListFilterValue> = {};
  for (const [key, fallback] of Object.entries(defaults)) {
    const raw = params.get(`${prefix}${key}`);
    if (raw === null) filters[key] = fallback;
    else if (typeof fallback === 'string') filters[key] = raw;
    else filters[key] = raw.split(',').filter((part) => part !== '');
  }
  const pageText = params.get(`${prefix}page`) ?? '';
  const page = /^[1-9]\d{0,8}$/.test(pageText) ? Number(pageText) : 1;
  return { filters: filters as F, page };
}

/**
 * Writes a list query as a URL search string: '?' plus the filters that differ from `defaults`
 * (arrays comma-joined) and `page` when it is not 1, in the order of `defaults`, each key written
 * as `prefix` + key; '' when everything is default. The inverse of {@link readListQuery}.
 */
export function writeListQuery<F extends ListFilters>(query: ListQuery<F>, defaults: F, prefix = ''): string {
  const params = new URLSearchParams();
  for (const [key, fallback] of Object.entries(defaults)) {
    const value = query.filters[key];
    if (value === undefined || sameValue(value, fallback)) continue;
    params.set(`${prefix}${key}`, typeof value === 'string' ? value : value.join(','));
  }
  if (query.page !== 1) params.set(`${prefix}page`, String(query.page));
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}

/**
 * Builds the list statechart for one kind of list (see the module comment).
 * Input: the initial `ListQuery` (usually read from the URL). States: `debouncing`, `loading`,
 * `loaded`, `failed`, and `incomplete` when a `canFetch` rule is given.
 */
export function createListMachine<F extends ListFilters, T>(options: ListMachineOptions<F, T>) {
  const { canFetch } = options;
  return setup({
    // Stryker disable next-line ObjectLiteral: XState ignores `types` at run time (only TypeScript reads it)
    types: {
      context: {} as ListContext<F, T>,
      events: {} as ListEvent<F>,
      emitted: {} as ListEmitted,
      input: {} as ListInput<F>,
    },
    actors: {
      fetchPage: fromPromise<ListPage<T>, ListQuery<F>>(({ input, signal }) =>
        options.fetchPage(input, signal),
      ),
      watchUrl: watchLocation,
    },
    actions: {
      applyFilters: assign(({ context }, params: { filters: Partial<F> }) => ({
        filters: { ...context.filters, ...params.filters },
        page: 1,
        focusOnLoad: false,
      })),
      applyPage: assign(({ context }, params: { page: number }) => ({
        page: params.page,
        focusOnLoad: context.regionId !== null,
      })),
      applyQuery: assign((_, params: ListQuery<F>) => ({
        filters: params.filters,
        page: params.page,
        focusOnLoad: false,
      })),
      applyResult: assign((_, params: ListPage<T>) => ({
        items: params.items,
        page: params.page,
        totalPages: params.totalPages,
        total: params.total,
        error: null,
      })),
      applyFailure: assign((_, params: { error: unknown }) => ({
        items: [],
        totalPages: 0,
        total: null,
        error: params.error,
        focusOnLoad: false,
      })),
      clearItems: assign({ items: [], totalPages: 0, total: 0, error: null }),
      rememberSearch: assign(({ context }, params: { search?: string }) => ({
        urlSearch: params.search ?? context.urlSearch,
      })),
      reportFailure: (_, params: { error: unknown }) => {
        console.error(`Failed to load the ${options.id} list`, params.error);
      },
      // Only a URL-synced list moves the URL; a dashboard panel's list keeps it where it is.
      emitUrlChange: enqueueActions(({ context, enqueue }) => {
        if (context.urlDefaults !== null)
          enqueue.emit(
            uiNavigate(
              listUrl(context, context.urlDefaults, { prefix: context.urlPrefix, keep: context.urlSearch }),
            ),
          );
      }),
      focusRegion: enqueueActions(({ context, enqueue }) => {
        if (!context.focusOnLoad || context.regionId === null) return;
        enqueue.assign({ focusOnLoad: false });
        enqueue.emit(uiFocus(context.regionId));
      }),
      followUrl: enqueueActions(({ context, enqueue }) => {
        if (context.urlDefaults !== null && context.subscribeToLocation !== null)
          enqueue.spawnChild('watchUrl', {
            id: 'url',
            input: {
              defaults: context.urlDefaults,
              subscribe: context.subscribeToLocation,
              prefix: context.urlPrefix,
            },
          });
      }),
    },
    guards: {
      filtersAreComplete: ({ context }) => canFetch?.(context.filters) ?? true,
      isDebounced: (_, params: { debounce?: boolean }) => params.debounce === true,
      isOtherPage: ({ context }, params: { page: number }) =>
        Number.isInteger(params.page) && params.page >= 1 && params.page !== context.page,
      isNewQuery: ({ context }, params: ListQuery<F>) => !sameListQuery(context, params),
    },
    delays: { LIST_DEBOUNCE: LIST_DEBOUNCE_MS },
  }).createMachine({
    id: options.id,
    context: ({ input }) => ({
      filters: input.filters,
      page: input.page,
      urlDefaults: input.urlSync?.defaults ?? null,
      subscribeToLocation: input.urlSync?.subscribe ?? null,
      urlPrefix: input.urlSync?.prefix ?? '',
      urlSearch: '',
      regionId: input.regionId ?? null,
      focusOnLoad: false,
      items: [],
      totalPages: 0,
      total: null,
      error: null,
    }),
    initial: 'starting',
    entry: 'followUrl',
    on: {
      'list.filter': [
        {
          guard: { type: 'isDebounced', params: ({ event }) => ({ debounce: event.debounce }) },
          target: '.debouncing',
          actions: { type: 'applyFilters', params: ({ event }) => ({ filters: event.filters }) },
        },
        {
          target: '.starting',
          actions: [
            { type: 'applyFilters', params: ({ event }) => ({ filters: event.filters }) },
            'emitUrlChange',
          ],
        },
      ],
      'list.page': {
        guard: { type: 'isOtherPage', params: ({ event }) => ({ page: event.page }) },
        target: '.starting',
        actions: [{ type: 'applyPage', params: ({ event }) => ({ page: event.page }) }, 'emitUrlChange'],
      },
      // Every location is remembered (its other keys are kept when the list next moves the URL);
      // only a query the list does not show yet is fetched.
      'list.urlChanged': [
        {
          guard: {
            type: 'isNewQuery',
            params: ({ event }) => ({ filters: event.filters, page: event.page }),
          },
          target: '.starting',
          actions: [
            { type: 'applyQuery', params: ({ event }) => ({ filters: event.filters, page: event.page }) },
            { type: 'rememberSearch', params: ({ event }) => ({ search: event.search }) },
          ],
        },
        { actions: { type: 'rememberSearch', params: ({ event }) => ({ search: event.search }) } },
      ],
      'list.reload': { target: '.starting' },
    },
    states: {
      // A transient choice point, so every way into a request passes the same `canFetch` check and a
      // request already in flight is always left (and so stopped) first. Lists without a `canFetch`
      // rule have no `incomplete` state at all, so their charts show no branch that cannot be taken.
      starting: canFetch
        ? { always: [{ guard: 'filtersAreComplete', target: 'loading' }, { target: 'incomplete' }] }
        : { always: { target: 'loading' } },
      debouncing: {
        after: { LIST_DEBOUNCE: { target: 'starting', actions: 'emitUrlChange' } },
        // Reloading while a typed change waits sends that change now, so the URL must follow too.
        on: { 'list.reload': { target: 'starting', actions: 'emitUrlChange' } },
      },
      loading: {
        invoke: {
          src: 'fetchPage',
          input: ({ context }) => ({ filters: context.filters, page: context.page }),
          onDone: {
            target: 'loaded',
            actions: [{ type: 'applyResult', params: ({ event }) => event.output }, 'focusRegion'],
          },
          onError: {
            target: 'failed',
            actions: [
              { type: 'reportFailure', params: ({ event }) => ({ error: event.error }) },
              { type: 'applyFailure', params: ({ event }) => ({ error: event.error }) },
            ],
          },
        },
      },
      loaded: {},
      failed: {},
      // Typed as always present: the state value type stays one type for every list.
      ...((canFetch ? { incomplete: { entry: 'clearItems' } } : {}) as {
        incomplete: { entry: 'clearItems' };
      }),
    },
  });
}

/** Any list machine built by {@link createListMachine}. */
export type ListMachine<F extends ListFilters, T> = ReturnType<typeof createListMachine<F, T>>;

/** A snapshot of a list actor. */
export type ListSnapshot<F extends ListFilters, T> = SnapshotFrom<ListMachine<F, T>>;

/**
 * Which of its distinct states a list screen draws (issue 15 "Errors look like empty results"):
 * `loading` (a request in flight or a typed change waiting; earlier rows, if any, are stale),
 * `loaded` (rows), `empty` (the server found nothing: the spec's 'No … found.'), `failed` (the
 * request failed: never drawn as empty), `incomplete` (the filters cannot be asked yet).
 */
export type ListStatus = 'loading' | 'loaded' | 'empty' | 'failed' | 'incomplete';

/** What a list screen renders. */
export interface ListView<F extends ListFilters, T> extends ListQuery<F> {
  items: T[];
  totalPages: number;
  total: number | null;
  /** True while a request is in flight or a debounced change waits to be sent. */
  isLoading: boolean;
  /** True when the last request failed (the list is then empty). */
  hasFailed: boolean;
  /** The state to draw; see {@link ListStatus}. */
  status: ListStatus;
  /** The last failure, for the failed state's text (see `failureText`); null unless failed. */
  error: unknown;
}

function listStatusOf<F extends ListFilters, T>(snapshot: ListSnapshot<F, T>): ListStatus {
  if (snapshot.matches('loading') || snapshot.matches('debouncing')) return 'loading';
  if (snapshot.matches('failed')) return 'failed';
  if (snapshot.matches('incomplete')) return 'incomplete';
  return snapshot.context.items.length === 0 ? 'empty' : 'loaded';
}

/** The view of a list snapshot (a fresh object: select its fields, or compare shallowly). */
export function selectListView<F extends ListFilters, T>(snapshot: ListSnapshot<F, T>): ListView<F, T> {
  const { filters, page, items, totalPages, total } = snapshot.context;
  return {
    filters,
    page,
    items,
    totalPages,
    total,
    isLoading: snapshot.matches('loading') || snapshot.matches('debouncing'),
    hasFailed: snapshot.matches('failed'),
    status: listStatusOf(snapshot),
    error: snapshot.matches('failed') ? snapshot.context.error : null,
  };
}
