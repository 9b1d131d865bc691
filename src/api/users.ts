/** Users and user statistics calls of the /backoffice contract (spec §7 /users). */
import { request } from './client';
import { User, UserSaved, UsersPage, UserStatistics } from './schemas/users';
import type { CreateUserRequest, UpdateUserRequest, UserStatistic } from './schemas/users';

/** Query of GET /users: `status` as numbers (sent comma-joined), `page` 1-based, `limit` ≤ 100. */
export interface UsersQueryParams {
  query: string;
  status: readonly number[];
  page: number;
  limit: number;
}

/**
 * GET /users: one page of users matching the search and statuses.
 * @throws ApiError (see `request`)
 */
export function fetchUsers(params: UsersQueryParams, signal?: AbortSignal): Promise<UsersPage> {
  const searchParams: Record<string, string | number> = { page: params.page, limit: params.limit };
  if (params.query !== '') searchParams.query = params.query;
  if (params.status.length > 0) searchParams.status = params.status.join(',');
  return request(UsersPage, 'get', 'users', { searchParams, signal });
}

/** GET /users/{userId}. @throws ApiError (404 for an unknown user) */
export function fetchUser(userId: number, signal?: AbortSignal): Promise<User> {
  return request(User, 'get', `users/${userId}`, { signal });
}

/**
 * POST /users/create. Resolves with the server's message ('User created successful') and the user.
 * @throws ApiError: 400 naming the fields that break a rule, 409 when the email is taken
 */
export function createUser(body: CreateUserRequest, signal?: AbortSignal): Promise<UserSaved> {
  return request(UserSaved, 'post', 'users/create', { json: body, signal });
}

/**
 * PUT /users/{userId}; a blank password or Shopify key keeps the stored one (omit or send null).
 * @throws ApiError: 400, 404, 409 as for create
 */
export function updateUser(
  userId: number,
  body: UpdateUserRequest,
  signal?: AbortSignal,
): Promise<UserSaved> {
  return request(UserSaved, 'put', `users/${userId}`, { json: body, signal });
}

/** GET /users/statistics: the four statistic entries. @throws ApiError */
export function fetchUserStatistics(signal?: AbortSignal): Promise<UserStatistic[]> {
  return request(UserStatistics, 'get', 'users/statistics', { signal });
}
