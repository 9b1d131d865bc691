/** Auth and account contract (spec §7: /login, /logout, /token-refresh, /account/profile). */
import * as v from 'valibot';
import { Avatar, withoutControlCharacters } from './common';

/**
 * POST /login body. Emails are compared case-insensitively on the server. No field may hold a
 * control character (issue 13).
 */
export const LoginRequest = v.object({
  email: v.pipe(
    v.string('Email is required'),
    v.trim(),
    v.nonEmpty('Email is required'),
    withoutControlCharacters('Email must not contain control characters'),
    v.email('Invalid email'),
    v.maxLength(254),
  ),
  password: v.pipe(
    v.string('Password is required'),
    v.nonEmpty('Password is required'),
    withoutControlCharacters('Password must not contain control characters'),
    v.maxLength(200),
  ),
  redirectTo: v.optional(
    v.pipe(v.string(), withoutControlCharacters('redirectTo must not contain control characters')),
  ),
});
export type LoginRequest = v.InferOutput<typeof LoginRequest>;

/** Answer of POST /login and POST /token-refresh: a 60-minute access JWT and an opaque refresh token. */
export const TokenPair = v.object({
  access_token: v.pipe(v.string(), v.nonEmpty()),
  refresh_token: v.pipe(v.string(), v.nonEmpty()),
});
export type TokenPair = v.InferOutput<typeof TokenPair>;

/** GET /account/profile: the signed-in user (spec §3, Profile user), plus id and role for the guard. */
export const ProfileUser = v.object({
  id: v.number(),
  user_type_id: v.number(),
  first_name: v.string(),
  last_name: v.string(),
  email: v.string(),
  avatar: v.nullable(Avatar),
});
export type ProfileUser = v.InferOutput<typeof ProfileUser>;
