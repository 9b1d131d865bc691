/**
 * The HTTP surface around the routes: malformed bodies, 404s, security headers, health,
 * /api/openapi.json, the SPA with history fallback and /uploads (issue 2, "Server").
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import { PassThrough } from 'node:stream';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { ErrorResponse, MessageResponse } from '@/api/schemas/common';
import { buildApp } from '../../server/app';
import { testConfig } from '../../server/config';
import type { Config } from '../../server/config';
import type { Db } from '../../server/db/open';
import { DATABASE_RETRY_AFTER_SECONDS } from '../../server/domain-errors';
import { DATABASE_ERROR_REASON } from '../../server/health/health-service';
import { defineRoute } from '../../server/http/route';
import { databaseStorage } from '../../server/uploads/storage';
import { deferred } from '@test-support/deferred';
import { createTestApp } from './helpers';
import type { TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

function postLoginRaw(payload: string, contentType = 'application/json') {
  return t.app.inject({
    method: 'POST',
    url: '/api/backoffice/login',
    headers: { 'content-type': contentType },
    payload,
  });
}

describe('malformed bodies', () => {
  const json = 'application/json';
  const cases: [string, string, string, string][] = [
    ['not JSON', '{"email": ', json, 'Request body is not valid JSON'],
    ['empty JSON', '', json, 'Request body is empty; send a JSON object'],
    ['plain text', 'email=a', 'text/plain', 'Unsupported Content-Type; send application/json'],
    ['a JSON string', '"x"', json, 'Request body: Invalid type: Expected Object but received "x"'],
    ['a JSON array', '[]', json, 'email is required; password is required'],
    ['missing fields', '{}', json, 'email is required; password is required'],
    ['a missing password', '{"email": "a@b.co"}', json, 'password is required'],
    [
      'wrong types',
      '{"email": 5, "password": true}',
      json,
      'email: Email is required; password: Password is required',
    ],
    ['an invalid email', '{"email": "nope", "password": "x"}', json, 'email: Invalid email'],
    ['prototype poisoning', '{"__proto__": {"admin": true}}', json, 'Request body is not valid JSON'],
  ];

  it.each(cases)('answers 400 with a message for %s', async (_name, payload, contentType, message) => {
    const response = await postLoginRaw(payload, contentType);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ statusCode: 400, error: 'Bad Request', message });
  });

  it('answers 400 for an oversized body', async () => {
    const response = await postLoginRaw(JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(1_100_000) }));
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toBe('Request body is too large');
  });
});

describe('not found', () => {
  it('answers JSON 404 for unknown /api paths, whatever the method or Accept', async () => {
    for (const [method, url] of [
      ['GET', '/api/backoffice/nope'],
      ['POST', '/api/nope?x=1'],
      ['DELETE', '/api/backoffice/users/1/nothing'],
    ] as const) {
      const response = await t.app.inject({ method, url, headers: { accept: 'text/html' } });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.json()).toEqual({
        statusCode: 404,
        error: 'Not Found',
        message: `Route ${method} ${url.split('?')[0]} not found`,
      });
    }
  });

  it('answers JSON 404 for any path when the SPA is not built', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/dashboard',
      headers: { accept: 'text/html' },
    });
    expect(response.statusCode).toBe(404);
    expect(v.is(ErrorResponse, response.json())).toBe(true);
  });
});

describe('security headers', () => {
  it('are on every response, API answers and errors alike', async () => {
    for (const url of ['/api/health', '/api/nope', '/api/backoffice/account/profile']) {
      const response = await t.app.inject({ method: 'GET', url });
      const csp = String(response.headers['content-security-policy']);
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self';");
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(csp).toContain("style-src 'self' 'unsafe-inline'");
      expect(csp).toContain("img-src 'self' data: blob: https:");
      expect(csp).toContain("connect-src 'self'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("base-uri 'self'");
      expect(csp).toContain("form-action 'self'");
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    }
  });
});

describe('GET /api/health', () => {
  it('answers ok with the database kind after a round trip', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 'ok',
      database: process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite',
    });
  });
});

describe('GET /api/openapi.json', () => {
  it('is an OpenAPI 3.1 document of the registered routes, built from the valibot schemas', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const doc = response.json<{
      openapi: string;
      paths: Record<string, Record<string, Record<string, unknown>>>;
      components: { securitySchemes: Record<string, unknown> };
    }>();
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.components.securitySchemes.accessToken).toMatchObject({ type: 'http', scheme: 'bearer' });

    const login = doc.paths['/api/backoffice/login']?.post;
    expect(login).toMatchObject({
      security: [],
      requestBody: {
        content: {
          'application/json': {
            schema: {
              type: 'object',
              required: ['email', 'password'],
              properties: { email: { format: 'email' } },
            },
          },
        },
      },
      responses: {
        '200': {
          content: { 'application/json': { schema: { required: ['access_token', 'refresh_token'] } } },
        },
        '401': {},
        '429': {},
      },
    });
    expect(doc.paths['/api/backoffice/account/profile']?.get).toMatchObject({
      security: [{ accessToken: [] }],
      responses: { '401': {} },
    });
    expect(doc.paths['/api/backoffice/token-refresh']?.post).toMatchObject({
      security: [{ refreshToken: [] }],
    });
    const registered = t.app.routeRegistry.list().map((route) => route.path.replace(/:(\w+)/g, '{$1}'));
    expect(Object.keys(doc.paths).sort()).toEqual([...new Set(registered)].sort());
  });
});

describe('the SPA and uploads', () => {
  // A second app over the same database, with a built SPA to serve.
  let spa: FastifyInstance;
  let spaConfig: Config;
  beforeAll(async () => {
    const clientDir = path.join(t.config.dataDir, 'client');
    mkdirSync(path.join(clientDir, 'assets'), { recursive: true });
    writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><div id="root"></div>');
    mkdirSync(path.join(clientDir, 'pages', 'auth'), { recursive: true });
    writeFileSync(path.join(clientDir, 'pages', 'index.html'), '<div id="root"><h1>Landing</h1></div>');
    writeFileSync(path.join(clientDir, 'pages', 'auth', 'login.html'), '<div id="root"><h1>Login</h1></div>');
    writeFileSync(path.join(clientDir, 'assets', 'index-abc123.js'), 'console.log(1)');
    spaConfig = testConfig({ clientDir });
    spa = await buildApp(spaConfig, { db: t.db });
    await spa.ready();
    await databaseStorage(t.db).put([
      { path: '/uploads/avatars/a.webp', contentType: 'image/webp', bytes: Buffer.from('RIFF') },
    ]);
  });
  afterAll(async () => {
    await spa.close();
    rmSync(spaConfig.dataDir, { recursive: true, force: true });
  });

  it('answers client routes with their prerendered page, else index.html, never cached', async () => {
    const pages: [string, string][] = [
      ['/', '<div id="root"><h1>Landing</h1></div>'],
      ['/auth/login?redirectTo=%2Fdashboard', '<div id="root"><h1>Login</h1></div>'],
      ['/dashboard/users/3/edit', '<!doctype html><div id="root"></div>'],
      ['/products', '<!doctype html><div id="root"></div>'],
    ];
    for (const [url, page] of pages) {
      const response = await spa.inject({ method: 'GET', url, headers: { accept: 'text/html,*/*' } });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toBe(page);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    }
  });

  it('caches hashed assets for a year and 404s a missing one as JSON', async () => {
    const asset = await spa.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const missing = await spa.inject({
      method: 'GET',
      url: '/assets/missing.js',
      headers: { accept: '*/*' },
    });
    expect(missing.statusCode).toBe(404);
    expect(v.is(ErrorResponse, missing.json())).toBe(true);
  });

  it('keeps JSON 404s for /api and /uploads even when HTML is accepted', async () => {
    for (const url of ['/api/nope', '/uploads/none.png']) {
      const response = await spa.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(response.statusCode, url).toBe(404);
      expect(v.is(ErrorResponse, response.json())).toBe(true);
    }
  });

  it('does not fall back for requests that do not accept HTML or are not GET', async () => {
    const json = await spa.inject({
      method: 'GET',
      url: '/dashboard',
      headers: { accept: 'application/json' },
    });
    expect(json.statusCode).toBe(404);
    const post = await spa.inject({ method: 'POST', url: '/dashboard', headers: { accept: 'text/html' } });
    expect(post.statusCode).toBe(404);
  });

  it('serves uploads with nosniff and a long cache', async () => {
    const response = await spa.inject({ method: 'GET', url: '/uploads/avatars/a.webp' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/webp');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('refuses to leave the uploads folder', async () => {
    const response = await spa.inject({ method: 'GET', url: '/uploads/..%2f..%2fclient%2findex.html' });
    expect([403, 404]).toContain(response.statusCode);
    expect(v.is(ErrorResponse, response.json())).toBe(true);
  });
});

describe('server errors and the response contract', () => {
  let app: FastifyInstance;
  let config: Config;
  const streamErrors: string[] = [];
  const streamClosed = deferred<void>();
  beforeAll(async () => {
    config = testConfig();
    // The database answers every query with an internal error, as a broken connection would.
    const brokenDb = {
      execute: () => Promise.reject(new Error('connect ECONNREFUSED 10.0.0.9:5432 password=hunter2')),
    } as unknown as Db;
    app = await buildApp(config, { db: brokenDb });
    await app.register(
      async (scope) => {
        defineRoute(
          scope,
          { method: 'GET', url: '/throws', summary: 'throws', responses: { 200: { description: 'never' } } },
          async () => {
            throw new Error('secret internals at /srv/app/server.ts:42');
          },
        );
        defineRoute(
          scope,
          {
            method: 'GET',
            url: '/extra',
            summary: 'returns more than its contract',
            responses: { 200: { description: 'ok', schema: MessageResponse } },
          },
          async () => ({ message: 'hello', password_hash: '$argon2id$...' }) as { message: string },
        );
        defineRoute(
          scope,
          {
            method: 'GET',
            url: '/broken',
            summary: 'breaks its contract',
            responses: { 200: { description: 'ok', schema: MessageResponse } },
          },
          async () => ({ text: 'no message' }) as unknown as { message: string },
        );
        defineRoute(
          scope,
          {
            method: 'GET',
            url: '/streams',
            summary: 'sends a stream itself, as a compressed answer does',
            responses: { 200: { description: 'ok', schema: MessageResponse } },
          },
          async ({ reply }) => {
            reply.raw.once('close', () => setImmediate(() => streamClosed.resolve()));
            const body = new PassThrough();
            body.write('{');
            return reply.send(body);
          },
        );
        scope.addHook('onError', (request, _reply, error, done) => {
          if (request.url.endsWith('/streams')) streamErrors.push(error.message);
          done();
        });
      },
      { prefix: '/api/test' },
    );
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    rmSync(config.dataDir, { recursive: true, force: true });
  });

  it('answers 500 with a generic body, never the internal message or a stack', async () => {
    for (const url of ['/api/test/throws', '/api/test/broken']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(500);
      expect(response.json()).toEqual({
        statusCode: 500,
        error: 'Internal Server Error',
        message: 'Internal Server Error',
      });
    }
  });

  it('answers 503 degraded from /api/health when the database does not answer, without its error', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
    expect(response.json()).toEqual({
      status: 'degraded',
      database: 'pglite',
      reason: DATABASE_ERROR_REASON,
    });
    expect(response.body).not.toContain('hunter2');
  });

  it('takes a client that leaves mid-answer for a sent answer, not for a broken contract', async () => {
    const address = await app.listen({ host: '127.0.0.1', port: 0 });
    const request = get(`${address}/api/test/streams`, (response) => response.destroy());
    request.on('error', () => undefined);
    await streamClosed.promise;
    expect(streamErrors).toEqual([]);
  });

  it('drops fields that are not in the response contract', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/test/extra' });
    expect(response.json()).toEqual({ message: 'hello' });
  });
});
