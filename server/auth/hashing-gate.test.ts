import { describe, expect, it } from 'vitest';
import { UnavailableError } from '../domain-errors';
import { createHashingGate, HASHING_BUSY_MESSAGE, HASHING_BUSY_RETRY_AFTER_SECONDS } from './hashing-gate';

/** A task that stays running until `finish` is called; `started` tells whether it began. */
function heldTask(value: string) {
  let finish = () => {};
  const task = {
    started: false,
    finish: () => finish(),
    run: () =>
      new Promise<string>((resolve) => {
        task.started = true;
        finish = () => resolve(value);
      }),
  };
  return task;
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('createHashingGate', () => {
  it('runs at most `concurrency` tasks, queues `queue` more in order and refuses the rest with 503', async () => {
    const gate = createHashingGate({ concurrency: 2, queue: 2 });
    const tasks = ['a', 'b', 'c', 'd', 'e'].map(heldTask);
    const results = tasks.map((task) => gate.run(task.run).catch((error: unknown) => error));
    await settle();
    expect(tasks.map((task) => task.started)).toEqual([true, true, false, false, false]);

    const refused = await results[4];
    // Answered 503 with Retry-After by the app's error handler (server/http/errors.test.ts).
    expect(refused).toBeInstanceOf(UnavailableError);
    expect(refused).toMatchObject({
      kind: 'unavailable',
      message: HASHING_BUSY_MESSAGE,
      retryAfterSeconds: HASHING_BUSY_RETRY_AFTER_SECONDS,
    });
    expect(tasks[4]?.started).toBe(false);

    tasks[1]?.finish();
    await settle();
    expect(tasks.map((task) => task.started)).toEqual([true, true, true, false, false]);
    tasks[0]?.finish();
    await settle();
    expect(tasks[3]?.started).toBe(true);
    tasks[2]?.finish();
    tasks[3]?.finish();
    await expect(Promise.all(results.slice(0, 4))).resolves.toEqual(['a', 'b', 'c', 'd']);
  });

  it('tells ahead of time whether a request would be refused', async () => {
    const gate = createHashingGate({ concurrency: 1, queue: 1 });
    const first = heldTask('1');
    const second = heldTask('2');
    expect(() => gate.assertRoom()).not.toThrow();
    const running = [gate.run(first.run), gate.run(second.run)];
    expect(() => gate.assertRoom()).toThrow(HASHING_BUSY_MESSAGE);
    first.finish();
    await settle();
    expect(() => gate.assertRoom()).not.toThrow();
    second.finish();
    await Promise.all(running);
  });

  it('frees the slot of a task that rejects', async () => {
    const gate = createHashingGate({ concurrency: 1, queue: 0 });
    await expect(gate.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(gate.run(() => Promise.resolve('next'))).resolves.toBe('next');
  });

  it('takes new work again once the queue has drained', async () => {
    const gate = createHashingGate({ concurrency: 1, queue: 1 });
    const first = heldTask('1');
    const second = heldTask('2');
    const running = [gate.run(first.run), gate.run(second.run)];
    await expect(gate.run(() => Promise.resolve('3'))).rejects.toMatchObject({ kind: 'unavailable' });
    first.finish();
    await settle();
    second.finish();
    await expect(Promise.all(running)).resolves.toEqual(['1', '2']);
    await expect(gate.run(() => Promise.resolve('4'))).resolves.toBe('4');
  });

  it('runs a recent client of the account before anonymous waiters, even when the anonymous lane is full', async () => {
    const gate = createHashingGate({ concurrency: 1, queue: 1 });
    const a = heldTask('a');
    const b = heldTask('b');
    const known = heldTask('known');
    const anonymous = [gate.run(a.run, { source: '10.0.0.1' }), gate.run(b.run, { source: '10.0.0.2' })];
    // Two sources with one place each: a third source finds no place it may take.
    await expect(gate.run(() => Promise.resolve('c'), { source: '10.0.0.3' })).rejects.toMatchObject({
      kind: 'unavailable',
    });
    const priority = gate.run(known.run, { source: '10.0.0.4', priority: true });
    await settle();
    a.finish();
    await settle();
    expect([b.started, known.started]).toEqual([false, true]);
    known.finish();
    await settle();
    expect(b.started).toBe(true);
    b.finish();
    await expect(Promise.all([...anonymous, priority])).resolves.toEqual(['a', 'b', 'known']);
  });

  it('lets a newcomer take the newest place of a source holding two more, and serves it next', async () => {
    const gate = createHashingGate({ concurrency: 1, queue: 3 });
    const flood = ['x1', 'x2', 'x3', 'x4'].map(heldTask);
    const floodRuns = flood.map((task) =>
      gate.run(task.run, { source: '2001:db8::/64' }).catch((error: unknown) => error),
    );
    const newcomer = heldTask('y');
    const newcomerRun = gate.run(newcomer.run, { source: '198.51.100.7' });
    await expect(floodRuns[3]).resolves.toBeInstanceOf(UnavailableError);
    expect(flood[3]?.started).toBe(false);

    flood[0]?.finish();
    await settle();
    expect([flood[1]?.started, newcomer.started]).toEqual([false, true]);
    newcomer.finish();
    await settle();
    expect(flood[1]?.started).toBe(true);
    flood[1]?.finish();
    await settle();
    flood[2]?.finish();
    await expect(Promise.all([...floodRuns.slice(0, 3), newcomerRun])).resolves.toEqual([
      'x1',
      'x2',
      'x3',
      'y',
    ]);
  });
});
