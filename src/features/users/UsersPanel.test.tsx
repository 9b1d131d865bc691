// @vitest-environment jsdom
/**
 * The users panel (spec §2 "Users list panel"; issues 3 and 15) in each state of usersListMachine:
 * a skeleton and the spinner while the first page loads; the last rows dimmed and busy while a typed
 * search waits; each user's name (a link to their page) and email, status, feed share, orders and Edit User link once
 * loaded, with the page buttons when there are more pages, or 'No users found.'; the failure with
 * Retry and nothing else once a load failed, even after rows were shown. The controls show the
 * list's filters (search, the statuses' count, the sorted column). Issue 29: each customer's Status
 * cell shows their Shopify connection compactly (SHOPIFY_CONNECTION_TEXTS, a failure's reason as a
 * tooltip and read after the words); an admin shows none.
 *
 * Gestures are checked by the event they send: typing (debounced), a status, a header's sort, a page,
 * Retry, and Export CSV (to the export's actor, with the list's filters). What the list does with
 * them, the request it makes and the URL it writes are tests/model's; the URL through reload and Back
 * and the downloaded file are tests/e2e/users*.spec.ts's.
 */
import { act, fireEvent, screen, within } from '@testing-library/react';
import { expect, it, vi } from 'vitest';
import { SimulatedClock, waitFor } from 'xstate';
import { SHOPIFY_CONNECTION_TEXTS } from '@/api/schemas/shopify';
import type { ShopifyConnection } from '@/api/schemas/shopify';
import type { ReportFile } from '@/api/download';
import type { User } from '@/api/schemas/users';
import type { UsersFilterParams } from '@/api/users';
import { failureText } from '@/machines/failure-text';
import type { ListEvent, ListPage, ListQuery, ListSnapshot } from '@/machines/list.machine';
import { describeShopifyFailure } from '@/machines/shopifyConnection.machine';
import { usersExportMachine } from '@/machines/usersExport.machine';
import { USER_FILTER_DEFAULTS, usersListMachine } from '@/machines/usersList.machine';
import type { UserFilters } from '@/machines/usersList.machine';
import { paths } from '@/routes/paths';
import { heldPromiseActor } from '@test-support/fake-actors';
import { httpFailure } from '@test-support/api-errors';
import {
  pagesInTurn,
  shownPages,
  shownRows,
  skeletonRows,
  stubResizeObserver,
  tableBody,
} from '@test-support/list-screens';
import { describeScreenStates, givenActor, renderScreen } from '@test-support/screen';
import { USERS_LOAD_FAILED_MESSAGE, UsersPanel } from './UsersPanel';

vi.mock('@/routes/screen-actor', async (original) =>
  (await import('@test-support/given-actors')).screenActorWithGiven(await original()),
);

const NOT_CHECKED: ShopifyConnection = {
  status: 'not_checked',
  checked_at: null,
  shop_name: null,
  scopes: [],
  failure: null,
};
const FAILED: ShopifyConnection = {
  status: 'failed',
  checked_at: '2026-11-26T10:00:00.000Z',
  shop_name: null,
  scopes: [],
  failure: { code: 'invalid_token', message: 'The Admin API key was refused', retry_after_seconds: null },
};

function user(id: number, firstName: string, overrides: Partial<User> = {}): User {
  return {
    id,
    user_type_id: 2,
    status: 1,
    first_name: firstName,
    last_name: 'Hopper',
    email: `${firstName.toLowerCase()}@example.com`,
    company_name: 'Hopper Ltd',
    phone: '020 7946 0000',
    mobile: null,
    website: null,
    shopify_id: '1',
    shopify_domain: 'hopper.myshopify.com',
    has_shopify_admin_api: true,
    shopify_connection: NOT_CHECKED,
    discount_rate: 0,
    shipping_discount_rate: 0,
    avatar: null,
    feeds: 10,
    orders: 2,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: null,
    ...overrides,
  };
}

const CONNECTED: ShopifyConnection = { ...FAILED, status: 'connected', shop_name: 'Grace', failure: null };
const USERS = [
  user(1, 'Ada', { user_type_id: 1, shopify_connection: { ...NOT_CHECKED, status: 'not_configured' } }),
  user(2, 'Grace', { shopify_connection: CONNECTED, feeds: 35, orders: 7 }),
  user(3, 'Mary', { status: 2, shopify_connection: FAILED }),
  user(4, 'Joan', { shopify_connection: { ...NOT_CHECKED, status: 'not_configured' } }),
  user(5, 'Hedy'),
];
const PAGE: ListPage<User> = { items: USERS, page: 1, totalPages: 1, total: USERS.length };
/** Page 2 of 3, as a list opened at `?page=2` is answered. */
const PAGE_2_OF_3: ListPage<User> = { items: USERS.slice(0, 2), page: 2, totalPages: 3, total: 202 };
const FIRST_PAGE: ListQuery<UserFilters> = { filters: USER_FILTER_DEFAULTS, page: 1 };

/**
 * The panel rendered once its list, started on `query` with its pages answering `pages` in turn
 * (then never) and sent `then` after its first answer, matches `state`. Returns the events the
 * screen sends the list and the export.
 */
async function panelAfter(
  pages: Array<ListPage<User> | Error>,
  state: (snapshot: ListSnapshot<UserFilters, User>) => boolean,
  { query = FIRST_PAGE, then = [] }: { query?: ListQuery<UserFilters>; then?: ListEvent<UserFilters>[] } = {},
) {
  // The export's file is never made: the test reads what the screen asks of it.
  const exporter = givenActor(
    usersExportMachine.provide({
      actors: { download: heldPromiseActor<ReportFile, UsersFilterParams>().logic },
    }),
  );
  const list = givenActor(
    usersListMachine.provide({
      actors: { fetchPage: pagesInTurn<UserFilters, User>(pages) },
      actions: { reportFailure: () => {} },
    }),
    // A clock nobody runs: a typed search waits for its debounce for as long as the test looks.
    { input: query, clock: new SimulatedClock() },
  );
  if (then.length > 0) {
    await waitFor(list.actor, (snapshot) => !snapshot.matches('loading'));
    for (const event of then) list.actor.send(event);
  }
  await waitFor(list.actor, state);
  renderScreen(<UsersPanel />, { url: '/dashboard/users' });
  return { sent: list.sent, exported: exporter.sent };
}

const table = () => screen.getByRole('table', { name: 'Users' });
const spinner = () => screen.queryByLabelText('Loading users');
const searchBox = () => screen.getByRole<HTMLInputElement>('searchbox', { name: 'Search users' });
/** Each data row's name and Status cell, as read aloud. */
const namesAndStatuses = () => shownRows(table()).map((cells) => `${cells[0]} | ${cells[1]}`);
/** The sorted order each sortable header announces (`aria-sort`), by header. */
const headerOrders = () =>
  Object.fromEntries(
    within(table())
      .getAllByRole('columnheader')
      .filter((header) => header.hasAttribute('aria-sort'))
      .map((header) => [header.textContent, header.getAttribute('aria-sort')]),
  );

describeScreenStates(usersListMachine, {
  'usersList.starting': { unseen: 'transient: goes at once to loading' },
  'usersList.loading': async () => {
    await panelAfter([], (s) => s.matches('loading'));
    expect(tableBody(table()).getAttribute('aria-busy')).toBe('true');
    expect(skeletonRows(table()), 'skeleton rows').toBeGreaterThan(0);
    expect(shownRows(table())).toEqual([]);
    expect(spinner()).not.toBeNull();
    expect(shownPages(document.body)).toBeNull();
  },
  'usersList.debouncing': async () => {
    await panelAfter([PAGE], (s) => s.matches('debouncing'), {
      then: [{ type: 'list.filter', filters: { query: 'gra' }, debounce: true }],
    });
    expect(searchBox().value, 'the typed search, before the list asks for it').toBe('gra');
    expect(tableBody(table()).getAttribute('aria-busy'), 'the last rows dimmed under the typed search').toBe(
      'true',
    );
    expect(shownRows(table())).toHaveLength(USERS.length);
    expect(spinner()).not.toBeNull();
  },
  'usersList.loaded': async () => {
    await panelAfter([PAGE_2_OF_3], (s) => s.matches('loaded'), { query: { ...FIRST_PAGE, page: 2 } });
    expect(tableBody(table()).getAttribute('aria-busy')).toBe('false');
    expect(spinner()).toBeNull();
    // Spec §2: name and email, status, feed share, orders, Edit User.
    expect(shownRows(table())).toEqual([
      ['Ada Hopperada@example.com', 'Active', '10%', '2', 'Edit User'],
      [
        'Grace Hoppergrace@example.com',
        `ActiveShopify: ${SHOPIFY_CONNECTION_TEXTS.connected}`,
        '35%',
        '7',
        'Edit User',
      ],
    ]);
    const edits = within(table()).getAllByRole('link', { name: 'Edit User' });
    expect(edits.map((link) => link.getAttribute('href'))).toEqual([paths.editUser(1), paths.editUser(2)]);
    // Issue 30: each name links to the user's page; each email shows whole, its tooltip too.
    const names = ['Ada Hopper', 'Grace Hopper'].map((name) => within(table()).getByRole('link', { name }));
    expect(names.map((link) => link.getAttribute('href'))).toEqual([paths.editUser(1), paths.editUser(2)]);
    expect(within(table()).getByTitle('grace@example.com').textContent).toBe('grace@example.com');
    expect(shownPages(document.body)).toEqual({ pages: ['1', '2', '3'], current: '2' });
  },
  'usersList.failed': async () => {
    // A reload that fails after a page was shown: the failure alone, none of the old rows or pages.
    const failure = httpFailure(500, 'Internal Server Error');
    await panelAfter([PAGE_2_OF_3, failure], (s) => s.matches('failed'), {
      query: { ...FIRST_PAGE, page: 2 },
      then: [{ type: 'list.reload' }],
    });
    expect(shownRows(table())).toEqual([[`${failureText(USERS_LOAD_FAILED_MESSAGE, failure)}Retry`]]);
    expect(within(tableBody(table())).getByRole('alert').textContent).toBe(
      `${failureText(USERS_LOAD_FAILED_MESSAGE, failure)}Retry`,
    );
    expect(shownPages(document.body)).toBeNull();
    expect(spinner()).toBeNull();
  },
});

it("says 'No users found.' when the answer has no users", async () => {
  await panelAfter([{ items: [], page: 1, totalPages: 0, total: 0 }], (s) => s.matches('loaded'));
  expect(shownRows(table())).toEqual([['No users found.']]);
  expect(shownPages(document.body)).toBeNull();
});

it('shows each status, and each customer’s Shopify connection with a failure’s reason', async () => {
  await panelAfter([PAGE], (s) => s.matches('loaded'));
  expect(namesAndStatuses()).toEqual([
    'Ada Hopperada@example.com | Active',
    `Grace Hoppergrace@example.com | ActiveShopify: ${SHOPIFY_CONNECTION_TEXTS.connected}`,
    `Mary Hoppermary@example.com | InactiveShopify: ${SHOPIFY_CONNECTION_TEXTS.failed}: ${describeShopifyFailure(FAILED.failure!)}`,
    `Joan Hopperjoan@example.com | ActiveShopify: ${SHOPIFY_CONNECTION_TEXTS.not_configured}`,
    `Hedy Hopperhedy@example.com | ActiveShopify: ${SHOPIFY_CONNECTION_TEXTS.not_checked}`,
  ]);
  // The Status column's tooltips (the Name column's are the emails, issue 30).
  const titled = [...tableBody(table()).querySelectorAll('td:nth-child(2) [title]')].map((element) =>
    element.getAttribute('title'),
  );
  expect(titled, 'the tooltip of a failed connection only').toEqual([
    describeShopifyFailure(FAILED.failure!),
  ]);
});

it("shows the list's search, statuses and order in its controls", async () => {
  await panelAfter([PAGE], (s) => s.matches('loaded'), {
    query: { filters: { query: 'hop', status: ['2'], sort: '-orders' }, page: 1 },
  });
  expect(searchBox().value).toBe('hop');
  screen.getByRole('button', { name: 'Filter by Status (1)' });
  expect(headerOrders()).toEqual({ 'Name/Email': 'none', Status: 'none', Orders: 'descending' });
  screen.getByRole('button', { name: 'Sort by Orders, descending' });
});

it('shows no status count and no order with the default filters', async () => {
  await panelAfter([PAGE], (s) => s.matches('loaded'));
  expect(searchBox().value).toBe('');
  screen.getByRole('button', { name: 'Filter by Status' });
  expect(headerOrders()).toEqual({ 'Name/Email': 'none', Status: 'none', Orders: 'none' });
});

it('sends Retry after a failure', async () => {
  const { sent } = await panelAfter([httpFailure(500)], (s) => s.matches('failed'));
  fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
  expect(sent).toEqual([{ type: 'list.reload' }]);
});

it('sends a typed search, a sort, a page, and a status; asks the export for the filters shown', async () => {
  const filters: UserFilters = { query: 'hop', status: ['1'], sort: 'name' };
  const { sent, exported } = await panelAfter([PAGE_2_OF_3], (s) => s.matches('loaded'), {
    query: { filters, page: 2 },
  });
  // First: every event moves the given list's filters, which the export is then asked for.
  fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
  fireEvent.change(searchBox(), { target: { value: 'hopp' } });
  fireEvent.click(screen.getByRole('button', { name: 'Sort by Name, ascending' }));
  fireEvent.click(screen.getByRole('button', { name: 'Sort by Orders' }));
  fireEvent.click(screen.getByRole('button', { name: 'Page 3' }));
  stubResizeObserver();
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: /^Filter by Status/ }));
    await Promise.resolve();
  });
  await act(async () => {
    fireEvent.click(await screen.findByRole('menuitemcheckbox', { name: 'Inactive' }));
    await Promise.resolve();
  });
  expect(sent).toEqual([
    { type: 'list.filter', filters: { query: 'hopp' }, debounce: true },
    { type: 'list.filter', filters: { sort: '-name' } },
    { type: 'list.filter', filters: { sort: 'orders' } },
    { type: 'list.page', page: 3 },
    { type: 'list.filter', filters: { status: ['1', '2'] } },
  ]);
  expect(exported).toEqual([{ type: 'export.start', filters }]);
});
