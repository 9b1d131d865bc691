/**
 * Users and user statistics under /api/backoffice/users (spec §7; issue 3 "Server"); Admin only
 * (the guard applies by path).
 */
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { ErrorResponse, IdParam } from '@/api/schemas/common';
import {
  CreateUserRequest,
  UpdateUserRequest,
  User,
  USER_CREATED_MESSAGE,
  USER_UPDATED_MESSAGE,
  UserSaved,
  UsersFilter,
  UsersPage,
  UsersQuery,
  UserStatistics,
} from '@/api/schemas/users';
import type { AppServices } from '../app-services';
import { authOf } from '../auth/guard';
import { defineRoute } from '../http/route';
import { userTokenRoutes } from './user-tokens';

const UserIdParams = v.object({ userId: IdParam });

const errors = {
  400: {
    description:
      'A field breaks a rule of spec §5, or the password is a common one (the message names the field)',
    schema: ErrorResponse,
  },
  401: { description: 'No valid access token', schema: ErrorResponse },
  403: { description: 'Not an Admin', schema: ErrorResponse },
} as const;

/** Route plugin; register with prefix /api/backoffice/users. Registers the token routes too. */
export async function userRoutes(app: FastifyInstance, services: AppServices): Promise<void> {
  const { users } = services;
  // Passed as an argument, not as register options: those carry this plugin's own prefix, which
  // the child would add a second time. Without a prefix of its own it inherits this one's.
  await app.register((scope) => userTokenRoutes(scope, services));

  defineRoute(
    app,
    {
      method: 'GET',
      url: '',
      summary: 'Users, searched, filtered by status, sorted (newest first by default) and paged',
      tags: ['users'],
      query: UsersQuery,
      responses: { 200: { description: 'One page of users', schema: UsersPage }, ...errors },
    },
    async ({ query }) => users.list(query),
  );

  defineRoute(
    app,
    {
      method: 'GET',
      url: '/export.csv',
      summary: "CSV of every user matching the list's search and statuses, in its order",
      tags: ['users'],
      query: UsersFilter,
      responses: {
        200: {
          description:
            "The CSV (header row of the spec's field names, then every matching user), as a dated attachment",
          contentType: 'text/csv',
        },
        ...errors,
      },
    },
    async ({ query, reply }) => {
      const csv = await users.exportCsv(query);
      // No cache keeps it: it holds customer data.
      return reply
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${csv.filename}"`)
        .header('Cache-Control', 'no-store')
        .send(csv.stream);
    },
  );

  defineRoute(
    app,
    {
      method: 'GET',
      url: '/statistics',
      summary: 'The four user statistics against the previous month',
      tags: ['users'],
      responses: { 200: { description: 'Statistic entries', schema: UserStatistics }, ...errors },
    },
    async () => users.statistics(),
  );

  defineRoute(
    app,
    {
      method: 'GET',
      url: '/:userId',
      summary: 'One user',
      tags: ['users'],
      params: UserIdParams,
      responses: {
        200: { description: 'The user', schema: User },
        ...errors,
        404: { description: 'No such user', schema: ErrorResponse },
      },
    },
    async ({ params }) => users.get(params.userId),
  );

  defineRoute(
    app,
    {
      method: 'POST',
      url: '/create',
      summary: 'Create a user',
      tags: ['users'],
      body: CreateUserRequest,
      responses: {
        201: { description: 'Created', schema: UserSaved },
        ...errors,
        409: { description: 'The email address is taken', schema: ErrorResponse },
      },
    },
    async ({ body, reply }) => {
      const user = await users.create(body);
      reply.code(201);
      return { message: USER_CREATED_MESSAGE, user };
    },
  );

  defineRoute(
    app,
    {
      method: 'PUT',
      url: '/:userId',
      summary: 'Update a user; a blank password or Shopify key keeps the stored one',
      tags: ['users'],
      params: UserIdParams,
      body: UpdateUserRequest,
      responses: {
        200: { description: 'Updated', schema: UserSaved },
        ...errors,
        404: { description: 'No such user', schema: ErrorResponse },
        409: { description: 'The email address is taken', schema: ErrorResponse },
      },
    },
    async ({ params, body, request }) => {
      const user = await users.update(authOf(request).userId, params.userId, body);
      return { message: USER_UPDATED_MESSAGE, user };
    },
  );
}
