/**
 * The signed-in user's avatar under /api/backoffice/account (spec §5 Avatar, issue 6 "Uploads"):
 * PUT and DELETE /upload/avatar; any Active user.
 */
import multipart from '@fastify/multipart';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ProfileUser } from '@/api/schemas/auth';
import { ErrorResponse } from '@/api/schemas/common';
import type { AppServices } from '../app';
import { authOf, INVALID_TOKEN_MESSAGE } from '../auth/guard';
import type { Db } from '../db/open';
import { users } from '../db/schema';
import { HttpError } from '../http/errors';
import { defineRoute } from '../http/route';
import {
  AVATAR_MAX_BYTES,
  AVATAR_TOO_LARGE_MESSAGE,
  AVATAR_UNSUPPORTED_MESSAGE,
  removeAvatarFiles,
  storeAvatar,
} from '../uploads/avatars';
import { profileColumns, toProfile } from '../users/profile';

/** The 400 message when the multipart request has no file in its `file` field. */
export const AVATAR_MISSING_MESSAGE = 'Send the image in the multipart field "file"';

/**
 * Replaces (or, with `next` null, clears) the caller's avatar paths and resolves to the updated
 * profile and the previous paths. The row is locked so two concurrent uploads cannot both take
 * the same previous files and orphan one another's.
 */
async function swapAvatar(
  db: Db,
  userId: number,
  next: { original: string; thumb36: string } | null,
  now: Date,
): Promise<{ profile: ProfileUser; previous: Array<string | null> }> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ original: users.avatar_original, thumb36: users.avatar_thumb_36 })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    if (!before) throw new HttpError(401, INVALID_TOKEN_MESSAGE);
    const [row] = await tx
      .update(users)
      .set({
        avatar_original: next?.original ?? null,
        avatar_thumb_36: next?.thumb36 ?? null,
        updated_at: now,
      })
      .where(eq(users.id, userId))
      .returning(profileColumns);
    if (!row) throw new HttpError(401, INVALID_TOKEN_MESSAGE);
    return { profile: toProfile(row), previous: [before.original, before.thumb36] };
  });
}

/**
 * Reads the `file` part of a multipart request into memory, refusing it with 413 as soon as the
 * stream passes AVATAR_MAX_BYTES (busboy stops there; nothing has been written).
 */
async function readAvatarUpload(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw new HttpError(415, 'Send the avatar as multipart/form-data');
  let part;
  try {
    part = await request.file({ limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 0, parts: 2 } });
  } catch (error) {
    throw multipartError(error);
  }
  if (!part || part.fieldname !== 'file') throw new HttpError(400, AVATAR_MISSING_MESSAGE);
  try {
    return await part.toBuffer();
  } catch (error) {
    throw multipartError(error);
  }
}

function multipartError(error: unknown): unknown {
  if (error instanceof HttpError) return error;
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new HttpError(413, AVATAR_TOO_LARGE_MESSAGE);
  if (code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') {
    return new HttpError(400, `Send one image in the multipart field "file" and nothing else`);
  }
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') return new HttpError(415, AVATAR_UNSUPPORTED_MESSAGE);
  return error;
}
/** Route plugin; register with prefix /api/backoffice/account. */
export async function avatarRoutes(app: FastifyInstance, { config, db, now }: AppServices): Promise<void> {
  // Scoped to this plugin: only the avatar routes accept multipart bodies.
  await app.register(multipart, { throwFileSizeLimit: true, limits: { fileSize: AVATAR_MAX_BYTES } });

  defineRoute(
    app,
    {
      method: 'PUT',
      url: '/upload/avatar',
      summary:
        'Upload the signed-in user’s avatar (multipart/form-data, field "file"): a JPEG, GIF or PNG ' +
        'of at most 800 KiB and 4096 px a side; replaces the previous one',
      tags: ['account'],
      responses: {
        200: { description: 'The updated user, with the new avatar paths', schema: ProfileUser },
        400: { description: 'No file, a damaged image or one over 4096 px a side', schema: ErrorResponse },
        413: { description: AVATAR_TOO_LARGE_MESSAGE, schema: ErrorResponse },
        415: { description: AVATAR_UNSUPPORTED_MESSAGE, schema: ErrorResponse },
      },
    },
    async ({ request }) => {
      const { userId } = authOf(request);
      const bytes = await readAvatarUpload(request);
      const stored = await storeAvatar(config.uploadsDir, bytes);
      let result;
      try {
        result = await swapAvatar(db, userId, stored, now());
      } catch (error) {
        await removeAvatarFiles(config.uploadsDir, [stored.original, stored.thumb36]);
        throw error;
      }
      await removeAvatarFiles(config.uploadsDir, result.previous);
      return result.profile;
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
    async ({ request }) => {
      const result = await swapAvatar(db, authOf(request).userId, null, now());
      await removeAvatarFiles(config.uploadsDir, result.previous);
      return result.profile;
    },
  );
}
