import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError } from '@/api/client';
import type { FeedDiagnostics } from '@/api/schemas/feed-diagnostics';
import type { FeedShopifyStatus } from '@/api/schemas/shopify';
import { SHOPIFY_SYNC_RUNNING_MESSAGE } from '@/api/schemas/shopify';
import { httpFailure } from '@test-support/api-errors';
import {
  DIAGNOSTICS_LOAD_FAILED,
  SHOPIFY_SYNC_FAILED,
  feedDiagnosticsMachine,
  selectDiagnosticsView,
} from './feedDiagnostics.machine';

function diagnostics(feedId: number, delivered: number): FeedDiagnostics {
  return {
    feed_id: feedId,
    currency: 'EUR',
    discount_rate: 10,
    product_count: 2,
    deliverable_product_count: 1,
    delivered_count: delivered,
    excluded: [],
    archived_variants: [],
    warnings: [],
    errors: [],
    urls: { json: 'j', csv: 'c', xml: 'x' },
    preview: [],
    shopify: null,
    last_pulled_at: null,
  };
}

/** A customer's store as feed 4 sees it: connected, synced `synced` times (mapped counts grow). */
function store(synced: number): FeedShopifyStatus {
  return {
    connection: {
      status: 'connected',
      checked_at: '2026-11-26T10:00:00.000Z',
      shop_name: 'Hopper',
      scopes: ['read_products'],
      failure: null,
    },
    last_sync_at: synced === 0 ? null : '2026-11-26T10:05:00.000Z',
    last_sync_failure: null,
    sync_running: false,
    mapped_count: synced,
    unmapped_count: 2 - synced,
    excluded_count: 0,
  };
}

/**
 * Starts the machine with a loader answered by `answers` in turn (an Error answer is thrown), and a
 * sync answered by `syncs` in turn.
 */
function start(
  feedId: number | null,
  answers: Array<FeedDiagnostics | Error>,
  syncs: Array<FeedShopifyStatus | Error> = [],
) {
  const loads: number[] = [];
  const synced: number[] = [];
  const pending: Array<() => void> = [];
  const machine = feedDiagnosticsMachine.provide({
    actors: {
      syncStore: fromPromise(async ({ input }: { input: { feedId: number } }) => {
        synced.push(input.feedId);
        const answer = syncs.shift();
        if (!answer) return new Promise<FeedShopifyStatus>(() => undefined);
        if (answer instanceof Error) throw answer;
        return answer;
      }),
      loadDiagnostics: fromPromise(async ({ input }: { input: { feedId: number } }) => {
        loads.push(input.feedId);
        const answer = answers.shift();
        if (!answer)
          return new Promise<FeedDiagnostics>((resolve) => pending.push(() => resolve(diagnostics(0, 0))));
        if (answer instanceof Error) throw answer;
        return answer;
      }),
    },
    actions: { reportFailure: () => {} },
  });
  const actor = createActor(machine, { input: { feedId } }).start();
  return { actor, loads, synced, pending };
}

const view = (actor: ReturnType<typeof start>['actor']) => selectDiagnosticsView(actor.getSnapshot());

describe('feedDiagnosticsMachine', () => {
  it('waits, idle, for a feed that is not saved yet, then loads it once a save names it', async () => {
    const { actor, loads } = start(null, [diagnostics(9, 3)]);
    expect(view(actor)).toEqual({
      status: 'idle',
      diagnostics: null,
      error: null,
      syncError: null,
      canSync: false,
    });
    actor.send({ type: 'diagnostics.reload', feedId: 9 });
    await waitFor(actor, (snapshot) => snapshot.matches('loaded'));
    expect(loads).toEqual([9]);
    expect(view(actor).diagnostics?.feed_id).toBe(9);
  });

  it("loads a saved feed's diagnostics at once", async () => {
    const { actor, loads } = start(4, [diagnostics(4, 2)]);
    expect(view(actor).status).toBe('loading');
    await waitFor(actor, (snapshot) => snapshot.matches('loaded'));
    expect(loads).toEqual([4]);
    expect(view(actor)).toMatchObject({ status: 'loaded', diagnostics: diagnostics(4, 2), error: null });
  });

  it('shows the server message on failure, or the fallback, and loads again on retry', async () => {
    const { actor, loads } = start(4, [
      new ApiError('Feed not found', { kind: 'http', status: 404 }),
      new Error(''),
      diagnostics(4, 1),
    ]);
    await waitFor(actor, (snapshot) => snapshot.matches('failed'));
    expect(view(actor)).toMatchObject({ status: 'failed', diagnostics: null, error: 'Feed not found' });
    actor.send({ type: 'diagnostics.retry' });
    await waitFor(
      actor,
      (snapshot) => snapshot.matches('failed') && snapshot.context.error !== 'Feed not found',
    );
    expect(view(actor).error).toBe(DIAGNOSTICS_LOAD_FAILED);
    actor.send({ type: 'diagnostics.retry' });
    expect(view(actor).error).toBeNull();
    await waitFor(actor, (snapshot) => snapshot.matches('loaded'));
    expect(loads).toEqual([4, 4, 4]);
  });

  it('reloads after a save, keeping the last diagnostics on show meanwhile, and restarts a load under way', async () => {
    const { actor, loads, pending } = start(4, [diagnostics(4, 2)]);
    await waitFor(actor, (snapshot) => snapshot.matches('loaded'));
    actor.send({ type: 'diagnostics.reload', feedId: 4 });
    expect(view(actor)).toMatchObject({ status: 'loading', diagnostics: diagnostics(4, 2), error: null });
    actor.send({ type: 'diagnostics.reload', feedId: 4 });
    expect(loads).toEqual([4, 4, 4]);
    expect(pending).toHaveLength(2);
  });

  it('ignores a retry unless the load failed', async () => {
    const { actor, loads } = start(4, [diagnostics(4, 2)]);
    await waitFor(actor, (snapshot) => snapshot.matches('loaded'));
    actor.send({ type: 'diagnostics.retry' });
    expect(view(actor).status).toBe('loaded');
    expect(loads).toEqual([4]);
  });

  it("syncs the customer's store, shows its answer at once, then loads the diagnostics again", async () => {
    const before = { ...diagnostics(4, 2), shopify: store(0) };
    const after = { ...diagnostics(4, 2), shopify: store(2) };
    const { actor, loads, synced } = start(4, [before, after], [store(1)]);
    await waitFor(actor, (snapshot) => snapshot.matches('loaded'));
    expect(view(actor).canSync).toBe(true);
    actor.send({ type: 'shopify.sync' });
    expect(view(actor)).toMatchObject({ status: 'syncing', diagnostics: before, canSync: false });
    await waitFor(actor, (snapshot) => snapshot.matches('loaded') && loads.length === 2);
    expect(synced).toEqual([4]);
    expect(view(actor).diagnostics, "the server's counts after the sync").toEqual(after);
  });

  it("keeps the diagnostics when a sync is refused, says why in the server's words, and forgets it on a save's reload", async () => {
    const shown = { ...diagnostics(4, 2), shopify: store(0) };
    const { actor } = start(4, [shown], [httpFailure(409, SHOPIFY_SYNC_RUNNING_MESSAGE)]);
    await waitFor(actor, (snapshot) => snapshot.matches('loaded'));
    actor.send({ type: 'shopify.sync' });
    await waitFor(actor, (snapshot) => snapshot.context.syncError !== null);
    expect(view(actor)).toMatchObject({
      status: 'loaded',
      diagnostics: shown,
      syncError: `${SHOPIFY_SYNC_FAILED}: ${SHOPIFY_SYNC_RUNNING_MESSAGE}`,
    });
    actor.send({ type: 'diagnostics.reload', feedId: 4 });
    expect(view(actor).syncError).toBeNull();
  });

  it.each([
    ['no customer', null],
    [
      'a store not configured',
      { ...store(0), connection: { ...store(0).connection, status: 'not_configured' } },
    ],
  ] as const)('offers no sync for a feed with %s', async (_, shopify) => {
    const { actor, synced } = start(4, [{ ...diagnostics(4, 2), shopify }]);
    await waitFor(actor, (snapshot) => snapshot.matches('loaded'));
    expect(view(actor).canSync).toBe(false);
    actor.send({ type: 'shopify.sync' });
    expect(view(actor).status).toBe('loaded');
    expect(synced).toEqual([]);
  });
});
