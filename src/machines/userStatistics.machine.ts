/**
 * The user statistic cards (spec §2 "User statistic cards", §8 "User statistics failure"): a load of
 * GET /users/statistics, `loading` (4 placeholders) → `loaded` | `failed` (the red box with the
 * spec's text, the reason beside it, and Retry: `retry` loads again, issue 30).
 */
import { assign, fromPromise, setup } from 'xstate';
import type { SnapshotFrom } from 'xstate';
import { fetchUserStatistics } from '@/api/users';
import type { UserStatistic } from '@/api/schemas/users';
import { failureReason } from './failure-text';

/** Spec §8: the red box's text. */
export const USER_STATISTICS_FAILED_MESSAGE = 'Failed to load user statistics. Please try again later.';
/** Spec §9: placeholders shown while loading. */
export const USER_STATISTICS_PLACEHOLDERS = 4;

/** The statistics' context: the cards, and why the last load failed (`failureReason`). */
export interface UserStatisticsContext {
  statistics: UserStatistic[];
  failure: string | null;
}

/** Statechart `userStatistics`: `loading` → `loaded` (final) | `failed` (`retry` → `loading`). */
export const userStatisticsMachine = setup({
  // Stryker disable next-line ObjectLiteral: XState ignores `types` at run time (only TypeScript reads it)
  types: { context: {} as UserStatisticsContext, events: {} as { type: 'retry' } },
  actors: {
    loadStatistics: fromPromise<UserStatistic[]>(({ signal }) => fetchUserStatistics(signal)),
  },
  actions: {
    reportFailure: (_, params: { error: unknown }) => {
      console.error('Failed to load user statistics', params.error);
    },
  },
}).createMachine({
  id: 'userStatistics',
  context: { statistics: [], failure: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'loadStatistics',
        onDone: { target: 'loaded', actions: assign({ statistics: ({ event }) => event.output }) },
        onError: {
          target: 'failed',
          actions: [
            { type: 'reportFailure', params: ({ event }) => ({ error: event.error }) },
            assign({ failure: ({ event }) => failureReason(event.error) }),
          ],
        },
      },
    },
    loaded: { type: 'final' },
    failed: { on: { retry: 'loading' } },
  },
});

/** A snapshot of the statistics actor. */
export type UserStatisticsSnapshot = SnapshotFrom<typeof userStatisticsMachine>;

/** How a statistic's change reads on its card (spec §2): colour, chevron and text. */
export interface StatisticChange {
  tone: 'up' | 'down' | 'flat';
  /** '0.0%' when flat, otherwise the absolute change with one decimal and a percent sign. */
  text: string;
}

/** Spec §2 card rule: positive green up, negative red down, zero grey '0.0%'. */
export function statisticChange(changePercentage: number): StatisticChange {
  if (changePercentage === 0) return { tone: 'flat', text: '0.0%' };
  return {
    tone: changePercentage > 0 ? 'up' : 'down',
    text: `${Math.abs(changePercentage).toFixed(1)}%`,
  };
}

/** Made once: making an `Intl.NumberFormat` costs far more than formatting with one (issue 31). */
const statisticNumber = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 1 });

/** A statistic value as its card shows it: en-GB digits, a percent sign when `isPercentage`. */
export function formatStatisticValue(value: number, isPercentage: boolean): string {
  const text = statisticNumber.format(value);
  return isPercentage ? `${text}%` : text;
}
