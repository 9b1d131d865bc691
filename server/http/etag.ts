/**
 * Entity tags for GET answers that clients poll (GET /shop/products, the feed delivery API):
 * the ETag is a hash of the exact body, so it changes exactly when the body does, whichever
 * process of a scaled-out deployment answers.
 */
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** A strong ETag of `body` (text as UTF-8, or bytes): the quoted base64url SHA-256 of its bytes. */
export function etagOf(body: string | Uint8Array): string {
  const hash = createHash('sha256');
  if (typeof body === 'string') hash.update(body, 'utf8');
  else hash.update(body);
  return `"${hash.digest('base64url')}"`;
}

/**
 * The ETag of a content-coded representation of the body whose ETag is `etag`: the coding inside
 * the quotes (`"abc"` → `"abc-gzip"`). Each representation needs its own strong tag (RFC 9110
 * §8.8.3), and deriving it from the identity tag means a 304 never has to compress anything.
 */
export function codedEtag(etag: string, coding: string): string {
  return `${etag.slice(0, -1)}-${coding}"`;
}

/**
 * True when an If-None-Match header value names `etag` (RFC 9110 §13.1.2: a list of tags or `*`,
 * compared weakly, so `W/"x"` matches `"x"`).
 */
export function ifNoneMatchHits(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const opaque = etag.replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === opaque);
}

/**
 * Sets the validator headers of a pollable answer (`etag`; `Cache-Control: private, no-cache`, so
 * caches revalidate each time; `Vary: vary`, by default Authorization, which keeps one caller's
 * answer from another) and sends 304 without a body when If-None-Match already names `etag`.
 * @returns true when the 304 was sent (the caller sends nothing more), false when a 200 is due
 */
export function answeredNotModified(
  request: FastifyRequest,
  reply: FastifyReply,
  etag: string,
  vary = 'Authorization',
): boolean {
  reply.header('ETag', etag).header('Cache-Control', 'private, no-cache').header('Vary', vary);
  if (!ifNoneMatchHits(request.headers['if-none-match'], etag)) return false;
  reply.code(304).send();
  return true;
}

/**
 * Sends `body` as `contentType` with its ETag (`etag`, when the caller already has it, else
 * computed), or 304 without a body when the request's If-None-Match already names it
 * (see answeredNotModified for the caching headers).
 */
export function sendWithEtag(
  request: FastifyRequest,
  reply: FastifyReply,
  body: string,
  contentType: string,
  etag: string = etagOf(body),
): FastifyReply {
  if (answeredNotModified(request, reply, etag)) return reply;
  return reply.code(200).type(contentType).send(body);
}
