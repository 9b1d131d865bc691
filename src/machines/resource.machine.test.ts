import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { settle } from '@test-support/deferred';
import { createResourceMachine, selectResourceView } from './resource.machine';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('createResourceMachine', () => {
  it('fails (logged), loads again on Retry, and stays loaded', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const answers: Array<() => Promise<number>> = [
      async () => {
        throw new Error('down');
      },
      async () => 9,
    ];
    let calls = 0;
    const machine = createResourceMachine<number>({ id: 'figures', load: async () => 0 }).provide({
      actors: { load: fromPromise<number>(() => (answers[calls++] ?? (async () => -1))()) },
    });
    const actor = createActor(machine).start();
    expect(selectResourceView(actor.getSnapshot())).toEqual({ status: 'loading', data: null, error: null });
    await settle();
    expect(selectResourceView(actor.getSnapshot())).toEqual({
      status: 'failed',
      data: null,
      error: new Error('down'),
    });
    expect(log).toHaveBeenCalledWith('Failed to load figures', new Error('down'));

    actor.send({ type: 'resource.reload' });
    expect(selectResourceView(actor.getSnapshot()).status).toBe('loading');
    await settle();
    expect(selectResourceView(actor.getSnapshot())).toEqual({ status: 'loaded', data: 9, error: null });

    actor.send({ type: 'resource.reload' });
    await settle();
    expect(calls, 'loaded for good: nothing asks again').toBe(2);
  });

  it('uses the load function it was built with', async () => {
    const actor = createActor(createResourceMachine({ id: 'answer', load: async () => 'forty-two' })).start();
    await settle();
    expect(selectResourceView(actor.getSnapshot())).toEqual({
      status: 'loaded',
      data: 'forty-two',
      error: null,
    });
  });
});
