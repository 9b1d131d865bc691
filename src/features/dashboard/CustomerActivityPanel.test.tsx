// @vitest-environment jsdom
/**
 * A customer's latest orders and transactions on their page (issue 30), in each state of
 * customerOrdersMachine and customerTransactionsMachine: loading, the failure with its reason and
 * Retry, none yet, and the rows in the dashboard lists' columns.
 */
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fromPromise, waitFor } from 'xstate';
import { ApiError } from '@/api/client';
import type { OrdersPage, TransactionsPage } from '@/api/schemas/dashboard';
import { customerOrdersMachine, customerTransactionsMachine } from '@/machines/customerActivity.machine';
import { aTransaction, anOrder } from '@test-support/builders';
import { describeScreenStates, givenActor, renderScreen } from '@test-support/screen';
import { CustomerActivityPanel } from './CustomerActivityPanel';

vi.mock('@/routes/screen-actor', async (original) =>
  (await import('@test-support/given-actors')).screenActorWithGiven(await original()),
);

const ORDERS: OrdersPage = { orders: [anOrder()], current_page: 1, total_pages: 1 };
const TRANSACTIONS: TransactionsPage = { transactions: [aTransaction()], current_page: 1, total_pages: 1 };
const FAILURE = new ApiError('Service Unavailable', {
  kind: 'http',
  status: 503,
  serverMessage: 'Database unavailable',
});
const never = () => new Promise<never>(() => undefined);

type State = 'loading' | 'loaded' | 'failed';

/** The panel with each machine's load answering as given, once each machine is in its state. */
async function panelWhen(
  orders: { load: () => Promise<OrdersPage>; state: State },
  transactions: { load: () => Promise<TransactionsPage>; state: State },
) {
  const givenOrders = givenActor(
    customerOrdersMachine.provide({
      actors: { load: fromPromise(orders.load) },
      actions: { reportFailure: () => {} },
    }),
    { input: { userId: 12 } },
  );
  const givenTransactions = givenActor(
    customerTransactionsMachine.provide({
      actors: { load: fromPromise(transactions.load) },
      actions: { reportFailure: () => {} },
    }),
    { input: { userId: 12 } },
  );
  await waitFor(givenOrders.actor, (snapshot) => snapshot.matches(orders.state));
  await waitFor(givenTransactions.actor, (snapshot) => snapshot.matches(transactions.state));
  renderScreen(<CustomerActivityPanel userId={12} />);
  return { orders: givenOrders, transactions: givenTransactions };
}

const ordersTable = () => screen.getByRole('table', { name: 'Recent orders' });
const transactionsTable = () => screen.getByRole('table', { name: 'Recent transactions' });
const bodyRows = (table: HTMLElement) => within(table).getAllByRole('row').slice(1);

describeScreenStates(customerOrdersMachine, {
  'customerOrders.loading': async () => {
    await panelWhen({ load: never, state: 'loading' }, { load: never, state: 'loading' });
    expect(bodyRows(ordersTable()).every((row) => row.getAttribute('aria-hidden') === 'true')).toBe(true);
    expect(screen.queryByRole('alert')).toBeNull();
  },
  'customerOrders.loaded': async () => {
    await panelWhen(
      { load: () => Promise.resolve(ORDERS), state: 'loaded' },
      { load: never, state: 'loading' },
    );
    const [row] = bodyRows(ordersTable());
    expect(within(ordersTable()).queryByRole('columnheader', { name: 'Customer Name' })).toBeNull();
    expect(
      within(row as HTMLElement)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['8', expect.any(String), '3', '£50.00', '£60.00']);
  },
  'customerOrders.failed': async () => {
    await panelWhen(
      { load: () => Promise.reject(FAILURE), state: 'failed' },
      { load: never, state: 'loading' },
    );
    expect(within(ordersTable()).getByText('Failed to load orders: Database unavailable')).toBeTruthy();
  },
});

describeScreenStates(customerTransactionsMachine, {
  'customerTransactions.loading': async () => {
    await panelWhen({ load: never, state: 'loading' }, { load: never, state: 'loading' });
    expect(bodyRows(transactionsTable()).every((row) => row.getAttribute('aria-hidden') === 'true')).toBe(
      true,
    );
  },
  'customerTransactions.loaded': async () => {
    await panelWhen(
      { load: never, state: 'loading' },
      { load: () => Promise.resolve(TRANSACTIONS), state: 'loaded' },
    );
    const [row] = bodyRows(transactionsTable());
    expect(within(row as HTMLElement).getByText('Payment from Hopper Ltd')).toBeTruthy();
    expect(within(row as HTMLElement).getByText('REF-0031')).toBeTruthy();
  },
  'customerTransactions.failed': async () => {
    await panelWhen(
      { load: never, state: 'loading' },
      { load: () => Promise.reject(FAILURE), state: 'failed' },
    );
    expect(
      within(transactionsTable()).getByText('Failed to load transactions: Database unavailable'),
    ).toBeTruthy();
  },
});

describe('CustomerActivityPanel', () => {
  it('says when the customer has no orders or transactions yet', async () => {
    await panelWhen(
      { load: () => Promise.resolve({ orders: [], current_page: 1, total_pages: 0 }), state: 'loaded' },
      { load: () => Promise.resolve({ transactions: [], current_page: 1, total_pages: 0 }), state: 'loaded' },
    );
    expect(within(ordersTable()).getByText('This customer has no orders yet.')).toBeTruthy();
    expect(within(transactionsTable()).getByText('This customer has no transactions yet.')).toBeTruthy();
  });

  it("sends resource.reload from a failed table's Retry to that table's machine only", async () => {
    const given = await panelWhen(
      { load: () => Promise.reject(FAILURE), state: 'failed' },
      { load: () => Promise.resolve(TRANSACTIONS), state: 'loaded' },
    );
    within(ordersTable()).getByRole('button', { name: 'Retry' }).click();
    expect(given.orders.sent).toEqual([{ type: 'resource.reload' }]);
    expect(given.transactions.sent).toEqual([]);
  });
});
