/**
 * Auth limits under concurrency (issue 13, points 1 and 3): a burst of wrong passwords, password
 * spraying from one address, wrong current passwords on PUT /account/password, and the bound on
 * concurrent Argon2 work with its priority for clients that signed in recently (issue 27). Argon2 verifications are counted (and can be held) through a wrapper
 * around @node-rs/argon2's `verify`.
 */
import { rmSync } from 'node:fs';
import { eq, like } from 'drizzle-orm';
import type * as Argon2 from '@node-rs/argon2';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { CONDITION } from '@test-support/time-limits';
import { buildApp } from '../../server/app';
import { INVALID_LOGIN_MESSAGE, tooManyLoginsMessage } from '../../server/auth/auth-service';
import { HASHING_BUSY_MESSAGE } from '../../server/auth/hashing-gate';
import { testConfig } from '../../server/config';
import type { Config } from '../../server/config';
import { attemptCounters } from '../../server/db/schema';
import { PASSWORD_UPDATED_MESSAGE } from '../../server/routes/account';
import {
  tooManyPasswordChangesMessage,
  WRONG_CURRENT_PASSWORD_MESSAGE,
} from '../../server/users/account-service';
import { createTestApp, FIXTURE_PASSWORD, login, postLogin } from './helpers';
import type { TestApp } from './helpers';

const argon2 = vi.hoisted(() => ({
  verifications: 0,
  /** While set, every verification waits for it before running. */
  hold: null as Promise<void> | null,
}));
vi.mock('@node-rs/argon2', async (importOriginal) => {
  const original = await importOriginal<typeof Argon2>();
  return {
    ...original,
    verify: async (...args: Parameters<typeof original.verify>) => {
      argon2.verifications++;
      if (argon2.hold) await argon2.hold;
      return original.verify(...args);
    },
  };
});

const WRONG = 'Wrong-pass1';
const FIFTEEN_MINUTES_MS = 15 * 60_000;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});
afterEach(() => {
  argon2.verifications = 0;
  argon2.hold = null;
});

/** A 429 of a fresh 15-minute window of 5 attempts: headers and the standard error body with `message`. */
function expectLockedFor15Minutes(locked: LightMyRequestResponse, message: string): void {
  expect(locked.statusCode).toBe(429);
  expect(locked.headers['retry-after']).toBe('900');
  expect(locked.headers['ratelimit-limit']).toBe('5');
  expect(locked.headers['ratelimit-remaining']).toBe('0');
  expect(locked.json()).toEqual({ statusCode: 429, error: 'Too Many Requests', message });
}

function tally(responses: LightMyRequestResponse[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const response of responses) counts[response.statusCode] = (counts[response.statusCode] ?? 0) + 1;
  return counts;
}

/** A second app on the same database and clock with other limits; closed by the caller. */
async function appWith(
  overrides: Partial<Config>,
): Promise<{ app: FastifyInstance; close(): Promise<void> }> {
  const config = testConfig({ databaseUrl: t.config.databaseUrl, ...overrides });
  const app = await buildApp(config, { db: t.db, now: t.clock.now });
  await app.ready();
  return {
    app,
    close: async () => {
      await app.close();
      rmSync(config.dataDir, { recursive: true, force: true });
    },
  };
}

describe('login burst (issue 13 point 1)', () => {
  it('checks at most 5 of 100 simultaneous wrong passwords and refuses the right one until the window ends', async () => {
    const ip = '10.13.1.1';
    const burst = await Promise.all(
      Array.from({ length: 100 }, () => postLogin(t.app, t.users.admin.email, WRONG, ip)),
    );
    expect(tally(burst)).toEqual({ 401: 5, 429: 95 });
    expect(argon2.verifications).toBe(5);
    for (const response of burst.filter((r) => r.statusCode === 401)) {
      expect(response.json()).toMatchObject({ message: INVALID_LOGIN_MESSAGE });
    }

    const locked = await postLogin(t.app, t.users.admin.email, FIXTURE_PASSWORD, ip);
    expectLockedFor15Minutes(locked, tooManyLoginsMessage(900));
    expect(argon2.verifications).toBe(5);

    t.clock.advance(FIFTEEN_MINUTES_MS);
    expect((await postLogin(t.app, t.users.admin.email, FIXTURE_PASSWORD, ip)).statusCode).toBe(200);
  });

  it('gives unknown emails and inactive users the same 401 and counts them alike', async () => {
    const ip = '10.13.2.1';
    for (const email of ['nobody@test.example', t.users.inactive.email]) {
      const answers = [];
      for (let attempt = 0; attempt < 6; attempt++)
        answers.push(await postLogin(t.app, email, undefined, ip));
      expect(answers.map((answer) => answer.statusCode)).toEqual([401, 401, 401, 401, 401, 429]);
      expect(answers[0]?.json()).toMatchObject({ message: INVALID_LOGIN_MESSAGE });
    }
  });

  it('forgets the failures of an (address, email) after a successful login', async () => {
    const ip = '10.13.3.1';
    for (let attempt = 0; attempt < 4; attempt++) await postLogin(t.app, t.users.customer.email, WRONG, ip);
    expect((await postLogin(t.app, t.users.customer.email, undefined, ip)).statusCode).toBe(200);
    const after = [];
    for (let attempt = 0; attempt < 6; attempt++) {
      after.push((await postLogin(t.app, t.users.customer.email, WRONG, ip)).statusCode);
    }
    expect(after).toEqual([401, 401, 401, 401, 401, 429]);
  });
});

describe('password spraying (issue 13 point 3)', () => {
  it('answers 429 to one address after 20 checks across 30 emails, sent at once', async () => {
    // Room in the hashing queue for the whole burst: this test is about the address limit.
    const roomy = await appWith({ passwordHashing: { concurrency: 2, queue: 30 } });
    try {
      const ip = '10.13.4.1';
      const spray = await Promise.all(
        Array.from({ length: 30 }, (_, index) =>
          postLogin(roomy.app, `sprayed${index}@test.example`, WRONG, ip),
        ),
      );
      expect(tally(spray)).toEqual({ 401: 20, 429: 10 });
      expect(argon2.verifications).toBe(20);
      const refused = spray.find((response) => response.statusCode === 429);
      expect(refused?.headers['ratelimit-limit']).toBe('20');
      expect(refused?.headers['retry-after']).toBe('900');
      expect(refused?.json()).toMatchObject({ message: tooManyLoginsMessage(900) });
      // The refused ones left no (address, email) row behind (issue 27: the table stays bounded).
      const pairRows = await t.db
        .select()
        .from(attemptCounters)
        .where(like(attemptCounters.key, `login:${ip}|%`));
      expect(pairRows).toHaveLength(20);

      // The address is refused for every email, a right password included; other addresses are not.
      expect((await postLogin(roomy.app, t.users.customer.email, undefined, ip)).statusCode).toBe(429);
      expect((await postLogin(roomy.app, t.users.customer.email, undefined, '10.13.4.2')).statusCode).toBe(
        200,
      );
    } finally {
      await roomy.close();
    }
  });

  it('counts only failed checks per address: successes give their count back', async () => {
    const strict = await appWith({ loginAddressRateLimit: { max: 3, windowMs: FIFTEEN_MINUTES_MS } });
    try {
      const ip = '10.13.5.1';
      expect((await postLogin(strict.app, 'first@test.example', WRONG, ip)).statusCode).toBe(401);
      expect((await postLogin(strict.app, 'second@test.example', WRONG, ip)).statusCode).toBe(401);
      for (let attempt = 0; attempt < 4; attempt++) {
        expect((await postLogin(strict.app, t.users.customer.email, undefined, ip)).statusCode).toBe(200);
      }
      expect((await postLogin(strict.app, 'third@test.example', WRONG, ip)).statusCode).toBe(401);
      expect((await postLogin(strict.app, 'fourth@test.example', WRONG, ip)).statusCode).toBe(429);
    } finally {
      await strict.close();
    }
  });
});

function changePassword(app: FastifyInstance, accessToken: string, oldPassword: string, newPassword: string) {
  return app.inject({
    method: 'PUT',
    url: '/api/backoffice/account/password',
    headers: { authorization: `Bearer ${accessToken}` },
    payload: { old_password: oldPassword, new_password: newPassword, confirm_password: newPassword },
  });
}

describe('password change limit (issue 13 point 3)', () => {
  it('checks at most 5 wrong current passwords per account, then refuses even the right one until the window ends', async () => {
    const { access_token } = await login(t.app, t.users.admin.email);
    argon2.verifications = 0;
    const burst = await Promise.all(
      Array.from({ length: 30 }, () => changePassword(t.app, access_token, WRONG, 'Changed1!')),
    );
    expect(tally(burst)).toEqual({ 400: 5, 429: 25 });
    expect(argon2.verifications).toBe(5);
    expect(burst.find((response) => response.statusCode === 400)?.json()).toMatchObject({
      message: WRONG_CURRENT_PASSWORD_MESSAGE,
    });

    const locked = await changePassword(t.app, access_token, FIXTURE_PASSWORD, 'Changed1!');
    expectLockedFor15Minutes(locked, tooManyPasswordChangesMessage(900));
    expect(argon2.verifications).toBe(5);

    t.clock.advance(FIFTEEN_MINUTES_MS);
    const changed = await changePassword(t.app, access_token, FIXTURE_PASSWORD, 'Changed1!');
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toEqual({ message: PASSWORD_UPDATED_MESSAGE });
    // Put the fixture password back for the other tests; the right password cleared the count.
    expect((await changePassword(t.app, access_token, 'Changed1!', FIXTURE_PASSWORD)).statusCode).toBe(200);
  });

  it('counts per account: another user is not refused', async () => {
    const admin = await login(t.app, t.users.admin.email);
    const customer = await login(t.app, t.users.customer.email);
    for (let attempt = 0; attempt < 5; attempt++)
      await changePassword(t.app, admin.access_token, WRONG, 'Other1!x');
    expect((await changePassword(t.app, admin.access_token, WRONG, 'Other1!x')).statusCode).toBe(429);
    expect((await changePassword(t.app, customer.access_token, WRONG, 'Other1!x')).statusCode).toBe(400);
  });
});

describe('bound on concurrent password hashing (issue 13 point 3)', () => {
  it('answers 503 with Retry-After beyond 1 running + 1 queued, and the refused attempts do not count', async () => {
    const bounded = await appWith({
      passwordHashing: { concurrency: 1, queue: 1 },
      loginRateLimit: { max: 1, windowMs: FIFTEEN_MINUTES_MS },
    });
    let release = () => {};
    argon2.hold = new Promise<void>((resolve) => (release = resolve));
    try {
      const settled: Array<{ email: string; response: LightMyRequestResponse }> = [];
      const pending = Array.from({ length: 6 }, async (_, index) => {
        const email = `busy${index}@test.example`;
        const response = await postLogin(bounded.app, email, WRONG, '10.13.6.1');
        settled.push({ email, response });
        return response;
      });
      await vi.waitFor(() => expect(settled).toHaveLength(4), CONDITION);
      expect(argon2.verifications).toBe(1);
      for (const { response } of settled) {
        expect(response.statusCode).toBe(503);
        expect(response.headers['retry-after']).toBe('1');
        expect(response.json()).toEqual({
          statusCode: 503,
          error: 'Service Unavailable',
          message: HASHING_BUSY_MESSAGE,
        });
      }
      // Arriving while the gate is full, a login is refused before it is counted.
      const late = await postLogin(bounded.app, 'late@test.example', WRONG, '10.13.6.1');
      expect(late.statusCode).toBe(503);
      const lateCounts = await t.db
        .select()
        .from(attemptCounters)
        .where(like(attemptCounters.key, '%late@test.example%'));
      expect(lateCounts).toEqual([]);

      release();
      expect(tally(await Promise.all(pending))).toEqual({ 401: 2, 503: 4 });
      expect(argon2.verifications).toBe(2);

      // With 1 attempt per (address, email), a counted 503 would make the next try a 429.
      const refusedEmail = settled[0]?.email ?? '';
      expect((await postLogin(bounded.app, refusedEmail, WRONG, '10.13.6.1')).statusCode).toBe(401);
    } finally {
      release();
      await bounded.close();
    }
  });

  it('lets a client that signed in to the account recently past a gate full of other clients (issue 27)', async () => {
    const bounded = await appWith({ passwordHashing: { concurrency: 1, queue: 0 } });
    let release = () => {};
    try {
      const adminAddress = '10.27.6.1';
      expect((await postLogin(bounded.app, t.users.admin.email, undefined, adminAddress)).statusCode).toBe(
        200,
      );

      argon2.verifications = 0;
      argon2.hold = new Promise<void>((resolve) => (release = resolve));
      const flood = postLogin(bounded.app, 'nobody@test.example', WRONG, '10.27.7.1');
      await vi.waitFor(() => expect(argon2.verifications).toBe(1), CONDITION);
      expect((await postLogin(bounded.app, 'nobody@test.example', WRONG, '10.27.7.3')).statusCode).toBe(503);
      // Not the account alone, nor the address alone: the pair that signed in.
      expect((await postLogin(bounded.app, t.users.customer.email, undefined, adminAddress)).statusCode).toBe(
        503,
      );
      expect((await postLogin(bounded.app, t.users.admin.email, undefined, '10.27.7.4')).statusCode).toBe(
        503,
      );
      const admin = postLogin(bounded.app, t.users.admin.email, undefined, adminAddress);
      // Counted, so past the gate's check while the flood still held the only slot.
      await vi.waitFor(async () => {
        const counted = await t.db
          .select()
          .from(attemptCounters)
          .where(eq(attemptCounters.key, `login:${adminAddress}|${t.users.admin.email}`));
        expect(counted).toHaveLength(1);
      }, CONDITION);

      release();
      expect((await admin).statusCode).toBe(200);
      expect((await flood).statusCode).toBe(401);
    } finally {
      release();
      await bounded.close();
    }
  });
});
