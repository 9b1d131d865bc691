/**
 * The API-token check of the feed delivery API (ARCHITECTURE.md §4): a pull is allowed only with a
 * token that exists, is not revoked, belongs to an Active user and has requests left, and each
 * allowed pull counts one request in the same atomic statement (no read-then-write, so concurrent
 * pulls can never exceed `total_requests`), which also stamps the token's `last_used_at` (issue 15).
 */
import { and, eq, lt, sql } from 'drizzle-orm';
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
  const ownerActive = sql`exists (select 1 from ${users} where ${users.id} = ${apiTokens.user_id} and ${users.status} = ${UserStatus.Active})`;
  const [granted] = await db
    .update(apiTokens)
    .set({ used_requests: sql`${apiTokens.used_requests} + 1`, last_used_at: now })
    .where(
      and(
        eq(apiTokens.token_hash, tokenHash),
        eq(apiTokens.revoked, false),
        lt(apiTokens.used_requests, apiTokens.total_requests),
        ownerId === undefined ? undefined : eq(apiTokens.user_id, ownerId),
        ownerActive,
      ),
    )
    .returning({
      tokenId: apiTokens.id,
      userId: apiTokens.user_id,
      usedRequests: apiTokens.used_requests,
      totalRequests: apiTokens.total_requests,
    });
  if (granted) return { status: 'ok', ...granted };

  // Refused: a read-only look to say why (nothing was counted).
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
