/**
 * Dashboard lists and reports under load (issue 5 "Performance"): an in-memory PGlite holding
 * 100,000 orders and 50,000 transactions spread evenly over the last 100 days, the app on a
 * 127.0.0.1 port, and a bounded number of requests. Prints the p95 latency of the list endpoints,
 * the time to stream a 10,000-row report, and the peak heap growth while streaming reports of
 * growing size (it should stay flat: rows are read in batches and sent as the client reads).
 */
import { rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { addDays, londonDay } from '@/api/days';
import { buildApp } from '../../server/app';
import { hashPassword } from '../../server/auth/passwords';
import { testConfig } from '../../server/config';
import { openDatabase } from '../../server/db/open';
import { users } from '../../server/db/schema';

const ORDERS = 100_000;
const TRANSACTIONS = 50_000;
const DAYS = 100;
const CUSTOMERS = 200;
const REQUESTS_PER_ENDPOINT = 300;
const CONCURRENCY = 8;
const PASSWORD = 'Bench123!';

function percentile(sorted: number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * fraction) - 1)] ?? 0;
}

/** Sends `count` GETs with `concurrency` in flight and returns the sorted latencies in ms. */
async function load(url: () => string, headers: Record<string, string>, count: number, concurrency: number) {
  const latencies: number[] = [];
  let next = 0;
  const worker = async () => {
    while (next < count) {
      next += 1;
      const started = performance.now();
      const response = await fetch(url(), { headers });
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`${response.status} from ${response.url}`);
      latencies.push(performance.now() - started);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return latencies.sort((a, b) => a - b);
}

/** Streams a report, discarding its bytes; returns its size, duration and peak heap growth. */
async function streamReport(url: string, headers: Record<string, string>) {
  globalThis.gc?.();
  const baseline = process.memoryUsage().heapUsed;
  let peak = baseline;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().heapUsed);
  }, 5);
  const started = performance.now();
  const response = await fetch(url, { headers });
  if (!response.ok || !response.body) throw new Error(`report answered ${response.status}`);
  let bytes = 0;
  const reader = response.body.getReader();
  for (let part = await reader.read(); !part.done; part = await reader.read()) bytes += part.value.byteLength;
  const ms = performance.now() - started;
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().heapUsed);
  return { bytes, ms, heapGrowth: peak - baseline };
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

export default async function dashboardBench(): Promise<void> {
  const config = testConfig({ logLevel: 'silent' });
  const database = await openDatabase({});
  const { db } = database;
  const now = new Date();
  const nowIso = now.toISOString();
  const seeding = performance.now();

  await db.insert(users).values({
    email: 'bench-admin@example.com',
    user_type_id: 1,
    first_name: 'Bench',
    last_name: 'Admin',
    password_hash: await hashPassword(PASSWORD),
  });
  await db.execute(sql`
    insert into users (email, first_name, last_name, password_hash)
    select 'customer' || i || '@bench.example', 'Customer', 'No. ' || i, 'x'
    from generate_series(1, ${CUSTOMERS}) as i`);
  await db.execute(sql`
    insert into orders (user_id, ordered_at, total_ex_vat, total_inc_vat)
    select 2 + (i % ${CUSTOMERS}), ${nowIso}::timestamptz - (i * ${(DAYS * 86_400) / ORDERS}::float8 * interval '1 second'),
      1000 + (i % 9000), ((1000 + (i % 9000)) * 6) / 5
    from generate_series(0, ${ORDERS - 1}) as i`);
  await db.execute(sql`
    insert into order_items (order_id, sku, name, quantity, unit_price)
    select id, 'SKU-' || (id % 50), 'Product ' || (id % 50), 1 + (id % 5), 500 from orders`);
  await db.execute(sql`
    insert into transactions (transaction, user_id, order_id, occurred_at, amount, reference_number, payment_method, status)
    select 'Payment from Customer No. ' || (i % ${CUSTOMERS}), 2 + (i % ${CUSTOMERS}), null,
      ${nowIso}::timestamptz - (i * ${(DAYS * 86_400) / TRANSACTIONS}::float8 * interval '1 second'),
      100 + (i % 50000), 'TRX' || lpad(i::text, 10, '0'),
      (array['Visa', 'Mastercard', 'PayPal'])[1 + i % 3], 1 + (i % 4)
    from generate_series(0, ${TRANSACTIONS - 1}) as i`);
  await db.execute(sql`analyze`);
  console.log(
    `Seeded ${ORDERS} orders and ${TRANSACTIONS} transactions in ${((performance.now() - seeding) / 1000).toFixed(1)} s`,
  );

  const app = await buildApp(config, { db });
  await app.listen({ host: '127.0.0.1', port: 0 });
  try {
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/backoffice`;
    const login = await fetch(`${base}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'bench-admin@example.com', password: PASSWORD }),
    });
    const { access_token: token } = (await login.json()) as { access_token: string };
    const headers = { authorization: `Bearer ${token}` };
    const today = londonDay(now);
    const lastMonth = `start_date=${addDays(today, -30)}&end_date=${today}`;

    const endpoints: [string, () => string][] = [
      ['transactions, page 1 of all', () => `${base}/dashboard/transactions?page=1`],
      [
        'transactions, random page, 2 statuses, last 30 days',
        () =>
          `${base}/dashboard/transactions?status=1,3&${lastMonth}&page=${1 + Math.floor(Math.random() * 75)}`,
      ],
      ['transactions, page 500 of all (deep offset)', () => `${base}/dashboard/transactions?page=500`],
      [
        'orders, page 1, last 7 days',
        () => `${base}/dashboard/orders?start_date=${addDays(today, -7)}&end_date=${today}`,
      ],
      [
        'orders, random page, last 30 days',
        () => `${base}/dashboard/orders?${lastMonth}&page=${1 + Math.floor(Math.random() * 3000)}`,
      ],
      ['orders/weekly', () => `${base}/dashboard/orders/weekly`],
      ['statistics/monthly', () => `${base}/dashboard/statistics/monthly`],
    ];
    console.log(`\n${REQUESTS_PER_ENDPOINT} requests each, ${CONCURRENCY} in flight:`);
    for (const [name, url] of endpoints) {
      const latencies = await load(url, headers, REQUESTS_PER_ENDPOINT, CONCURRENCY);
      console.log(
        `  ${name}: p50 ${percentile(latencies, 0.5).toFixed(1)} ms, p95 ${percentile(latencies, 0.95).toFixed(1)} ms`,
      );
    }

    // Transactions fall 500 per day and orders 1,000 per day, so these ranges hold the row counts named.
    const reports: [string, string][] = [
      [
        'transactions report, 1,000 rows',
        `transactions/report?start_date=${addDays(today, -2)}&end_date=${addDays(today, -1)}`,
      ],
      [
        'transactions report, 10,000 rows',
        `transactions/report?start_date=${addDays(today, -20)}&end_date=${addDays(today, -1)}`,
      ],
      [
        'orders report, 10,000 rows',
        `orders/report?start_date=${addDays(today, -10)}&end_date=${addDays(today, -1)}`,
      ],
      [
        'orders report, 40,000 rows',
        `orders/report?start_date=${addDays(today, -40)}&end_date=${addDays(today, -1)}`,
      ],
    ];
    console.log('\nReports (streamed to a client that discards the bytes):');
    for (const [name, path] of reports) {
      const result = await streamReport(`${base}/dashboard/${path}`, headers);
      console.log(
        `  ${name}: ${(result.ms / 1000).toFixed(2)} s, PDF ${mb(result.bytes)}, peak heap growth ${mb(result.heapGrowth)}`,
      );
    }
  } finally {
    await app.close();
    await database.close();
    rmSync(config.dataDir, { recursive: true, force: true });
  }
}
