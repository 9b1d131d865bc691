import { afterEach, describe, expect, it, vi } from 'vitest';
import { SimulatedClock, createActor, fromPromise } from 'xstate';
import { ApiError } from '@/api/client';
import type { ReportRequest } from '@/api/dashboard';
import type { ReportFile } from '@/api/download';
import type { Transaction, UserOrder } from '@/api/schemas/dashboard';
import { settle } from '@test-support/deferred';
import { ordersPanelMachine, requireChild, transactionsPanelMachine } from './dashboardPanel.machine';
import { DATE_INPUT_DEBOUNCE_MS } from './datePreset.machine';
import type { AppLocation, ListPage, ListQuery, SubscribeToLocation } from './list.machine';
import { ordersListMachine } from './ordersList.machine';
import type { OrderFilters } from './ordersList.machine';
import { reportMachine } from './report.machine';
import { transactionsListMachine } from './transactionsList.machine';
import type { TransactionFilters } from './transactionsList.machine';
import { uiToast } from './ui-effects';

afterEach(() => {
  vi.restoreAllMocks();
});

/** 09:00 London time on Monday 2 June 2025 (BST): Last 7 days is 26 May to 2 June. */
const now = () => Date.parse('2025-06-02T08:00:00.000Z');

/** An empty answer for the page asked for. */
function emptyPage<T>(page = 1): Promise<ListPage<T>> {
  return Promise.resolve({ items: [], page, totalPages: 0, total: null });
}

/** A location source like the router's: listeners hear the current location at once, then every move. */
function fakeLocations(search: string) {
  const listeners = new Set<(location: AppLocation) => void>();
  let current: AppLocation = { pathname: '/dashboard', search };
  const subscribe: SubscribeToLocation = (listener) => {
    listeners.add(listener);
    listener(current);
    return () => listeners.delete(listener);
  };
  const go = (next: string) => {
    current = { pathname: '/dashboard', search: next };
    for (const listener of listeners) listener(current);
  };
  return { subscribe, go, search: () => current.search };
}

/**
 * An orders panel on a simulated clock (for the typing pause) whose list records its requests and
 * whose report fails with `failure`; with `url`, the panel keeps its filters in that location
 * source, and its navigations move it (as the root handler does).
 */
function startOrdersPanel(
  failure: unknown = new ApiError('Server error', { kind: 'http', status: 500 }),
  url?: ReturnType<typeof fakeLocations>,
) {
  const requests: ListQuery<OrderFilters>[] = [];
  const reports: ReportRequest[] = [];
  const clock = new SimulatedClock();
  const panel = createActor(
    ordersPanelMachine.provide({
      actors: {
        list: ordersListMachine.provide({
          actors: {
            fetchPage: fromPromise<ListPage<UserOrder>, ListQuery<OrderFilters>>(({ input }) => {
              requests.push(input);
              return emptyPage(input.page);
            }),
          },
        }),
        report: reportMachine.provide({
          actors: {
            download: fromPromise<ReportFile, ReportRequest>(({ input }) => {
              reports.push(input);
              return Promise.reject(failure);
            }),
          },
        }),
      },
    }),
    { clock, input: { now, ...(url ? { url: { search: url.search(), subscribe: url.subscribe } } : {}) } },
  );
  panel.start();
  if (url) {
    requireChild(panel.getSnapshot(), 'list').on('ui.navigate', (effect) =>
      url.go(effect.to === '?' ? '' : effect.to),
    );
  }
  const list = () => requireChild(panel.getSnapshot(), 'list');
  const period = () => requireChild(panel.getSnapshot(), 'period');
  return { panel, clock, requests, reports, list, period };
}

describe('ordersPanelMachine', () => {
  it('starts its list on Last 7 days from page 1, fetched once, its table region focused on paging', async () => {
    const { requests, list, period } = startOrdersPanel();
    await settle();
    expect(requests).toEqual([
      { filters: { start_date: '2025-05-26', end_date: '2025-06-02', sort: '' }, page: 1 },
    ]);
    expect(period().getSnapshot().context).toMatchObject({
      preset: 'last7',
      from: '2025-05-26',
      to: '2025-06-02',
    });
    expect(list().getSnapshot().context.regionId).toBe('user-orders-table');
    expect(list().getSnapshot().context.urlDefaults, 'without a URL the list leaves it alone').toBeNull();
  });

  it('sends every settled range of its period to the list, back on page 1 (spec §4)', async () => {
    const { clock, requests, list, period } = startOrdersPanel();
    await settle();
    list().send({ type: 'list.page', page: 3 });
    await settle();
    period().send({ type: 'period.select', preset: 'today' });
    await settle();
    expect(list().getSnapshot().context).toMatchObject({
      filters: { start_date: '2025-06-02', end_date: '2025-06-02', sort: '' },
      page: 1,
    });
    period().send({ type: 'period.from', value: '2025-05-01' });
    await settle();
    expect(requests, 'typing waits for the pause').toHaveLength(3);
    clock.increment(DATE_INPUT_DEBOUNCE_MS);
    await settle();
    expect(requests.at(-1)).toEqual({
      filters: { start_date: '2025-05-01', end_date: '2025-06-02', sort: '' },
      page: 1,
    });
    period().send({ type: 'period.from', value: '' });
    clock.increment(DATE_INPUT_DEBOUNCE_MS);
    await settle();
    expect(list().getSnapshot().context.filters).toEqual({
      start_date: '',
      end_date: '2025-06-02',
      sort: '',
    });
    expect(list().getSnapshot().value, 'spec §2: no fetch without both days').toBe('incomplete');
    expect(requests.map((request) => request.filters.start_date)).toEqual([
      '2025-05-26',
      '2025-05-26',
      '2025-06-02',
      '2025-05-01',
    ]);
  });

  it('sends nothing for days that cannot be asked for: From after To is a field error (issue 15)', async () => {
    const { clock, requests, list, period } = startOrdersPanel();
    await settle();
    period().send({ type: 'period.from', value: '2025-06-05' });
    clock.increment(DATE_INPUT_DEBOUNCE_MS);
    await settle();
    expect(period().getSnapshot().value).toBe('invalid');
    expect(period().getSnapshot().context.error?.field).toBe('from');
    expect(list().getSnapshot().context.filters, 'the table keeps what it shows').toEqual({
      start_date: '2025-05-26',
      end_date: '2025-06-02',
      sort: '',
    });
    expect(requests).toHaveLength(1);
  });

  it('keeps its filters and order in the URL under orders. beside the other panel, and follows Back', async () => {
    const url = fakeLocations('?tx.status=2&orders.start_date=2025-05-01&orders.sort=-date&orders.page=2');
    const { requests, list, period } = startOrdersPanel(undefined, url);
    await settle();
    expect(requests).toEqual([
      { filters: { start_date: '2025-05-01', end_date: '2025-06-02', sort: '-date' }, page: 2 },
    ]);
    expect(period().getSnapshot().context).toMatchObject({
      preset: 'custom',
      from: '2025-05-01',
      to: '2025-06-02',
    });
    period().send({ type: 'period.select', preset: 'yesterday' });
    await settle();
    expect(Object.fromEntries(new URLSearchParams(url.search()))).toEqual({
      'tx.status': '2',
      'orders.start_date': '2025-06-01',
      'orders.end_date': '2025-06-01',
      'orders.sort': '-date',
    });
    // Back: the list and the inputs follow the URL.
    url.go('?tx.status=2&orders.start_date=2025-05-01&orders.sort=-date&orders.page=2');
    await settle();
    expect(list().getSnapshot().context).toMatchObject({
      filters: { start_date: '2025-05-01', end_date: '2025-06-02', sort: '-date' },
      page: 2,
    });
    expect(period().getSnapshot().context).toMatchObject({
      from: '2025-05-01',
      to: '2025-06-02',
      edited: null,
    });
    expect(requests).toHaveLength(3);
  });

  it('starts reversed days from a link as a field error and an incomplete list, fetching nothing', async () => {
    const url = fakeLocations('?orders.start_date=2025-06-02&orders.end_date=2025-05-01');
    const { requests, list, period } = startOrdersPanel(undefined, url);
    await settle();
    expect(list().getSnapshot().value).toBe('incomplete');
    expect(period().getSnapshot().value).toBe('invalid');
    expect(requests).toEqual([]);
  });

  it("leaves the report's failure toast to the report child", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { panel, reports } = startOrdersPanel();
    const effects: unknown[] = [];
    panel.on('*', (event) => effects.push(event));
    const report = requireChild(panel.getSnapshot(), 'report');
    report.on('*', (event) => effects.push(event));
    const request: ReportRequest = { kind: 'orders', start_date: '2025-05-26', end_date: '2025-06-02' };
    report.send({ type: 'report.generate', request });
    await settle();
    expect(reports).toEqual([request]);
    expect(effects).toEqual([uiToast('error', 'Report download failed', 'Server error')]);
  });
});

describe('transactionsPanelMachine', () => {
  it('starts with every status on Last 7 days; its one period (both dropdowns) moves the list', async () => {
    const requests: ListQuery<TransactionFilters>[] = [];
    const panel = createActor(
      transactionsPanelMachine.provide({
        actors: {
          list: transactionsListMachine.provide({
            actors: {
              fetchPage: fromPromise<ListPage<Transaction>, ListQuery<TransactionFilters>>(({ input }) => {
                requests.push(input);
                return emptyPage();
              }),
            },
          }),
        },
      }),
      { input: { now } },
    ).start();
    await settle();
    expect(Object.keys(panel.getSnapshot().children).sort()).toEqual(['export', 'list', 'period', 'report']);
    expect(requests).toEqual([
      { filters: { status: [], start_date: '2025-05-26', end_date: '2025-06-02', sort: '' }, page: 1 },
    ]);
    requireChild(panel.getSnapshot(), 'period').send({ type: 'period.select', preset: 'yesterday' });
    await settle();
    expect(requests.at(-1)).toEqual({
      filters: { status: [], start_date: '2025-06-01', end_date: '2025-06-01', sort: '' },
      page: 1,
    });
    expect(requireChild(panel.getSnapshot(), 'list').getSnapshot().context.regionId).toBe(
      'transactions-table',
    );
  });

  it('throws when asked for a child it does not have', () => {
    const snapshot = createActor(ordersPanelMachine, { input: { now } }).getSnapshot();
    expect(() => requireChild(snapshot as never, 'nothing' as never)).toThrow(
      "The panel has no child 'nothing'",
    );
  });
});
