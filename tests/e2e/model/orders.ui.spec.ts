/**
 * ordersListMachine's generated paths (machine id `orders`) through the User Orders panel of the
 * real dashboard (issue 17 "Browser replay for every screen machine"; spec §2 User Orders panel: pages
 * of 10, "The fetch only runs when both dates are set", rows within From and To; issue 15 its URL
 * keys `orders.`, distinct list states). The Transactions panel's list is the same list statechart
 * (list.machine.ts) with other filters, so, as the issue allows, one list is replayed: this one.
 *
 * Every GET /dashboard/orders is held and answered with the model's page (as the contract's JSON) or
 * its error (status and message); the dashboard's other calls go to the real server. The clock
 * stands still at London noon on 8 January 2025 (so Last 7 days, the panel's start, is the model's
 * 2025-01-01 to 2025-01-08): the period's pause after typing passes only when a step runs it.
 *
 * The list runs inside the panel's statechart, which is all the screen talks to, so what the paths
 * here carry is what the panel can send it (the model walks more):
 * - the dashboard keeps the list in the URL: only the model's input with `urlSync` (prefix `orders.`)
 *   is walked;
 * - days reach the list from the period (From typed, checked after the period's own pause, then
 *   handed over from page 1 as one change, never as a typed one): the list's debounce, its
 *   `debouncing` state and both of its transitions are never used on the dashboard, and From after To
 *   never reaches the list (the period shows a field error instead), nor does a range it already has;
 * - a page is asked for through the page buttons, which show only the pages the last answer counted;
 * - the list is reloaded only through Retry, shown when it failed;
 * - the URL moves (Back, a link) by a move of the browser's history the router hears, to a location
 *   with the Transactions panel's keys besides the list's (as the model's prefixed locations have):
 *   the query the list already shows then arrives in a location other than the one it is at.
 *
 * After each of its own moves of the URL the list hears that location back from the router (and the
 * location it starts on, as it starts): its query is the one already shown, so it only remembers the
 * search string (`list.urlChanged`, the transition without a target). Those echoes are the app's
 * by-product of a gesture, left out of the comparison; a URL change that fetched again would still
 * show as a transition the model did not take.
 */
import { expect, test } from '../fixtures';
import type { Page } from '@playwright/test';
import { ApiError } from '@/api/client';
import { formatDateTime, formatPounds } from '@/api/format';
import type { UserOrder } from '@/api/schemas/dashboard';
import { DATE_INPUT_DEBOUNCE_MS } from '@/machines/datePreset.machine';
import { listUrl, readListQuery, sameListQuery } from '@/machines/list.machine';
import type { ListPage, ListSnapshot } from '@/machines/list.machine';
import type { OrderFilters } from '@/machines/ordersList.machine';
import { OVERLAY_LINGER } from '@/machines/session.machine';
import type { ModelEvent } from '../../model/harness';
import { defineModel } from '../../model/harness';
import ordersModel from '../../model/models/orders.model';
import { signInAsAdmin } from './admin-session';
import { LEAN_TRACE, sessionOverlay } from './auth-ui';
import { answerForError, coveringPaths, describeUiModel } from './ui-model';
import type { UiModel, UiRun } from './ui-model';

type OrdersMachine = typeof ordersModel.machine;
type OrdersSnapshot = ListSnapshot<OrderFilters, UserOrder>;
type OrdersContext = OrdersSnapshot['context'];
type Run = UiRun<OrdersMachine>;
type ListEvent = ModelEvent<OrdersMachine>;

const DASHBOARD = '/dashboard';
const ORDERS_URL = /\/api\/backoffice\/dashboard\/orders(\?|$)/;
const PREFIX = 'orders.';
/** Keys of the Transactions panel's list, which the model's locations carry beside the list's own. */
const TRANSACTIONS_KEYS = '?tx.status=1,3&tx.page=2';
/** London noon on the model's last day; the clock is stopped a minute later, before the app loads. */
const NOW = Date.parse('2025-01-08T12:00:00Z');
const PAUSED_AT = NOW + 60_000;

/** The only input the dashboard starts the list with (see the module comment). */
const INPUT = 'on the dashboard URL';
const input = ordersModel.inputs?.[INPUT];
if (!input?.urlSync) throw new Error(`the orders model has no '${INPUT}' input kept in the URL`);
const DEFAULTS = input.urlSync.defaults;

/** Spec §2 texts, and the screen's own for the states the spec leaves unworded (issue 15). */
const TEXT = {
  empty: 'No orders found.',
  failed: 'Failed to load orders',
  missingDay: 'Choose both From and To dates to see orders.',
  invalidDays: 'Correct the dates above to see orders.',
};

/** Whether the panel can send `event` to its list in `snapshot` (see the module comment). */
function panelCanSend(snapshot: OrdersSnapshot, event: ListEvent): boolean {
  const { context } = snapshot;
  if (event.type === 'list.filter') {
    const from = event.filters.start_date ?? context.filters.start_date;
    const to = event.filters.end_date ?? context.filters.end_date;
    const changed = from !== context.filters.start_date || to !== context.filters.end_date;
    const accepted = from === '' || to === '' || from <= to;
    return event.debounce !== true && changed && accepted;
  }
  if (event.type === 'list.page') return event.page >= 1 && event.page <= context.totalPages;
  if (event.type === 'list.reload') return snapshot.matches('failed');
  return true;
}

const model = defineModel({
  ...ordersModel,
  inputs: { [INPUT]: input },
  filterEvents: (snapshot, event) =>
    (ordersModel.filterEvents?.(snapshot, event) ?? true) && panelCanSend(snapshot as OrdersSnapshot, event),
});

function panel(page: Page) {
  return page.getByRole('region', { name: 'User Orders', exact: true });
}

function tableBody(page: Page) {
  return panel(page).getByRole('table', { name: 'User orders' }).getByRole('rowgroup').nth(1);
}

function pagination(page: Page) {
  return panel(page).getByRole('navigation', { name: 'User orders pages' });
}

/** A server answer of GET /dashboard/orders for a page in the list's terms. */
function ordersAnswer(page: ListPage<UserOrder>) {
  return { json: { orders: page.items, current_page: page.page, total_pages: page.totalPages } };
}

/** The reason a failed list shows after its lead: the server's message, else the client's. */
function reasonOf(error: unknown): string {
  if (!(error instanceof ApiError)) throw new Error('every list failure fixture is an ApiError');
  return error.serverMessage ?? error.message;
}

/**
 * Spec §2: rows lie within From and To. The fixtures' orders are in winter, when London's day is
 * the UTC day of the instant.
 */
function withinDays(order: UserOrder, { start_date, end_date }: OrderFilters): boolean {
  const day = order.date.slice(0, 10);
  return day >= start_date && day <= end_date;
}

/** The From and To inputs show the list's days (the panel hands every move of them to the period). */
async function expectDays(page: Page, { filters }: OrdersContext): Promise<void> {
  await expect(panel(page).getByLabel('From', { exact: true })).toHaveValue(filters.start_date);
  await expect(panel(page).getByLabel('To', { exact: true })).toHaveValue(filters.end_date);
}

/** The URL holds the list's query under its own keys (issue 15 finding 6). */
async function expectUrl(page: Page, context: OrdersContext): Promise<void> {
  await expect(page).toHaveURL(
    (url) =>
      url.pathname === DASHBOARD && sameListQuery(readListQuery(url.search, DEFAULTS, PREFIX), context),
  );
}

/** The request held for the shown query: its days and page, 10 a page. */
async function expectRequestFor(run: Run, { filters, page }: OrdersContext): Promise<void> {
  await expect.poll(() => run.held.count('orders'), 'one orders request is pending').toBe(1);
  const url = new URL((await run.held.peek('orders')).url());
  expect(Object.fromEntries(url.searchParams), 'the server is asked for the shown query').toEqual({
    page: String(page),
    limit: '10',
    start_date: filters.start_date,
    end_date: filters.end_date,
  });
}

/** The answer's rows within the days, or the spec's empty text; the page buttons for its pages. */
async function expectRows(page: Page, context: OrdersContext): Promise<void> {
  const rows = context.items.filter((order) => withinDays(order, context.filters));
  await expect(tableBody(page).getByRole('row')).toHaveText(
    rows.length === 0
      ? [TEXT.empty]
      : rows.map((order) =>
          [
            order.id,
            formatDateTime(order.date),
            order.customer_name,
            order.number_of_items,
            formatPounds(order.cost_of_order_ex_vat),
            formatPounds(order.cost_of_order_inc_vat),
          ].join(''),
        ),
  );
  if (context.totalPages <= 1) await expect(pagination(page)).toHaveCount(0);
  else {
    await expect(pagination(page).getByRole('button', { name: /^Page \d+$/ })).toHaveCount(
      context.totalPages,
    );
    await expect(
      pagination(page).getByRole('button', { name: `Page ${context.page}`, exact: true }),
    ).toHaveAttribute('aria-current', 'page');
  }
}

const ordersUi: UiModel<OrdersMachine> = {
  model,
  clock: NOW,
  start: async ({ page, held }) => {
    await page.clock.pauseAt(PAUSED_AT);
    await signInAsAdmin(page);
    await held.hold('orders', ORDERS_URL, 'GET');
    await page.goto(DASHBOARD);
    // The panel asks for its list once the session has loaded; the session's overlay then lingers
    // (spec §9) on the stopped clock until it is run by that much.
    await held.peek('orders');
    await page.clock.runFor(OVERLAY_LINGER);
    await expect(sessionOverlay(page)).toBeHidden();
  },
  incidental: ['list.urlChanged'],
  events: {
    // From typed; the period checks it after its pause and hands the days to the list.
    'list.filter': async ({ page }, event) => {
      if (event.type !== 'list.filter') throw new Error(`not a filter change: ${event.type}`);
      const { start_date: from, end_date: to } = event.filters;
      if (to !== undefined || from === undefined) throw new Error('the model changes From only');
      await panel(page).getByLabel('From', { exact: true }).fill(from);
      await page.clock.runFor(DATE_INPUT_DEBOUNCE_MS);
    },
    'list.page': async ({ page }, event) => {
      if (event.type !== 'list.page') throw new Error(`not a page change: ${event.type}`);
      await pagination(page)
        .getByRole('button', { name: `Page ${event.page}`, exact: true })
        .click();
    },
    'list.reload': async ({ page }) => {
      await tableBody(page).getByRole('button', { name: 'Retry' }).click();
    },
    // The browser's history moves to a location holding the query beside the Transactions panel's
    // keys (as Back or a link would); the router hears it.
    'list.urlChanged': async ({ page }, event) => {
      if (event.type !== 'list.urlChanged') throw new Error(`not a location: ${event.type}`);
      const to = `${DASHBOARD}${listUrl(event, DEFAULTS, { prefix: PREFIX, keep: TRANSACTIONS_KEYS })}`;
      const { pathname, search } = new URL(page.url());
      if (`${pathname}${search}` === to) throw new Error(`the browser is at ${to} already`);
      await page.evaluate((location) => {
        window.history.pushState(window.history.state, '', location);
        window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
      }, to);
    },
    'xstate.done.actor.0.orders.loading': async ({ held }, event) => {
      await held.answer('orders', ordersAnswer((event as { output: ListPage<UserOrder> }).output));
    },
    'xstate.error.actor.0.orders.loading': async ({ held }, event) => {
      await held.answer('orders', answerForError((event as { error: unknown }).error));
    },
  },
  states: {
    'orders.starting': () => {
      throw new Error('#orders.starting is left at once: no step can rest there');
    },
    'orders.debouncing': () => {
      throw new Error(
        '#orders.debouncing is never entered on the dashboard: the panel sends no typed change',
      );
    },
    'orders.loading': async (run, snapshot) => {
      await expect(tableBody(run.page)).toHaveAttribute('aria-busy', 'true');
      await expectDays(run.page, snapshot.context);
      await expectUrl(run.page, snapshot.context);
      await expectRequestFor(run, snapshot.context);
    },
    'orders.loaded': async ({ page, held }, snapshot) => {
      await expect(tableBody(page)).toHaveAttribute('aria-busy', 'false');
      await expectDays(page, snapshot.context);
      await expectRows(page, snapshot.context);
      expect(held.count('orders'), 'no orders request is pending').toBe(0);
    },
    'orders.failed': async ({ page, held }, snapshot) => {
      await expect(tableBody(page).getByRole('alert')).toHaveText(
        `${TEXT.failed}: ${reasonOf(snapshot.context.error)}Retry`,
      );
      await expectDays(page, snapshot.context);
      await expect(pagination(page)).toHaveCount(0);
      expect(held.count('orders'), 'no orders request is pending').toBe(0);
    },
    'orders.incomplete': async ({ page, held }, snapshot) => {
      const { start_date, end_date } = snapshot.context.filters;
      const missingDay = start_date === '' || end_date === '';
      await expect(tableBody(page).getByRole('row')).toHaveText([
        missingDay ? TEXT.missingDay : TEXT.invalidDays,
      ]);
      await expectDays(page, snapshot.context);
      await expectUrl(page, snapshot.context);
      await expect(pagination(page)).toHaveCount(0);
      expect(held.count('orders'), 'spec §2: nothing is asked without both days').toBe(0);
    },
  },
};

test.use({ trace: LEAN_TRACE });

describeUiModel(ordersUi, await coveringPaths(model));
