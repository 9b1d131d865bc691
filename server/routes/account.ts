/**
 * The signed-in user's own account under /api/backoffice/account (spec §5 Profile, Password change,
 * §7 /account calls); any Active user. The avatar routes are in ./avatar.ts; the work behind both
 * is the account service's (server/users/account-service.ts).
 */
import type { FastifyInstance } from 'fastify';
import { PasswordChangeRequest, ProfileUpdateRequest } from '@/api/schemas/account';
import { ProfileUser } from '@/api/schemas/auth';
import { ErrorResponse, MessageResponse } from '@/api/schemas/common';
import type { AppServices } from '../app-services';
import { authOf } from '../auth/guard';
import { HASHING_BUSY_MESSAGE } from '../auth/hashing-gate';
import { defineRoute } from '../http/route';
import { WRONG_CURRENT_PASSWORD_MESSAGE } from '../users/account-service';

/** Spec §8 success toast texts, also the `message` of the answers. */
export const PASSWORD_UPDATED_MESSAGE = 'Password updated';

/** Route plugin; register with prefix /api/backoffice/account. */
export async function accountRoutes(app: FastifyInstance, { account }: AppServices): Promise<void> {
  defineRoute(
    app,
    {
      method: 'GET',
      url: '/profile',
      summary: 'The signed-in user',
      tags: ['account'],
      responses: { 200: { description: 'The signed-in user', schema: ProfileUser } },
    },
    async ({ request }) => account.profile(authOf(request).userId),
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
    async ({ body, request }) => account.rename(authOf(request).userId, body),
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
          description: `${WRONG_CURRENT_PASSWORD_MESSAGE}, or a rule of the new password is broken, or it is a common password`,
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
      await account.changePassword(userId, familyId, body);
      return { message: PASSWORD_UPDATED_MESSAGE };
    },
  );
}
