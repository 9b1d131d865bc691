// @vitest-environment jsdom
/**
 * The 'Orders this week' card (spec §2) in each state of weeklyOrdersMachine: pulsing placeholders
 * while it loads, the week's total in pounds and the chart once loaded, the red box with the spec's
 * text, the server's reason (issue 15) and Retry once failed. The chart's drawing is Chart.js's
 * (jsdom has no canvas): here only that the card mounts it.
 */
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fromPromise, waitFor } from 'xstate';
import { ApiError } from '@/api/client';
import type { WeeklyOrders } from '@/api/schemas/dashboard';
import { weeklyOrdersMachine } from '@/machines/dashboardCards.machine';
import { describeScreenStates, givenActor, renderScreen } from '@test-support/screen';
import { WeeklyOrdersCard } from './WeeklyOrdersCard';

vi.mock('@/routes/screen-actor', async (original) =>
  (await import('@test-support/given-actors')).screenActorWithGiven(await original()),
);
// A stand-in for the lazily loaded Chart.js chart, showing the days it was given.
vi.mock('./WeeklyOrdersChart', () => ({
  default: ({ days }: { days: WeeklyOrders }) => (
    <output data-testid="chart">{days.map((day) => `${day.date}=${day.total_price}`).join(' ')}</output>
  ),
}));

const WEEK: WeeklyOrders = [
  { date: '2025-01-27', total_price: 120.5 },
  { date: '2025-01-28', total_price: 0 },
  { date: '2025-01-29', total_price: 89.99 },
];
const FAILURE = new ApiError('Internal Server Error', {
  kind: 'http',
  status: 500,
  serverMessage: 'Internal Server Error',
});
const LOADING = 'Loading orders this week';

/** The card with weeklyOrdersMachine's load answering `load`'s promise (failures not logged). */
async function cardWhen(load: () => Promise<WeeklyOrders>, state: 'loading' | 'loaded' | 'failed') {
  const given = givenActor(
    weeklyOrdersMachine.provide({
      actors: { load: fromPromise(load) },
      actions: { reportFailure: () => {} },
    }),
  );
  await waitFor(given.actor, (snapshot) => snapshot.matches(state));
  renderScreen(<WeeklyOrdersCard />);
  return given;
}

describeScreenStates(weeklyOrdersMachine, {
  'weeklyOrders.loading': async () => {
    await cardWhen(() => new Promise(() => undefined), 'loading');
    expect(screen.getByRole('status', { name: LOADING }).getAttribute('aria-busy')).toBe('true');
    expect(screen.queryByTestId('weekly-total')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  },
  'weeklyOrders.loaded': async () => {
    await cardWhen(() => Promise.resolve(WEEK), 'loaded');
    // £120.50 + £0 + £89.99.
    expect(screen.getByTestId('weekly-total').textContent).toBe('£210.49');
    expect((await screen.findByTestId('chart')).textContent).toBe(
      '2025-01-27=120.5 2025-01-28=0 2025-01-29=89.99',
    );
    expect(screen.queryByRole('status', { name: LOADING })).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  },
  'weeklyOrders.failed': async () => {
    await cardWhen(() => Promise.reject(FAILURE), 'failed');
    const alert = screen.getByRole('alert');
    expect(within(alert).getByText("Failed to load this week's orders: Internal Server Error")).toBeTruthy();
    expect(screen.queryByRole('status', { name: LOADING })).toBeNull();
    expect(screen.queryByTestId('weekly-total')).toBeNull();
  },
});

describe('WeeklyOrdersCard', () => {
  it('sends resource.reload from Retry', async () => {
    const { sent } = await cardWhen(() => Promise.reject(FAILURE), 'failed');
    screen.getByRole('button', { name: 'Retry' }).click();
    expect(sent).toEqual([{ type: 'resource.reload' }]);
  });
});
