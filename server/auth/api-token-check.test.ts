import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenedDatabase } from '../db/open';
import { openTestDatabase } from '@test-support/test-database';
import { apiTokens, users } from '../db/schema';
import { consumeApiTokenRequest } from './api-token-check';
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

describe('consumeApiTokenRequest', () => {
  it('counts one request for a usable token and reports the new numbers', async () => {
    const owner = await customer(1);
    const t = await token(owner, { used_requests: 4, total_requests: 10 });
    expect(await consumeApiTokenRequest(database.db, t.raw, owner)).toEqual({
      status: 'ok',
      tokenId: t.id,
      userId: owner,
      usedRequests: 5,
      totalRequests: 10,
    });
    expect(await used(t.id)).toBe(5);
  });

  it('stamps last_used_at with the given clock on every counted pull', async () => {
    const owner = await customer(1);
    const t = await token(owner);
    expect((await row(t.id)).last_used_at).toBeNull();
    const first = new Date('2026-03-01T10:00:00Z');
    await consumeApiTokenRequest(database.db, t.raw, owner, first);
    expect((await row(t.id)).last_used_at).toEqual(first);
    const second = new Date('2026-03-01T10:05:00Z');
    await consumeApiTokenRequest(database.db, t.raw, undefined, second);
    expect((await row(t.id)).last_used_at).toEqual(second);
  });

  it('refuses without counting: unknown, revoked, inactive owner, another owner, exhausted', async () => {
    const active = await customer(1);
    const inactive = await customer(2);
    const revoked = await token(active, { revoked: true });
    const ofInactive = await token(inactive);
    const exhausted = await token(active, { used_requests: 3, total_requests: 3 });
    const fine = await token(active);

    expect(await consumeApiTokenRequest(database.db, generateApiToken())).toEqual({ status: 'unknown' });
    expect((await consumeApiTokenRequest(database.db, revoked.raw)).status).toBe('revoked');
    expect((await consumeApiTokenRequest(database.db, ofInactive.raw)).status).toBe('inactive');
    expect((await consumeApiTokenRequest(database.db, fine.raw, inactive)).status).toBe('not_owner');
    expect(await consumeApiTokenRequest(database.db, exhausted.raw)).toMatchObject({
      status: 'exhausted',
      totalRequests: 3,
    });
    for (const t of [revoked, ofInactive, fine]) expect(await used(t.id)).toBe(0);
    expect(await used(exhausted.id)).toBe(3);
    for (const t of [revoked, ofInactive, fine, exhausted]) expect((await row(t.id)).last_used_at).toBeNull();
  });

  it('never lets concurrent pulls exceed the quota', async () => {
    const owner = await customer(1);
    const t = await token(owner, { total_requests: 20 });
    const outcomes = await Promise.all(
      Array.from({ length: 50 }, () => consumeApiTokenRequest(database.db, t.raw, owner)),
    );
    expect(outcomes.filter((o) => o.status === 'ok')).toHaveLength(20);
    expect(outcomes.filter((o) => o.status === 'exhausted')).toHaveLength(30);
    expect(await used(t.id)).toBe(20);
  });
});
