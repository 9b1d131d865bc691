/**
 * Refresh tokens (ARCHITECTURE.md §3): 256 random bits, stored only as a SHA-256 hash, grouped in a
 * family per login, rotated on every refresh with reuse detection.
 *
 * Reuse: presenting a token that was already exchanged means either a retry (the client lost the
 * answer, or two tabs raced: the token is the direct parent of the family's newest token and was
 * rotated moments ago) or a theft. A retry within the grace window receives the same child token
 * again (issue 13, as Supabase GoTrue's reuse interval does); anything else revokes the whole family.
 * A child token is the HMAC of its parent under the server's secret, so the server can hand it out
 * again while storing only hashes, and nobody holding a parent without the secret can compute it.
 *
 * Replay (issue 27): a retry comes from the client that rotated the token, so each rotation stores
 * that client (server/auth/refresh-client.ts) and a parent presented inside the window by another
 * address or User-Agent is a reuse like any other: the family is revoked. Every reuse is described
 * in the result (`ReuseReport`) for the caller to record.
 */
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { and, desc, eq, isNull, ne } from 'drizzle-orm';
import { UserStatus } from '@/api/schemas/common';
import type { Db } from '../db/open';
import { refreshTokenFamilies, refreshTokens, users } from '../db/schema';
import type { RefreshClient } from './refresh-client';

/** 30 days, in ms. */
export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** How long after a rotation the direct parent may be presented again as a tab race, in ms. */
export const REUSE_GRACE_MS = 30 * 1000;
/**
 * The same window for the very client that rotated the token (same keyed address and User-Agent),
 * while the child is unused, in ms: long enough for a server or database restart that lost the
 * rotation's answer, which the browser retries with a backoff capped at 30 s (issue 27: a restart
 * loses no session).
 */
export const SAME_CLIENT_GRACE_MS = 10 * 60 * 1000;

/** Why a family was revoked (refresh_token_families.revoked_reason). */
export type RevocationReason = 'logout' | 'reuse' | 'user_inactive' | 'password_changed';

/** A new random refresh token: 32 bytes, base64url (43 characters). */
export function newRefreshToken(): string {
  return randomBytes(32).toString('base64url');
}

/** The stored form of a refresh token: its SHA-256 digest, hex. */
export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * The child of refresh token `parent`: HMAC-SHA-256 under `secret` (the server's JWT secret, with a
 * label of its own), base64url (43 characters, the shape of a random token).
 */
export function childRefreshToken(secret: Uint8Array, parent: string): string {
  return createHmac('sha256', secret).update(`refresh-token-child:${parent}`).digest('base64url');
}

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

async function insertToken(
  db: Db,
  familyId: number,
  parentId: number | null,
  now: Date,
  token = newRefreshToken(),
): Promise<string> {
  await db.insert(refreshTokens).values({
    family_id: familyId,
    parent_id: parentId,
    token_hash: hashRefreshToken(token),
    created_at: now,
    expires_at: new Date(now.getTime() + REFRESH_TOKEN_TTL_MS),
  });
  return token;
}

/** Starts a new family for `userId` (a login). Resolves to its id and its first refresh token. */
export async function startFamily(
  db: Db,
  userId: number,
  now = new Date(),
): Promise<{ familyId: number; refreshToken: string }> {
  return db.transaction(async (tx) => {
    const [family] = await tx
      .insert(refreshTokenFamilies)
      .values({ user_id: userId, created_at: now })
      .returning({ id: refreshTokenFamilies.id });
    if (!family) throw new Error('refresh token family was not created');
    return { familyId: family.id, refreshToken: await insertToken(tx, family.id, null, now) };
  });
}

/** Revokes a family (every token of it) unless it is already revoked. */
export async function revokeFamily(db: Db, familyId: number, reason: RevocationReason, now = new Date()) {
  await db
    .update(refreshTokenFamilies)
    .set({ revoked_at: now, revoked_reason: reason })
    .where(and(eq(refreshTokenFamilies.id, familyId), isNull(refreshTokenFamilies.revoked_at)));
}

/**
 * Revokes every live family of a user (e.g. when the user is disabled or changes password);
 * `options.keepFamilyId` spares one family, the caller's own login when they change their password.
 */
export async function revokeUserFamilies(
  db: Db,
  userId: number,
  reason: RevocationReason,
  now = new Date(),
  options: { keepFamilyId?: number } = {},
) {
  await db
    .update(refreshTokenFamilies)
    .set({ revoked_at: now, revoked_reason: reason })
    .where(
      and(
        eq(refreshTokenFamilies.user_id, userId),
        isNull(refreshTokenFamilies.revoked_at),
        options.keepFamilyId === undefined ? undefined : ne(refreshTokenFamilies.id, options.keepFamilyId),
      ),
    );
}

/**
 * A presentation of a token that was already exchanged, for the admin's record (issue 27): who,
 * which login, whether it came inside the grace window, the two clients' keyed addresses (never a
 * token, a hash or a User-Agent) and what was done.
 */
export interface ReuseReport {
  userId: number;
  familyId: number;
  /** The token is the parent of the family's unused newest one, exchanged at most REUSE_GRACE_MS ago. */
  withinGraceWindow: boolean;
  /**
   * same: the client that rotated the token (a retry); different: another address or User-Agent;
   * unknown: the token was rotated before the client was recorded (migration 0007).
   */
  client: 'same' | 'different' | 'unknown';
  /** Keyed address of the client that rotated the token; null when unknown. */
  rotatedByAddress: string | null;
  /** Keyed address of the client presenting it now. */
  presentedByAddress: string;
  sameUserAgent: boolean | null;
  /** retried: the same child was sent again; revoked: the family was revoked. */
  outcome: 'retried' | 'revoked';
}

/** The outcome of presenting a refresh token; `reuse` is set whenever the token was already exchanged. */
export type RotationResult =
  | {
      ok: true;
      userId: number;
      userTypeId: number;
      familyId: number;
      refreshToken: string;
      reuse?: ReuseReport;
    }
  | {
      ok: false;
      /** unknown/expired/revoked/inactive: plain refusal; reuse: refused and the family revoked. */
      reason: 'unknown' | 'expired' | 'revoked' | 'inactive';
    }
  | { ok: false; reason: 'reuse'; reuse: ReuseReport };

interface PresentedRow {
  id: number;
  familyId: number;
  userId: number;
  userTypeId: number;
}

/**
 * A presented token that was already exchanged: its child again when it is the family's newest
 * token (its child unused) and `client` is the one that exchanged it, at most SAME_CLIENT_GRACE_MS
 * ago (a retry; REUSE_GRACE_MS for a token rotated before clients were recorded), else the family
 * is revoked. Reads the exchange afresh: when two presentations race, the
 * loser sees the winner's commit.
 */
async function answerReuse(
  db: Db,
  presented: string,
  token: PresentedRow,
  client: RefreshClient,
  secret: Uint8Array,
  now: Date,
): Promise<RotationResult> {
  const [exchange] = await db
    .select({
      rotatedAt: refreshTokens.rotated_at,
      address: refreshTokens.rotated_by_address,
      agentHash: refreshTokens.rotated_by_agent,
    })
    .from(refreshTokens)
    .where(eq(refreshTokens.id, token.id));
  const [newest] = await db
    .select({ parent_id: refreshTokens.parent_id, rotated_at: refreshTokens.rotated_at })
    .from(refreshTokens)
    .where(eq(refreshTokens.family_id, token.familyId))
    .orderBy(desc(refreshTokens.id))
    .limit(1);
  const rotatedAt = exchange?.rotatedAt ?? now;
  const rotatedBy =
    exchange?.address && exchange.agentHash
      ? { address: exchange.address, agentHash: exchange.agentHash }
      : null;
  const sameUserAgent = rotatedBy ? rotatedBy.agentHash === client.agentHash : null;
  let clientMatch: ReuseReport['client'] = 'unknown';
  if (rotatedBy) clientMatch = rotatedBy.address === client.address && sameUserAgent ? 'same' : 'different';
  const grace = clientMatch === 'same' ? SAME_CLIENT_GRACE_MS : REUSE_GRACE_MS;
  const withinGraceWindow =
    newest?.parent_id === token.id &&
    newest.rotated_at === null &&
    now.getTime() - rotatedAt.getTime() <= grace;
  const report: Omit<ReuseReport, 'outcome'> = {
    userId: token.userId,
    familyId: token.familyId,
    withinGraceWindow,
    client: clientMatch,
    rotatedByAddress: rotatedBy?.address ?? null,
    presentedByAddress: client.address,
    sameUserAgent,
  };
  // A token rotated before its client was recorded (migration 0007) keeps the old rule for its
  // last 30 seconds, so a deploy does not end the sessions that were refreshing during it.
  if (withinGraceWindow && clientMatch !== 'different') {
    return {
      ok: true,
      userId: token.userId,
      userTypeId: token.userTypeId,
      familyId: token.familyId,
      refreshToken: childRefreshToken(secret, presented),
      reuse: { ...report, outcome: 'retried' },
    };
  }
  await revokeFamily(db, token.familyId, 'reuse', now);
  return { ok: false, reason: 'reuse', reuse: { ...report, outcome: 'revoked' } };
}

/**
 * Exchanges a token presented by `client` for its child (rotation), as of `now`; `secret` is the key
 * of `childRefreshToken`. Never throws for a bad token: resolves to `{ ok: false, reason }` (see
 * RotationResult). A retry by the same client within the grace window resolves to the same child as
 * the first exchange; any other reuse revokes the family, an inactive user's family is revoked too.
 */
export async function rotateRefreshToken(
  db: Db,
  presented: string,
  client: RefreshClient,
  secret: Uint8Array,
  now = new Date(),
): Promise<RotationResult> {
  if (!TOKEN_SHAPE.test(presented)) return { ok: false, reason: 'unknown' };
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        id: refreshTokens.id,
        familyId: refreshTokens.family_id,
        expiresAt: refreshTokens.expires_at,
        rotatedAt: refreshTokens.rotated_at,
        revokedAt: refreshTokenFamilies.revoked_at,
        userId: users.id,
        userTypeId: users.user_type_id,
        status: users.status,
      })
      .from(refreshTokens)
      .innerJoin(refreshTokenFamilies, eq(refreshTokenFamilies.id, refreshTokens.family_id))
      .innerJoin(users, eq(users.id, refreshTokenFamilies.user_id))
      .where(eq(refreshTokens.token_hash, hashRefreshToken(presented)))
      .limit(1);
    if (!row) return { ok: false, reason: 'unknown' };
    if (row.revokedAt) return { ok: false, reason: 'revoked' };
    if (row.status !== UserStatus.Active) {
      await revokeFamily(tx, row.familyId, 'user_inactive', now);
      return { ok: false, reason: 'inactive' };
    }
    if (row.rotatedAt) return answerReuse(tx, presented, row, client, secret, now);
    if (row.expiresAt.getTime() <= now.getTime()) return { ok: false, reason: 'expired' };

    // Conditional claim: of two concurrent refreshes with the same token one rotates it; the other
    // waits for that commit, claims nothing and is answered as a retry.
    const claimed = await tx
      .update(refreshTokens)
      .set({ rotated_at: now, rotated_by_address: client.address, rotated_by_agent: client.agentHash })
      .where(and(eq(refreshTokens.id, row.id), isNull(refreshTokens.rotated_at)))
      .returning({ id: refreshTokens.id });
    if (claimed.length === 0) return answerReuse(tx, presented, row, client, secret, now);

    const refreshToken = await insertToken(
      tx,
      row.familyId,
      row.id,
      now,
      childRefreshToken(secret, presented),
    );
    return { ok: true, userId: row.userId, userTypeId: row.userTypeId, familyId: row.familyId, refreshToken };
  });
}
