import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError } from '@/api/client';
import type { FeedDiagnostics } from '@/api/schemas/feed-diagnostics';
import {
  DIAGNOSTICS_LOAD_FAILED,
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
  };
}

/** Starts the machine with a loader answered by `answers` in turn (an Error answer is thrown). */
function start(feedId: number | null, answers: Array<FeedDiagnostics | Error>) {
  const loads: number[] = [];
  const pending: Array<() => void> = [];
  const machine = feedDiagnosticsMachine.provide({
    actors: {
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
  return { actor, loads, pending };
}

const view = (actor: ReturnType<typeof start>['actor']) => selectDiagnosticsView(actor.getSnapshot());

describe('feedDiagnosticsMachine', () => {
  it('waits, idle, for a feed that is not saved yet, then loads it once a save names it', async () => {
    const { actor, loads } = start(null, [diagnostics(9, 3)]);
    expect(view(actor)).toEqual({ status: 'idle', diagnostics: null, error: null });
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
    expect(view(actor)).toEqual({ status: 'loaded', diagnostics: diagnostics(4, 2), error: null });
  });

  it('shows the server message on failure, or the fallback, and loads again on retry', async () => {
    const { actor, loads } = start(4, [
      new ApiError('Feed not found', { kind: 'http', status: 404 }),
      new Error(''),
      diagnostics(4, 1),
    ]);
    await waitFor(actor, (snapshot) => snapshot.matches('failed'));
    expect(view(actor)).toEqual({ status: 'failed', diagnostics: null, error: 'Feed not found' });
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
    expect(view(actor)).toEqual({ status: 'loading', diagnostics: diagnostics(4, 2), error: null });
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
});
