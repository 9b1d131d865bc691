/**
 * The API-token check of the feed delivery API (ARCHITECTURE.md §4): a pull is allowed only with a
 * token that exists, is not revoked, belongs to an Active user and has requests left, and each
 * allowed pull is counted by the atomic statement that checks it (no read-then-write, so concurrent
 * pulls can never exceed `total_requests`; one statement may count a batch of pulls, issue 31),
 * which also stamps the token's `last_used_at` (issue 15).
 */
import { and, eq, lt, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { Db } from '../db/open';
import { apiTokens, users } from '../db/schema';
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
 * The statement that counts `count` requests (1 when omitted; a number or SQL, e.g. a prepared
 * statement's placeholder) against the token whose hash is `tokenHash` when it may pull for `owner`
 * (a user id, or an SQL expression giving one, e.g. a feed's customer; omitted: any owner), at most
 * as many as it has left, and stamps its `last_used_at` with `now`. `tokenHash` and `now` may be SQL
 * too. The token's row is locked (`FOR UPDATE`) before it is read, so concurrent statements count
 * one after another and never past `total_requests`. It updates no row when the token may not pull
 * at all, so a refusal counts and stamps nothing. Returns the unexecuted UPDATE … RETURNING (the
 * token's numbers before, `usedBefore`, and after these requests; `usedRequests − usedBefore`
 * requests were counted), so a caller may run it alone or as a CTE of a larger statement.
 */
export function countApiTokenRequest(
  db: Db,
  tokenHash: string | SQL,
  owner: number | SQL | undefined,
  now: Date | SQL,
  count: number | SQL = 1,
) {
  const ownerActive = sql`exists (select 1 from ${users} where ${users.id} = ${apiTokens.user_id} and ${users.status} = ${UserStatus.Active})`;
  const usable = db
    .select({ id: apiTokens.id, usedBefore: sql<number>`${apiTokens.used_requests}`.as('used_before') })
    .from(apiTokens)
    .where(
      and(
        eq(apiTokens.token_hash, tokenHash),
        eq(apiTokens.revoked, false),
        lt(apiTokens.used_requests, apiTokens.total_requests),
        owner === undefined ? undefined : sql`${apiTokens.user_id} = ${owner}`,
        ownerActive,
      ),
    )
    .for('update')
    .as('usable');
  return db
    .update(apiTokens)
    .set({
      used_requests: sql`least(${apiTokens.total_requests}, ${apiTokens.used_requests} + ${count})`,
      last_used_at: now,
    })
    .from(usable)
    .where(eq(apiTokens.id, usable.id))
    .returning({
      tokenId: apiTokens.id,
      userId: apiTokens.user_id,
      usedBefore: usable.usedBefore,
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
