import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { ApiError } from '@/api/client';
import type { UserStatistic } from '@/api/schemas/users';
import { settle } from '@test-support/deferred';
import {
  USER_STATISTICS_FAILED_MESSAGE,
  USER_STATISTICS_PLACEHOLDERS,
  formatStatisticValue,
  statisticChange,
  userStatisticsMachine,
} from './userStatistics.machine';

const STAT: UserStatistic = {
  type: 'Total users',
  current_value: 10,
  previous_value: 8,
  change_percentage: 25,
  is_percentage: false,
};

function start(load: () => Promise<UserStatistic[]>) {
  const actor = createActor(userStatisticsMachine.provide({ actors: { loadStatistics: fromPromise(load) } }));
  actor.start();
  return actor;
}

afterEach(() => vi.restoreAllMocks());

describe('userStatistics machine', () => {
  it('spec constants', () => {
    expect(USER_STATISTICS_FAILED_MESSAGE).toBe('Failed to load user statistics. Please try again later.');
    expect(USER_STATISTICS_PLACEHOLDERS).toBe(4);
  });

  it('loading → loaded with the statistics', async () => {
    const actor = start(() => Promise.resolve([STAT]));
    expect(actor.getSnapshot().value).toBe('loading');
    await settle();
    expect(actor.getSnapshot().value).toBe('loaded');
    expect(actor.getSnapshot().context.statistics).toEqual([STAT]);
  });

  it('loading → failed, logged, with the reason; retry loads again (issue 30)', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const load = vi
      .fn<() => Promise<UserStatistic[]>>()
      .mockRejectedValueOnce(new ApiError('Could not reach the server', { kind: 'network' }))
      .mockResolvedValueOnce([STAT]);
    const actor = start(load);
    await settle();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.failure).toBe('Could not reach the server');
    expect(log).toHaveBeenCalledTimes(1);
    actor.send({ type: 'retry' });
    expect(actor.getSnapshot().value, 'the placeholders show again').toBe('loading');
    await settle();
    expect(actor.getSnapshot().value).toBe('loaded');
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe('card formatting (spec §2)', () => {
  it('positive is up, negative down with the absolute value, zero flat 0.0%', () => {
    expect(statisticChange(12.5)).toEqual({ tone: 'up', text: '12.5%' });
    expect(statisticChange(-3)).toEqual({ tone: 'down', text: '3.0%' });
    expect(statisticChange(0)).toEqual({ tone: 'flat', text: '0.0%' });
  });

  it('values carry a percent sign only when is_percentage, en-GB grouping', () => {
    expect(formatStatisticValue(12345, false)).toBe('12,345');
    expect(formatStatisticValue(62.5, true)).toBe('62.5%');
    expect(formatStatisticValue(60, true)).toBe('60%');
  });
});
