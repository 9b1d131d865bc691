/**
 * Builds the app for API tests on in-memory PGlite, or on PostgreSQL when TEST_DATABASE_URL is set:
 * then each test app gets its own freshly created database, dropped on close, so test files can
 * run in parallel and the server is left clean.
 */
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import * as v from 'valibot';
import { TokenPair } from '@/api/schemas/auth';
import { UserStatus, UserType } from '@/api/schemas/common';
import { buildApp } from '../../server/app';
import type { AppDeps } from '../../server/app';
import { testConfig } from '../../server/config';
import type { Config } from '../../server/config';
import { hashPassword } from '../../server/auth/passwords';
import { openTestDatabase } from '../support/test-database';
import type { Db } from '../../server/db/open';
import { users } from '../../server/db/schema';

/** The password of every fixture user. */
export const FIXTURE_PASSWORD = 'Fixture1!';

export interface FixtureUser {
  id: number;
  email: string;
}

/** A clock the test moves by hand. */
export interface TestClock {
  now: () => Date;
  advance(ms: number): void;
}

/** A TestClock starting at `start` (a Monday morning by default). */
export function createClock(start = new Date('2025-06-02T09:00:00Z')): TestClock {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance: (ms) => {
      current += ms;
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  config: Config;
  clock: TestClock;
  users: { admin: FixtureUser; customer: FixtureUser; inactive: FixtureUser };
  /** Closes the app and the database (dropping it on PostgreSQL) and removes the data dir. */
  close(): Promise<void>;
}

/** Creates a fresh database on the server of `baseUrl`; `drop` removes it once its sessions are gone. */
export async function createPostgresDatabase(
  baseUrl: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `pf_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      try {
        // pool.end() resolves before the server has seen every Terminate; a forced drop would then
        // kill those sessions and their clients would raise FATAL 57P01. Wait for them to go first.
        for (let attempt = 0; attempt < 100; attempt++) {
          const { rows } = await client.query<{ n: number }>(
            'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1',
            [name],
          );
          if ((rows[0]?.n ?? 0) === 0) break;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}

async function insertUser(
  db: Db,
  values: { email: string; user_type_id: number; status: number; first_name: string; last_name: string },
  passwordHash: string,
): Promise<FixtureUser> {
  const [row] = await db
    .insert(users)
    .values({ ...values, password_hash: passwordHash })
    .returning({ id: users.id, email: users.email });
  if (!row) throw new Error('fixture user not inserted');
  return row;
}

const ADMIN = {
  email: 'admin@test.example',
  user_type_id: UserType.Admin,
  first_name: 'Ada',
  last_name: 'Admin',
};
const CUSTOMER = {
  email: 'customer@test.example',
  user_type_id: UserType.Customer,
  first_name: 'Cal',
  last_name: 'Customer',
};
const INACTIVE = {
  email: 'inactive@test.example',
  user_type_id: UserType.Admin,
  first_name: 'Ina',
  last_name: 'Inactive',
};

let fixtureHash: Promise<string> | undefined;

/** FIXTURE_PASSWORD's Argon2 hash, made once per test file (it takes tens of ms; every app needs it). */
function fixturePasswordHash(): Promise<string> {
  fixtureHash ??= hashPassword(FIXTURE_PASSWORD);
  return fixtureHash;
}

/**
 * Builds a ready app with three fixture users (an Admin, a Customer, an Inactive customer), all
 * with FIXTURE_PASSWORD. `configure` may register extra routes before the app is ready; `deps`
 * adds to what buildApp gets (a log stream, a Shopify stand-in's transport).
 */
export async function createTestApp(
  overrides: Partial<Config> = {},
  configure?: (app: FastifyInstance) => Promise<void>,
  deps: Pick<AppDeps, 'logStream' | 'shopifyTransport'> = {},
): Promise<TestApp> {
  const baseUrl = process.env.TEST_DATABASE_URL;
  const postgres = baseUrl ? await createPostgresDatabase(baseUrl) : undefined;
  const config = testConfig({ databaseUrl: postgres?.url, ...overrides });
  const database = await openTestDatabase({ databaseUrl: postgres?.url });
  const clock = createClock();
  const cleanUp = async () => {
    await database.close();
    await postgres?.drop();
    rmSync(config.dataDir, { recursive: true, force: true });
  };
  try {
    const passwordHash = await fixturePasswordHash();
    const fixtures = {
      admin: await insertUser(database.db, { ...ADMIN, status: UserStatus.Active }, passwordHash),
      customer: await insertUser(database.db, { ...CUSTOMER, status: UserStatus.Active }, passwordHash),
      inactive: await insertUser(database.db, { ...INACTIVE, status: UserStatus.Inactive }, passwordHash),
    };
    const app = await buildApp(config, { ...deps, db: database.db, now: clock.now });
    try {
      if (configure) await configure(app);
      await app.ready();
    } catch (error) {
      await app.close();
      throw error;
    }
    return {
      app,
      db: database.db,
      config,
      clock,
      users: fixtures,
      close: async () => {
        await app.close();
        await cleanUp();
      },
    };
  } catch (error) {
    await cleanUp();
    throw error;
  }
}

/** POST /login through `app.inject`; `ip` isolates the login rate limit of a test. */
export function postLogin(
  app: FastifyInstance,
  email: string,
  password = FIXTURE_PASSWORD,
  ip = '127.0.0.1',
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: '/api/backoffice/login',
    payload: { email, password },
    remoteAddress: ip,
  });
}

/** Logs in and returns the token pair; fails the test when the login does not succeed. */
export async function login(
  app: FastifyInstance,
  email: string,
  password = FIXTURE_PASSWORD,
): Promise<TokenPair> {
  const response = await postLogin(app, email, password);
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.statusCode} ${response.body}`);
  return v.parse(TokenPair, response.json());
}

/** POST /token-refresh with `refreshToken` as the bearer credential. */
export function postRefresh(app: FastifyInstance, refreshToken: string): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: '/api/backoffice/token-refresh',
    headers: { authorization: `Bearer ${refreshToken}` },
  });
}

/** GET /account/profile with `accessToken`. */
export function getProfile(app: FastifyInstance, accessToken: string): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'GET',
    url: '/api/backoffice/account/profile',
    headers: { authorization: `Bearer ${accessToken}` },
  });
}
