/**
 * Issue 13 points 4, 6 and 7 at the HTTP layer: failed queries log no values, answers that carry
 * tokens are not stored by caches, and a client that stalls its request loses the socket.
 */
import { connect } from 'node:net';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONDITION } from '@test-support/time-limits';
import { buildApp } from '../../server/app';
import { createTestApp, login, postRefresh } from './helpers';
import type { TestApp } from './helpers';
import { call, SHOPIFY_SECRET, validUser } from './users-fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** A second app on the test database whose log lines are kept; closed by the caller. */
async function loggedApp(lines: string[]): Promise<FastifyInstance> {
  const app = await buildApp(
    { ...t.config, logLevel: 'info' },
    { db: t.db, now: t.clock.now, logStream: { write: (line) => void lines.push(line) } },
  );
  await app.ready();
  return app;
}

describe('the log of a failed user insert or update (issue 13 point 4)', () => {
  it('names the failed statement and its constraint but none of the values', async () => {
    // A constraint only this test breaks stands in for any failure inside the database.
    await t.db.execute(sql`ALTER TABLE users ADD CONSTRAINT log_probe CHECK (last_name <> 'Probe')`);
    const lines: string[] = [];
    const app = await loggedApp(lines);
    try {
      const { access_token } = await login(app, t.users.admin.email);
      const email = 'probe.person@hopper.example';
      const created = await call(
        app,
        access_token,
        'POST',
        '/users/create',
        validUser({ last_name: 'Probe', email }),
      );
      expect(created.statusCode).toBe(500);
      const updated = await call(app, access_token, 'PUT', `/users/${t.users.customer.id}`, {
        ...validUser({ last_name: 'Probe', email: t.users.customer.email }),
      });
      expect(updated.statusCode).toBe(500);

      const log = lines.join('');
      expect(log.match(/Failed query: (insert into|update) \\"users\\"/g)?.length).toBeGreaterThanOrEqual(2);
      expect(log).toContain('log_probe');
      expect(log).not.toContain('$argon2id$');
      expect(log).not.toMatch(/v1\.[\w-]{16}\.[\w-]{22}\./);
      expect(log).not.toContain(SHOPIFY_SECRET);
      expect(log).not.toContain(email);
      expect(log).not.toContain('Hopper Health');
      expect(log).not.toContain('params:');
      for (const body of [created.body, updated.body])
        expect(JSON.parse(body).message).toBe('Internal Server Error');
    } finally {
      await app.close();
      await t.db.execute(sql`ALTER TABLE users DROP CONSTRAINT log_probe`);
    }
  });
});

describe('Cache-Control of answers that carry tokens or secrets (issue 13 point 6)', () => {
  it('is no-store on login, token refresh, the API-token list and an API error', async () => {
    const pair = await login(t.app, t.users.admin.email);
    const refreshed = await postRefresh(t.app, pair.refresh_token);
    const tokens = await call(t.app, pair.access_token, 'GET', `/users/${t.users.customer.id}/tokens`);
    const refused = await call(t.app, null, 'GET', '/users');
    const loginAnswer = await t.app.inject({
      method: 'POST',
      url: '/api/backoffice/login',
      payload: { email: t.users.customer.email, password: 'Fixture1!' },
    });
    for (const [name, response, status] of [
      ['login', loginAnswer, 200],
      ['refresh', refreshed, 200],
      ['tokens', tokens, 200],
      ['401', refused, 401],
    ] as const) {
      expect(response.statusCode, name).toBe(status);
      expect(response.headers['cache-control'], name).toBe('no-store');
    }
  });

  it('leaves the revalidation policy of an ETag-ed list alone', async () => {
    const { access_token } = await login(t.app, t.users.admin.email);
    const products = await call(t.app, access_token, 'GET', '/shop/products');
    expect(products.statusCode).toBe(200);
    expect(products.headers.etag).toBeTruthy();
    expect(products.headers['cache-control']).toBe('private, no-cache');
  });
});

describe('a request whose client stalls (issue 13 point 7)', () => {
  const timeouts = { requestMs: 400, checkIntervalMs: 50 };

  /** Sends `head` (and nothing more) on a socket; resolves to what came back and when it closed. */
  async function stall(url: URL, head: string): Promise<{ answer: string; closedAfterMs: number }> {
    return new Promise((resolve, reject) => {
      const started = Date.now();
      const socket = connect(Number(url.port), url.hostname, () => socket.write(head));
      let answer = '';
      socket.on('data', (chunk) => (answer += chunk.toString('latin1')));
      socket.on('error', reject);
      socket.on('close', () => resolve({ answer, closedAfterMs: Date.now() - started }));
      // The configured deadline closes it, not Node's own (60 s for headers, 300 s for the request):
      // this guard tells them apart without asking how soon after 400 ms a loaded machine gets to it.
      setTimeout(() => {
        socket.destroy();
        reject(new Error(`the server kept the stalled socket open for ${CONDITION.timeout} ms`));
      }, CONDITION.timeout);
    });
  }

  it('answers 408 and closes the socket once the request deadline passes, body or headers', async () => {
    const app = await buildApp(t.config, { db: t.db, now: t.clock.now, timeouts });
    try {
      const url = new URL(await app.listen({ host: '127.0.0.1', port: 0 }));
      const body = await stall(
        url,
        'POST /api/backoffice/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n' +
          'Content-Length: 100\r\n\r\n{"email":',
      );
      const headers = await stall(url, 'POST /api/backoffice/login HTTP/1.1\r\nHost: x\r\nContent-Ty');
      for (const outcome of [body, headers]) {
        expect(outcome.answer).toMatch(/^HTTP\/1\.1 408 /);
        expect(outcome.closedAfterMs).toBeGreaterThanOrEqual(timeouts.requestMs);
      }
    } finally {
      await app.close();
    }
  });
});
