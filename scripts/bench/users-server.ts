/**
 * The server half of the users benchmark (users.bench.ts forks it): opens the database (in-memory
 * PGlite, or PostgreSQL when argv[2] is a connection string), seeds 10,000 users with feeds and
 * orders, listens on 127.0.0.1 (random port) and signs the bench admin in. Running apart from the
 * load generator keeps autocannon off the server's event loop, as a real client on loopback would be.
 *
 * Import only its types: importing the module runs the server.
 *
 * IPC: sends one `ServerReady` when listening; answers each 'cpu' with a `ServerCpu`; on 'stop' (or
 * when the parent goes away) closes the app and the database and exits.
 */
import { rmSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { UserStatus, UserType } from '@/api/schemas/common';
import { buildApp } from '../../server/app';
import { hashPassword } from '../../server/auth/passwords';
import { testConfig } from '../../server/config';
import { openDatabase } from '../../server/db/open';
import type { Db } from '../../server/db/open';
import { users } from '../../server/db/schema';
import { answerParent } from './child-messages';

/** Users seeded besides the admin. */
const USER_COUNT = 10_000;

/** First message of the child: where to send requests and as whom. */
export interface ServerReady {
  type: 'ready';
  /** e.g. http://127.0.0.1:41234 */
  address: string;
  /** The admin's access token. */
  token: string;
  /** Users seeded besides the admin. */
  userCount: number;
  /** Time the seed took, in ms. */
  seedMs: number;
}

/** The child's CPU time (user + system) since it started, in ms. */
export interface ServerCpu {
  type: 'cpu';
  cpuMs: number;
}

const ADMIN = { email: 'bench.admin@example.com', password: 'Bench!Passw0rd' };
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
  // The state autovacuum keeps a live table in: statistics fresh, visibility map set.
  await db.execute(sql`vacuum analyze`);
}

function send(message: ServerReady | ServerCpu): void {
  process.send?.(message);
}

async function main(): Promise<void> {
  const databaseUrl = process.argv[2] || undefined;
  const config = testConfig({ databaseUrl });
  const database = await openDatabase({ databaseUrl });
  const started = performance.now();
  await seed(database.db);
  const seedMs = Math.round(performance.now() - started);
  const app = await buildApp(config, { db: database.db });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  const login = await app.inject({ method: 'POST', url: '/api/backoffice/login', payload: ADMIN });
  const token = (login.json() as { access_token: string }).access_token;

  answerParent(async () => {
    await app.close();
    await database.close();
    rmSync(config.dataDir, { recursive: true, force: true });
  });
  send({ type: 'ready', address, token, userCount: USER_COUNT, seedMs });
}

await main();
