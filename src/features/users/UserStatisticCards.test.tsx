// @vitest-environment jsdom
/**
 * The four user statistic cards (spec §2 "User statistic cards", §8 "User statistics failure", §9
 * placeholders) in each state of userStatisticsMachine: four pulsing placeholders while loading, one
 * card per statistic once loaded, the red box with the spec's text, the reason and Retry and no card
 * once failed (issue 30). How each
 * value and change is worded is the model's check (tests/model/models/userStatistics.model.ts); here
 * that each card shows its statistic's words and chevron.
 */
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fromPromise, waitFor } from 'xstate';
import { ApiError } from '@/api/client';
import type { UserStatistic } from '@/api/schemas/users';
import { userStatisticsMachine } from '@/machines/userStatistics.machine';
import { describeScreenStates, givenActor, renderScreen } from '@test-support/screen';
import { UserStatisticCards } from './UserStatisticCards';

vi.mock('@/routes/screen-actor', async (original) =>
  (await import('@test-support/given-actors')).screenActorWithGiven(await original()),
);

/** A rise, a fall, no change, and a percentage. */
const STATISTICS: UserStatistic[] = [
  {
    type: 'Total users',
    current_value: 1200,
    previous_value: 1000,
    change_percentage: 20,
    is_percentage: false,
  },
  {
    type: 'Active users',
    current_value: 90,
    previous_value: 95,
    change_percentage: -5.3,
    is_percentage: false,
  },
  { type: 'New users', current_value: 12, previous_value: 12, change_percentage: 0, is_percentage: false },
  {
    type: 'Active share',
    current_value: 75.25,
    previous_value: 80,
    change_percentage: -5,
    is_percentage: true,
  },
];
const FAILED_TEXT = 'Failed to load user statistics. Please try again later.';

/** The cards with userStatisticsMachine's load answering `load`'s promise (failures not logged). */
async function cardsWhen(load: () => Promise<UserStatistic[]>, state: 'loading' | 'loaded' | 'failed') {
  const given = givenActor(
    userStatisticsMachine.provide({
      actors: { loadStatistics: fromPromise(load) },
      actions: { reportFailure: () => {} },
    }),
  );
  await waitFor(given.actor, (snapshot) => snapshot.matches(state));
  renderScreen(<UserStatisticCards />);
  return given;
}

/** A failed load: the server's 500 with its reason. */
const failedLoad = () =>
  Promise.reject(
    new ApiError('Internal Server Error', {
      kind: 'http',
      status: 500,
      serverMessage: 'Database unavailable',
    }),
  );

describeScreenStates(userStatisticsMachine, {
  'userStatistics.loading': async () => {
    await cardsWhen(() => new Promise(() => undefined), 'loading');
    const placeholders = screen.getAllByTestId('statistic-placeholder');
    expect(placeholders).toHaveLength(4);
    expect(placeholders[0]!.parentElement!.getAttribute('aria-busy')).toBe('true');
    expect(screen.queryAllByTestId('user-statistic')).toEqual([]);
  },
  'userStatistics.loaded': async () => {
    await cardsWhen(() => Promise.resolve(STATISTICS), 'loaded');
    expect(screen.queryAllByTestId('statistic-placeholder')).toEqual([]);
    expect(screen.queryByRole('alert')).toBeNull();
    const cards = screen.getAllByTestId('user-statistic').map((card) => ({
      text: card.textContent,
      chevrons: within(card)
        .queryAllByRole('img')
        .map((icon) => icon.getAttribute('aria-label')),
    }));
    expect(cards).toEqual([
      { text: 'TOTAL USERS1,20020.0%from 1,000', chevrons: ['Up'] },
      { text: 'ACTIVE USERS905.3%from 95', chevrons: ['Down'] },
      { text: 'NEW USERS120.0%from 12', chevrons: [] },
      { text: 'ACTIVE SHARE75.3%5.0%from 80%', chevrons: ['Down'] },
    ]);
  },
  'userStatistics.failed': async () => {
    await cardsWhen(failedLoad, 'failed');
    const alert = screen.getByRole('alert');
    // Spec §8's text word for word, the reason beside it, and Retry (issue 30).
    expect(within(alert).getByText(FAILED_TEXT)).toBeTruthy();
    expect(within(alert).getByText('Database unavailable')).toBeTruthy();
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeTruthy();
    expect(screen.queryAllByTestId('statistic-placeholder')).toEqual([]);
    expect(screen.queryAllByTestId('user-statistic')).toEqual([]);
  },
});

describe('UserStatisticCards gestures', () => {
  it('Retry sends retry', async () => {
    const { sent } = await cardsWhen(failedLoad, 'failed');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(sent).toEqual([{ type: 'retry' }]);
  });
});
