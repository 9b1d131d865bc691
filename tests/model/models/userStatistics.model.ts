/**
 * Model of userStatisticsMachine (spec §2 "User statistic cards", §8 "User statistics failure"):
 * one load, then the cards or the red box for good. The serializer keeps the state alone; the
 * fixtures give the four cards of the demo and a server failure.
 */
import { expect } from 'vitest';
import { ApiError } from '@/api/client';
import type { UserStatistic } from '@/api/schemas/users';
import { userStatisticsMachine } from '@/machines/userStatistics.machine';
import { defineModel } from '../harness';

const CARDS: UserStatistic[] = [
  {
    type: 'Total users',
    current_value: 120,
    previous_value: 100,
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
  { type: 'Active share', current_value: 75, previous_value: 80, change_percentage: -5, is_percentage: true },
];

export default defineModel({
  machine: userStatisticsMachine,
  events: {},
  outcomes: {
    loadStatistics: {
      done: [CARDS],
      error: [new ApiError('Internal Server Error', { kind: 'http', status: 500 })],
    },
  },
  stubActions: ['reportFailure'],
  serialize: (snapshot) => snapshot.value,
  check: ({ before, event, after, actions, started }) => {
    if (before === null) {
      expect(after.value, 'the placeholders show while loading').toBe('loading');
      expect(after.context.statistics).toEqual([]);
      expect(started.map((actor) => actor.src)).toEqual(['loadStatistics']);
    } else if ('output' in event) {
      expect(after.value).toBe('loaded');
      expect(after.status, 'loaded once; the page reloads it').toBe('done');
      expect(after.context.statistics).toEqual(CARDS);
    } else if ('error' in event) {
      expect(after.value, 'the red box replaces the cards').toBe('failed');
      expect(after.status).toBe('done');
      expect(after.context.statistics).toEqual([]);
      expect(actions).toEqual([{ type: 'reportFailure', params: { error: event.error } }]);
    }
  },
});
