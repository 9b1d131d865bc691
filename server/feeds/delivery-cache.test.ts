import { describe, expect, it } from 'vitest';
import { FEED_CACHE_MS, MicroCache } from './delivery-cache';

function clock() {
  let time = Date.parse('2025-06-11T10:00:00Z');
  return { now: () => new Date(time), advance: (ms: number) => (time += ms) };
}

describe('MicroCache', () => {
  it('reuses a value until FEED_CACHE_MS have passed, then computes again', async () => {
    const time = clock();
    const cache = new MicroCache<number>(time.now);
    let calls = 0;
    const compute = async () => ++calls;
    expect(await cache.get('a', compute)).toBe(1);
    time.advance(FEED_CACHE_MS - 1);
    expect(await cache.get('a', compute)).toBe(1);
    expect(await cache.get('b', compute)).toBe(2);
    time.advance(1);
    expect(await cache.get('a', compute)).toBe(3);
  });

  it('shares one computation between concurrent callers', async () => {
    const cache = new MicroCache<string>(clock().now);
    let calls = 0;
    let finish!: (value: string) => void;
    const compute = () => {
      calls++;
      return new Promise<string>((resolve) => (finish = resolve));
    };
    const first = cache.get('feed', compute);
    const second = cache.get('feed', compute);
    finish('body');
    expect(await Promise.all([first, second])).toEqual(['body', 'body']);
    expect(calls).toBe(1);
  });

  it('forgets a failed computation at once', async () => {
    const cache = new MicroCache<string>(clock().now);
    await expect(cache.get('feed', () => Promise.reject(new Error('database down')))).rejects.toThrow(
      'database down',
    );
    expect(await cache.get('feed', async () => 'body')).toBe('body');
  });
});
