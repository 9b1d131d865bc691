/**
 * One-time move of an upload folder from before issue 13 (`<DATA_DIR>/uploads/<folder>/<name>`,
 * served from disk) into the upload storage, so the avatars and seeded product images that existing
 * rows name keep resolving once /uploads is served from the database.
 */
import { existsSync } from 'node:fs';
import { readdir, readFile, rename } from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '../db/open';
import { databaseStorage, UPLOADS_PREFIX } from './storage';

/** The image types the old folder held (avatars and seed images), by file extension. */
const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
};

/** Files read and stored per statement. */
const READ_BATCH = 20;

/** What {@link importUploadsFolder} did. */
export interface FolderImport {
  /** Files stored (paths already in the storage keep their stored bytes). */
  imported: number;
  /** Where the folder was moved, or null when there was no folder. */
  movedTo: string | null;
}

/**
 * Stores every image file one folder deep under `uploadsDir` (e.g. `avatars/<name>.png`) under its
 * old public path (`/uploads/avatars/<name>.png`), leaving paths already stored as they are, then
 * renames the folder to `<uploadsDir>.imported-<ms since epoch>` so it is never read again (a file
 * deleted later through the API must not come back on the next start). Does nothing when the folder
 * does not exist. Rejects on a file-system or database error, before the rename.
 */
export async function importUploadsFolder(db: Db, uploadsDir: string): Promise<FolderImport> {
  if (!existsSync(uploadsDir)) return { imported: 0, movedTo: null };
  const found: Array<{ file: string; path: string; contentType: string }> = [];
  for (const folder of await readdir(uploadsDir, { withFileTypes: true })) {
    if (!folder.isDirectory()) continue;
    for (const entry of await readdir(path.join(uploadsDir, folder.name), { withFileTypes: true })) {
      const contentType = CONTENT_TYPES[path.extname(entry.name).toLowerCase()];
      if (!entry.isFile() || !contentType) continue;
      found.push({
        file: path.join(uploadsDir, folder.name, entry.name),
        path: `${UPLOADS_PREFIX}${folder.name}/${entry.name}`,
        contentType,
      });
    }
  }
  const storage = databaseStorage(db);
  let imported = 0;
  // A few files in memory at a time: an old folder may hold many avatars of up to 800 KiB.
  for (let start = 0; start < found.length; start += READ_BATCH) {
    const files = await Promise.all(
      found.slice(start, start + READ_BATCH).map(async ({ file, ...stored }) => ({
        ...stored,
        bytes: await readFile(file),
      })),
    );
    imported += await storage.putMissing(files);
  }
  const movedTo = `${uploadsDir}.imported-${Date.now()}`;
  await rename(uploadsDir, movedTo);
  return { imported, movedTo };
}
