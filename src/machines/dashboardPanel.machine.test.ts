import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { ApiError } from '@/api/client';
import type { ReportFile, ReportRequest } from '@/api/dashboard';
import type { Transaction, UserOrder } from '@/api/schemas/dashboard';
import { ordersPanelMachine, requireChild, transactionsPanelMachine } from './dashboardPanel.machine';
import type { ListPage, ListQuery } from './list.machine';
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

async function settle(): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 0));
}

function emptyPage<T>(): Promise<ListPage<T>> {
  return Promise.resolve({ items: [], page: 1, totalPages: 0, total: null });
}

/** An orders panel whose list records its requests and whose report fails with `failure`. */
function startOrdersPanel(failure: unknown = new ApiError('Server error', { kind: 'http', status: 500 })) {
  const requests: ListQuery<OrderFilters>[] = [];
  const reports: ReportRequest[] = [];
  const panel = createActor(
    ordersPanelMachine.provide({
      actors: {
        list: ordersListMachine.provide({
          actors: {
            fetchPage: fromPromise<ListPage<UserOrder>, ListQuery<OrderFilters>>(({ input }) => {
              requests.push(input);
              return emptyPage();
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
    { input: { now } },
  );
  panel.start();
  return { panel, requests, reports };
}

describe('ordersPanelMachine', () => {
  it('starts its list on Last 7 days from page 1, fetched once', async () => {
    const { panel, requests } = startOrdersPanel();
    await settle();
    expect(requests).toEqual([{ filters: { start_date: '2025-05-26', end_date: '2025-06-02' }, page: 1 }]);
    expect(requireChild(panel.getSnapshot(), 'period').getSnapshot().context).toMatchObject({
      preset: 'last7',
      from: '2025-05-26',
      to: '2025-06-02',
    });
  });

  it('sends every new range of its period to the list, back on page 1 (spec §4)', async () => {
    const { panel, requests } = startOrdersPanel();
    await settle();
    const list = requireChild(panel.getSnapshot(), 'list');
    const period = requireChild(panel.getSnapshot(), 'period');
    list.send({ type: 'list.page', page: 3 });
    await settle();
    period.send({ type: 'period.select', preset: 'today' });
    await settle();
    expect(list.getSnapshot().context).toMatchObject({
      filters: { start_date: '2025-06-02', end_date: '2025-06-02' },
      page: 1,
    });
    period.send({ type: 'period.from', value: '' });
    await settle();
    expect(list.getSnapshot().context.filters).toEqual({ start_date: '', end_date: '2025-06-02' });
    expect(list.getSnapshot().value, 'spec §2: no fetch without both days').toBe('incomplete');
    expect(requests.map((request) => request.filters.start_date)).toEqual([
      '2025-05-26',
      '2025-05-26',
      '2025-06-02',
    ]);
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
    expect(effects).toEqual([uiToast('error', 'HTTP error! status: 500')]);
  });
});

describe('transactionsPanelMachine', () => {
  it('starts with every status on Last 7 days, and the report period does not move the list', async () => {
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
    requireChild(panel.getSnapshot(), 'reportPeriod').send({ type: 'period.select', preset: 'last90' });
    await settle();
    expect(requests).toEqual([
      { filters: { status: [], start_date: '2025-05-26', end_date: '2025-06-02' }, page: 1 },
    ]);
    requireChild(panel.getSnapshot(), 'period').send({ type: 'period.select', preset: 'yesterday' });
    await settle();
    expect(requests.at(-1)).toEqual({
      filters: { status: [], start_date: '2025-06-01', end_date: '2025-06-01' },
      page: 1,
    });
  });

  it('throws when asked for a child it does not have', () => {
    const snapshot = createActor(ordersPanelMachine, { input: { now } }).getSnapshot();
    expect(() => requireChild(snapshot as never, 'nothing' as never)).toThrow(
      "The panel has no child 'nothing'",
    );
  });
});
