/**
 * The API-token check of the feed delivery API (ARCHITECTURE.md §4): a pull is allowed only with a
 * token that exists, is not revoked, belongs to an Active user and has requests left, and each
 * allowed pull counts one request in the same atomic statement (no read-then-write, so concurrent
 * pulls can never exceed `total_requests`), which also stamps the token's `last_used_at` (issue 15).
 */
import { and, eq, lt, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { Db } from '../db/open';
import { apiTokens, users } from '../db/schema';
import { hashApiToken } from './api-tokens';
import { UserStatus } from '@/api/schemas/common';

/** Why a token was refused; `exhausted` carries the quota for RateLimit headers. */
export type ApiTokenRefusal =
  | { status: 'unknown' }
  | { status: 'revoked' | 'inactive'; tokenId: number; userId: number }
  | { status: 'not_owner'; tokenId: number; userId: number }
  | { status: 'exhausted'; tokenId: number; userId: number; totalRequests: number };

/** A counted pull: the token's numbers after this request. */
export interface ApiTokenGrant {
  status: 'ok';
  tokenId: number;
  userId: number;
  usedRequests: number;
  totalRequests: number;
}

export type ApiTokenOutcome = ApiTokenGrant | ApiTokenRefusal;

/**
 * The statement that counts one request against the token whose hash is `tokenHash` when it may
 * pull for `owner` (a user id, or an SQL expression giving one, e.g. a feed's customer; omitted:
 * any owner) and stamps its `last_used_at` with `now`. `tokenHash` and `now` may be SQL (a prepared
 * statement's placeholders). It updates no row when the token may not pull, so a refusal counts
 * and stamps nothing. Returns the unexecuted UPDATE … RETURNING (the grant's numbers after this
 * request), so a caller may run it alone or as a CTE of a larger statement.
 */
export function countApiTokenRequest(
  db: Db,
  tokenHash: string | SQL,
  owner: number | SQL | undefined,
  now: Date | SQL,
) {
  const ownerActive = sql`exists (select 1 from ${users} where ${users.id} = ${apiTokens.user_id} and ${users.status} = ${UserStatus.Active})`;
  return db
    .update(apiTokens)
    .set({ used_requests: sql`${apiTokens.used_requests} + 1`, last_used_at: now })
    .where(
      and(
        eq(apiTokens.token_hash, tokenHash),
        eq(apiTokens.revoked, false),
        lt(apiTokens.used_requests, apiTokens.total_requests),
        owner === undefined ? undefined : sql`${apiTokens.user_id} = ${owner}`,
        ownerActive,
      ),
    )
    .returning({
      tokenId: apiTokens.id,
      userId: apiTokens.user_id,
      usedRequests: apiTokens.used_requests,
      totalRequests: apiTokens.total_requests,
    });
}

/**
 * Why the token whose hash is `tokenHash` may not pull for `ownerId` (omitted: any owner), read
 * without counting anything; called after `countApiTokenRequest` updated no row. Throws only on
 * database errors.
 */
export async function apiTokenRefusal(
  db: Db,
  tokenHash: string,
  ownerId: number | undefined,
): Promise<ApiTokenRefusal> {
  const [token] = await db
    .select({
      tokenId: apiTokens.id,
      userId: apiTokens.user_id,
      revoked: apiTokens.revoked,
      usedRequests: apiTokens.used_requests,
      totalRequests: apiTokens.total_requests,
      userStatus: users.status,
    })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.user_id))
    .where(eq(apiTokens.token_hash, tokenHash))
    .limit(1);
  if (!token) return { status: 'unknown' };
  const ids = { tokenId: token.tokenId, userId: token.userId };
  if (token.revoked) return { status: 'revoked', ...ids };
  if (token.userStatus !== UserStatus.Active) return { status: 'inactive', ...ids };
  if (ownerId !== undefined && token.userId !== ownerId) return { status: 'not_owner', ...ids };
  return { status: 'exhausted', ...ids, totalRequests: token.totalRequests };
}

/**
 * Counts one request against `rawToken` when it may pull for `ownerId` (the feed's customer;
 * omitted: any owner) and sets the token's `last_used_at` to `now` (the app's clock; the wall
 * clock when omitted). Takes the raw bearer token (never logged, hashed here) and resolves to the
 * grant, or to why it was refused; nothing is counted or stamped on a refusal. Throws only on
 * database errors.
 */
export async function consumeApiTokenRequest(
  db: Db,
  rawToken: string,
  ownerId?: number,
  now: Date = new Date(),
): Promise<ApiTokenOutcome> {
  const tokenHash = hashApiToken(rawToken);
  const [granted] = await countApiTokenRequest(db, tokenHash, ownerId, now);
  if (granted) return { status: 'ok', ...granted };
  return apiTokenRefusal(db, tokenHash, ownerId);
}
