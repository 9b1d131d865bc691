/**
 * Errors as the API answers them: always `{ statusCode, error, message }` (the ErrorResponse
 * contract in src/api/schemas/common.ts). 4xx messages are written for people; 5xx bodies never
 * carry a stack or an internal message, the detail goes to the server log only.
 *
 * The one place where refusals become HTTP (issue 14): services throw the domain errors of
 * server/domain-errors.ts and the error handler below maps them to a status and headers; the HTTP
 * edge itself (route plugins, request validation) may throw `HttpError` directly. A database that
 * cannot be used right now (issue 27) is a 503 with Retry-After wherever its error surfaces.
 */
import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorResponse } from '@/api/schemas/common';
import { databaseUnavailableReason } from '../db/outage';
import {
  DatabaseUnavailableError,
  DomainError,
  TooManyAttemptsError,
  UnavailableError,
} from '../domain-errors';
import type { DomainErrorKind, LimitState } from '../domain-errors';

/** An error that becomes an HTTP answer with its status, a safe message and optional headers. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly headers: Record<string, string | number> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/** The standard error body for `statusCode` ('Unauthorized', 'Forbidden', ... as `error`). */
export function errorBody(statusCode: number, message: string): ErrorResponse {
  return { statusCode, error: STATUS_CODES[statusCode] ?? 'Error', message };
}

/** The status each kind of domain error answers with. */
export const DOMAIN_ERROR_STATUS: Readonly<Record<DomainErrorKind, number>> = {
  invalid_input: 400,
  not_authenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  unsupported_format: 415,
  too_many_attempts: 429,
  unavailable: 503,
};

/** The RateLimit-Limit / -Remaining / -Reset headers of an attempt limit (as the login has always sent). */
export function rateLimitHeaders(state: LimitState): Record<string, number> {
  return {
    'ratelimit-limit': state.limit,
    'ratelimit-remaining': state.remaining,
    'ratelimit-reset': state.resetSeconds,
  };
}

/**
 * The HTTP answer of a domain error: its kind's status, its message, Retry-After when it says when
 * to come back, and the RateLimit headers when it was counted against an attempt limit.
 */
export function httpErrorOf(error: DomainError): HttpError {
  const retryAfter =
    error instanceof TooManyAttemptsError || error instanceof UnavailableError
      ? error.retryAfterSeconds
      : undefined;
  return new HttpError(DOMAIN_ERROR_STATUS[error.kind], error.message, {
    ...(retryAfter === undefined ? {} : { 'retry-after': retryAfter }),
    ...(error.limitState ? rateLimitHeaders(error.limitState) : {}),
  });
}

/**
 * Fastify's own request errors rewritten for people. A malformed body is a 400 whatever
 * went wrong with it (issue 2: "Malformed bodies ... → 400 with a message, never 500").
 */
const BODY_ERRORS: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'Request body is not valid JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'Request body is empty; send a JSON object',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported Content-Type; send application/json',
  FST_ERR_CTP_BODY_TOO_LARGE: 'Request body is too large',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'Request body size did not match Content-Length',
};

function sendError(reply: FastifyReply, statusCode: number, message: string): FastifyReply {
  return reply.code(statusCode).type('application/json; charset=utf-8').send(errorBody(statusCode, message));
}

/**
 * Installs the error handler on `app`. Call it before registering route plugins: each plugin
 * keeps the handler its parent had when it was registered.
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((thrown: FastifyError | HttpError | DomainError, request, reply) => {
    const databaseReason = thrown instanceof DomainError ? null : databaseUnavailableReason(thrown);
    if (databaseReason) {
      // The outage itself is logged once, with its error, by the database's monitor
      // (server/db/outage.ts); each request it fails gets a short line.
      request.log.warn({ reason: databaseReason }, 'database unavailable: answered 503');
    }
    const refusal = databaseReason ? new DatabaseUnavailableError(databaseReason, { cause: thrown }) : thrown;
    const error = refusal instanceof DomainError ? httpErrorOf(refusal) : refusal;
    if (error instanceof HttpError) {
      reply.headers(error.headers);
      return sendError(reply, error.statusCode, error.message);
    }
    const bodyMessage = error.code ? BODY_ERRORS[error.code] : undefined;
    if (bodyMessage) return sendError(reply, 400, bodyMessage);
    const statusCode = error.statusCode ?? 500;
    if (statusCode >= 400 && statusCode < 500) {
      // Fastify's 4xx messages are safe to show (e.g. prototype poisoning in a JSON body).
      return sendError(reply, statusCode, error.message);
    }
    request.log.error({ err: error }, 'request failed');
    return sendError(reply, 500, 'Internal Server Error');
  });
}

/**
 * Installs the 404 handler: `fallback` may answer first (the SPA's history fallback) and returns
 * false to fall through to the JSON 404.
 */
export function installNotFoundHandler(
  app: FastifyInstance,
  fallback: (request: FastifyRequest, reply: FastifyReply) => boolean = () => false,
): void {
  app.setNotFoundHandler((request, reply) => {
    if (fallback(request, reply)) return reply;
    const pathname = request.url.split('?')[0] ?? request.url;
    return sendError(reply, 404, `Route ${request.method} ${pathname} not found`);
  });
}
