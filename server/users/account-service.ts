/**
 * The signed-in user's own account (spec §5 Profile, Password change, Avatar; §7 /account calls;
 * issue 6 "Uploads", issue 13 limits): reading and renaming the profile, changing the password,
 * replacing or removing the avatar. Behind server/routes/account.ts and server/routes/avatar.ts.
 *
 * A password change is limited per account (`config.passwordChangeRateLimit`): each attempt is
 * counted in the database before the current password is checked, a correct current password
 * clears the count, and the Argon2 work runs under the process's hashing gate. A new password on
 * the list of common ones is refused before any of that (issue 27).
 */
import { eq } from 'drizzle-orm';
import type { ProfileUser } from '@/api/schemas/auth';
import { createAttemptCounter, tooManyAttempts } from '../auth/attempt-limits';
import { INVALID_TOKEN_MESSAGE } from '../auth/guard';
import type { HashingClient, HashingGate } from '../auth/hashing-gate';
import { hashPassword, isCommonPassword, verifyPassword } from '../auth/passwords';
import { revokeUserFamilies } from '../auth/refresh-tokens';
import type { Config } from '../config';
import type { Db } from '../db/open';
import { users } from '../db/schema';
import { InvalidInputError, NotAuthenticatedError } from '../domain-errors';
import { ownAvatarPaths, processAvatar } from '../uploads/avatars';
import type { ProcessedAvatar } from '../uploads/avatars';
import { databaseStorage } from '../uploads/storage';
import { loadProfile, profileColumns, toProfile } from './profile';

/** The 400 message when the current password given with a password change is wrong. */
export const WRONG_CURRENT_PASSWORD_MESSAGE = 'Current password is incorrect';
/** The 400 message when the new password is on the list of common ones (issue 27); names the field in words. */
export const COMMON_NEW_PASSWORD_MESSAGE =
  'The new password is too common. Choose one that is harder to guess.';
/** The 429 message once the wrong current passwords of an account have reached the limit (issue 13). */
export function tooManyPasswordChangesMessage(seconds: number): string {
  return `Too many wrong current passwords. Try again in ${seconds} seconds.`;
}

/** What the account service needs from the app. The limit is read from `config` on every attempt. */
export interface AccountDeps {
  db: Db;
  config: Pick<Config, 'passwordChangeRateLimit'>;
  hashing: HashingGate;
  now: () => Date;
}

/** The signed-in user's account; `userId` is the caller's (the guard has checked it). */
export interface AccountService {
  /** The caller's profile. @throws NotAuthenticatedError when the user is gone */
  profile(userId: number): Promise<ProfileUser>;
  /** Sets the caller's first and last name. @throws NotAuthenticatedError when the user is gone */
  rename(userId: number, names: { first_name: string; last_name: string }): Promise<ProfileUser>;
  /**
   * Replaces the caller's password and signs out every other login of theirs (`familyId` is the
   * caller's own, which stays).
   * @throws UnavailableError (hashing gate full; the attempt does not count), NotAuthenticatedError
   *   (user gone), TooManyAttemptsError (limit used up), InvalidInputError
   *   (COMMON_NEW_PASSWORD_MESSAGE, not counted; WRONG_CURRENT_PASSWORD_MESSAGE, with the limit's state)
   */
  changePassword(
    userId: number,
    familyId: number,
    passwords: { old_password: string; new_password: string },
  ): Promise<void>;
  /**
   * Checks and re-encodes `bytes` (server/uploads/avatars.ts) and makes it the caller's avatar.
   * @throws UnsupportedFormatError, InvalidInputError (see processAvatar), NotAuthenticatedError
   */
  replaceAvatar(userId: number, bytes: Buffer): Promise<ProfileUser>;
  /** Removes the caller's avatar and its files (none: nothing changes). @throws NotAuthenticatedError */
  removeAvatar(userId: number): Promise<ProfileUser>;
}

/**
 * A password change comes from a signed-in user (the guard checked the access token), so it takes
 * the hashing gate's priority lane: an anonymous login flood does not stop it (issue 27). Its own
 * attempts are still limited per account.
 */
const SIGNED_IN: HashingClient = { priority: true };

/** The account service over `deps`, with its own attempt counter on `deps.db`. */
export function createAccountService({ db, config, hashing, now }: AccountDeps): AccountService {
  const attempts = createAttemptCounter(db, now);

  /**
   * Replaces (or, with `next` null, clears) the caller's avatar in one transaction: stores the new
   * files, points the user at them and deletes the previous files, so no process ever serves a
   * path the user row does not name, and a failure leaves both as they were. The row is locked so
   * two concurrent uploads cannot both take the same previous files and orphan one another's.
   */
  function swapAvatar(userId: number, next: ProcessedAvatar | null): Promise<ProfileUser> {
    const at = now();
    return db.transaction(async (tx) => {
      const [before] = await tx
        .select({ original: users.avatar_original, thumb36: users.avatar_thumb_36 })
        .from(users)
        .where(eq(users.id, userId))
        .for('update');
      if (!before) throw new NotAuthenticatedError(INVALID_TOKEN_MESSAGE);
      const storage = databaseStorage(tx);
      if (next) await storage.put([next.original, next.thumb36]);
      const [row] = await tx
        .update(users)
        .set({
          avatar_original: next?.original.path ?? null,
          avatar_thumb_36: next?.thumb36.path ?? null,
          updated_at: at,
        })
        .where(eq(users.id, userId))
        .returning(profileColumns);
      if (!row) throw new NotAuthenticatedError(INVALID_TOKEN_MESSAGE);
      await storage.delete(ownAvatarPaths([before.original, before.thumb36]));
      return toProfile(row);
    });
  }

  return {
    profile: (userId) => loadProfile(db, userId),

    async rename(userId, names) {
      const [row] = await db
        .update(users)
        .set({ first_name: names.first_name, last_name: names.last_name, updated_at: now() })
        .where(eq(users.id, userId))
        .returning(profileColumns);
      if (!row) throw new NotAuthenticatedError(INVALID_TOKEN_MESSAGE);
      return toProfile(row);
    },

    async changePassword(userId, familyId, passwords) {
      if (isCommonPassword(passwords.new_password)) {
        throw new InvalidInputError(COMMON_NEW_PASSWORD_MESSAGE, { field: 'new_password' });
      }
      hashing.assertRoom(SIGNED_IN);
      const [user] = await db
        .select({ password_hash: users.password_hash })
        .from(users)
        .where(eq(users.id, userId))
        .limit(1);
      if (!user) throw new NotAuthenticatedError(INVALID_TOKEN_MESSAGE);
      const key = `password-change:${userId}`;
      const attempt = await attempts.count(key, config.passwordChangeRateLimit);
      if (!attempt.allowed) {
        throw tooManyAttempts(attempt, tooManyPasswordChangesMessage(attempt.resetSeconds));
      }
      let passwordHash: string | null;
      try {
        // One slot for both hashes: a request admitted to the gate is not refused half way.
        passwordHash = await hashing.run(
          async () =>
            (await verifyPassword(user.password_hash, passwords.old_password))
              ? hashPassword(passwords.new_password)
              : null,
          SIGNED_IN,
        );
      } catch (error) {
        // Nothing was checked (the hashing gate was full), so the attempt does not count.
        await attempts.refund(key, attempt);
        throw error;
      }
      if (passwordHash === null) {
        throw new InvalidInputError(WRONG_CURRENT_PASSWORD_MESSAGE, {
          field: 'old_password',
          limitState: attempt,
        });
      }
      await attempts.clear(key);
      const at = now();
      await db.transaction(async (tx) => {
        await tx
          .update(users)
          .set({ password_hash: passwordHash, updated_at: at })
          .where(eq(users.id, userId));
        // Whoever else holds a session of this user (a stolen one included) must sign in again.
        await revokeUserFamilies(tx, userId, 'password_changed', at, { keepFamilyId: familyId });
      });
    },

    async replaceAvatar(userId, bytes) {
      return swapAvatar(userId, await processAvatar(bytes));
    },

    removeAvatar: (userId) => swapAvatar(userId, null),
  };
}
