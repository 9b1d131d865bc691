/**
 * Static files: the built SPA (dist/client) with history fallback, and uploads under /uploads.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Vite's content-hashed files: safe to cache for a year. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Paths the SPA never answers, so unknown ones stay JSON 404s. */
const NOT_SPA = /^\/(api|uploads)(\/|$)/;

/**
 * Serves `uploadsDir` under /uploads: nosniff (helmet), long-lived cache, no directory listing.
 * Upload names are unique per upload, so a cached file never goes stale.
 */
export async function serveUploads(app: FastifyInstance, uploadsDir: string): Promise<void> {
  await app.register(fastifyStatic, {
    root: uploadsDir,
    prefix: '/uploads/',
    decorateReply: false,
    index: false,
    dotfiles: 'deny',
    cacheControl: false,
    setHeaders: (reply) => reply.header('cache-control', IMMUTABLE),
  });
}

/**
 * Serves the built SPA from `clientDir` when its index.html exists: hashed assets under /assets
 * cached for a year, everything else (index.html) revalidated on every load.
 * Resolves to the not-found fallback that answers client routes (GET/HEAD accepting HTML, outside
 * /api and /uploads) with index.html, or to undefined when there is no build (API tests, dev).
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
    index: 'index.html',
    cacheControl: false,
    setHeaders: (reply, filePath) =>
      reply.header('cache-control', filePath.startsWith(assetsDir) ? IMMUTABLE : 'no-cache'),
  });

  return (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !NOT_SPA.test(pathname) &&
      (request.headers.accept ?? '').includes('text/html');
    if (!isPage) return false;
    reply.code(200).sendFile('index.html');
    return true;
  };
}
