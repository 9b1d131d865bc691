/**
 * Issue 16: fewer bytes on the wire. Static files are answered from the Brotli and gzip files the
 * build makes (`preCompressed`), JSON above the threshold is compressed per request by
 * @fastify/compress, each by the request's Accept-Encoding, and every answer decompresses to the
 * same bytes as the identity one.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync, gunzipSync } from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_COMPRESSION_THRESHOLD } from '../../server/app';
import { createTestApp, login } from './helpers';
import type { TestApp } from './helpers';

/** A client build like Vite's: index.html and hashed assets, each with its .br and .gz. */
function writeClientBuild(): { dir: string; files: Record<string, string> } {
  const dir = mkdtempSync(path.join(tmpdir(), 'client-'));
  mkdirSync(path.join(dir, 'assets'));
  const files: Record<string, string> = {
    'index.html': `<!doctype html><html><head><title>Product Feed</title></head><body>${'<div></div>'.repeat(200)}</body></html>`,
    'assets/index-Ab12Cd34.js': `export const rows = ${JSON.stringify(Array.from({ length: 300 }, (_, i) => ({ i })))};`,
    'assets/index-Ef56Gh78.css': `${Array.from({ length: 200 }, (_, i) => `.c${i}{color:#${i}}`).join('\n')}`,
  };
  for (const [name, text] of Object.entries(files)) {
    const file = path.join(dir, name);
    writeFileSync(file, text);
    writeFileSync(`${file}.br`, brotliCompressSync(text));
    writeFileSync(`${file}.gz`, gzipSync(text));
  }
  return { dir, files };
}

/** The body as sent, decoded by its Content-Encoding. */
function decoded(response: LightMyRequestResponse): string {
  const raw = response.rawPayload;
  switch (response.headers['content-encoding']) {
    case 'br':
      return brotliDecompressSync(raw).toString('utf8');
    case 'gzip':
      return gunzipSync(raw).toString('utf8');
    case undefined:
      return raw.toString('utf8');
    default:
      throw new Error(`unexpected content-encoding ${String(response.headers['content-encoding'])}`);
  }
}

describe('compressed responses', () => {
  let t: TestApp;
  let client: { dir: string; files: Record<string, string> };
  let adminToken: string;

  beforeAll(async () => {
    client = writeClientBuild();
    t = await createTestApp({ clientDir: client.dir });
    adminToken = (await login(t.app, t.users.admin.email)).access_token;
  });

  afterAll(async () => {
    await t.close();
    rmSync(client.dir, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding?: string, token?: string) =>
    t.app.inject({
      method: 'GET',
      url,
      headers: {
        ...(acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding }),
        ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
        accept: url.startsWith('/api') ? 'application/json' : 'text/html,*/*',
      },
    });

  it.each(['assets/index-Ab12Cd34.js', 'assets/index-Ef56Gh78.css', 'index.html'])(
    '%s: br when accepted, gzip when only that is, identity otherwise, same bytes each time',
    async (name) => {
      const url = name === 'index.html' ? '/' : `/${name}`;
      const br = await get(url, 'gzip, deflate, br');
      const gzip = await get(url, 'gzip');
      const identity = await get(url);
      expect([br.statusCode, gzip.statusCode, identity.statusCode]).toEqual([200, 200, 200]);
      expect(br.headers['content-encoding']).toBe('br');
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(identity.headers['content-encoding']).toBeUndefined();
      for (const response of [br, gzip, identity]) {
        expect(decoded(response)).toBe(client.files[name]);
        expect(String(response.headers.vary)).toMatch(/accept-encoding/i);
      }
      expect(br.rawPayload.length).toBeLessThan(identity.rawPayload.length);
    },
  );

  it('keeps the cache policies: hashed assets immutable, index.html revalidated', async () => {
    expect((await get('/assets/index-Ab12Cd34.js', 'br')).headers['cache-control']).toMatch(/immutable/);
    expect((await get('/', 'br')).headers['cache-control']).toBe('no-cache');
  });

  it('compresses JSON above the threshold by the request, and leaves a small answer alone', async () => {
    // The contract document: a large JSON answer on any database (the fixture lists are short).
    const identity = await get('/api/openapi.json');
    expect(identity.statusCode).toBe(200);
    expect(identity.rawPayload.length).toBeGreaterThan(API_COMPRESSION_THRESHOLD);
    const br = await get('/api/openapi.json', 'gzip, br');
    const gzip = await get('/api/openapi.json', 'gzip');
    expect(br.headers['content-encoding']).toBe('br');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(decoded(br))).toEqual(identity.json());
    expect(JSON.parse(decoded(gzip))).toEqual(identity.json());

    const health = await get('/api/health', 'gzip, br');
    expect(health.rawPayload.length).toBeLessThan(API_COMPRESSION_THRESHOLD);
    expect(health.headers['content-encoding']).toBeUndefined();
  });

  it('compresses an authenticated list answer too, keeping its JSON', async () => {
    const identity = await get('/api/backoffice/users', undefined, adminToken);
    const br = await get('/api/backoffice/users', 'br', adminToken);
    expect(identity.statusCode).toBe(200);
    const compressed = identity.rawPayload.length > API_COMPRESSION_THRESHOLD;
    expect(br.headers['content-encoding']).toBe(compressed ? 'br' : undefined);
    expect(JSON.parse(decoded(br))).toEqual(identity.json());
  });
});
