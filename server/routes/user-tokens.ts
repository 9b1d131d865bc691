/**
 * A user's API tokens under /api/backoffice/users/{userId}/tokens (spec §7; issue 3 "Server"; issue
 * 15: a name given when issuing, PATCH to rename); Admin only (the guard applies by path).
 */
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { ErrorResponse, IdParam } from '@/api/schemas/common';
import {
  ApiToken,
  ApiTokenCreated,
  ApiTokenList,
  CreateTokenRequest,
  RevokeTokenRequest,
  TOKEN_ADDED_MESSAGE,
  UpdateTokenRequest,
} from '@/api/schemas/tokens';
import type { AppServices } from '../app-services';
import { defineRoute } from '../http/route';

const errors = {
  400: { description: 'A malformed id or body', schema: ErrorResponse },
  401: { description: 'No valid access token', schema: ErrorResponse },
  403: { description: 'Not an Admin', schema: ErrorResponse },
  404: { description: 'No such user (or token of this user)', schema: ErrorResponse },
} as const;

/** Route plugin, registered by `userRoutes` (so under its prefix /api/backoffice/users). */
export async function userTokenRoutes(app: FastifyInstance, { tokens }: AppServices): Promise<void> {
  defineRoute(
    app,
    {
      method: 'GET',
      url: '/:userId/tokens',
      summary:
        "A user's API tokens, newest first, each by its prefix (the whole token is answered only when issued)",
      tags: ['tokens'],
      params: v.object({ userId: IdParam }),
      responses: { 200: { description: 'The tokens', schema: ApiTokenList }, ...errors },
    },
    async ({ params }) => tokens.list(params.userId),
  );

  defineRoute(
    app,
    {
      method: 'POST',
      url: '/:userId/tokens',
      summary:
        'Issue a new API token for a user, optionally named (the body may be left out); the only answer with the whole token',
      tags: ['tokens'],
      params: v.object({ userId: IdParam }),
      body: CreateTokenRequest,
      responses: { 201: { description: 'The new token', schema: ApiTokenCreated }, ...errors },
    },
    async ({ params, body, reply }) => {
      const token = await tokens.create(params.userId, body.name);
      reply.code(201);
      return { message: TOKEN_ADDED_MESSAGE, token };
    },
  );

  defineRoute(
    app,
    {
      method: 'PUT',
      url: '/:userId/tokens/:tokenId/revoke',
      summary: 'Revoke or restore an API token (idempotent)',
      tags: ['tokens'],
      params: v.object({ userId: IdParam, tokenId: IdParam }),
      body: RevokeTokenRequest,
      responses: { 200: { description: 'The token', schema: ApiToken }, ...errors },
    },
    async ({ params, body }) => tokens.setRevoked(params.userId, params.tokenId, body.revoke),
  );

  defineRoute(
    app,
    {
      method: 'PATCH',
      url: '/:userId/tokens/:tokenId',
      summary: 'Rename an API token (a blank or null name removes it; the same name changes nothing)',
      tags: ['tokens'],
      params: v.object({ userId: IdParam, tokenId: IdParam }),
      body: UpdateTokenRequest,
      responses: { 200: { description: 'The token', schema: ApiToken }, ...errors },
    },
    async ({ params, body }) => tokens.rename(params.userId, params.tokenId, body.name),
  );
}
