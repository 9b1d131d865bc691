/**
 * GET /users under load (issue 3 "Performance"): 10,000 users (with feeds and orders, so the
 * per-row feed share and order count have work to do), 50 concurrent connections on loopback for
 * `DURATION_S` seconds per URL, on in-memory PGlite and, when BENCH_DATABASE_URL (or
 * TEST_DATABASE_URL) names a PostgreSQL server, on a fresh database there (dropped afterwards).
 * The server runs in a child process (users-server.ts), so autocannon does not share its event loop.
 * Prints p50 / p95 / p99 latency in ms, requests per second, and the CPU time per request of the
 * server process and (on PostgreSQL) of its database backends.
 * Target: p99 < 50 ms on PostgreSQL.
 *
 * BENCH_CPU_PROF_DIR=<dir> runs the server with `node --cpu-prof` into that directory (the profile
 * also covers start-up and the seed).
 */
import { fork } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { once } from 'node:events';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { withPostgresDatabase } from './postgres-database';
import type { ServerCpu, ServerReady } from './users-server';
import { nextMessage } from './child-messages';

const CONNECTIONS = 50;
const DURATION_S = 8;
const WARM_UP_S = 2;
const URLS = [
  { name: 'page 1, limit 100', path: '/api/backoffice/users?page=1&limit=100' },
  // The pagination control always offers the last page: a deep OFFSET.
  { name: 'page 100, limit 100', path: '/api/backoffice/users?page=100&limit=100' },
  { name: "search 'smith'", path: '/api/backoffice/users?query=smith&page=1&limit=100' },
];
const SERVER_SCRIPT = path.join(path.dirname(fileURLToPath(import.meta.url)), 'users-server.ts');

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

async function serverCpuMs(child: ChildProcess): Promise<number> {
  const reply = nextMessage<ServerCpu>(child, 'cpu');
  child.send('cpu');
  return (await reply).cpuMs;
}

/**
 * CPU time (user + system, ms) the PostgreSQL backends serving `databaseUrl`'s database have used,
 * read from /proc (the bench runs on loopback, so the server is on this machine); null where /proc
 * cannot tell (another OS, another host). Linux reports it in ticks of 10 ms (USER_HZ 100).
 */
async function postgresCpuMs(databaseUrl: string): Promise<number | null> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>(
      'SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
    );
    let ticks = 0;
    for (const { pid } of rows) {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ');
      ticks += Number(fields?.[11]) + Number(fields?.[12]);
    }
    return Number.isFinite(ticks) ? ticks * 10 : null;
  } catch {
    return null;
  } finally {
    await client.end();
  }
}

/** `ms` spread over `requests`, as "0.00", or '-' when unknown. */
function perRequest(ms: number | null, requests: number): string {
  return ms === null ? '-' : (ms / Math.max(requests, 1)).toFixed(2);
}

async function run(kind: string, databaseUrl: string | undefined): Promise<void> {
  const profileDir = process.env.BENCH_CPU_PROF_DIR;
  const child = fork(SERVER_SCRIPT, [databaseUrl ?? ''], {
    execArgv: ['--import', 'tsx', ...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [])],
  });
  try {
    const server = await nextMessage<ServerReady>(child, 'ready');
    console.log(
      `\n### ${kind}: ${server.userCount.toLocaleString('en-GB')} users seeded in ${server.seedMs} ms (server pid ${child.pid})`,
    );
    console.log(
      `| ${kind} | URL | p50 ms | p95 ms | p99 ms | req/s | CPU ms/req: server | PostgreSQL | non-200 |`,
    );
    console.log('|---|---|---|---|---|---|---|---|---|');
    const databaseCpu = async () => (databaseUrl ? postgresCpuMs(databaseUrl) : null);
    for (const target of URLS) {
      const url = `${server.address}${target.path}`;
      await load(url, server.token, WARM_UP_S);
      const [serverBefore, databaseBefore] = [await serverCpuMs(child), await databaseCpu()];
      const figures = await load(url, server.token, DURATION_S);
      const [serverAfter, databaseAfter] = [await serverCpuMs(child), await databaseCpu()];
      const total = figures.requests + figures.failures;
      const databaseMs =
        databaseBefore === null || databaseAfter === null ? null : databaseAfter - databaseBefore;
      console.log(
        `| ${kind} | ${target.name} | ${figures.p50} | ${figures.p95} | ${figures.p99} | ${figures.rps} | ${perRequest(serverAfter - serverBefore, total)} | ${perRequest(databaseMs, total)} | ${figures.failures} |`,
      );
    }
  } finally {
    if (child.connected) child.send('stop');
    if (child.exitCode === null && child.signalCode === null) await once(child, 'exit');
  }
}

/** Runs the users-list load test on PGlite, then on PostgreSQL when a server is configured. */
export default async function usersBench(): Promise<void> {
  console.log(
    `${CONNECTIONS} connections, ${DURATION_S} s per URL after a ${WARM_UP_S} s warm-up, loopback; server in a child process.`,
  );
  // Server, load generator and PostgreSQL share the machine: say how busy it is.
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
