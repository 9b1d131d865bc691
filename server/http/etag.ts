/**
 * Entity tags for GET answers that clients poll (GET /shop/products, the feed delivery API):
 * the ETag is a hash of the exact body, so it changes exactly when the body does, whichever
 * process of a scaled-out deployment answers.
 */
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** A strong ETag of `body`: the quoted base64url SHA-256 of its bytes. */
export function etagOf(body: string): string {
  return `"${createHash('sha256').update(body, 'utf8').digest('base64url')}"`;
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
 * Sends `body` as `contentType` with its ETag (`etag`, when the caller already has it, else
 * computed), or 304 without a body when the request's If-None-Match already names it.
 * `Cache-Control: private, no-cache` makes caches revalidate each time, and `Vary: Authorization`
 * keeps one caller's answer from another.
 */
export function sendWithEtag(
  request: FastifyRequest,
  reply: FastifyReply,
  body: string,
  contentType: string,
  etag: string = etagOf(body),
): FastifyReply {
  reply.header('ETag', etag).header('Cache-Control', 'private, no-cache').header('Vary', 'Authorization');
  if (ifNoneMatchHits(request.headers['if-none-match'], etag)) return reply.code(304).send();
  return reply.code(200).type(contentType).send(body);
}
