// @vitest-environment jsdom
/**
 * The User Orders panel's table (spec §2 User Orders panel: pages of 10, rows within From and To;
 * issue 15 distinct list states) in each state of its list, ordersListMachine (machine id `orders`,
 * the panel's child `list`), as the list's browser replay saw it: a busy skeleton while a page loads;
 * each order's number, date and time, customer, items and both costs in pounds, only those within
 * the days, with the page buttons when there are more pages, or 'No orders found.'; the failure with
 * ORDERS_FAILED_TEXT, the reason and Retry, and nothing else; while the days cannot be asked for, the
 * hint alone; the URL's order on its header (aria-sort). Gestures: a page button, Retry and a sort
 * header, by the event each sends the list.
 *
 * The panel around the table (its days, period, report and export) is UserOrdersPanel.test.tsx's;
 * what the list does with its events (the request, the URL keys) is tests/model's; the URL through
 * a reload and Back is tests/e2e/dashboard.spec.ts's.
 */
import { fireEvent, screen, within } from '@testing-library/react';
import { expect, it, vi } from 'vitest';
import { SimulatedClock, waitFor } from 'xstate';
import type { ReportRequest } from '@/api/dashboard';
import type { ReportFile } from '@/api/download';
import { formatDateTime, formatPounds } from '@/api/format';
import type { UserOrder } from '@/api/schemas/dashboard';
import { ordersPanelMachine, requireChild } from '@/machines/dashboardPanel.machine';
import { failureText } from '@/machines/failure-text';
import type { ListEvent, ListPage, ListSnapshot } from '@/machines/list.machine';
import { ordersListMachine } from '@/machines/ordersList.machine';
import type { OrderFilters } from '@/machines/ordersList.machine';
import { reportMachine } from '@/machines/report.machine';
import { httpFailure } from '@test-support/api-errors';
import { PANEL_NOW, openedAt, recordChildEvents } from '@test-support/dashboard-panels';
import { heldPromiseActor } from '@test-support/fake-actors';
import { pagesInTurn, shownPages, shownRows, skeletonRows, tableBody } from '@test-support/list-screens';
import { describeScreenStates, givenActor, renderScreen } from '@test-support/screen';
import { ORDERS_FAILED_TEXT, ORDERS_INVALID_DAYS_TEXT, UserOrdersPanel } from './UserOrdersPanel';

vi.mock('@/routes/screen-actor', async (original) =>
  (await import('@test-support/given-actors')).screenActorWithGiven(await original()),
);

/** An order of Last 7 days at PANEL_NOW (27 January to 3 February 2025, winter: London is UTC). */
function order(id: number, date: string, overrides: Partial<UserOrder> = {}): UserOrder {
  return {
    id,
    date,
    customer_name: 'Hopper Health',
    number_of_items: 3,
    cost_of_order_ex_vat: 1250.5,
    cost_of_order_inc_vat: 1500.6,
    ...overrides,
  };
}

const IN_DAYS = [
  order(1041, '2025-02-03T00:10:00Z', { customer_name: 'Grace Hopper', number_of_items: 12 }),
  order(1017, '2025-01-27T09:30:00Z', { cost_of_order_ex_vat: 8, cost_of_order_inc_vat: 9.6 }),
];
/** Before From: the server's answer may hold it, the table does not (spec §2). */
const BEFORE_DAYS = order(990, '2025-01-26T23:59:00Z');
/** Page 2 of 3, as the dashboard opened at `?orders.page=2` is answered. */
const PAGE_2_OF_3: ListPage<UserOrder> = {
  items: [...IN_DAYS, BEFORE_DAYS],
  page: 2,
  totalPages: 3,
  total: null,
};
const ON_PAGE_2 = '?orders.page=2';

/**
 * The panel rendered on the dashboard opened at `search` once its list, its pages answering `pages`
 * in turn (then never) and sent `then` after its first answer, matches `state`. Returns the events
 * the screen sends the panel's children from then on.
 */
async function tableAfter(
  pages: Array<ListPage<UserOrder> | Error>,
  state: (snapshot: ListSnapshot<OrderFilters, UserOrder>) => boolean,
  { search = '', then = [] }: { search?: string; then?: ListEvent<OrderFilters>[] } = {},
) {
  const { actor } = givenActor(
    ordersPanelMachine.provide({
      actors: {
        list: ordersListMachine.provide({
          actors: { fetchPage: pagesInTurn<OrderFilters, UserOrder>(pages) },
          actions: { reportFailure: () => {} },
        }),
        report: reportMachine.provide({
          actors: { download: heldPromiseActor<ReportFile, ReportRequest>().logic },
        }),
      },
    }),
    // A clock nobody runs: no timer outlives the test.
    { clock: new SimulatedClock(), input: { now: () => PANEL_NOW, url: openedAt(search) } },
  );
  const list = requireChild(actor.getSnapshot(), 'list');
  if (then.length > 0) {
    await waitFor(list, (snapshot) => !snapshot.matches('loading'));
    for (const event of then) list.send(event);
  }
  await waitFor(list, state);
  const sent = recordChildEvents(actor);
  renderScreen(<UserOrdersPanel />, { url: `/dashboard${search}` });
  return sent;
}

const panel = () => screen.getByRole('region', { name: 'User Orders' });
const table = () => within(panel()).getByRole('table', { name: 'User orders' });
const pages = () => shownPages(panel(), 'User orders pages');

describeScreenStates(ordersListMachine, {
  'orders.starting': { unseen: 'transient: goes at once to loading or incomplete' },
  'orders.debouncing': {
    unseen: 'never entered on the dashboard: the panel hands its list settled days, never a typed change',
  },
  'orders.loading': async () => {
    await tableAfter([], (s) => s.matches('loading'));
    expect(tableBody(table()).getAttribute('aria-busy')).toBe('true');
    expect(skeletonRows(table())).toBeGreaterThan(0);
    expect(shownRows(table())).toEqual([]);
    expect(pages()).toBeNull();
  },
  'orders.loaded': async () => {
    await tableAfter([PAGE_2_OF_3], (s) => s.matches('loaded'), { search: ON_PAGE_2 });
    expect(tableBody(table()).getAttribute('aria-busy')).toBe('false');
    expect(shownRows(table()), 'the orders within From and To, in pounds').toEqual(
      IN_DAYS.map((row) => [
        String(row.id),
        formatDateTime(row.date),
        row.customer_name,
        String(row.number_of_items),
        formatPounds(row.cost_of_order_ex_vat),
        formatPounds(row.cost_of_order_inc_vat),
      ]),
    );
    expect(pages()).toEqual({ pages: ['1', '2', '3'], current: '2' });
  },
  'orders.failed': async () => {
    // A reload that fails after a page was shown: the failure alone, none of the old rows or pages.
    const failure = httpFailure(500, 'Internal Server Error');
    await tableAfter([PAGE_2_OF_3, failure], (s) => s.matches('failed'), {
      search: ON_PAGE_2,
      then: [{ type: 'list.reload' }],
    });
    expect(shownRows(table())).toEqual([[`${failureText(ORDERS_FAILED_TEXT, failure)}Retry`]]);
    within(tableBody(table())).getByRole('alert');
    expect(pages()).toBeNull();
  },
  'orders.incomplete': async () => {
    await tableAfter([], (s) => s.matches('incomplete'), {
      search: '?orders.start_date=2025-02-05&orders.end_date=2025-02-03',
    });
    expect(tableBody(table()).getAttribute('aria-busy')).toBe('false');
    expect(shownRows(table()), 'the hint alone').toEqual([[ORDERS_INVALID_DAYS_TEXT]]);
    expect(pages()).toBeNull();
  },
});

it("says 'No orders found.' when no order of the page lies within the days", async () => {
  await tableAfter([{ items: [BEFORE_DAYS], page: 1, totalPages: 1, total: null }], (s) =>
    s.matches('loaded'),
  );
  expect(shownRows(table())).toEqual([['No orders found.']]);
  expect(pages()).toBeNull();
});

it('sends the list a page asked for', async () => {
  const sent = await tableAfter([PAGE_2_OF_3], (s) => s.matches('loaded'), { search: ON_PAGE_2 });
  fireEvent.click(within(panel()).getByRole('button', { name: 'Page 3' }));
  expect(sent).toEqual([{ child: 'list', event: { type: 'list.page', page: 3 } }]);
});

it('sends the list Retry after a failure', async () => {
  const sent = await tableAfter([httpFailure(500)], (s) => s.matches('failed'));
  fireEvent.click(within(panel()).getByRole('button', { name: 'Retry' }));
  expect(sent).toEqual([{ child: 'list', event: { type: 'list.reload' } }]);
});

it("marks the URL's order on its header and sends the list the next order of a pressed header (issue 30)", async () => {
  const sent = await tableAfter([PAGE_2_OF_3], (s) => s.matches('loaded'), {
    search: `${ON_PAGE_2}&orders.sort=-cost_of_order_inc_vat`,
  });
  const sorted = within(table())
    .getAllByRole('columnheader')
    .filter((header) => header.hasAttribute('aria-sort'))
    .map((header) => `${header.textContent} ${header.getAttribute('aria-sort')}`);
  expect(sorted).toEqual(['Cost of Order (inc VAT) descending']);
  // The sorted column turns ascending; another column starts ascending.
  fireEvent.click(within(table()).getByRole('button', { name: 'Cost of Order (inc VAT)' }));
  fireEvent.click(within(table()).getByRole('button', { name: 'Customer Name' }));
  expect(sent).toEqual([
    { child: 'list', event: { type: 'list.filter', filters: { sort: 'cost_of_order_inc_vat' } } },
    { child: 'list', event: { type: 'list.filter', filters: { sort: 'customer_name' } } },
  ]);
});
