/**
 * Issue 27 "Refresh replay": a parent refresh token presented again inside the grace window gets its
 * child only from the client that rotated it (same address, keyed as IPv4 or IPv6 /64, and same
 * User-Agent); from any other client it revokes the family. Every reuse leaves one log line.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { TokenPair } from '@/api/schemas/auth';
import { buildApp } from '../../server/app';
import { hashRefreshToken, SAME_CLIENT_GRACE_MS } from '../../server/auth/refresh-tokens';
import { refreshTokenFamilies, refreshTokens } from '../../server/db/schema';
import { createTestApp, login } from './helpers';
import type { TestApp } from './helpers';

let t: TestApp;
let app: FastifyInstance;
const lines: string[] = [];
beforeAll(async () => {
  t = await createTestApp();
  // A second app on the same database whose log is kept, at the production default level.
  app = await buildApp(
    { ...t.config, logLevel: 'info' },
    { db: t.db, now: t.clock.now, logStream: { write: (line) => void lines.push(line) } },
  );
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await t.close();
});

interface Client {
  ip: string;
  agent: string;
}

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/126.0 Safari/537.36';

function refreshAs(client: Client, refreshToken: string) {
  return app.inject({
    method: 'POST',
    url: '/api/backoffice/token-refresh',
    headers: { authorization: `Bearer ${refreshToken}`, 'user-agent': client.agent },
    remoteAddress: client.ip,
  });
}

async function familyOf(refreshToken: string): Promise<{ id: number; revokedReason: string | null }> {
  const [row] = await t.db
    .select({ id: refreshTokenFamilies.id, revokedReason: refreshTokenFamilies.revoked_reason })
    .from(refreshTokens)
    .innerJoin(refreshTokenFamilies, eq(refreshTokenFamilies.id, refreshTokens.family_id))
    .where(eq(refreshTokens.token_hash, hashRefreshToken(refreshToken)));
  if (!row) throw new Error('family not found');
  return row;
}

/** The parsed log records of reuses of family `familyId`. */
function reuseRecords(familyId: number): Record<string, unknown>[] {
  return lines
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .filter((record) => record.event === 'refresh_token_reuse' && record.familyId === familyId);
}

describe('a parent refresh token presented again', () => {
  const v4: Client = { ip: '203.0.113.7', agent: FIREFOX };
  const v6: Client = { ip: '2001:db8:1:2::10', agent: FIREFOX };
  const V6_KEY = '2001:db8:1:2::/64';
  // [by whom, rotating client, presenting client, their keyed addresses, ms later, client, retried]
  it.each([
    ['the same client, inside the window', v4, v4, [v4.ip, v4.ip], 0, 'same', true],
    [
      'the same IPv6 /64, another interface id',
      v6,
      { ...v6, ip: '2001:db8:1:2:a:b:c:d' },
      [V6_KEY, V6_KEY],
      0,
      'same',
      true,
    ],
    [
      'another IPv4 address, inside the window',
      v4,
      { ...v4, ip: '198.51.100.9' },
      [v4.ip, '198.51.100.9'],
      0,
      'different',
      false,
    ],
    [
      'another IPv6 /64, inside the window',
      v6,
      { ...v6, ip: '2001:db8:1:3::10' },
      [V6_KEY, '2001:db8:1:3::/64'],
      0,
      'different',
      false,
    ],
    [
      'another User-Agent, inside the window',
      v4,
      { ...v4, agent: CHROME },
      [v4.ip, v4.ip],
      0,
      'different',
      false,
    ],
    // A restart lost the rotation's answer; the browser retries once the server is back.
    ['the same client, 5 minutes later', v4, v4, [v4.ip, v4.ip], 5 * 60 * 1000, 'same', true],
    ['the same client, after its window', v4, v4, [v4.ip, v4.ip], SAME_CLIENT_GRACE_MS + 1000, 'same', false],
  ] as const)('by %s', async (_, first, again, [rotatedBy, presentedBy], laterMs, client, retried) => {
    const { refresh_token: parent } = await login(app, t.users.admin.email);
    const missed = v.parse(TokenPair, (await refreshAs(first, parent)).json());
    t.clock.advance(laterMs);

    const response = await refreshAs(again, parent);
    if (retried) {
      expect(response.statusCode).toBe(200);
      expect(v.parse(TokenPair, response.json()).refresh_token).toBe(missed.refresh_token);
      expect((await familyOf(parent)).revokedReason).toBeNull();
    } else {
      expect(response.statusCode).toBe(401);
      expect((await familyOf(parent)).revokedReason).toBe('reuse');
      const child = await refreshAs(first, missed.refresh_token);
      expect(child.statusCode, 'the child dies with its family').toBe(401);
    }

    const records = reuseRecords((await familyOf(parent)).id);
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({
      level: retried ? 30 : 40,
      userId: t.users.admin.id,
      withinGraceWindow: laterMs === 0 || retried,
      client,
      rotatedByAddress: rotatedBy,
      presentedByAddress: presentedBy,
      sameUserAgent: first.agent === again.agent,
      outcome: retried ? 'retried' : 'revoked',
    });
    const log = lines.join('');
    for (const secret of [parent, hashRefreshToken(parent), missed.refresh_token, FIREFOX, CHROME]) {
      expect(log).not.toContain(secret);
    }
  });
});
