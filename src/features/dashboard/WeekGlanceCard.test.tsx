// @vitest-environment jsdom
/**
 * The week at a glance card (issue 5) in each state of weekSummaryMachine: pulsing placeholders while
 * it loads, the week's figures against the week before once loaded, the red box with the spec's text,
 * the server's reason (issue 15) and Retry once failed.
 */
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fromPromise, waitFor } from 'xstate';
import { ApiError } from '@/api/client';
import type { WeekSummary } from '@/api/schemas/dashboard';
import { weekSummaryMachine } from '@/machines/dashboardCards.machine';
import { describeScreenStates, givenActor, renderScreen } from '@test-support/screen';
import { WeekGlanceCard } from './WeekGlanceCard';

vi.mock('@/routes/screen-actor', async (original) =>
  (await import('@test-support/given-actors')).screenActorWithGiven(await original()),
);

/** Up on orders, down on revenue, flat on the average; a week with none before has no change. */
const SUMMARY: WeekSummary = {
  current: { orders: 12, revenue: 540.25, average_order_value: 45.02 },
  previous: { orders: 10, revenue: 600, average_order_value: 45.02 },
};
const FAILURE = new ApiError('Internal Server Error', {
  kind: 'http',
  status: 500,
  serverMessage: 'Internal Server Error',
});

/** The card with weekSummaryMachine's load answering `load`'s promise (failures not logged). */
async function cardWhen(load: () => Promise<WeekSummary>, state: 'loading' | 'loaded' | 'failed') {
  const given = givenActor(
    weekSummaryMachine.provide({ actors: { load: fromPromise(load) }, actions: { reportFailure: () => {} } }),
  );
  await waitFor(given.actor, (snapshot) => snapshot.matches(state));
  renderScreen(<WeekGlanceCard />);
  return given;
}

/** The text of each figure: its label (dt) and the value and change under it (dd). */
function figures(): string[] {
  return screen.getAllByRole('definition').map((dd) => {
    const label = dd.previousElementSibling?.textContent ?? '';
    return `${label}: ${dd.textContent ?? ''}`;
  });
}

describeScreenStates(weekSummaryMachine, {
  'weekSummary.loading': async () => {
    await cardWhen(() => new Promise(() => undefined), 'loading');
    const placeholder = screen.getByRole('status', { name: 'Loading this week at a glance' });
    expect(placeholder.getAttribute('aria-busy')).toBe('true');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryAllByRole('definition')).toEqual([]);
  },
  'weekSummary.loaded': async () => {
    await cardWhen(() => Promise.resolve(SUMMARY), 'loaded');
    expect(screen.queryByRole('status', { name: 'Loading this week at a glance' })).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    // (12 − 10) / 10 = +20 %, (540.25 − 600) / 600 = −10.0 %, the same average = 0.0 %.
    expect(figures()).toEqual([
      'Orders: 1220.0% up on last week',
      'Revenue: £540.2510.0% down on last week',
      'Average order value: £45.020.0% on last week',
    ]);
  },
  'weekSummary.failed': async () => {
    await cardWhen(() => Promise.reject(FAILURE), 'failed');
    const alert = screen.getByRole('alert');
    expect(within(alert).getByText("Failed to load this week's figures: Internal Server Error")).toBeTruthy();
    expect(screen.queryByRole('status', { name: 'Loading this week at a glance' })).toBeNull();
    expect(screen.queryAllByRole('definition')).toEqual([]);
  },
});

describe('WeekGlanceCard', () => {
  it('says there was nothing to compare with when the week before had no orders', async () => {
    const empty = { orders: 0, revenue: 0, average_order_value: 0 };
    await cardWhen(() => Promise.resolve({ ...SUMMARY, previous: empty }), 'loaded');
    expect(screen.getAllByText('no orders the week before')).toHaveLength(3);
  });

  it('sends resource.reload from Retry', async () => {
    const { sent } = await cardWhen(() => Promise.reject(FAILURE), 'failed');
    screen.getByRole('button', { name: 'Retry' }).click();
    expect(sent).toEqual([{ type: 'resource.reload' }]);
  });
});
