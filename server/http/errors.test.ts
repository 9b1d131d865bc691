import { DrizzleQueryError } from 'drizzle-orm/errors';
import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import {
  ConflictError,
  DATABASE_RETRY_AFTER_SECONDS,
  DATABASE_UNAVAILABLE_MESSAGE,
  ForbiddenError,
  InvalidInputError,
  NotAuthenticatedError,
  NotFoundError,
  TooManyAttemptsError,
  UnavailableError,
  UnsupportedFormatError,
} from '../domain-errors';
import type { DomainError } from '../domain-errors';
import { HASHING_BUSY_MESSAGE, HASHING_BUSY_RETRY_AFTER_SECONDS } from '../auth/hashing-gate';
import { HttpError, installErrorHandler } from './errors';

/** An app whose one route throws `error`, with the app's error handler. */
async function throwingApp(error: Error): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  installErrorHandler(app);
  app.get('/', async () => {
    throw error;
  });
  await app.ready();
  return app;
}

const limit = { limit: 5, remaining: 0, resetSeconds: 900 };

describe('the error handler (issue 14: services throw domain errors, one handler maps them)', () => {
  let app: FastifyInstance | undefined;
  afterEach(async () => {
    await app?.close();
  });

  it.each<[string, DomainError, number, string]>([
    ['invalid input', new InvalidInputError('name: required', { field: 'name' }), 400, 'Bad Request'],
    ['not authenticated', new NotAuthenticatedError('Invalid token'), 401, 'Unauthorized'],
    ['forbidden', new ForbiddenError('Forbidden'), 403, 'Forbidden'],
    ['not found', new NotFoundError('User not found'), 404, 'Not Found'],
    ['conflict', new ConflictError('Email taken'), 409, 'Conflict'],
    ['unsupported format', new UnsupportedFormatError('Not an image'), 415, 'Unsupported Media Type'],
    ['too many attempts', new TooManyAttemptsError('Slow down', 60), 429, 'Too Many Requests'],
    ['unavailable', new UnavailableError('Database unavailable'), 503, 'Service Unavailable'],
  ])('answers %s with its status and the message for people', async (_, error, statusCode, reason) => {
    app = await throwingApp(error);
    const response = await app.inject({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(statusCode);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toEqual({ statusCode, error: reason, message: error.message });
  });

  it('sends Retry-After of a refusal that says when to come back, and none otherwise', async () => {
    app = await throwingApp(new UnavailableError(HASHING_BUSY_MESSAGE, HASHING_BUSY_RETRY_AFTER_SECONDS));
    const busy = await app.inject({ method: 'GET', url: '/' });
    expect(busy.statusCode).toBe(503);
    expect(busy.headers['retry-after']).toBe(String(HASHING_BUSY_RETRY_AFTER_SECONDS));
    await app.close();

    app = await throwingApp(new UnavailableError('Database unavailable'));
    expect((await app.inject({ method: 'GET', url: '/' })).headers['retry-after']).toBeUndefined();
  });

  it('sends the RateLimit headers of a refusal counted against an attempt limit', async () => {
    app = await throwingApp(new TooManyAttemptsError('Slow down', limit.resetSeconds, { limitState: limit }));
    const refused = await app.inject({ method: 'GET', url: '/' });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers).toMatchObject({
      'retry-after': '900',
      'ratelimit-limit': '5',
      'ratelimit-remaining': '0',
      'ratelimit-reset': '900',
    });
    await app.close();

    app = await throwingApp(
      new NotAuthenticatedError('Invalid username or password', { limitState: { ...limit, remaining: 3 } }),
    );
    const failed = await app.inject({ method: 'GET', url: '/' });
    expect(failed.statusCode).toBe(401);
    expect(failed.headers).toMatchObject({ 'ratelimit-remaining': '3' });
    expect(failed.headers['retry-after']).toBeUndefined();
  });

  it('answers an HttpError of the HTTP edge with its status and headers', async () => {
    app = await throwingApp(new HttpError(413, 'Too large', { connection: 'close' }));
    const response = await app.inject({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ statusCode: 413, error: 'Payload Too Large', message: 'Too large' });
  });

  it('answers a database that cannot be used with 503, Retry-After and the message, logging the reason', async () => {
    const lines: string[] = [];
    app = Fastify({ logger: { level: 'warn', stream: { write: (line: string) => lines.push(line) } } });
    installErrorHandler(app);
    app.get('/', async () => {
      // What PGlite raises through Drizzle when its disk is full; the parameter must not leak.
      const full = Object.assign(new Error('could not extend file "base/5/16385": No space left on device'), {
        code: '53100',
      });
      throw new DrizzleQueryError('insert into "brands" ("name") values ($1)', ['Secret Brand'], full);
    });
    await app.ready();

    const response = await app.inject({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
    expect(response.json()).toEqual({
      statusCode: 503,
      error: 'Service Unavailable',
      message: DATABASE_UNAVAILABLE_MESSAGE,
    });
    const logged = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(logged).toEqual([
      expect.objectContaining({
        level: 40,
        reason: 'database disk full',
        msg: 'database unavailable: answered 503',
      }),
    ]);
    expect(lines.join('')).not.toContain('Secret Brand');
  });

  it('answers any other error with a bare 500', async () => {
    app = await throwingApp(new Error('secret detail'));
    const response = await app.inject({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      statusCode: 500,
      error: 'Internal Server Error',
      message: 'Internal Server Error',
    });
  });
});
