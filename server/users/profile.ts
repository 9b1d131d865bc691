/**
 * The signed-in user's profile as the account routes answer it (spec §3 "Profile user").
 */
import { eq } from 'drizzle-orm';
import type { ProfileUser } from '@/api/schemas/auth';
import { INVALID_TOKEN_MESSAGE } from '../auth/guard';
import type { Db } from '../db/open';
import { users } from '../db/schema';
import { NotAuthenticatedError } from '../domain-errors';

/** The columns of `users` a profile is made of; pass to `.returning()` / `.select()`. */
export const profileColumns = {
  id: users.id,
  user_type_id: users.user_type_id,
  first_name: users.first_name,
  last_name: users.last_name,
  email: users.email,
  avatar_original: users.avatar_original,
  avatar_thumb_36: users.avatar_thumb_36,
};

export type ProfileRow = {
  id: number;
  user_type_id: number;
  first_name: string;
  last_name: string;
  email: string;
  avatar_original: string | null;
  avatar_thumb_36: string | null;
};

/** The wire shape of a user row (spec §3 Profile user: avatar.original and thumbnails.thumb_36). */
export function toProfile({ avatar_original, avatar_thumb_36, ...profile }: ProfileRow): ProfileUser {
  return {
    ...profile,
    avatar: avatar_original
      ? { original: avatar_original, thumbnails: { thumb_36: avatar_thumb_36 ?? avatar_original } }
      : null,
  };
}

/** The caller's row; 401 when it is gone (the guard has just seen it, so only a deletion in between). */
export async function loadProfile(db: Db, userId: number): Promise<ProfileUser> {
  const [row] = await db.select(profileColumns).from(users).where(eq(users.id, userId)).limit(1);
  if (!row) throw new NotAuthenticatedError(INVALID_TOKEN_MESSAGE);
  return toProfile(row);
}
