/**
 * The server half of the login-flood benchmark (login-flood.bench.ts forks it): opens the database
 * (in-memory PGlite, or PostgreSQL when argv[2] is a connection string), creates an admin with the
 * email argv[4] and password argv[5] (Argon2id at the product's parameters), and listens on argv[3]
 * (127.0.0.1 when empty; random port) with TRUST_PROXY=1, as behind one load balancer, and the
 * default limits and hashing bound.
 *
 * Import only its types: importing the module runs the server.
 *
 * IPC: sends one `FloodServerReady` when listening; answers 'cpu' with `{ type: 'cpu', cpuMs }` and
 * 'rows' with a `FloodServerRows`; on 'stop' (or when the parent goes away) closes and exits.
 */
import { rmSync } from 'node:fs';
import { count } from 'drizzle-orm';
import { UserStatus, UserType } from '@/api/schemas/common';
import { buildApp } from '../../server/app';
import { hashPassword } from '../../server/auth/passwords';
import { testConfig } from '../../server/config';
import { openDatabase } from '../../server/db/open';
import { attemptCounters, users } from '../../server/db/schema';
import { answerParent } from './child-messages';

/** First message of the child: where to send requests, and the hashing bound it runs with. */
export interface FloodServerReady {
  type: 'ready';
  /** e.g. http://127.0.0.1:41234 or http://[2001:db8:27::1]:41234 */
  address: string;
  concurrency: number;
  queue: number;
}

/** Rows of `attempt_counters` right now. */
export interface FloodServerRows {
  type: 'rows';
  rows: number;
}

async function main(): Promise<void> {
  const databaseUrl = process.argv[2] || undefined;
  const host = process.argv[3] || '127.0.0.1';
  const [email = '', password = ''] = process.argv.slice(4);
  const config = testConfig({ databaseUrl, trustProxy: { hops: 1 } });
  const database = await openDatabase({ databaseUrl });
  await database.db.insert(users).values({
    email,
    first_name: 'Flood',
    last_name: 'Admin',
    user_type_id: UserType.Admin,
    status: UserStatus.Active,
    password_hash: await hashPassword(password),
  });
  const app = await buildApp(config, { db: database.db });
  const address = await app.listen({ host, port: 0 });

  process.on('message', (message) => {
    if (message !== 'rows') return;
    void database.db
      .select({ rows: count() })
      .from(attemptCounters)
      .then(([row]) => process.send?.({ type: 'rows', rows: row?.rows ?? 0 } satisfies FloodServerRows));
  });
  answerParent(async () => {
    await app.close();
    await database.close();
    rmSync(config.dataDir, { recursive: true, force: true });
  });
  process.send?.({
    type: 'ready',
    address,
    concurrency: config.passwordHashing.concurrency,
    queue: config.passwordHashing.queue,
  } satisfies FloodServerReady);
}

await main();
