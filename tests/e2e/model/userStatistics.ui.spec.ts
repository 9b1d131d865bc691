/**
 * userStatisticsMachine's generated paths (tests/model/models/userStatistics.model.ts) through the
 * four user statistic cards (spec §2 "User statistic cards", §8 "User statistics failure"), which
 * the Users page shows (spec §2's route table: '/users … Four user statistic cards'), not the
 * dashboard home. The admin is signed in through the API; GET /users/statistics is held until the
 * path's step answers it:
 * - the load's done outcome → the model's four statistics as the contract's JSON;
 * - its error outcome → the fixture's status with a message (answerForError).
 * `loading` shows the 4 pulsing placeholders of spec §9 with the grid busy and the request held;
 * `loaded` one card per statistic as spec §2 words it (written out here from the rules, not taken
 * from the app's formatting); `failed` the red box with the spec's text and no card. Both paths are
 * replayed: together they are the covering set, and none is cut.
 */
import { expect } from '@playwright/test';
import type { Page } from '@playwright/test';
import type { UserStatistic } from '@/api/schemas/users';
import userStatisticsModel from '../../model/models/userStatistics.model';
import { signInAsAdmin } from './admin-session';
import { answerForError, coveringPaths, describeUiModel } from './ui-model';
import type { UiModel } from './ui-model';

type UserStatisticsMachine = typeof userStatisticsModel.machine;

/** Spec §8 "User statistics failure". */
const FAILED_TEXT = 'Failed to load user statistics. Please try again later.';
/** Spec §9: placeholders while loading. */
const PLACEHOLDERS = 4;
const STATISTICS_URL = '**/api/backoffice/users/statistics';

/** A statistic value as spec §2 shows it: the number, with a percent sign when `is_percentage`. */
function valueText(value: number, isPercentage: boolean): string {
  const text = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 1 }).format(value);
  return isPercentage ? `${text}%` : text;
}

/**
 * Spec §2's change indicator: zero grey with no icon and '0.0%'; otherwise the absolute change with
 * one decimal and a percent sign, with an up chevron when positive and a down one when negative.
 */
function changeOf(percentage: number): { text: string; icon: 'Up' | 'Down' | null } {
  if (percentage === 0) return { text: '0.0%', icon: null };
  return { text: `${Math.abs(percentage).toFixed(1)}%`, icon: percentage > 0 ? 'Up' : 'Down' };
}

function cards(page: Page) {
  return page.getByTestId('user-statistic');
}

async function expectCard(page: Page, index: number, statistic: UserStatistic): Promise<void> {
  const card = cards(page).nth(index);
  await expect(card).toContainText(statistic.type.toUpperCase());
  await expect(card).toContainText(valueText(statistic.current_value, statistic.is_percentage));
  await expect(card).toContainText(`from ${valueText(statistic.previous_value, statistic.is_percentage)}`);
  const change = changeOf(statistic.change_percentage);
  await expect(card).toContainText(change.text);
  for (const icon of ['Up', 'Down'] as const) {
    await expect(card.getByRole('img', { name: icon })).toHaveCount(change.icon === icon ? 1 : 0);
  }
}

const userStatisticsUi: UiModel<UserStatisticsMachine> = {
  model: userStatisticsModel,
  start: async ({ page, held }) => {
    await signInAsAdmin(page);
    await held.hold('statistics', STATISTICS_URL, 'GET');
    await page.goto('/dashboard/users');
  },
  events: {
    'xstate.done.actor.0.userStatistics.loading': async ({ held }, event) => {
      const { output } = event as { output: UserStatistic[] };
      await held.answer('statistics', { json: output });
    },
    'xstate.error.actor.0.userStatistics.loading': async ({ held }, event) => {
      const { error } = event as { error: unknown };
      await held.answer('statistics', answerForError(error));
    },
  },
  states: {
    'userStatistics.loading': async ({ page, held }) => {
      // The request is held all the while: the client gives up on it after 10 s, so this is kept short.
      await expect(page.locator('[aria-busy="true"]').getByTestId('statistic-placeholder')).toHaveCount(
        PLACEHOLDERS,
      );
      await expect(cards(page)).toHaveCount(0);
      expect(held.count('statistics'), 'the statistics are asked for once').toBe(1);
    },
    'userStatistics.loaded': async ({ page, held }, { context }) => {
      await expect(page.getByTestId('statistic-placeholder')).toHaveCount(0);
      await expect(cards(page)).toHaveCount(context.statistics.length);
      for (const [index, statistic] of context.statistics.entries()) await expectCard(page, index, statistic);
      await expect(page.getByText(FAILED_TEXT)).toHaveCount(0);
      expect(held.seen('statistics'), 'loaded once: nothing asks again').toBe(1);
    },
    'userStatistics.failed': async ({ page, held }) => {
      await expect(page.getByRole('alert').filter({ hasText: FAILED_TEXT })).toBeVisible();
      await expect(page.getByTestId('statistic-placeholder')).toHaveCount(0);
      await expect(cards(page)).toHaveCount(0);
      expect(held.seen('statistics'), 'failed once: nothing asks again').toBe(1);
    },
  },
};

describeUiModel(userStatisticsUi, await coveringPaths(userStatisticsModel));
