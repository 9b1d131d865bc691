/**
 * The Fastify application (ARCHITECTURE.md §3, Fastify's guidance: `buildApp` separate from
 * `listen`). One process serves the API under /api/backoffice, /api/health, /api/openapi.json,
 * uploads under /uploads and, when it has been built, the SPA with history fallback.
 */
import { constants as zlibConstants } from 'node:zlib';
import compress from '@fastify/compress';
import Fastify from 'fastify';
import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import helmet from 'helmet';
import { createAppServices } from './app-services';
import { accessFor, BACKOFFICE_PREFIX, createGuard } from './auth/guard';
import type { Config } from './config';
import type { Db } from './db/open';
import { fastifyTrustProxy } from './http/client-address';
import { installErrorHandler, installNotFoundHandler } from './http/errors';
import { serializeError } from './http/log-serializers';
import type { RouteRegistry } from './http/openapi';
import { accountRoutes } from './routes/account';
import { authRoutes } from './routes/auth';
import { avatarRoutes } from './routes/avatar';
import { FEED_DELIVERY_PREFIX, feedDeliveryRoutes, loggableUrl } from './routes/feed-delivery';
import { dashboardRoutes } from './routes/dashboard';
import { feedRoutes } from './routes/feeds';
import { healthRoutes } from './routes/health';
import { openApiRoutes } from './routes/openapi';
import { shopRoutes } from './routes/shop';
import { serveClient, serveUploads } from './routes/spa';
import { shopifyRoutes } from './routes/shopify';
import { userRoutes } from './routes/users';
import { scheduleStoreSyncs } from './shopify/sync-schedule';
import { networkTransport } from './shopify/store-client';
import type { ShopifyTransport } from './shopify/store-client';

/** Bytes under which an API answer goes out uncompressed (compressing it would save little). */
export const API_COMPRESSION_THRESHOLD = 1024;
export interface AppDeps {
  db: Db;
  /** Defaults to the wall clock. */
  now?: () => Date;
  /** Where log lines (JSON, one per write) go; defaults to stdout. Tests read the log here. */
  logStream?: { write(line: string): void };
  /** Overrides of REQUEST_TIMEOUTS (tests shorten them). */
  timeouts?: Partial<typeof REQUEST_TIMEOUTS>;
  /**
   * Tests only: overrides of how calls reach customers' Shopify stores (a fetch that carries the
   * store's host to a stand-in Admin API on the loopback, a sleep that does not wait). server/main.ts
   * passes none: calls then go to each customer's saved host over the network.
   */
  shopifyTransport?: Partial<ShopifyTransport>;
}

/**
 * How long a client may take to send a request, in ms (issue 13: a stalled body must not hold a
 * socket). Node checks the deadlines every `checkIntervalMs`, so a stalled request is answered 408
 * and closed at most `requestMs + checkIntervalMs` after it began: 25 s + 1 s, under the 30 s.
 * An 800 KiB avatar at 0.5 Mbit/s takes 13 s.
 */
export const REQUEST_TIMEOUTS = { requestMs: 25_000, checkIntervalMs: 1_000 };

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route declared with `defineRoute`, with its full path and access level. */
    routeRegistry: RouteRegistry;
  }
}

/** Content-Security-Policy of every response (issue 2): no inline scripts, no framing. */
const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  // Chakra (emotion) injects <style> tags at runtime.
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
  connectSrc: ["'self'"],
  fontSrc: ["'self'", 'data:'],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
};

function asArray<T>(value: T | T[] | undefined): T[] {
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

/**
 * Builds the application on an opened database (no listen). Resolves once every plugin is
 * registered; call `app.ready()` / `app.listen()` next. Throws at registration when a route under
 * /api/backoffice is not declared with `defineRoute`.
 */
export async function buildApp(config: Config, deps: AppDeps): Promise<FastifyInstance> {
  const timeouts = { ...REQUEST_TIMEOUTS, ...deps.timeouts };
  const app = Fastify({
    trustProxy: fastifyTrustProxy(config.trustProxy),
    requestTimeout: timeouts.requestMs,
    logger: {
      level: config.logLevel,
      // Tokens travel only in headers and bodies; neither ever reaches a log line.
      redact: {
        paths: ['req.headers.authorization', 'req.headers.cookie', 'req.body', 'res.headers["set-cookie"]'],
        censor: '[redacted]',
      },
      // Fastify's own request fields, with the feed delivery API's query strings left out (issue 12);
      // errors without the values of failed queries (issue 13).
      serializers: {
        err: serializeError,
        req: (request) => ({
          method: request.method,
          url: loggableUrl(request.url),
          host: request.host,
          remoteAddress: request.ip,
          remotePort: request.socket?.remotePort,
        }),
      },
      ...(deps.logStream ? { stream: deps.logStream } : {}),
    },
  });
  // Fastify sets neither; Node reads the interval when the server starts listening.
  app.server.headersTimeout = timeouts.requestMs;
  (app.server as { connectionsCheckingInterval?: number }).connectionsCheckingInterval =
    timeouts.checkIntervalMs;
  const now = deps.now ?? (() => new Date());
  const services = createAppServices(config, {
    db: deps.db,
    now,
    shopifyTransport: { ...networkTransport(), ...deps.shopifyTransport },
  });
  app.decorate('routeRegistry', services.registry);
  app.decorateRequest('auth', null);

  const guard = createGuard({ db: deps.db, jwtSecret: config.jwtSecret, now });
  app.addHook('onRoute', (route) => {
    const access = accessFor(route.url);
    if (access === 'user' || access === 'admin') {
      const checks = access === 'admin' ? [guard.authenticate, guard.requireAdmin] : [guard.authenticate];
      route.onRequest = [...(checks as onRequestHookHandler[]), ...asArray(route.onRequest)];
    }
    // Fastify adds a HEAD twin of every GET; it is guarded above but documented once.
    if (route.method === 'HEAD') return;
    const contract = route.config?.contract;
    if (contract) {
      services.registry.add({
        method: contract.method,
        path: route.url,
        access: access ?? 'public',
        contract,
      });
    } else if (access !== null) {
      throw new Error(
        `${String(route.method)} ${route.url}: routes under ${BACKOFFICE_PREFIX} must use defineRoute`,
      );
    }
  });

  installErrorHandler(app);
  // API answers are private and may carry tokens or secrets (issue 13): no cache keeps one unless its
  // route chose a policy itself (the ETag'd lists and feeds revalidate with `private, no-cache`).
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control'))
      reply.header('cache-control', 'no-store');
    return payload;
  });
  // The API speaks JSON only (uploads bring their own multipart parser).
  app.removeContentTypeParser('text/plain');

  // Issue 16: API answers above 1 KiB go out compressed as the client accepts, Brotli at quality 4 (close
  // to gzip's cost per request, smaller output) or gzip. Static files come pre-compressed from the
  // build (serveClient), and feed delivery compresses each rendering once itself (its Content-Encoding
  // makes this plugin leave the body alone).
  await app.register(compress, {
    global: true,
    threshold: API_COMPRESSION_THRESHOLD,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
  });
  // Helmet's middleware is built once here: @fastify/helmet 13.2 builds it again on every request
  // (parsing these directives each time), 4 % of a feed pull's CPU (issue 31).
  const securityHeaders = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // The legacy twin of frame-ancestors 'none', for browsers that ignore CSP.
    frameguard: { action: 'deny' },
  });
  app.addHook('onRequest', (request, reply, done) => securityHeaders(request.raw, reply.raw, () => done()));

  await app.register(healthRoutes, { ...services, prefix: '/api' });
  await app.register(openApiRoutes, { ...services, prefix: '/api' });
  await app.register(authRoutes, { ...services, prefix: BACKOFFICE_PREFIX });
  await app.register(accountRoutes, { ...services, prefix: `${BACKOFFICE_PREFIX}/account` });
  await app.register(avatarRoutes, { ...services, prefix: `${BACKOFFICE_PREFIX}/account` });
  await app.register(userRoutes, { ...services, prefix: `${BACKOFFICE_PREFIX}/users` });
  await app.register(feedRoutes, { ...services, prefix: BACKOFFICE_PREFIX });
  await app.register(shopRoutes, { ...services, prefix: `${BACKOFFICE_PREFIX}/shop` });
  await app.register(feedDeliveryRoutes, { ...services, prefix: FEED_DELIVERY_PREFIX });
  await app.register(dashboardRoutes, { ...services, prefix: `${BACKOFFICE_PREFIX}/dashboard` });
  await app.register(shopifyRoutes, { ...services, prefix: BACKOFFICE_PREFIX });
  scheduleStoreSyncs(app, services.shopify, config.shopifySyncIntervalMinutes);

  await serveUploads(app, services.uploads);
  const clientFallback = await serveClient(app, config.clientDir);
  installNotFoundHandler(app, clientFallback);

  return app;
}
