/**
 * Static files: the built SPA (dist/client) with history fallback, and uploaded files (from the
 * database, see server/uploads/storage.ts) under /uploads.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import { FileCache } from '../uploads/file-cache';
import { UPLOADS_PREFIX } from '../uploads/storage';
import type { FileStorage, StoredFileInfo } from '../uploads/storage';
import { findPrerenderedPages } from '../http/prerendered-pages';

/** Vite's content-hashed files: safe to cache for a year. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Paths the SPA never answers, so unknown ones stay JSON 404s. */
const NOT_SPA = /^\/(api|uploads)(\/|$)/;

/** Public path of an uploaded file: one folder, one name, nothing that could climb out. */
const UploadPath = v.pipe(
  v.string(),
  v.maxLength(200),
  v.regex(/^[a-z0-9_-]+\/[A-Za-z0-9_-][A-Za-z0-9._-]*$/),
);

/** Bytes of uploaded files each process keeps in memory (see server/uploads/file-cache.ts). */
const UPLOAD_CACHE_BYTES = 32 * 1024 * 1024;

/**
 * A strong validator of a stored file: its size and creation time in hex. Storing under a path
 * again sets a new creation time, so this changes whenever the bytes could.
 */
function entityTag(file: StoredFileInfo): string {
  return `"${file.size.toString(16)}-${file.createdAt.getTime().toString(16)}"`;
}

/** Whether the request's If-None-Match, or else its If-Modified-Since, says its copy is current. */
function isNotModified(request: FastifyRequest, etag: string, lastModified: Date): boolean {
  const ifNoneMatch = request.headers['if-none-match'];
  if (ifNoneMatch !== undefined) {
    return (
      ifNoneMatch.trim() === '*' ||
      ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)
    );
  }
  const since = Date.parse(request.headers['if-modified-since'] ?? '');
  return !Number.isNaN(since) && Math.floor(lastModified.getTime() / 1000) * 1000 <= since;
}

/**
 * Serves the files of the upload `storage` (server/uploads/storage.ts, on the app's database) under
 * /uploads, GET and HEAD, the same from every process on that database: the stored Content-Type, nosniff (helmet),
 * long-lived caching (names are unique per upload, so a cached file never goes stale), ETag and
 * Last-Modified with 304 answers, and the JSON 404 for any other path. Every request checks the
 * file in the database (without its bytes); the bytes come from a bounded per-process cache
 * when it holds that version.
 */
export async function serveUploads(app: FastifyInstance, storage: FileStorage): Promise<void> {
  const cache = new FileCache(UPLOAD_CACHE_BYTES);
  app.get('/uploads/*', async (request, reply) => {
    const name = v.safeParse(UploadPath, (request.params as Record<string, unknown>)['*']);
    if (!name.success) return reply.callNotFound();
    const path = `${UPLOADS_PREFIX}${name.output}`;
    const info = await storage.stat(path);
    if (!info) {
      cache.delete(path);
      return reply.callNotFound();
    }
    const etag = entityTag(info);
    reply
      .header('cache-control', IMMUTABLE)
      .header('etag', etag)
      .header('last-modified', info.createdAt.toUTCString());
    if (isNotModified(request, etag, info.createdAt)) return reply.code(304).send();
    const cached = cache.get(path, etag);
    if (cached) return reply.type(info.contentType).send(cached);

    // Read now, which may find it deleted or stored again since the check: answer what is stored.
    const stored = await storage.get(path);
    if (!stored) return reply.callNotFound();
    const version = entityTag(stored);
    cache.set(path, version, stored.bytes);
    return reply
      .header('etag', version)
      .header('last-modified', stored.createdAt.toUTCString())
      .type(stored.contentType)
      .send(stored.bytes);
  });
}

/**
 * Serves the built SPA from `clientDir` when its index.html exists: hashed assets under /assets
 * cached for a year, everything else (the pages) revalidated on every load; Brotli or gzip files
 * made at build time when the client accepts them.
 * Resolves to the not-found fallback that answers client routes (GET/HEAD accepting HTML, outside
 * /api and /uploads) with the route's prerendered page when the build has one (`/`, `/products`,
 * `/auth/login`), else with the bare index.html, or to undefined when there is no build (API tests,
 * dev).
 */
export async function serveClient(
  app: FastifyInstance,
  clientDir: string,
): Promise<((request: FastifyRequest, reply: FastifyReply) => boolean) | undefined> {
  if (!existsSync(path.join(clientDir, 'index.html'))) return undefined;
  const assetsDir = path.join(clientDir, 'assets') + path.sep;
  await app.register(fastifyStatic, {
    root: clientDir,
    prefix: '/',
    // `/` is a client route like the others: the fallback answers it with its prerendered page.
    index: false,
    allowedPath: (pathname) => pathname !== '/',
    // The build writes .br and .gz beside every text asset (vite-plugin-compression2, issue 16): a
    // request is answered with the best one its Accept-Encoding allows, with no work per request.
    preCompressed: true,
    cacheControl: false,
    setHeaders: (reply, filePath) =>
      reply.header('cache-control', filePath.startsWith(assetsDir) ? IMMUTABLE : 'no-cache'),
  });

  const pages = findPrerenderedPages(clientDir);
  return (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !NOT_SPA.test(pathname) &&
      (request.headers.accept ?? '').includes('text/html');
    if (!isPage) return false;
    reply.code(200).sendFile(pages.get(pathname) ?? 'index.html');
    return true;
  };
}
