/**
 * The login limit holds across processes (issue 13 point 2): two real server processes on one
 * PostgreSQL database share one count, so guesses alternated between them stop being checked after
 * 5 in total. A 401 is a checked password (attempts are counted before the check), a 429 is not.
 * PostgreSQL only: PGlite serves a single process.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SLOW_TEST_LIMIT_MS } from '@test-support/time-limits';
import { tooManyLoginsMessage } from '../../server/auth/auth-service';
import { CLUSTER_ADMIN, startServerCluster } from './processes/server-processes';
import type { ServerCluster } from './processes/server-processes';

const WRONG = 'Wrong-pass1';

function postLogin(url: string, email: string, password: string): Promise<Response> {
  return fetch(`${url}/api/backoffice/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
}

describe.runIf(process.env.TEST_DATABASE_URL)('login limit across two processes', () => {
  let cluster: ServerCluster;
  beforeAll(async () => {
    cluster = await startServerCluster(2, process.env.TEST_DATABASE_URL ?? '', { LOG_LEVEL: 'warn' });
  }, SLOW_TEST_LIMIT_MS);
  afterAll(async () => {
    await cluster?.close();
  });

  it('checks 5 guesses in total when they alternate between the processes, then refuses the right password on both', async () => {
    const urls = cluster.processes.map((process) => process.url);
    const statuses: number[] = [];
    for (let guess = 0; guess < 12; guess++) {
      const response = await postLogin(urls[guess % 2] ?? '', CLUSTER_ADMIN.email, WRONG);
      statuses.push(response.status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429, 429, 429, 429, 429]);

    for (const url of urls) {
      const locked = await postLogin(url, CLUSTER_ADMIN.email, CLUSTER_ADMIN.password);
      expect(locked.status).toBe(429);
      const retryAfter = Number(locked.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(800);
      expect(await locked.json()).toMatchObject({ message: tooManyLoginsMessage(retryAfter) });
    }
  });

  it('checks at most 5 of 40 simultaneous guesses split between the processes', async () => {
    const urls = cluster.processes.map((process) => process.url);
    // Another email: a fresh (address, email) count, the address count still far from its limit.
    const email = 'nobody@cluster.test';
    const responses = await Promise.all(
      Array.from({ length: 40 }, (_, index) => postLogin(urls[index % 2] ?? '', email, WRONG)),
    );
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 401)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(35);
  });
});
