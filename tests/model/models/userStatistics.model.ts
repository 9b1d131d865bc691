/**
 * Model of userStatisticsMachine (spec §2 "User statistic cards", §8 "User statistics failure"):
 * a load, then the cards for good, or the red box with the reason and Retry, which loads again (issue
 * 30). The serializer keeps the state alone; the fixtures give four cards (a rise, a fall, no change,
 * a percentage; a value in the thousands and one with decimals) and a server failure. Once loaded, each card's texts are checked against spec §2's
 * card rule, written out per card below rather than taken from the app's formatting.
 */
import { expect } from 'vitest';
import { ApiError } from '@/api/client';
import type { UserStatistic } from '@/api/schemas/users';
import {
  formatStatisticValue,
  statisticChange,
  userStatisticsMachine,
} from '@/machines/userStatistics.machine';
import { defineModel } from '../harness';

const CARDS: UserStatistic[] = [
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

/**
 * What each card of CARDS reads (spec §2): the current and previous values in en-GB digits with a
 * percent sign when is_percentage, and the change: up or down with the absolute change to one
 * decimal and a percent sign, '0.0%' and flat when zero.
 */
const CARD_TEXTS = [
  { value: '1,200', previous: '1,000', change: { tone: 'up', text: '20.0%' } },
  { value: '90', previous: '95', change: { tone: 'down', text: '5.3%' } },
  { value: '12', previous: '12', change: { tone: 'flat', text: '0.0%' } },
  { value: '75.3%', previous: '80%', change: { tone: 'down', text: '5.0%' } },
];

export default defineModel({
  machine: userStatisticsMachine,
  events: { retry: [{ type: 'retry' }] },
  outcomes: {
    loadStatistics: {
      done: [CARDS],
      error: [
        new ApiError('Internal Server Error', {
          kind: 'http',
          status: 500,
          serverMessage: 'Database unavailable',
        }),
      ],
    },
  },
  stubActions: ['reportFailure'],
  serialize: (snapshot) => snapshot.value,
  check: ({ before, event, after, actions, started }) => {
    if (before === null) {
      expect(after.value, 'the placeholders show while loading').toBe('loading');
      expect(after.context).toEqual({ statistics: [], failure: null });
      expect(started.map((actor) => actor.src)).toEqual(['loadStatistics']);
    } else if (event.type === 'retry') {
      expect(after.value, 'issue 30: the placeholders show again').toBe('loading');
      expect(after.context).toEqual(before.context);
      expect(started.map((actor) => actor.src)).toEqual(['loadStatistics']);
    } else if ('output' in event) {
      expect(after.value).toBe('loaded');
      expect(after.status, 'loaded once; the page reloads it').toBe('done');
      expect(after.context.statistics).toEqual(CARDS);
      expect(
        after.context.statistics.map((card) => ({
          value: formatStatisticValue(card.current_value, card.is_percentage),
          previous: formatStatisticValue(card.previous_value, card.is_percentage),
          change: statisticChange(card.change_percentage),
        })),
        'spec §2: what the cards read',
      ).toEqual(CARD_TEXTS);
    } else if ('error' in event) {
      expect(after.value, 'the red box replaces the cards').toBe('failed');
      expect(after.status, 'issue 30: it waits for Retry').toBe('active');
      expect(after.context).toEqual({ statistics: [], failure: 'Database unavailable' });
      expect(actions).toEqual([{ type: 'reportFailure', params: { error: event.error } }]);
    }
  },
});
