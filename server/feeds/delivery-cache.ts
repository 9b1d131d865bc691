/**
 * A per-process micro-cache of rendered feed documents. Stores poll feeds over and over while a
 * feed changes rarely, and building a 1,000-product document takes tens of ms of database work, so
 * each rendering is reused for FEED_CACHE_MS. Concurrent requests for the same document share one
 * rendering. A change therefore shows within FEED_CACHE_MS, in every process of a scale-out.
 * The token check and count never go through here: every pull is still counted.
 *
 * A rendering keeps its gzip and Brotli forms beside it (issue 12 "Compression"): each is made at
 * most once per rendering, on the first request that asks for it, never per request.
 */
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { codedEtag, etagOf } from '../http/etag';

/** How long a rendered document is reused, in ms. */
export const FEED_CACHE_MS = 5000;
/** Beyond this many entries, expired ones are dropped on the next store. */
const PRUNE_AT = 1000;

interface Entry<T> {
  expiresAt: number;
  value: Promise<T>;
}

/** Memoises `compute` per key for `ttlMs` on the clock `now`. */
export class MicroCache<T> {
  private readonly entries = new Map<string, Entry<T>>();

  constructor(
    private readonly now: () => Date,
    private readonly ttlMs: number = FEED_CACHE_MS,
  ) {}

  /**
   * The cached value of `key`, or `compute()`'s, cached from now on. A rejected computation is
   * forgotten at once, so the next request tries again.
   */
  get(key: string, compute: () => Promise<T>): Promise<T> {
    const time = this.now().getTime();
    const hit = this.entries.get(key);
    if (hit && hit.expiresAt > time) return hit.value;
    if (this.entries.size >= PRUNE_AT) {
      for (const [name, entry] of this.entries) if (entry.expiresAt <= time) this.entries.delete(name);
    }
    const value = compute();
    this.entries.set(key, { expiresAt: time + this.ttlMs, value });
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key);
    });
    return value;
  }

  /** Drops the entries whose key `stale` accepts, so their next request computes afresh. */
  forget(stale: (key: string) => boolean): void {
    for (const key of this.entries.keys()) if (stale(key)) this.entries.delete(key);
  }
}

/** The content codings a feed is sent in besides identity, in the server's order of preference. */
export const CONTENT_CODINGS = ['br', 'gzip'] as const;
export type ContentCoding = (typeof CONTENT_CODINGS)[number];

/**
 * Brotli quality 5: about 0.02 of an XML feed's size, in some 30 ms for 1.3 MB; the top qualities
 * gain a few per cent for seconds of CPU, which a rendering reused for 5 s cannot repay.
 */
const BROTLI_QUALITY = 5;
/** zlib's default level 6: the usual balance; level 9 costs 3-4 times the CPU for 10 % smaller. */
const GZIP_LEVEL = 6;

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

function compress(body: Buffer, coding: ContentCoding): Promise<Buffer> {
  if (coding === 'gzip') return gzipAsync(body, { level: GZIP_LEVEL });
  return brotliAsync(body, {
    params: {
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });
}

/** One representation of a document: its bytes and their strong ETag. */
export interface Representation {
  body: Buffer;
  etag: string;
}

/**
 * A rendered document (a feed as JSON, CSV or XML) and its content-coded forms. The identity bytes
 * and ETag are computed at once; `etag(coding)` is free (a 304 never compresses); the coded bytes
 * are compressed on first use (zlib's thread pool, off the event loop) and kept. A failed
 * compression is forgotten, so the next request tries again.
 */
export class RenderedDocument {
  /** The document's UTF-8 bytes and their ETag. */
  readonly identity: Representation;
  private readonly coded = new Map<ContentCoding, Promise<Representation>>();

  constructor(text: string) {
    const body = Buffer.from(text, 'utf8');
    this.identity = { body, etag: etagOf(body) };
  }

  /** The ETag of the representation in `coding` (null: identity), e.g. `"abc-gzip"`. */
  etag(coding: ContentCoding | null): string {
    return coding === null ? this.identity.etag : codedEtag(this.identity.etag, coding);
  }

  /** The representation in `coding` (null: identity), compressed once and then reused. */
  representation(coding: ContentCoding | null): Promise<Representation> {
    if (coding === null) return Promise.resolve(this.identity);
    const cached = this.coded.get(coding);
    if (cached) return cached;
    const made = compress(this.identity.body, coding).then((body) => ({ body, etag: this.etag(coding) }));
    this.coded.set(coding, made);
    made.catch(() => {
      if (this.coded.get(coding) === made) this.coded.delete(coding);
    });
    return made;
  }
}
