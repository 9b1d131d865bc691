/**
 * /uploads served from the upload storage (issue 13, point 9): what is served follows the database,
 * even after a process has served (and cached) a file that another process then deletes or
 * replaces.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseStorage } from '../../server/uploads/storage';
import { createTestApp } from './helpers';
import type { TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const get = (url: string) => t.app.inject({ method: 'GET', url });

describe('GET /uploads/*', () => {
  it('serves the stored bytes, then what the database holds after a change made elsewhere', async () => {
    // Changes through the storage on the database stand for another process's.
    const storage = databaseStorage(t.db);
    const path = '/uploads/products/changing.png';
    await storage.put([{ path, contentType: 'image/png', bytes: Buffer.from('first version') }]);
    for (let served = 0; served < 2; served++) {
      const response = await get(path);
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe('first version');
    }
    const firstTag = (await get(path)).headers.etag;

    await new Promise((resolve) => setTimeout(resolve, 5));
    await storage.put([{ path, contentType: 'image/gif', bytes: Buffer.from('second version') }]);
    const replaced = await get(path);
    expect(replaced.body).toBe('second version');
    expect(replaced.headers['content-type']).toBe('image/gif');
    expect(replaced.headers.etag).not.toBe(firstTag);

    await storage.delete([path]);
    const deleted = await get(path);
    expect(deleted.statusCode).toBe(404);
    expect(deleted.json()).toMatchObject({ statusCode: 404 });
  });

  it('answers a revalidation with 304 without the bytes, and a changed file with 200', async () => {
    const storage = databaseStorage(t.db);
    const path = '/uploads/avatars/revalidated.png';
    await storage.put([{ path, contentType: 'image/png', bytes: Buffer.from('abc') }]);
    const first = await get(path);
    const etag = String(first.headers.etag);
    const notModified = await t.app.inject({ method: 'GET', url: path, headers: { 'if-none-match': etag } });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.body).toBe('');
    expect(notModified.headers.etag).toBe(etag);

    await new Promise((resolve) => setTimeout(resolve, 5));
    await storage.put([{ path, contentType: 'image/png', bytes: Buffer.from('abcd') }]);
    const changed = await t.app.inject({ method: 'GET', url: path, headers: { 'if-none-match': etag } });
    expect(changed.statusCode).toBe(200);
    expect(changed.body).toBe('abcd');
  });
});
