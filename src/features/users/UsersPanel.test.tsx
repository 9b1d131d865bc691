// @vitest-environment jsdom
/**
 * The users panel (spec §2 "Users list panel"; issue 15) in each state of usersListMachine: a
 * skeleton while the first page loads, the rows dimmed and busy while a typed search waits or a
 * page loads over them, the rows once loaded, the failure with Retry. Issue 29: each customer's Status
 * cell shows their Shopify connection compactly (SHOPIFY_CONNECTION_TEXTS, a failure's reason as a
 * tooltip and read after the words); an admin shows none.
 */
import { fireEvent, screen, within } from '@testing-library/react';
import { expect, it, vi } from 'vitest';
import { fromPromise, waitFor } from 'xstate';
import type { ShopifyConnection } from '@/api/schemas/shopify';
import type { User } from '@/api/schemas/users';
import { failureText } from '@/machines/failure-text';
import type { ListPage, ListSnapshot } from '@/machines/list.machine';
import { describeShopifyFailure } from '@/machines/shopifyConnection.machine';
import { usersExportMachine } from '@/machines/usersExport.machine';
import { USER_FILTER_DEFAULTS, usersListMachine } from '@/machines/usersList.machine';
import type { UserFilters } from '@/machines/usersList.machine';
import { httpFailure } from '@test-support/api-errors';
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
  user(2, 'Grace', { shopify_connection: CONNECTED }),
  user(3, 'Mary', { shopify_connection: FAILED }),
  user(4, 'Joan', { shopify_connection: { ...NOT_CHECKED, status: 'not_configured' } }),
  user(5, 'Hedy'),
];
const PAGE: ListPage<User> = { items: USERS, page: 1, totalPages: 1, total: USERS.length };

/** The panel rendered once its list (whose pages answer `pages` in turn, then never) matches `state`. */
async function panelAfter(
  pages: Array<ListPage<User> | Error>,
  state: (snapshot: ListSnapshot<UserFilters, User>) => boolean,
  search?: string,
) {
  givenActor(usersExportMachine);
  const given = givenActor(
    usersListMachine.provide({
      actors: {
        fetchPage: fromPromise(() => {
          const answer = pages.shift();
          if (answer === undefined) return new Promise<ListPage<User>>(() => undefined);
          return answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer);
        }),
      },
      actions: { reportFailure: () => {} },
    }),
    { input: { filters: USER_FILTER_DEFAULTS, page: 1 } },
  );
  if (search !== undefined) {
    await waitFor(given.actor, (snapshot) => snapshot.matches('loaded'));
    given.actor.send({ type: 'list.filter', filters: { query: search }, debounce: true });
  }
  await waitFor(given.actor, state);
  renderScreen(<UsersPanel />, { url: '/dashboard/users' });
  return given;
}

const body = () => screen.getByRole('table').querySelector('tbody')!;
/** Each data row's name and Status cell, as read aloud (skeleton rows are hidden from it). */
const rows = () =>
  [...body().rows]
    .filter((row) => row.cells.length > 1 && !row.hasAttribute('aria-hidden'))
    .map((row) => `${row.cells[0]?.querySelector('p')?.textContent} | ${row.cells[1]?.textContent}`);

describeScreenStates(usersListMachine, {
  'usersList.starting': { unseen: 'transient: goes at once to loading' },
  'usersList.loading': async () => {
    await panelAfter([], (s) => s.matches('loading'));
    expect(body().getAttribute('aria-busy')).toBe('true');
    expect(body().querySelectorAll('tr[aria-hidden]').length, 'skeleton rows').toBeGreaterThan(0);
    expect(rows()).toEqual([]);
  },
  'usersList.debouncing': async () => {
    await panelAfter([PAGE], (s) => s.matches('debouncing'), 'gra');
    expect(body().getAttribute('aria-busy'), 'the last rows dimmed under the typed search').toBe('true');
    expect(rows()).toHaveLength(USERS.length);
  },
  'usersList.loaded': async () => {
    await panelAfter([PAGE], (s) => s.matches('loaded'));
    expect(body().getAttribute('aria-busy')).toBe('false');
    expect(rows()).toEqual([
      'Ada Hopper | Active',
      'Grace Hopper | ActiveShopify: Connected',
      `Mary Hopper | ActiveShopify: Failed: ${describeShopifyFailure(FAILED.failure!)}`,
      'Joan Hopper | ActiveShopify: Not configured',
      'Hedy Hopper | ActiveShopify: Not checked',
    ]);
  },
  'usersList.failed': async () => {
    const failure = httpFailure(500, 'Internal Server Error');
    await panelAfter([failure], (s) => s.matches('failed'));
    expect(within(body()).getByRole('alert').textContent).toBe(
      `${failureText(USERS_LOAD_FAILED_MESSAGE, failure)}Retry`,
    );
  },
});

it("gives a failed connection's reason as the tooltip of its status, and none to the others", async () => {
  await panelAfter([PAGE], (s) => s.matches('loaded'));
  const titled = [...body().querySelectorAll('[title]')].map((element) => element.getAttribute('title'));
  expect(titled).toEqual([describeShopifyFailure(FAILED.failure!)]);
});

it('sends Retry after a failure', async () => {
  const { sent } = await panelAfter([httpFailure(500)], (s) => s.matches('failed'));
  fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
  expect(sent).toEqual([{ type: 'list.reload' }]);
});
