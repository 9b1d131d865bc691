/**
 * Uploads across processes (issue 13, point 9): two real server processes on one PostgreSQL
 * database, each with its own DATA_DIR. An avatar stored through one is served by the other, and
 * its deletion through one is seen by the other.
 */
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SLOW_TEST_LIMIT_MS } from '@test-support/time-limits';
import { ProfileUser, TokenPair } from '@/api/schemas/auth';
import { solidImage } from './account-helpers';
import { CLUSTER_ADMIN, startServerCluster } from './processes/server-processes';
import type { ServerCluster } from './processes/server-processes';

const AVATAR_PATH = '/api/backoffice/account/upload/avatar';

describe.runIf(process.env.TEST_DATABASE_URL)('uploads on two server processes (PostgreSQL)', () => {
  let cluster: ServerCluster;
  let first: string;
  let second: string;
  let token: string;
  beforeAll(async () => {
    cluster = await startServerCluster(2, process.env.TEST_DATABASE_URL ?? '');
    [first, second] = cluster.processes.map((server) => server.url) as [string, string];
    const login = await fetch(`${first}/api/backoffice/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(CLUSTER_ADMIN),
    });
    expect(login.status).toBe(200);
    token = v.parse(TokenPair, await login.json()).access_token;
  }, SLOW_TEST_LIMIT_MS);
  afterAll(async () => {
    await cluster?.close();
  });

  const get = async (base: string, path: string) => {
    const response = await fetch(`${base}${path}`);
    return { status: response.status, bytes: Buffer.from(await response.arrayBuffer()), response };
  };

  it('serves an avatar uploaded on one process from the other, and deletes it for both', async () => {
    const form = new FormData();
    form.append(
      'file',
      new Blob([new Uint8Array(await solidImage('png', 90, 60))], { type: 'image/png' }),
      'a.png',
    );
    const upload = await fetch(`${first}${AVATAR_PATH}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    expect(upload.status).toBe(200);
    const { avatar } = v.parse(ProfileUser, await upload.json());
    const paths = [avatar?.original ?? '', avatar?.thumbnails.thumb_36 ?? ''];

    for (const path of paths) {
      const here = await get(first, path);
      const there = await get(second, path);
      expect([here.status, there.status], path).toEqual([200, 200]);
      expect(there.response.headers.get('content-type')).toBe('image/png');
      expect(there.bytes.equals(here.bytes), path).toBe(true);
      expect(there.bytes.length).toBeGreaterThan(0);
    }

    const deleted = await fetch(`${second}${AVATAR_PATH}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(deleted.status).toBe(200);
    for (const path of paths) {
      expect((await get(first, path)).status, path).toBe(404);
      expect((await get(second, path)).status, path).toBe(404);
    }
  });
});
