/**
 * The signed-in user's own account under /api/backoffice/account (spec §5 Profile, Password change,
 * §7 /account calls); any Active user. The avatar routes are in ./avatar.ts.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { PasswordChangeRequest, ProfileUpdateRequest } from '@/api/schemas/account';
import { ProfileUser } from '@/api/schemas/auth';
import { ErrorResponse, MessageResponse } from '@/api/schemas/common';
import type { AppServices } from '../app';
import { authOf, INVALID_TOKEN_MESSAGE } from '../auth/guard';
import { createAttemptCounter, rateLimitHeaders, tooManyAttempts } from '../auth/attempt-limits';
import { HASHING_BUSY_MESSAGE } from '../auth/hashing-gate';
import { hashPassword, verifyPassword } from '../auth/passwords';
import { revokeUserFamilies } from '../auth/refresh-tokens';
import { users } from '../db/schema';
import { HttpError } from '../http/errors';
import { defineRoute } from '../http/route';
import { loadProfile, profileColumns, toProfile } from '../users/profile';

/** The 400 message when the current password given with a password change is wrong. */
export const WRONG_CURRENT_PASSWORD_MESSAGE = 'Current password is incorrect';
/** The 429 message once the wrong current passwords of an account have reached the limit (issue 13). */
export function tooManyPasswordChangesMessage(seconds: number): string {
  return `Too many wrong current passwords. Try again in ${seconds} seconds.`;
}
/** Spec §8 success toast texts, also the `message` of the answers. */
export const PASSWORD_UPDATED_MESSAGE = 'Password updated';

/**
 * Route plugin; register with prefix /api/backoffice/account.
 *
 * A password change is limited per account (`config.passwordChangeRateLimit`, issue 13): each
 * attempt is counted in the database before the current password is checked, a correct current
 * password clears the count, and the Argon2 work runs under the process's hashing gate (503 beyond).
 */
export async function accountRoutes(
  app: FastifyInstance,
  { config, db, hashing, now }: AppServices,
): Promise<void> {
  const attempts = createAttemptCounter(db, now);

  defineRoute(
    app,
    {
      method: 'GET',
      url: '/profile',
      summary: 'The signed-in user',
      tags: ['account'],
      responses: { 200: { description: 'The signed-in user', schema: ProfileUser } },
    },
    async ({ request }) => loadProfile(db, authOf(request).userId),
  );

  defineRoute(
    app,
    {
      method: 'PUT',
      url: '/profile',
      summary: 'Change the signed-in user’s first and last name',
      tags: ['account'],
      body: ProfileUpdateRequest,
      responses: {
        200: { description: 'The updated user', schema: ProfileUser },
        400: { description: 'A name is missing or blank', schema: ErrorResponse },
      },
    },
    async ({ body, request }) => {
      const { userId } = authOf(request);
      const [row] = await db
        .update(users)
        .set({ first_name: body.first_name, last_name: body.last_name, updated_at: now() })
        .where(eq(users.id, userId))
        .returning(profileColumns);
      if (!row) throw new HttpError(401, INVALID_TOKEN_MESSAGE);
      return toProfile(row);
    },
  );

  defineRoute(
    app,
    {
      method: 'PUT',
      url: '/password',
      summary: 'Change the signed-in user’s password; signs out every other session of the user',
      tags: ['account'],
      body: PasswordChangeRequest,
      responses: {
        200: { description: PASSWORD_UPDATED_MESSAGE, schema: MessageResponse },
        400: {
          description: `${WRONG_CURRENT_PASSWORD_MESSAGE}, or a rule of the new password is broken`,
          schema: ErrorResponse,
        },
        429: {
          description: 'Too many wrong current passwords for this account; see Retry-After (seconds)',
          schema: ErrorResponse,
        },
        503: { description: `${HASHING_BUSY_MESSAGE} (see Retry-After)`, schema: ErrorResponse },
      },
    },
    async ({ body, request }) => {
      const { userId, familyId } = authOf(request);
      hashing.assertRoom();
      const [user] = await db
        .select({ password_hash: users.password_hash })
        .from(users)
        .where(eq(users.id, userId))
        .limit(1);
      if (!user) throw new HttpError(401, INVALID_TOKEN_MESSAGE);
      const key = `password-change:${userId}`;
      const attempt = await attempts.count(key, config.passwordChangeRateLimit);
      if (!attempt.allowed) {
        throw tooManyAttempts(attempt, tooManyPasswordChangesMessage(attempt.resetSeconds));
      }
      let passwordHash: string | null;
      try {
        // One slot for both hashes: a request admitted to the gate is not refused half way.
        passwordHash = await hashing.run(async () =>
          (await verifyPassword(user.password_hash, body.old_password))
            ? hashPassword(body.new_password)
            : null,
        );
      } catch (error) {
        // Nothing was checked (the hashing gate was full), so the attempt does not count.
        await attempts.refund(key, attempt);
        throw error;
      }
      if (passwordHash === null) {
        throw new HttpError(400, WRONG_CURRENT_PASSWORD_MESSAGE, rateLimitHeaders(attempt));
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
      return { message: PASSWORD_UPDATED_MESSAGE };
    },
  );
}
