import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { Transaction } from '@/api/schemas/dashboard';
import { settle } from '@test-support/deferred';
import type { ListPage, ListQuery } from './list.machine';
import { canFetchTransactions, transactionsListMachine } from './transactionsList.machine';
import type { TransactionFilters } from './transactionsList.machine';

describe('transactionsListMachine (issue 15: no request for days that cannot be asked for)', () => {
  it('allows open ends, refuses reversed or impossible days', () => {
    const filters = (start_date: string, end_date: string): TransactionFilters => ({
      status: [],
      start_date,
      end_date,
      sort: '',
    });
    expect(canFetchTransactions(filters('', ''))).toBe(true);
    expect(canFetchTransactions(filters('2025-05-26', ''))).toBe(true);
    expect(canFetchTransactions(filters('2025-05-26', '2025-05-26'))).toBe(true);
    expect(canFetchTransactions(filters('2025-05-27', '2025-05-26'))).toBe(false);
    expect(canFetchTransactions(filters('', '0002-05-26'))).toBe(false);
  });

  it('stays incomplete on reversed days from the URL and fetches once they are corrected', async () => {
    const asked: ListQuery<TransactionFilters>[] = [];
    const actor = createActor(
      transactionsListMachine.provide({
        actors: {
          fetchPage: fromPromise<ListPage<Transaction>, ListQuery<TransactionFilters>>(async ({ input }) => {
            asked.push(input);
            return { items: [], page: input.page, totalPages: 1, total: null };
          }),
        },
      }),
      {
        input: {
          filters: { status: ['1'], start_date: '2025-06-02', end_date: '2025-05-01', sort: 'amount' },
          page: 1,
        },
      },
    ).start();
    expect(actor.getSnapshot().value).toBe('incomplete');
    actor.send({ type: 'list.filter', filters: { start_date: '2025-04-01' } });
    await settle();
    expect(asked).toEqual([
      {
        filters: { status: ['1'], start_date: '2025-04-01', end_date: '2025-05-01', sort: 'amount' },
        page: 1,
      },
    ]);
  });
});
