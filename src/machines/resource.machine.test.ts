import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { createResourceMachine, selectResourceView } from './resource.machine';

afterEach(() => {
  vi.restoreAllMocks();
});

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('createResourceMachine', () => {
  it('loads, fails (logged, data kept), and loads again on reload', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const answers: Array<() => Promise<number>> = [
      async () => 7,
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
    expect(selectResourceView(actor.getSnapshot())).toEqual({ status: 'loading', data: null });
    await settle();
    expect(selectResourceView(actor.getSnapshot())).toEqual({ status: 'loaded', data: 7 });

    actor.send({ type: 'resource.reload' });
    expect(selectResourceView(actor.getSnapshot()).status).toBe('loading');
    await settle();
    expect(selectResourceView(actor.getSnapshot())).toEqual({ status: 'failed', data: 7 });
    expect(actor.getSnapshot().context.error).toEqual(new Error('down'));
    expect(log).toHaveBeenCalledWith('Failed to load figures', new Error('down'));

    actor.send({ type: 'resource.reload' });
    await settle();
    expect(selectResourceView(actor.getSnapshot())).toEqual({ status: 'loaded', data: 9 });
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('uses the load function it was built with', async () => {
    const actor = createActor(createResourceMachine({ id: 'answer', load: async () => 'forty-two' })).start();
    await settle();
    expect(selectResourceView(actor.getSnapshot())).toEqual({ status: 'loaded', data: 'forty-two' });
  });
});
