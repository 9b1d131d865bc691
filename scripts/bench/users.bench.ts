/**
 * GET /users under load (issue 3 "Performance"): 10,000 users (with feeds and orders, so the
 * per-row feed share and order count have work to do), 50 concurrent connections on loopback for
 * `DURATION_S` seconds per URL, on in-memory PGlite and, when BENCH_DATABASE_URL (or
 * TEST_DATABASE_URL) names a PostgreSQL server, on a fresh database there (dropped afterwards).
 * Prints p50 / p95 / p99 latency in ms and requests per second. Target: p99 < 50 ms on PostgreSQL.
 */
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { UserStatus, UserType } from '@/api/schemas/common';
import { buildApp } from '../../server/app';
import { hashPassword } from '../../server/auth/passwords';
import { testConfig } from '../../server/config';
import { openDatabase } from '../../server/db/open';
import type { Db } from '../../server/db/open';
import { users } from '../../server/db/schema';

const USER_COUNT = 10_000;
const CONNECTIONS = 50;
const DURATION_S = 8;
const WARM_UP_S = 2;
const ADMIN = { email: 'bench.admin@example.com', password: 'Bench!Passw0rd' };
const URLS = [
  { name: 'page 1, limit 100', path: '/api/backoffice/users?page=1&limit=100' },
  { name: "search 'smith'", path: '/api/backoffice/users?query=smith&page=1&limit=100' },
];
const SURNAMES = [
  'Smith',
  'Jones',
  'Taylor',
  'Brown',
  'Williams',
  'Wilson',
  'Johnson',
  'Davies',
  'Patel',
  'Evans',
];

async function seed(db: Db): Promise<void> {
  await db.insert(users).values({
    email: ADMIN.email,
    first_name: 'Bench',
    last_name: 'Admin',
    user_type_id: UserType.Admin,
    status: UserStatus.Active,
    password_hash: await hashPassword(ADMIN.password),
  });
  for (let start = 0; start < USER_COUNT; start += 1000) {
    await db.insert(users).values(
      Array.from({ length: 1000 }, (_, offset) => {
        const i = start + offset;
        return {
          email: `user${i}@bench.example`,
          first_name: `First${i}`,
          last_name: SURNAMES[i % SURNAMES.length]!,
          company_name: `Company ${i % 700}`,
          status: i % 7 === 0 ? UserStatus.Inactive : UserStatus.Active,
          password_hash: 'not-a-real-hash',
        };
      }),
    );
  }
  // 500 products, 2,000 feeds of 20 products, 40,000 orders spread over the users.
  await db.execute(sql`insert into brands (name) values ('Bench Brand')`);
  await db.execute(sql`insert into products (handle, name, brand_id, status)
    select 'p' || n, 'Product ' || n, (select id from brands limit 1), case when n % 10 = 0 then 'draft' else 'active' end
    from generate_series(1, 500) n`);
  await db.execute(
    sql`insert into feeds (name, user_id) select 'Feed ' || n, 2 + (n * 5) % ${USER_COUNT} from generate_series(1, 2000) n`,
  );
  await db.execute(sql`insert into feed_products (feed_id, product_id)
    select f.id, p.id from feeds f join products p on (p.id + f.id) % 25 = 0`);
  await db.execute(sql`insert into orders (user_id, ordered_at, total_ex_vat, total_inc_vat)
    select 2 + (n * 7) % ${USER_COUNT}, now() - (n || ' minutes')::interval, 1000, 1200 from generate_series(1, 40000) n`);
  await db.execute(sql`analyze`);
}

/** The `p`th percentile of ascending `sorted` latencies, in ms with one decimal. */
function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const value = sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
  return Math.round(value * 10) / 10;
}

async function load(url: string, token: string, seconds: number) {
  const times: number[] = [];
  let failures = 0;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      { url, connections: CONNECTIONS, duration: seconds, headers: { authorization: `Bearer ${token}` } },
      (error, finished) => (error ? reject(error) : resolve(finished)),
    );
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      if (statusCode === 200) times.push(responseTime);
      else failures += 1;
    });
  });
  times.sort((a, b) => a - b);
  return {
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    rps: Math.round(result.requests.average),
    requests: times.length,
    failures,
  };
}

async function run(kind: string, databaseUrl: string | undefined): Promise<void> {
  const config = testConfig({ databaseUrl });
  const database = await openDatabase({ databaseUrl });
  try {
    const started = performance.now();
    await seed(database.db);
    console.log(
      `\n### ${kind}: ${USER_COUNT.toLocaleString('en-GB')} users seeded in ${Math.round(performance.now() - started)} ms`,
    );
    const app = await buildApp(config, { db: database.db });
    try {
      const address = await app.listen({ host: '127.0.0.1', port: 0 });
      const login = await app.inject({ method: 'POST', url: '/api/backoffice/login', payload: ADMIN });
      const token = (login.json() as { access_token: string }).access_token;
      console.log(`| ${kind} | URL | p50 ms | p95 ms | p99 ms | req/s | non-200 |`);
      console.log('|---|---|---|---|---|---|---|');
      for (const target of URLS) {
        await load(`${address}${target.path}`, token, WARM_UP_S);
        const figures = await load(`${address}${target.path}`, token, DURATION_S);
        console.log(
          `| ${kind} | ${target.name} | ${figures.p50} | ${figures.p95} | ${figures.p99} | ${figures.rps} | ${figures.failures} |`,
        );
      }
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
    rmSync(config.dataDir, { recursive: true, force: true });
  }
}

async function withPostgresDatabase(baseUrl: string, use: (url: string) => Promise<void>): Promise<void> {
  const name = `pf_bench_${randomBytes(6).toString('hex')}`;
  const query = async (text: string) => {
    const client = new pg.Client({ connectionString: baseUrl });
    await client.connect();
    try {
      await client.query(text);
    } finally {
      await client.end();
    }
  };
  await query(`CREATE DATABASE ${name}`);
  try {
    const url = new URL(baseUrl);
    url.pathname = `/${name}`;
    await use(url.toString());
  } finally {
    await query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
}

/** Runs the users-list load test on PGlite, then on PostgreSQL when a server is configured. */
export default async function usersBench(): Promise<void> {
  console.log(
    `${CONNECTIONS} connections, ${DURATION_S} s per URL after a ${WARM_UP_S} s warm-up, loopback.`,
  );
  // The load generator shares this process and the machine with the server: say how busy it is.
  console.log(
    `Load average: ${loadavg()
      .map((value) => value.toFixed(2))
      .join(', ')} on ${cpus().length} cores.`,
  );
  await run('PGlite', undefined);
  const postgresUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (postgresUrl) await withPostgresDatabase(postgresUrl, (url) => run('PostgreSQL', url));
  else console.log('\nPostgreSQL skipped: set BENCH_DATABASE_URL (or TEST_DATABASE_URL) to a server URL.');
}
