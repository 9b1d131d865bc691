import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { UserOrder } from '@/api/schemas/dashboard';
import { settle } from '@test-support/deferred';
import type { ListPage, ListQuery } from './list.machine';
import { canFetchOrders, hasBothDays, ordersListMachine } from './ordersList.machine';
import type { OrderFilters } from './ordersList.machine';

describe('ordersListMachine', () => {
  it('fetches nothing until both days are set, then asks for the range from page 1', async () => {
    const asked: ListQuery<OrderFilters>[] = [];
    const actor = createActor(
      ordersListMachine.provide({
        actors: {
          fetchPage: fromPromise<ListPage<UserOrder>, ListQuery<OrderFilters>>(async ({ input }) => {
            asked.push(input);
            return { items: [], page: input.page, totalPages: 3, total: null };
          }),
        },
      }),
      { input: { filters: { start_date: '2025-05-26', end_date: '', sort: '-date' }, page: 2 } },
    ).start();
    expect(actor.getSnapshot().value).toBe('incomplete');
    await settle();
    expect(asked).toEqual([]);

    actor.send({ type: 'list.filter', filters: { end_date: '2025-06-02' } });
    await settle();
    expect(asked).toEqual([
      { filters: { start_date: '2025-05-26', end_date: '2025-06-02', sort: '-date' }, page: 1 },
    ]);
    expect(actor.getSnapshot().value).toBe('loaded');

    actor.send({ type: 'list.filter', filters: { start_date: '' } });
    expect(actor.getSnapshot().value).toBe('incomplete');
    expect(asked).toHaveLength(1);
  });

  it('needs both days', () => {
    expect(hasBothDays({ start_date: '2025-05-26', end_date: '2025-06-02' })).toBe(true);
    expect(hasBothDays({ start_date: '', end_date: '2025-06-02' })).toBe(false);
    expect(hasBothDays({ start_date: '2025-05-26', end_date: '' })).toBe(false);
  });

  it('asks for real days of 2000–2100 with From on or before To only (issue 15)', () => {
    expect(canFetchOrders({ start_date: '2025-05-26', end_date: '2025-06-02' })).toBe(true);
    expect(canFetchOrders({ start_date: '2025-06-03', end_date: '2025-06-02' })).toBe(false);
    expect(canFetchOrders({ start_date: '0002-05-26', end_date: '2025-06-02' })).toBe(false);
    expect(canFetchOrders({ start_date: '2025-05-26', end_date: '2025-02-30' })).toBe(false);
    expect(canFetchOrders({ start_date: '', end_date: '2025-06-02' })).toBe(false);
  });
});
