import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { etagOf } from '../http/etag';
import { FEED_CACHE_MS, MicroCache, RenderedDocument } from './delivery-cache';

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

describe('RenderedDocument', () => {
  const text = `<rss>${'<item><g:title>Vitamin D3 – 1000 IU</g:title></item>'.repeat(200)}</rss>`;

  it('holds the UTF-8 bytes with their ETag, and tags each coding apart without compressing', () => {
    const document = new RenderedDocument(text);
    expect(document.identity.body.equals(Buffer.from(text, 'utf8'))).toBe(true);
    expect(document.identity.etag).toBe(etagOf(text));
    expect(document.etag(null)).toBe(etagOf(text));
    expect(document.etag('gzip')).toBe(`${etagOf(text).slice(0, -1)}-gzip"`);
    expect(document.etag('br')).toBe(`${etagOf(text).slice(0, -1)}-br"`);
  });

  it('compresses each coding once and hands the same bytes to every later request', async () => {
    const document = new RenderedDocument(text);
    const [gzip, gzipAgain] = await Promise.all([
      document.representation('gzip'),
      document.representation('gzip'),
    ]);
    const br = await document.representation('br');
    expect(gzipAgain).toBe(gzip);
    expect(await document.representation('br')).toBe(br);
    expect(await document.representation(null)).toBe(document.identity);
    expect(gunzipSync(gzip.body).toString('utf8')).toBe(text);
    expect(brotliDecompressSync(br.body).toString('utf8')).toBe(text);
    expect(br.etag).toBe(document.etag('br'));
    expect(br.body.length).toBeLessThan(document.identity.body.length / 10);
  });
});
