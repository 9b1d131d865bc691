import { describe, expect, it } from 'vitest';
import { KeyedBatches } from './keyed-batches';

/** A `run` whose calls are recorded and settled by the test. */
function controlledRun() {
  const calls: { params: string; size: number; settle: (results: number[] | Error) => void }[] = [];
  const run = (params: string, size: number) =>
    new Promise<number[]>((resolve, reject) => {
      calls.push({
        params,
        size,
        settle: (results) => (results instanceof Error ? reject(results) : resolve(results)),
      });
    });
  return { calls, run };
}

const settled = () => new Promise((resolve) => setImmediate(resolve));

describe('KeyedBatches', () => {
  it('runs the callers that arrive during a batch together, each with its own result', async () => {
    const { calls, run } = controlledRun();
    const batches = new KeyedBatches(run);
    const first = batches.join('token', 'p');
    const later = [batches.join('token', 'p'), batches.join('token', 'p'), batches.join('token', 'p')];
    expect(calls.map((call) => call.size)).toEqual([1]);
    calls[0]!.settle([10]);
    expect(await first).toBe(10);
    await settled();
    expect(calls.map((call) => call.size)).toEqual([1, 3]);
    calls[1]!.settle([11, 12, 13]);
    expect(await Promise.all(later)).toEqual([11, 12, 13]);
  });

  it('runs batches of different keys side by side', () => {
    const { calls, run } = controlledRun();
    const batches = new KeyedBatches(run);
    void batches.join('a', 'pa');
    void batches.join('b', 'pb');
    expect(calls.map((call) => call.params)).toEqual(['pa', 'pb']);
  });

  it("rejects a failed batch's callers only, and still runs the next batch", async () => {
    const { calls, run } = controlledRun();
    const batches = new KeyedBatches(run);
    const failing = batches.join('token', 'p');
    const next = batches.join('token', 'p');
    calls[0]!.settle(new Error('database down'));
    await expect(failing).rejects.toThrow('database down');
    await settled();
    calls[1]!.settle([7]);
    expect(await next).toBe(7);
  });

  it('rejects every caller of a batch that got fewer results than callers', async () => {
    const { calls, run } = controlledRun();
    const batches = new KeyedBatches(run);
    void batches.join('token', 'p').catch(() => undefined);
    const pair = [batches.join('token', 'p'), batches.join('token', 'p')];
    calls[0]!.settle([1]);
    await settled();
    calls[1]!.settle([2]);
    await expect(Promise.all(pair)).rejects.toThrow('a batch of 2 calls got 1 results');
  });

  it('starts afresh once a key has no callers left', async () => {
    const { calls, run } = controlledRun();
    const batches = new KeyedBatches(run);
    const first = batches.join('token', 'p');
    calls[0]!.settle([1]);
    await first;
    await settled();
    const again = batches.join('token', 'p');
    expect(calls.map((call) => call.size)).toEqual([1, 1]);
    calls[1]!.settle([2]);
    expect(await again).toBe(2);
  });
});
