/**
 * The /backoffice guard (spec §6, issue 2 "Auth"): every route other than login and token-refresh
 * needs a valid access token whose family is not revoked and whose user exists and is Active;
 * everything outside /account (and logout) also needs an Admin.
 *
 * `buildApp` applies it by path to every route registered under BACKOFFICE_PREFIX, so a later
 * route plugin is guarded as soon as it is registered there; `createGuard` also exports the two
 * hooks for explicit use.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { UserStatus, UserType } from '@/api/schemas/common';
import type { Db } from '../db/open';
import { prepareNamed } from '../db/planned-statements';
import { refreshTokenFamilies, users } from '../db/schema';
import { ForbiddenError, NotAuthenticatedError } from '../domain-errors';
import { InvalidAccessTokenError, verifyAccessToken } from './jwt';

/** Where the back-office API lives (spec §7 paths are relative to it). */
export const BACKOFFICE_PREFIX = '/api/backoffice';

/** The 401 message for a missing, invalid or expired access token (spec §8). */
export const INVALID_TOKEN_MESSAGE = 'Invalid or missing login token, please login again';

/** Who may call a route: anyone, any signed-in Active user, or only an Admin. */
export type Access = 'public' | 'user' | 'admin';

/** The signed-in caller, set on `request.auth` by the guard. */
export interface AuthContext {
  userId: number;
  /** The refresh-token family of the login (revoked by logout). */
  familyId: number;
  /** The user's current user_type_id (1 Admin, 2 Customer), read from the database. */
  userTypeId: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the guard on protected routes; null elsewhere. */
    auth: AuthContext | null;
  }
}

const PUBLIC_PATHS = new Set([`${BACKOFFICE_PREFIX}/login`, `${BACKOFFICE_PREFIX}/token-refresh`]);
const USER_PATHS = new Set([`${BACKOFFICE_PREFIX}/logout`, `${BACKOFFICE_PREFIX}/account`]);

/**
 * The access level of a route path (Fastify's url pattern, e.g. `/api/backoffice/users/:userId`);
 * null for paths outside the back-office API.
 */
export function accessFor(url: string): Access | null {
  const path = url.length > 1 ? url.replace(/\/+$/, '') : url;
  if (path !== BACKOFFICE_PREFIX && !path.startsWith(`${BACKOFFICE_PREFIX}/`)) return null;
  if (PUBLIC_PATHS.has(path)) return 'public';
  if (USER_PATHS.has(path) || path.startsWith(`${BACKOFFICE_PREFIX}/account/`)) return 'user';
  return 'admin';
}

/**
 * The token of an `Authorization: Bearer <token>` header, or null when there is none.
 * Also used for the refresh token of POST /token-refresh.
 */
export function bearerToken(request: FastifyRequest): string | null {
  const match = /^Bearer[ ]+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
  return match?.[1] ?? null;
}

/** The user name and password of an `Authorization: Basic` header (RFC 7617). */
export interface BasicCredentials {
  user: string;
  password: string;
}

/**
 * The credentials of an `Authorization: Basic <base64(user:password)>` header, decoded as UTF-8
 * (the charset the 401 challenge asks for), or null when there is no such header or it is not
 * base64 of a `user:password` pair. The password may itself hold colons; the user name may not.
 */
export function basicCredentials(request: FastifyRequest): BasicCredentials | null {
  const match = /^Basic[ ]+([A-Za-z0-9+/]+={0,2})\s*$/i.exec(request.headers.authorization ?? '');
  if (!match?.[1]) return null;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return null;
  return { user: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

/** The caller of a guarded route. Throws NotAuthenticatedError (HTTP 401) if the route was not guarded. */
export function authOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new NotAuthenticatedError(INVALID_TOKEN_MESSAGE);
  return request.auth;
}

export interface GuardDeps {
  db: Db;
  jwtSecret: Uint8Array;
  now: () => Date;
}

export interface Guard {
  /** 401 unless the access token is valid, its family live and its user Active; sets request.auth. */
  authenticate: onRequestAsyncHookHandler;
  /** 403 unless request.auth is an Admin; run after `authenticate`. */
  requireAdmin: onRequestAsyncHookHandler;
}

/**
 * One query, asked on every guarded request: the login (refresh-token family `familyId`) is still
 * live and its user `userId` still exists and is Active; the row holds the user's current role.
 * Prepared once per database, on first use (issue 31: Drizzle built the SQL and PostgreSQL planned
 * it on every request).
 */
function prepareLiveLogin(db: Db) {
  const query = db
    .select({ userTypeId: users.user_type_id })
    .from(refreshTokenFamilies)
    .innerJoin(users, eq(users.id, refreshTokenFamilies.user_id))
    .where(
      and(
        eq(refreshTokenFamilies.id, sql.placeholder('familyId')),
        eq(users.id, sql.placeholder('userId')),
        isNull(refreshTokenFamilies.revoked_at),
        eq(users.status, UserStatus.Active),
      ),
    )
    .limit(1);
  return prepareNamed(db, query, 'guard_live_login');
}

const liveLoginStatements = new WeakMap<Db, ReturnType<typeof prepareLiveLogin>>();

function liveLogin(db: Db): ReturnType<typeof prepareLiveLogin> {
  let statement = liveLoginStatements.get(db);
  if (!statement) {
    statement = prepareLiveLogin(db);
    liveLoginStatements.set(db, statement);
  }
  return statement;
}

/** Builds the guard's hooks over `deps`. */
export function createGuard({ db, jwtSecret, now }: GuardDeps): Guard {
  const authenticate: onRequestAsyncHookHandler = async (request) => {
    const token = bearerToken(request);
    if (!token) throw new NotAuthenticatedError(INVALID_TOKEN_MESSAGE);
    let claims;
    try {
      claims = await verifyAccessToken(jwtSecret, token, now());
    } catch (error) {
      if (error instanceof InvalidAccessTokenError) throw new NotAuthenticatedError(INVALID_TOKEN_MESSAGE);
      throw error;
    }
    const [row] = await liveLogin(db).execute({ familyId: claims.familyId, userId: claims.userId });
    if (!row) throw new NotAuthenticatedError(INVALID_TOKEN_MESSAGE);
    request.auth = { userId: claims.userId, familyId: claims.familyId, userTypeId: row.userTypeId };
  };

  const requireAdmin: onRequestAsyncHookHandler = async (request) => {
    if (authOf(request).userTypeId !== UserType.Admin) throw new ForbiddenError('Forbidden');
  };

  return { authenticate, requireAdmin };
}
