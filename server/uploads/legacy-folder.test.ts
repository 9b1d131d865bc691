import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '@test-support/test-database';
import type { OpenedDatabase } from '../db/open';
import { importUploadsFolder } from './legacy-folder';
import { databaseStorage } from './storage';

let opened: OpenedDatabase;
let dataDir: string;
beforeAll(async () => {
  opened = await openTestDatabase();
  dataDir = mkdtempSync(path.join(tmpdir(), 'legacy-uploads-'));
});
afterAll(async () => {
  await opened.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('importUploadsFolder', () => {
  it('stores the old folder’s images under their old paths, keeps stored ones, and moves the folder away', async () => {
    const uploadsDir = path.join(dataDir, 'uploads');
    mkdirSync(path.join(uploadsDir, 'avatars'), { recursive: true });
    mkdirSync(path.join(uploadsDir, 'products'), { recursive: true });
    writeFileSync(path.join(uploadsDir, 'avatars', 'abc.PNG'), 'avatar bytes');
    writeFileSync(path.join(uploadsDir, 'avatars', 'abc_thumb_36.jpg'), 'thumb bytes');
    writeFileSync(path.join(uploadsDir, 'products', 'seed-x.png'), 'old seed bytes');
    writeFileSync(path.join(uploadsDir, 'products', 'notes.txt'), 'not an image');
    writeFileSync(path.join(uploadsDir, 'top-level.png'), 'outside any folder');
    const storage = databaseStorage(opened.db);
    await storage.put([
      { path: '/uploads/products/seed-x.png', contentType: 'image/png', bytes: Buffer.from('new') },
    ]);

    const result = await importUploadsFolder(opened.db, uploadsDir);

    expect(result.imported).toBe(2);
    expect(await storage.get('/uploads/avatars/abc.PNG')).toMatchObject({
      contentType: 'image/png',
      bytes: Buffer.from('avatar bytes'),
    });
    expect((await storage.get('/uploads/avatars/abc_thumb_36.jpg'))?.contentType).toBe('image/jpeg');
    expect((await storage.get('/uploads/products/seed-x.png'))?.bytes.toString()).toBe('new');
    expect(await storage.get('/uploads/products/notes.txt')).toBeNull();
    expect(await storage.get('/uploads/top-level.png')).toBeNull();
    expect(existsSync(uploadsDir)).toBe(false);
    expect(result.movedTo).toMatch(/uploads\.imported-\d+$/);
    expect(existsSync(path.join(result.movedTo ?? '', 'avatars', 'abc.PNG'))).toBe(true);

    // Once moved, nothing is read again: a file deleted since stays deleted.
    await storage.delete(['/uploads/avatars/abc.PNG']);
    expect(await importUploadsFolder(opened.db, uploadsDir)).toEqual({ imported: 0, movedTo: null });
    expect(await storage.get('/uploads/avatars/abc.PNG')).toBeNull();
  });
});
