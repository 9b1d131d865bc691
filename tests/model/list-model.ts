/**
 * The model of a list statechart built by `createListMachine` (issue 3 "List state lives in the
 * URL"; spec §8 "Silent failures": a failed list falls back to empty). Each list's model
 * (tests/model/models/<id>.model.ts) passes its machine, its start query and typed fixtures; the
 * checks are one reference of list.machine.ts's rules:
 * - a list started with `urlSync` reports every new query as a `ui.navigate` to its search string
 *   (and starts one URL watcher for back/forward); a list without it never asks to move the URL;
 *   a list with a key prefix (several lists on one page) writes only its prefixed keys and keeps
 *   every other key of the last URL it heard of;
 * - a filter change applies at once and goes back to page 1; typed (`debounce`) it waits quietly
 *   and only then fetches and reports the URL, otherwise both happen at once;
 * - a page change to another valid page fetches and reports the URL; the same or an invalid page is
 *   ignored; a list given a `regionId` focuses it once that page's answer arrives (issue 30), and
 *   never on the press, after another query or after a failure;
 * - a URL change (back/forward) to another query fetches without reporting the URL back; the query
 *   already shown fetches nothing; either way the list remembers the URL's search string;
 * - a reload fetches the shown query again (and reports the URL when a typed change was waiting);
 * - a fetch asks the server for exactly the shown filters and page, unless the list's own rule says
 *   the filters are incomplete: then nothing is fetched and the list is empty;
 * - an answer replaces items and page; a failure empties the list, keeps the error and logs it;
 * - what the screen draws (`selectListView`, issue 15): loading while a request is in flight or a
 *   typed change waits, the rows once answered, 'empty' for an answer without rows (every list's
 *   model is also answered with one), failed (never empty) with its error, incomplete filters;
 * - the list's own rules about its filters (`checkFilters`: e.g. the request a query makes).
 *
 * The serializer keeps the state, whether the filters are complete (every guard of the machine reads
 * either the event or those) and whether an answer is to take the focus.
 */
import { isDeepStrictEqual } from 'node:util';
import { expect } from 'vitest';
import { ApiError } from '@/api/client';
import { selectListView } from '@/machines/list.machine';
import type { ListFilters, ListInput, ListMachine, ListPage, ListQuery } from '@/machines/list.machine';
import { defineModel } from './harness';
import type { EventFixtures, ExecutedStep, MachineModel } from './harness';

/** What a list's model gives; see the module comment. */
export interface ListModelOptions<F extends ListFilters, T> {
  machine: ListMachine<F, T>;
  /** The queries the list may start with (as read from the URL, with `urlSync` when it keeps the URL), by name. */
  inputs: Readonly<Record<string, ListInput<F>>>;
  /** The spec's rule for when the list may be fetched (`canFetch`); always true for most lists. */
  canFetch: (filters: F) => boolean;
  /** Filter changes a person makes (each is walked typed and not typed). */
  filterChanges: ReadonlyArray<Partial<F>>;
  /** A query reached through the browser's back/forward buttons, other than the inputs. */
  otherUrlQuery: ListQuery<F>;
  /**
   * For a list with a key prefix: keys of another list on the same page (`?orders.page=2`), which
   * every URL change fixture carries besides the list's own keys and every navigation must keep.
   */
  foreignSearch?: string;
  /** Server answers with rows, already in the list's terms (an answer without rows is added). */
  pages: ReadonlyArray<ListPage<T>>;
  /** The list's own checks of the filters it shows, after every step (e.g. the request they make). */
  checkFilters?: (filters: F) => void;
}

/** What the server answers when nothing matches. */
const NO_ROWS: ListPage<never> = { items: [], page: 1, totalPages: 0, total: 0 };

/** The state a list screen draws in each state of the machine (issue 15); `loaded` depends on rows. */
const DRAWN: Readonly<Record<string, string>> = {
  loading: 'loading',
  debouncing: 'loading',
  failed: 'failed',
  incomplete: 'incomplete',
};

type AnyListMachine = ListMachine<ListFilters, unknown>;
type ListStep = ExecutedStep<AnyListMachine>;
type ListEvent = ListStep['event'];
type UrlChangeEvent = { type: 'list.urlChanged'; filters: ListFilters; page: number; search?: string };

/**
 * Issue 3's URL keys of a query, written out here rather than taken from the machine's writer: each
 * filter that differs from its default, in the defaults' order, as `prefix` + key (an array
 * comma-joined), then `page` when it is not 1.
 */
function ownKeys(
  query: ListQuery<ListFilters>,
  defaults: ListFilters,
  prefix: string,
): Array<[string, string]> {
  const keys: Array<[string, string]> = [];
  for (const [key, fallback] of Object.entries(defaults)) {
    const value = query.filters[key];
    const text = typeof value === 'string' ? value : (value ?? []).join(',');
    const defaultText = typeof fallback === 'string' ? fallback : fallback.join(',');
    if (value !== undefined && text !== defaultText) keys.push([`${prefix}${key}`, text]);
  }
  if (query.page !== 1) keys.push([`${prefix}page`, String(query.page)]);
  return keys;
}

/** A search string of `keys`: '?' alone when there are none (the bare list). */
function searchOf(keys: Array<[string, string]>): string {
  return `?${new URLSearchParams(keys).toString()}`;
}

function queryOf(context: ListQuery<ListFilters>): ListQuery<ListFilters> {
  return { filters: context.filters, page: context.page };
}

function sameQuery(a: ListQuery<ListFilters>, b: ListQuery<ListFilters>): boolean {
  return JSON.stringify(queryOf(a)) === JSON.stringify(queryOf(b));
}

/** Builds the model of one list machine; see the module comment. */
export function defineListModel<F extends ListFilters, T>(
  options: ListModelOptions<F, T>,
): MachineModel<ListMachine<F, T>> {
  const canFetch = options.canFetch as (filters: ListFilters) => boolean;

  /** A request for the shown query: fetching, or empty when the filters are incomplete. */
  function expectRequest(step: ListStep, watcher: unknown[] = []): void {
    const { after } = step;
    if (canFetch(after.context.filters)) {
      expect(after.value).toBe('loading');
      expect(step.started, 'the server is asked for exactly the shown query').toEqual([
        ...watcher,
        { src: 'fetchPage', id: expect.any(String), input: queryOf(after.context) },
      ]);
    } else {
      expect(after.value, 'incomplete filters fetch nothing').toBe('incomplete');
      expect(step.started).toEqual(watcher);
      expect(after.context).toMatchObject({ items: [], totalPages: 0, total: 0, error: null });
    }
  }

  function expectUrlReported(step: ListStep): void {
    const urlSync = (step.input as ListInput<ListFilters> | undefined)?.urlSync;
    if (urlSync === undefined) {
      expect(step.emitted, 'a list without urlSync leaves the URL alone').toEqual([]);
      return;
    }
    const prefix = urlSync.prefix ?? '';
    const own = ownKeys(queryOf(step.after.context), urlSync.defaults, prefix);
    // A prefixed list keeps every other key of the last URL it heard of, before its own.
    const others =
      prefix === ''
        ? []
        : [...new URLSearchParams(step.after.context.urlSearch)].filter(([key]) => !key.startsWith(prefix));
    expect(step.emitted, "the URL follows the list, keeping another list's keys").toEqual([
      { type: 'ui.navigate', to: searchOf([...others, ...own]), replace: false },
    ]);
  }

  function expectIgnored(step: ListStep, why: string): void {
    expect(step.after.value, why).toEqual(step.before?.value);
    expect(step.after.context).toEqual(step.before?.context);
    expect(step.started).toEqual([]);
    expect(step.emitted).toEqual([]);
  }

  /** What the screen draws for the step's snapshot (see the module comment). */
  function expectView(step: ListStep): void {
    const { after } = step;
    const value = after.value as string;
    const status = DRAWN[value] ?? (after.context.items.length > 0 ? 'loaded' : 'empty');
    expect(selectListView(after), `what the list draws in ${value}`).toEqual({
      filters: after.context.filters,
      page: after.context.page,
      items: after.context.items,
      totalPages: after.context.totalPages,
      total: after.context.total,
      isLoading: status === 'loading',
      hasFailed: status === 'failed',
      status,
      error: status === 'failed' ? after.context.error : null,
    });
    options.checkFilters?.(after.context.filters as F);
  }

  function checkStep(step: ListStep): void {
    expectView(step);
    const { input, before, after } = step;
    const event = step.event as ListEvent;
    if (before === null) {
      const { urlSync, ...query } = input as ListInput<ListFilters>;
      expect(after.context).toMatchObject({
        ...query,
        regionId: query.regionId ?? null,
        items: [],
        totalPages: 0,
        error: null,
        focusOnLoad: false,
      });
      expect(after.context.urlDefaults).toEqual(urlSync?.defaults ?? null);
      if (after.matches('loading')) expect(after.context.total, 'unknown until the server says').toBeNull();
      // A URL-synced list follows the URL from the start; others never look at the URL.
      const watcher = urlSync
        ? [
            {
              src: 'watchUrl',
              id: 'url',
              input: {
                defaults: urlSync.defaults,
                subscribe: urlSync.subscribe,
                prefix: urlSync.prefix ?? '',
              },
            },
          ]
        : [];
      expectRequest(step, watcher);
      expect(step.emitted).toEqual([]);
      return;
    }
    switch (event.type) {
      case 'list.filter': {
        expect(after.context.filters).toEqual({ ...before.context.filters, ...event.filters });
        expect(after.context.page, 'a filter change goes back to page 1').toBe(1);
        expect(after.context.focusOnLoad, 'only a page asked for takes the focus').toBe(false);
        if (event.debounce === true) {
          expect(after.value, 'typing waits for a quiet moment').toBe('debouncing');
          expect(step.started).toEqual([]);
          expect(step.emitted).toEqual([]);
        } else {
          expectUrlReported(step);
          expectRequest(step);
        }
        return;
      }
      case 'list.page': {
        if (!Number.isInteger(event.page) || event.page < 1 || event.page === before.context.page) {
          expectIgnored(step, 'the shown page or an invalid one changes nothing');
          return;
        }
        expect(after.context.page).toBe(event.page);
        expect(after.context.filters).toEqual(before.context.filters);
        expect(after.context.focusOnLoad, 'the answer focuses a list with a region').toBe(
          after.context.regionId !== null,
        );
        expectUrlReported(step);
        expectRequest(step);
        return;
      }
      case 'list.urlChanged': {
        expect(after.context.urlSearch, 'the URL is remembered').toBe(
          event.search ?? before.context.urlSearch,
        );
        if (sameQuery(before.context, event)) {
          expectIgnored(
            {
              ...step,
              after: { ...after, context: { ...after.context, urlSearch: before.context.urlSearch } },
            },
            'its own URL update does not fetch twice',
          );
          return;
        }
        expect(queryOf(after.context)).toEqual(queryOf(event));
        expect(after.context.focusOnLoad, 'Back or a link takes no focus').toBe(false);
        expect(step.emitted, 'the URL already says it').toEqual([]);
        expectRequest(step);
        return;
      }
      case 'list.reload': {
        expect(queryOf(after.context)).toEqual(queryOf(before.context));
        if (before.matches('debouncing')) expectUrlReported(step);
        else expect(step.emitted).toEqual([]);
        expectRequest(step);
        return;
      }
    }
    const outcome = event as { type: string; output?: ListPage<unknown>; error?: unknown };
    if (outcome.type.startsWith('xstate.after.')) {
      expect(before.value).toBe('debouncing');
      expectUrlReported(step);
      expectRequest(step);
    } else if (outcome.output !== undefined) {
      expect(after.value).toBe('loaded');
      expect(after.context).toEqual({
        ...before.context,
        items: outcome.output.items,
        page: outcome.output.page,
        totalPages: outcome.output.totalPages,
        total: outcome.output.total,
        error: null,
        focusOnLoad: false,
      });
      // Issue 30: a page asked for focuses the table's top once its rows are there.
      expect(step.emitted).toEqual(
        before.context.focusOnLoad && before.context.regionId !== null
          ? [{ type: 'ui.focus', elementId: before.context.regionId }]
          : [],
      );
    } else {
      expect(after.value).toBe('failed');
      expect(after.context, 'a failed list is empty').toEqual({
        ...before.context,
        items: [],
        totalPages: 0,
        total: null,
        error: outcome.error,
        focusOnLoad: false,
      });
      expect(step.emitted, 'a failure focuses nothing').toEqual([]);
      expect(step.actions).toContainEqual({ type: 'reportFailure', params: { error: outcome.error } });
    }
  }

  /** A location holding `query` (and, for a prefixed list, another list's keys) as the watcher reports it. */
  function urlChange(query: ListQuery<F>): UrlChangeEvent {
    const urlSync = Object.values(options.inputs)[0]?.urlSync;
    const prefix = urlSync?.prefix ?? '';
    if (urlSync === undefined || prefix === '') return { type: 'list.urlChanged', ...query };
    const foreign = [...new URLSearchParams(options.foreignSearch ?? '')];
    const search = searchOf([...foreign, ...ownKeys(query, urlSync.defaults, prefix)]);
    return { type: 'list.urlChanged', ...query, search };
  }

  const filterEvents = options.filterChanges.flatMap((filters) => [
    { type: 'list.filter' as const, filters },
    { type: 'list.filter' as const, filters, debounce: true },
  ]);
  const events = {
    'list.filter': filterEvents,
    'list.page': [
      { type: 'list.page', page: 2 },
      { type: 'list.page', page: 0 },
    ],
    'list.urlChanged': [
      ...Object.values(options.inputs).map(({ filters, page }) => urlChange({ filters, page })),
      urlChange(options.otherUrlQuery),
    ],
    'list.reload': [{ type: 'list.reload' }],
  } satisfies EventFixtures<AnyListMachine>;
  /** Whether `event` is the first fixture of its type (`events`). */
  const isFirstFixture = (event: ListEvent) =>
    isDeepStrictEqual(events[event.type as keyof typeof events]?.[0], event);
  const model: MachineModel<AnyListMachine> = {
    machine: options.machine as unknown as AnyListMachine,
    inputs: options.inputs,
    // The inputs are where the query starts (a list kept in the URL is told apart by the serializer).
    shareStates: true,
    events,
    outcomes: {
      fetchPage: {
        done: [...options.pages, NO_ROWS],
        error: [new ApiError('Internal Server Error', { kind: 'http', status: 500 })],
      },
    },
    stubActions: ['reportFailure'],
    serialize: (snapshot) => ({
      value: snapshot.value,
      complete: canFetch(snapshot.context.filters),
      url: snapshot.context.urlDefaults !== null,
      focus: snapshot.context.focusOnLoad,
    }),
    // Every event is the root's and does the same from every state: all fixtures are walked from
    // `loaded`, elsewhere each type's first one (issue 28).
    filterEvents: (snapshot, event) =>
      snapshot.matches('loaded') || event.type.startsWith('xstate.') || isFirstFixture(event),
    check: checkStep,
  };
  return defineModel(model) as unknown as MachineModel<ListMachine<F, T>>;
}
