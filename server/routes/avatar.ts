/**
 * The signed-in user's avatar under /api/backoffice/account (spec §5 Avatar, issue 6 "Uploads"):
 * PUT and DELETE /upload/avatar; any Active user. This plugin reads the multipart body (an HTTP
 * concern, with its own 400/413/415 answers); the account service checks and stores the image.
 */
import multipart from '@fastify/multipart';
import type { Multipart } from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ProfileUser } from '@/api/schemas/auth';
import { ErrorResponse } from '@/api/schemas/common';
import type { AppServices } from '../app-services';
import { authOf } from '../auth/guard';
import { HttpError } from '../http/errors';
import { defineRoute } from '../http/route';
import { AVATAR_MAX_BYTES, AVATAR_TOO_LARGE_MESSAGE, AVATAR_UNSUPPORTED_MESSAGE } from '../uploads/avatars';

/** The 400 message when the multipart request has no file in its `file` field. */
export const AVATAR_MISSING_MESSAGE = 'Send the image in the multipart field "file"';
/** The 400 message for a second file, or any text field, next to the image. */
export const AVATAR_EXTRA_PARTS_MESSAGE = 'Send one image in the multipart field "file" and nothing else';
/** The 400 message for a body that is not well-formed multipart/form-data. */
export const AVATAR_MALFORMED_MESSAGE = 'The multipart/form-data body is malformed';
/** The 415 message for a body that is not multipart/form-data at all. */
export const AVATAR_NOT_MULTIPART_MESSAGE = 'Send the avatar as multipart/form-data';

/**
 * Room for the multipart framing around the image (boundaries, part headers), in bytes: a request
 * body larger than AVATAR_MAX_BYTES plus this cannot hold an accepted avatar.
 */
export const MULTIPART_ALLOWANCE_BYTES = 16 * 1024;
/** The largest avatar request body read, declared or streamed, in bytes (issue 13, point 7). */
export const AVATAR_REQUEST_MAX_BYTES = AVATAR_MAX_BYTES + MULTIPART_ALLOWANCE_BYTES;

/**
 * Busboy's limits for the avatar body: one part, and it is the file. A field or a second file is a
 * limit error, which the route answers with 400.
 */
const MULTIPART_LIMITS = {
  fileSize: AVATAR_MAX_BYTES,
  files: 1,
  fields: 0,
  parts: 1,
  headerPairs: 8,
  headerSize: 4 * 1024,
};

/** @fastify/multipart's limit errors: more parts, files or fields than MULTIPART_LIMITS allows. */
const EXTRA_PART_CODES = new Set(['FST_FILES_LIMIT', 'FST_FIELDS_LIMIT', 'FST_PARTS_LIMIT']);

/** The error a failure of @fastify/multipart or busboy while reading the body answers with. */
function multipartError(error: unknown): HttpError {
  if (error instanceof HttpError) return error;
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new HttpError(413, AVATAR_TOO_LARGE_MESSAGE);
  if (typeof code === 'string' && EXTRA_PART_CODES.has(code)) {
    return new HttpError(400, AVATAR_EXTRA_PARTS_MESSAGE);
  }
  // Everything else comes from the client's bytes: no boundary, a truncated part, a part header
  // over the limits, a body that ends early.
  return new HttpError(400, AVATAR_MALFORMED_MESSAGE);
}

/**
 * Reads the body's parts and resolves to the bytes of its one file part, named `file`. Stops at the
 * first chunk past AVATAR_MAX_BYTES (413) instead of draining the rest of the file, and at the
 * first part that is not that file (400).
 */
async function readOnlyFile(parts: AsyncIterableIterator<Multipart>): Promise<Buffer> {
  let bytes: Buffer | undefined;
  for await (const part of parts) {
    if (part.type !== 'file' || part.fieldname !== 'file') throw new HttpError(400, AVATAR_MISSING_MESSAGE);
    if (bytes) throw new HttpError(400, AVATAR_EXTRA_PARTS_MESSAGE);
    const chunks: Buffer[] = [];
    for await (const chunk of part.file) {
      if (part.file.truncated) throw new HttpError(413, AVATAR_TOO_LARGE_MESSAGE);
      chunks.push(chunk as Buffer);
    }
    if (part.file.truncated) throw new HttpError(413, AVATAR_TOO_LARGE_MESSAGE);
    bytes = Buffer.concat(chunks);
  }
  if (!bytes) throw new HttpError(400, AVATAR_MISSING_MESSAGE);
  return bytes;
}

/**
 * Rejects with 413 once more than `maxBytes` of `raw`'s body have streamed in, whatever part of
 * the multipart body they are in (a preamble, skipped parts), and stops feeding the parser.
 * `stop()` detaches it.
 */
function watchBodySize(
  raw: FastifyRequest['raw'],
  maxBytes: number,
): { exceeded: Promise<never>; stop(): void } {
  let received = 0;
  let reject: (error: HttpError) => void = () => undefined;
  const exceeded = new Promise<never>((_, fail) => (reject = fail));
  const onData = (chunk: Buffer) => {
    received += chunk.length;
    if (received <= maxBytes) return;
    raw.off('data', onData);
    raw.unpipe();
    raw.pause();
    reject(new HttpError(413, AVATAR_TOO_LARGE_MESSAGE));
  };
  raw.on('data', onData);
  return { exceeded, stop: () => raw.off('data', onData) };
}

/**
 * Reads the avatar upload: a multipart/form-data body whose only part is the image in the field
 * `file`. Resolves to its bytes (at most AVATAR_MAX_BYTES).
 * @throws HttpError 415 (not multipart), 413 (the file or the body past its limit, as soon as it
 *   is), 400 (no `file` part, another part, malformed multipart)
 */
async function readAvatarUpload(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw new HttpError(415, AVATAR_NOT_MULTIPART_MESSAGE);
  // Both start in this tick: readOnlyFile's first step pipes the body into busboy synchronously, and
  // the size watcher's 'data' listener is attached before the first chunk flows, so it sees all.
  const reading = readOnlyFile(request.parts());
  const size = watchBodySize(request.raw, AVATAR_REQUEST_MAX_BYTES);
  try {
    return await Promise.race([reading, size.exceeded]);
  } catch (error) {
    // Promise.race has subscribed to both, so the loser settling later is never unhandled.
    throw multipartError(error);
  } finally {
    size.stop();
  }
}

/** Route plugin; register with prefix /api/backoffice/account. */
export async function avatarRoutes(app: FastifyInstance, { account }: AppServices): Promise<void> {
  // Scoped to this plugin: only the avatar routes accept multipart bodies.
  await app.register(multipart, { throwFileSizeLimit: true, limits: MULTIPART_LIMITS });

  // Plugin hooks run before the route's own (the guard's), so a body declared too large is refused
  // before anything else is done with the request, and none of it is read.
  app.addHook('onRequest', async (request) => {
    const declared = Number(request.headers['content-length'] ?? 0);
    if (declared > AVATAR_REQUEST_MAX_BYTES) throw new HttpError(413, AVATAR_TOO_LARGE_MESSAGE);
  });
  // An answer sent before the body was read in full (413, a refused part, 401) closes the
  // connection: otherwise Node reads and discards the rest of the body to keep the socket alive.
  app.addHook('onSend', async (request, reply) => {
    if (!request.raw.complete) reply.header('connection', 'close');
  });

  defineRoute(
    app,
    {
      method: 'PUT',
      url: '/upload/avatar',
      summary:
        'Upload the signed-in user’s avatar (multipart/form-data, field "file", and no other part): ' +
        'a JPEG, GIF or PNG of at most 800 KiB and 4096 px a side; replaces the previous one',
      tags: ['account'],
      responses: {
        200: { description: 'The updated user, with the new avatar paths', schema: ProfileUser },
        400: {
          description:
            'No file, a second file or a text field, malformed multipart, a damaged image or one over 4096 px a side',
          schema: ErrorResponse,
        },
        413: { description: AVATAR_TOO_LARGE_MESSAGE, schema: ErrorResponse },
        415: { description: AVATAR_UNSUPPORTED_MESSAGE, schema: ErrorResponse },
      },
    },
    async ({ request }) => {
      const { userId } = authOf(request);
      return account.replaceAvatar(userId, await readAvatarUpload(request));
    },
  );

  defineRoute(
    app,
    {
      method: 'DELETE',
      url: '/upload/avatar',
      summary: 'Delete the signed-in user’s avatar (and its files); a user without one is left as is',
      tags: ['account'],
      responses: { 200: { description: 'The updated user, without an avatar', schema: ProfileUser } },
    },
    async ({ request }) => account.removeAvatar(authOf(request).userId),
  );
}
