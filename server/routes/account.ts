/**
 * The signed-in user's own account under /api/backoffice/account (spec §7); any Active user.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { ProfileUser } from '@/api/schemas/auth';
import type { AppServices } from '../app';
import { authOf, INVALID_TOKEN_MESSAGE } from '../auth/guard';
import { users } from '../db/schema';
import { HttpError } from '../http/errors';
import { defineRoute } from '../http/route';

/** Route plugin; register with prefix /api/backoffice/account. */
export async function accountRoutes(app: FastifyInstance, { db }: AppServices): Promise<void> {
  defineRoute(
    app,
    {
      method: 'GET',
      url: '/profile',
      summary: 'The signed-in user',
      tags: ['account'],
      responses: { 200: { description: 'The signed-in user', schema: ProfileUser } },
    },
    async ({ request }) => {
      const [user] = await db
        .select({
          id: users.id,
          user_type_id: users.user_type_id,
          first_name: users.first_name,
          last_name: users.last_name,
          email: users.email,
          avatar_original: users.avatar_original,
          avatar_thumb_36: users.avatar_thumb_36,
        })
        .from(users)
        .where(eq(users.id, authOf(request).userId))
        .limit(1);
      // The guard has just seen this user; it can only be gone if deleted in between.
      if (!user) throw new HttpError(401, INVALID_TOKEN_MESSAGE);
      const { avatar_original, avatar_thumb_36, ...profile } = user;
      return {
        ...profile,
        avatar: avatar_original
          ? { original: avatar_original, thumbnails: { thumb_36: avatar_thumb_36 ?? avatar_original } }
          : null,
      };
    },
  );
}
