/**
 * Refresh tokens (ARCHITECTURE.md §3): 256 random bits, stored only as a SHA-256 hash, grouped in a
 * family per login, rotated on every refresh with reuse detection.
 *
 * Reuse: presenting a token that was already exchanged means either two tabs raced (the token is
 * the direct parent of the family's newest token and was rotated moments ago) or it was stolen.
 * The race is refused without harm; anything else revokes the whole family.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, isNull, ne } from 'drizzle-orm';
import { UserStatus } from '@/api/schemas/common';
import type { Db } from '../db/open';
import { refreshTokenFamilies, refreshTokens, users } from '../db/schema';

/** 30 days, in ms. */
export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** How long after a rotation the direct parent may be presented again as a tab race, in ms. */
export const REUSE_GRACE_MS = 30 * 1000;

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

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

async function insertToken(db: Db, familyId: number, parentId: number | null, now: Date): Promise<string> {
  const token = newRefreshToken();
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

/** The outcome of presenting a refresh token. */
export type RotationResult =
  | { ok: true; userId: number; userTypeId: number; familyId: number; refreshToken: string }
  | {
      ok: false;
      /** unknown/expired/revoked/inactive: plain refusal; race: refused, family kept; reuse: family revoked. */
      reason: 'unknown' | 'expired' | 'revoked' | 'inactive' | 'race' | 'reuse';
    };

async function refuseReuse(
  db: Db,
  token: { id: number; familyId: number; rotatedAt: Date },
  now: Date,
): Promise<RotationResult> {
  const [newest] = await db
    .select({ parent_id: refreshTokens.parent_id })
    .from(refreshTokens)
    .where(eq(refreshTokens.family_id, token.familyId))
    .orderBy(desc(refreshTokens.id))
    .limit(1);
  const withinGrace = now.getTime() - token.rotatedAt.getTime() <= REUSE_GRACE_MS;
  if (newest?.parent_id === token.id && withinGrace) return { ok: false, reason: 'race' };
  await revokeFamily(db, token.familyId, 'reuse', now);
  return { ok: false, reason: 'reuse' };
}

/**
 * Exchanges a presented refresh token for a new one of the same family (rotation), as of `now`.
 * Never throws for a bad token: resolves to `{ ok: false, reason }` (see RotationResult); a reuse
 * outside the grace window revokes the family, an inactive user's family is revoked too.
 */
export async function rotateRefreshToken(
  db: Db,
  presented: string,
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
    if (row.rotatedAt) return refuseReuse(tx, { ...row, rotatedAt: row.rotatedAt }, now);
    if (row.expiresAt.getTime() <= now.getTime()) return { ok: false, reason: 'expired' };

    // Conditional claim: of two concurrent refreshes with the same token only one wins.
    const claimed = await tx
      .update(refreshTokens)
      .set({ rotated_at: now })
      .where(and(eq(refreshTokens.id, row.id), isNull(refreshTokens.rotated_at)))
      .returning({ id: refreshTokens.id });
    if (claimed.length === 0) return refuseReuse(tx, { ...row, rotatedAt: now }, now);

    const refreshToken = await insertToken(tx, row.familyId, row.id, now);
    return { ok: true, userId: row.userId, userTypeId: row.userTypeId, familyId: row.familyId, refreshToken };
  });
}
