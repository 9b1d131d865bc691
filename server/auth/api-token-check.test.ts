import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenedDatabase } from '../db/open';
import { openTestDatabase } from '@test-support/test-database';
import { apiTokens, users } from '../db/schema';
import { apiTokenRefusal, countApiTokenRequest } from './api-token-check';
import { generateApiToken, hashApiToken } from './api-tokens';

let database: OpenedDatabase;

async function customer(status: number): Promise<number> {
  const [row] = await database.db
    .insert(users)
    .values({
      first_name: 'C',
      last_name: 'U',
      email: `c${Math.random()}@example.com`,
      password_hash: 'x',
      status,
    })
    .returning({ id: users.id });
  return row!.id;
}

async function token(userId: number, values: Partial<typeof apiTokens.$inferInsert> = {}) {
  const raw = generateApiToken();
  const [row] = await database.db
    .insert(apiTokens)
    .values({ user_id: userId, token_encrypted: 'sealed', token_hash: hashApiToken(raw), ...values })
    .returning({ id: apiTokens.id });
  return { raw, id: row!.id };
}

const row = async (id: number) =>
  (await database.db.select().from(apiTokens).where(eq(apiTokens.id, id)))[0]!;
const used = async (id: number) => (await row(id)).used_requests;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

/** Counts `count` requests (or 1) against raw token `raw` for `owner` at `now`: the token's row, if any. */
async function countRequests(raw: string, owner: number | undefined, now: Date, count?: number) {
  const [counted] = await countApiTokenRequest(database.db, hashApiToken(raw), owner, now, count);
  return counted;
}

const NOW = new Date('2026-03-01T10:00:00Z');

describe('countApiTokenRequest', () => {
  it('counts as many requests as asked, at most those left, and reports the numbers before and after', async () => {
    const owner = await customer(1);
    const t = await token(owner, { used_requests: 4, total_requests: 10 });
    expect(await countRequests(t.raw, owner, NOW)).toEqual({
      tokenId: t.id,
      userId: owner,
      usedBefore: 4,
      usedRequests: 5,
      totalRequests: 10,
    });
    expect(await countRequests(t.raw, owner, NOW, 3)).toMatchObject({ usedBefore: 5, usedRequests: 8 });
    expect(await countRequests(t.raw, owner, NOW, 5)).toMatchObject({ usedBefore: 8, usedRequests: 10 });
    expect(await countRequests(t.raw, owner, NOW)).toBeUndefined();
    expect(await used(t.id)).toBe(10);
  });

  it('stamps last_used_at with the given clock on every count', async () => {
    const owner = await customer(1);
    const t = await token(owner);
    expect((await row(t.id)).last_used_at).toBeNull();
    await countRequests(t.raw, owner, NOW);
    expect((await row(t.id)).last_used_at).toEqual(NOW);
    const later = new Date('2026-03-01T10:05:00Z');
    await countRequests(t.raw, undefined, later);
    expect((await row(t.id)).last_used_at).toEqual(later);
  });

  it('counts and stamps nothing for a token that may not pull, and apiTokenRefusal says why', async () => {
    const active = await customer(1);
    const inactive = await customer(2);
    const revoked = await token(active, { revoked: true });
    const ofInactive = await token(inactive);
    const exhausted = await token(active, { used_requests: 3, total_requests: 3 });
    const fine = await token(active);
    const refusals = [
      { raw: generateApiToken(), owner: undefined, refusal: { status: 'unknown' } },
      { raw: revoked.raw, owner: undefined, refusal: { status: 'revoked' } },
      { raw: ofInactive.raw, owner: undefined, refusal: { status: 'inactive' } },
      { raw: fine.raw, owner: inactive, refusal: { status: 'not_owner' } },
      { raw: exhausted.raw, owner: undefined, refusal: { status: 'exhausted', totalRequests: 3 } },
    ];
    for (const { raw, owner, refusal } of refusals) {
      expect(await countRequests(raw, owner, NOW)).toBeUndefined();
      expect(await apiTokenRefusal(database.db, hashApiToken(raw), owner)).toMatchObject(refusal);
    }
    for (const t of [revoked, ofInactive, fine]) expect(await used(t.id)).toBe(0);
    expect(await used(exhausted.id)).toBe(3);
    for (const t of [revoked, ofInactive, fine, exhausted]) expect((await row(t.id)).last_used_at).toBeNull();
  });
});
