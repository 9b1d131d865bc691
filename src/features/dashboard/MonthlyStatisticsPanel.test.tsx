// @vitest-environment jsdom
/**
 * The 'Statistics this month' panel (spec §2) in each state of monthlyStatisticsMachine: pulsing
 * placeholders while it loads; once loaded the tabs Top Products (name, SKU, units) and Top Customers
 * (name, email, spent in pounds), an empty month saying so; the red box with the spec's text, the
 * server's reason (issue 15) and Retry once failed.
 */
import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fromPromise, waitFor } from 'xstate';
import { ApiError } from '@/api/client';
import type { MonthlyStatistics } from '@/api/schemas/dashboard';
import { monthlyStatisticsMachine } from '@/machines/dashboardCards.machine';
import { shownRows } from '@test-support/list-screens';
import { describeScreenStates, givenActor, renderScreen } from '@test-support/screen';
import { MonthlyStatisticsPanel } from './MonthlyStatisticsPanel';

vi.mock('@/routes/screen-actor', async (original) =>
  (await import('@test-support/given-actors')).screenActorWithGiven(await original()),
);

const MONTH: MonthlyStatistics = {
  top_products: [{ name: 'Magnesium Glycinate', sku: 'SH-MAG-120', image: null, total_quantity: 14 }],
  top_customers: [{ name: 'Ada Lovelace', email: 'ada@example.com', avatar: null, total_spent: 310.4 }],
};
const FAILURE = new ApiError('Internal Server Error', {
  kind: 'http',
  status: 500,
  serverMessage: 'Internal Server Error',
});
const LOADING = 'Loading statistics this month';

/** The panel with monthlyStatisticsMachine's load answering `load`'s promise (failures not logged). */
async function panelWhen(load: () => Promise<MonthlyStatistics>, state: 'loading' | 'loaded' | 'failed') {
  const given = givenActor(
    monthlyStatisticsMachine.provide({
      actors: { load: fromPromise(load) },
      actions: { reportFailure: () => {} },
    }),
  );
  await waitFor(given.actor, (snapshot) => snapshot.matches(state));
  renderScreen(<MonthlyStatisticsPanel />);
  return given;
}

/** The body rows of the table named `name`, each as its cells' texts as read (no stacked labels). */
function rows(name: string): string[][] {
  return shownRows(screen.getByRole('table', { name }));
}

/** Shows the Top Customers tab. */
async function openCustomers(): Promise<void> {
  // The tabs switch in a state update after the click: act lets React apply it.
  await act(async () => {
    fireEvent.click(screen.getByRole('tab', { name: 'Top Customers' }));
    await Promise.resolve();
  });
}

describeScreenStates(monthlyStatisticsMachine, {
  'monthlyStatistics.loading': async () => {
    await panelWhen(() => new Promise(() => undefined), 'loading');
    expect(screen.getByRole('status', { name: LOADING }).getAttribute('aria-busy')).toBe('true');
    expect(screen.queryByRole('tab')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  },
  'monthlyStatistics.loaded': async () => {
    await panelWhen(() => Promise.resolve(MONTH), 'loaded');
    expect(screen.queryByRole('status', { name: LOADING })).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    // Spec §2: Top Products first.
    expect(screen.getByRole('tab', { name: 'Top Products' }).getAttribute('aria-selected')).toBe('true');
    expect(rows('Top products this month')).toEqual([['Magnesium Glycinate', 'SH-MAG-120', '14']]);
    await openCustomers();
    // The avatar's initials (no picture), then the name.
    expect(rows('Top customers this month')).toEqual([['ALAda Lovelace', 'ada@example.com', '£310.40']]);
  },
  'monthlyStatistics.failed': async () => {
    await panelWhen(() => Promise.reject(FAILURE), 'failed');
    const alert = screen.getByRole('alert');
    expect(
      within(alert).getByText("Failed to load this month's statistics: Internal Server Error"),
    ).toBeTruthy();
    expect(screen.queryByRole('status', { name: LOADING })).toBeNull();
    expect(screen.queryByRole('tab')).toBeNull();
  },
});

describe('MonthlyStatisticsPanel', () => {
  it('says so in each tab when nothing sold this month', async () => {
    await panelWhen(() => Promise.resolve({ top_products: [], top_customers: [] }), 'loaded');
    expect(rows('Top products this month')).toEqual([['No products sold this month.']]);
    await openCustomers();
    expect(rows('Top customers this month')).toEqual([['No customers ordered this month.']]);
  });

  it('sends resource.reload from Retry', async () => {
    const { sent } = await panelWhen(() => Promise.reject(FAILURE), 'failed');
    screen.getByRole('button', { name: 'Retry' }).click();
    expect(sent).toEqual([{ type: 'resource.reload' }]);
  });
});
