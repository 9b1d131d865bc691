import { describe, expect, it } from 'vitest';
import { FileCache } from './file-cache';

const bytes = (length: number) => Buffer.alloc(length, 1);

describe('FileCache', () => {
  it('answers only the version it holds, and drops a stale one', () => {
    const cache = new FileCache(1000);
    cache.set('/uploads/a.png', 'v1', bytes(100));
    expect(cache.get('/uploads/a.png', 'v1')?.length).toBe(100);
    expect(cache.get('/uploads/a.png', 'v2')).toBeUndefined();
    expect(cache.get('/uploads/a.png', 'v1')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('evicts the least recently used files to stay within its bytes', () => {
    const cache = new FileCache(1000);
    cache.set('a', 'v', bytes(200));
    cache.set('b', 'v', bytes(200));
    cache.set('c', 'v', bytes(200));
    cache.get('a', 'v');
    cache.set('d', 'v', bytes(200));
    cache.set('e', 'v', bytes(250));
    expect(cache.size).toBeLessThanOrEqual(1000);
    expect(cache.get('b', 'v')).toBeUndefined();
    for (const key of ['a', 'c', 'd', 'e']) expect(cache.get(key, 'v'), key).toBeDefined();
  });

  it('never holds a file over a quarter of its bytes, and forgets deleted paths', () => {
    const cache = new FileCache(1000);
    cache.set('big', 'v', bytes(251));
    expect(cache.get('big', 'v')).toBeUndefined();
    cache.set('a', 'v', bytes(10));
    cache.set('a', 'w', bytes(20));
    expect(cache.size).toBe(20);
    cache.delete('a');
    expect(cache.size).toBe(0);
  });
});
