/**
 * Uploaded files (avatars, the demo seed's product images) behind one interface, addressed by their
 * public path under /uploads (issue 13, point 9). The implementation keeps them in the database's
 * `stored_files` table, so every process serving the same database serves the same files and a
 * deployment keeps no upload directory on disk.
 */
import { eq, inArray, sql } from 'drizzle-orm';
import type { DbExecutor } from '../catalogue/import';
import { storedFiles } from '../db/schema';

/** Every stored file's public path starts with this. */
export const UPLOADS_PREFIX = '/uploads/';

/** A file to store. */
export interface FileToStore {
  /** Public path, e.g. `/uploads/avatars/<32 hex>.png`; starts with UPLOADS_PREFIX. */
  path: string;
  /** The Content-Type it is served with, e.g. `image/png`. */
  contentType: string;
  bytes: Buffer;
}

/** What is known of a stored file without reading its bytes. */
export interface StoredFileInfo {
  path: string;
  contentType: string;
  /** Its length in bytes. */
  size: number;
  /** When it was stored (the Last-Modified of its answers). */
  createdAt: Date;
}

/** A stored file, as served. */
export interface StoredFile extends FileToStore, StoredFileInfo {}

/** Put, get and delete files by public path. */
export interface FileStorage {
  /**
   * Stores `files`, replacing any file stored under the same path.
   * @throws Error when a path does not start with UPLOADS_PREFIX (a programming error)
   */
  put(files: readonly FileToStore[]): Promise<void>;
  /**
   * Stores those of `files` whose path holds no file yet, leaving the others as stored; resolves to
   * how many were stored.
   * @throws Error when a path does not start with UPLOADS_PREFIX (a programming error)
   */
  putMissing(files: readonly FileToStore[]): Promise<number>;
  /** The file stored under `path`, or null. */
  get(path: string): Promise<StoredFile | null>;
  /** What is stored under `path`, without its bytes (so cheap whatever its size), or null. */
  stat(path: string): Promise<StoredFileInfo | null>;
  /** Deletes the files stored under `paths` (unknown paths are ignored); resolves to how many went. */
  delete(paths: readonly string[]): Promise<number>;
}

/** Files per INSERT, so one statement never carries the bytes of a whole large batch (the seed's images). */
const PUT_BATCH = 100;

/** `files` as `stored_files` rows, PUT_BATCH at a time; throws on a path outside UPLOADS_PREFIX. */
function batches(files: readonly FileToStore[]): Array<Array<typeof storedFiles.$inferInsert>> {
  for (const file of files) {
    if (!file.path.startsWith(UPLOADS_PREFIX)) throw new Error(`Not an uploads path: ${file.path}`);
  }
  const rows = files.map((file) => ({ path: file.path, content_type: file.contentType, bytes: file.bytes }));
  return Array.from({ length: Math.ceil(rows.length / PUT_BATCH) }, (_, index) =>
    rows.slice(index * PUT_BATCH, (index + 1) * PUT_BATCH),
  );
}

/**
 * The `stored_files` implementation on `db` — the database or an open transaction, so files can be
 * stored or deleted atomically with the rows that name them.
 */
export function databaseStorage(db: DbExecutor): FileStorage {
  return {
    async put(files) {
      for (const rows of batches(files)) {
        await db
          .insert(storedFiles)
          .values(rows)
          .onConflictDoUpdate({
            target: storedFiles.path,
            set: {
              content_type: sql`excluded.content_type`,
              bytes: sql`excluded.bytes`,
              created_at: sql`now()`,
            },
          });
      }
    },

    async putMissing(files) {
      let stored = 0;
      for (const rows of batches(files)) {
        const inserted = await db
          .insert(storedFiles)
          .values(rows)
          .onConflictDoNothing({ target: storedFiles.path })
          .returning({ path: storedFiles.path });
        stored += inserted.length;
      }
      return stored;
    },

    async get(path) {
      const [row] = await db
        .select({
          path: storedFiles.path,
          contentType: storedFiles.content_type,
          bytes: storedFiles.bytes,
          createdAt: storedFiles.created_at,
        })
        .from(storedFiles)
        .where(eq(storedFiles.path, path));
      return row ? { ...row, size: row.bytes.length } : null;
    },

    async stat(path) {
      const [row] = await db
        .select({
          path: storedFiles.path,
          contentType: storedFiles.content_type,
          // octet_length reads the stored length, not the (possibly out-of-line) bytes.
          size: sql<number>`octet_length(${storedFiles.bytes})`.mapWith(Number),
          createdAt: storedFiles.created_at,
        })
        .from(storedFiles)
        .where(eq(storedFiles.path, path));
      return row ?? null;
    },

    async delete(paths) {
      if (paths.length === 0) return 0;
      const deleted = await db
        .delete(storedFiles)
        .where(inArray(storedFiles.path, [...paths]))
        .returning({ path: storedFiles.path });
      return deleted.length;
    },
  };
}
