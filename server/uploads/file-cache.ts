/**
 * A bounded in-memory cache of stored files' bytes for /uploads. On PGlite, reading a large bytea
 * costs the server's own thread tens to hundreds of ms (measured: 800 KiB in ~200 ms under load),
 * so repeated downloads of one file would each pay it. Entries are keyed by path and version
 * (size and creation time): the caller checks the current version in the database on every
 * request, so a file replaced or deleted through another process is never served from here.
 */

/** One cached file's bytes, with the version they belong to. */
interface Entry {
  version: string;
  bytes: Buffer;
}

/** A least-recently-used cache holding at most `maxBytes` of file content. */
export class FileCache {
  private readonly entries = new Map<string, Entry>();
  private total = 0;

  /**
   * @param maxBytes total bytes held; a file larger than a quarter of it is never cached, so one
   *   download cannot evict everything else
   */
  constructor(private readonly maxBytes: number) {}

  /** The bytes cached for `path` at `version`, or undefined (a stale version is dropped). */
  get(path: string, version: string): Buffer | undefined {
    const entry = this.entries.get(path);
    if (!entry) return undefined;
    this.entries.delete(path);
    if (entry.version !== version) {
      this.total -= entry.bytes.length;
      return undefined;
    }
    // Re-inserted last: Map iteration order is insertion order, so the first key is the oldest.
    this.entries.set(path, entry);
    return entry.bytes;
  }

  /** Caches `bytes` as `path` at `version`, evicting the least recently used files to fit. */
  set(path: string, version: string, bytes: Buffer): void {
    this.delete(path);
    if (bytes.length > this.maxBytes / 4) return;
    this.entries.set(path, { version, bytes });
    this.total += bytes.length;
    for (const [oldest, entry] of this.entries) {
      if (this.total <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.total -= entry.bytes.length;
    }
  }

  /** Forgets `path` (deleted from the storage). */
  delete(path: string): void {
    const entry = this.entries.get(path);
    if (!entry) return;
    this.entries.delete(path);
    this.total -= entry.bytes.length;
  }

  /** Bytes held now. */
  get size(): number {
    return this.total;
  }
}
