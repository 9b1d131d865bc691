/**
 * Database outages under load (issue 27 "Tests and figures"): two API processes started as
 * `npm start` starts one (tests/api/processes/server-child.ts), on one scratch PostgreSQL database,
 * each loaded from this process by autocannon with GET /account/profile (the guard's statement and
 * the profile's), each connection sending its next request as soon as its answer arrives (a fixed
 * rate would not do: autocannon sends a second's requests at its start, which blurs recovery times
 * by up to a second). Two outages, one after the other:
 *  (a) pg_terminate_backend on every connection of both processes;
 *  (b) the local PostgreSQL stopped (`pg_ctlcluster ... stop`, fast mode), held down `HOLD_S`, then
 *      started again; it is started again in a `finally` and on SIGINT/SIGTERM whatever happens.
 * Prints the processes' exits (target 0), the answers from the fault until each process's first 200
 * once the database is back, the time from the database being back to each process's first 200 and
 * last non-200 (target 5 s), the outage log lines, and as references the answers' latency before the
 * faults and PostgreSQL's own stop and start times, with the machine's load.
 *
 * Needs BENCH_DATABASE_URL or TEST_DATABASE_URL naming a server on this machine; (b) also needs
 * pg_ctlcluster (Debian's postgresql-common) and the right to run it, and first waits (up to
 * `QUIET_WAIT_MS`) for other databases' sessions to end, since stopping the server ends them too.
 */
import { execFile } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import { withPostgresDatabase } from './postgres-database';

const run = promisify(execFile);
const SERVER_CHILD = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../tests/api/processes/server-child.ts',
);
const ADMIN = { email: 'admin@outage.bench', password: 'Outage-bench1!' };
const PROCESSES = 2;
/** Connections per process, each with one request in flight at a time. */
const CONNECTIONS_PER_PROCESS = 4;
/** (b): how long PostgreSQL stays down. */
const HOLD_S = 3;
/** Load before the first fault and after each recovery, in ms. */
const SETTLE_MS = 3_000;
/** How long a process may take to answer 200 again before the bench calls it not recovered. */
const RECOVERY_LIMIT_MS = 30_000;
const QUIET_WAIT_MS = 120_000;

interface Answer {
  /** performance.now() when the answer (or the request's error) arrived. */
  at: number;
  process: number;
  /** HTTP status, or 'error' when no answer came (refused, reset, timed out). */
  status: number | 'error';
  latencyMs: number;
}

interface ApiProcess {
  child: ChildProcess;
  url: string;
  output: () => string;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Resolves once `condition()` holds (checked every 10 ms); false after `limitMs`. */
async function until(condition: () => boolean, limitMs: number): Promise<boolean> {
  const end = performance.now() + limitMs;
  while (!condition()) {
    if (performance.now() > end) return false;
    await sleep(10);
  }
  return true;
}

/** Starts one API process on `databaseUrl` and resolves once it listens. */
async function startApiProcess(env: NodeJS.ProcessEnv): Promise<ApiProcess> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pf-outage-bench-'));
  const child = fork(SERVER_CHILD, [], {
    env: { ...env, DATA_DIR: dataDir },
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  child.once('exit', () => rmSync(dataDir, { recursive: true, force: true }));
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const [message] = (await Promise.race([
    once(child, 'message'),
    once(child, 'exit').then(([code]) => {
      throw new Error(`API process exited with ${String(code)} before listening:\n${output}`);
    }),
  ])) as [{ url: string }];
  return { child, url: message.url, output: () => output };
}

/** The local cluster serving `databaseUrl`'s port, as pg_ctlcluster names it; null when there is none. */
async function localCluster(databaseUrl: string): Promise<{ version: string; name: string } | null> {
  const url = new URL(databaseUrl);
  if (!['127.0.0.1', 'localhost', '::1', '[::1]'].includes(url.hostname)) return null;
  try {
    const { stdout } = await run('pg_lsclusters', ['--no-header']);
    const port = url.port || '5432';
    const line = stdout
      .split('\n')
      .map((row) => row.trim().split(/\s+/))
      .find((fields) => fields[2] === port);
    return line?.[0] && line[1] ? { version: line[0], name: line[1] } : null;
  } catch {
    return null;
  }
}

/** Sessions of other databases on the server (a stop would end them), from `admin`'s view. */
async function otherSessions(admin: pg.Client, ours: string): Promise<number> {
  const { rows } = await admin.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM pg_stat_activity WHERE backend_type = 'client backend' AND datname <> $1 AND pid <> pg_backend_pid()",
    [ours],
  );
  return rows[0]?.n ?? 0;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;
}

/** "503 × 12, error × 3" for the answers given. */
function statusCounts(answers: Answer[]): string {
  const counts = new Map<string, number>();
  for (const answer of answers)
    counts.set(String(answer.status), (counts.get(String(answer.status)) ?? 0) + 1);
  return (
    [...counts.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([status, count]) => `${status} × ${count}`)
      .join(', ') || 'none'
  );
}

interface Fault {
  name: string;
  /** When the fault began, when the database took connections again, and when the next fault began (performance.now()). */
  start: number;
  back: number;
  end: number;
  /** PostgreSQL's own times, for (b). */
  detail?: string;
}

/**
 * Prints one fault's figures per process from the answers recorded: what was answered while the
 * database was down, what failed after it was back, and when the first 200 and the last non-200
 * came after it was back.
 */
function report(fault: Fault, answers: Answer[], processes: number): void {
  console.log(`\n### ${fault.name}`);
  if (fault.detail) console.log(fault.detail);
  console.log(
    '| process | answers while the database was down | non-200 after it was back | first 200 after back | last non-200 after back |',
  );
  console.log('|---|---|---|---|---|');
  for (let index = 0; index < processes; index++) {
    const mine = answers.filter(
      (answer) => answer.process === index && answer.at >= fault.start && answer.at < fault.end,
    );
    const down = mine.filter((answer) => answer.at < fault.back);
    const failedAfter = mine.filter((answer) => answer.at >= fault.back && answer.status !== 200);
    const firstOk = mine.find((answer) => answer.at >= fault.back && answer.status === 200);
    const ms = (answer: Answer | undefined, none: string) =>
      answer ? `${Math.round(answer.at - fault.back)} ms` : none;
    console.log(
      `| ${index + 1} | ${fault.back > fault.start ? statusCounts(down) : '-'} | ${statusCounts(failedAfter)} | ${ms(firstOk, `none in ${RECOVERY_LIMIT_MS / 1000} s`)} | ${ms(failedAfter.at(-1), '-')} |`,
    );
  }
}

/**
 * When a new connection to `url` first completes `select 1` (tried every 20 ms), as
 * performance.now(); throws after RECOVERY_LIMIT_MS.
 */
async function firstConnection(url: string): Promise<number> {
  const limit = performance.now() + RECOVERY_LIMIT_MS;
  while (performance.now() < limit) {
    const client = new pg.Client({ connectionString: url });
    client.on('error', () => {});
    try {
      await client.connect();
      await client.query('select 1');
      return performance.now();
    } catch {
      await sleep(20);
    } finally {
      await client.end().catch(() => {});
    }
  }
  throw new Error(`PostgreSQL took no connection in ${RECOVERY_LIMIT_MS / 1000} s`);
}

async function outageBench(databaseUrl: string, adminUrl: string): Promise<void> {
  const database = new URL(databaseUrl).pathname.slice(1);
  const exits: string[] = [];
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    DATABASE_URL: databaseUrl,
    JWT_SECRET: randomBytes(32).toString('hex'),
    ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
  };
  const processes: ApiProcess[] = [];
  let stopping = false;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const instances: autocannon.Instance[] = [];
  try {
    // One after another: the first creates the admin in the empty database.
    for (let index = 0; index < PROCESSES; index++) {
      const started = await startApiProcess(env);
      started.child.once('exit', (code, signal) => {
        if (!stopping) exits.push(`process ${index + 1}: ${signal ?? `exit code ${String(code)}`}`);
      });
      processes.push(started);
    }
    const login = await fetch(`${processes[0]?.url}/api/backoffice/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    const { access_token: token } = (await login.json()) as { access_token: string };

    const answers: Answer[] = [];
    processes.forEach((api, index) => {
      const instance = autocannon(
        {
          url: `${api.url}/api/backoffice/account/profile`,
          headers: { authorization: `Bearer ${token}` },
          connections: CONNECTIONS_PER_PROCESS,
          duration: 3_600,
          timeout: 10,
        },
        // Each answer is recorded below; the summary autocannon ends with is not used.
        (error) => {
          if (error) console.error(error);
        },
      );
      instance.on('response', (_client, statusCode, _bytes, latencyMs) =>
        answers.push({ at: performance.now(), process: index, status: statusCode, latencyMs }),
      );
      instance.on('reqError', () =>
        answers.push({ at: performance.now(), process: index, status: 'error', latencyMs: NaN }),
      );
      instances.push(instance);
    });
    /** Waits until every process has answered 200 after `since`, then lets the load run SETTLE_MS. */
    const recovered = async (since: number) => {
      await until(
        () =>
          processes.every((_, index) =>
            answers.some((a) => a.process === index && a.at >= since && a.status === 200),
          ),
        RECOVERY_LIMIT_MS,
      );
      await sleep(SETTLE_MS);
    };

    await recovered(performance.now());
    const before = answers.filter((answer) => answer.status === 200).map((answer) => answer.latencyMs);
    before.sort((a, b) => a - b);
    const seconds = (performance.now() - (answers[0]?.at ?? 0)) / 1000;
    console.log(
      `Reference before the faults: ${before.length} answers in ${seconds.toFixed(1)} s (${Math.round(before.length / seconds)}/s), ` +
        `all 200: ${answers.every((a) => a.status === 200)}; latency p50 ${percentile(before, 50).toFixed(1)} ms, p99 ${percentile(before, 99).toFixed(1)} ms.`,
    );

    // (a) Every connection of both processes ended; the database itself stays up.
    const terminated = performance.now();
    const { rows } = await admin.query<{ pid: number }>(
      'SELECT pid FROM pg_stat_activity WHERE datname = $1',
      [database],
    );
    await admin.query('SELECT pg_terminate_backend(pid) FROM unnest($1::int[]) AS pid', [
      rows.map((row) => row.pid),
    ]);
    const faults: Fault[] = [
      {
        name: `(a) pg_terminate_backend on all ${rows.length} connections of both processes`,
        start: terminated,
        back: terminated,
        end: Infinity,
      },
    ];
    await recovered(terminated);

    // (b) The server stopped and started again.
    const cluster = await localCluster(databaseUrl);
    if (!cluster) {
      console.log('\n(b) skipped: the database is not served by a local pg_ctlcluster cluster.');
    } else {
      const waitStart = performance.now();
      let others = await otherSessions(admin, database);
      while (others > 0 && performance.now() - waitStart < QUIET_WAIT_MS) {
        await sleep(1_000);
        others = await otherSessions(admin, database);
      }
      // The stop would end this connection too, with an error nobody listens to.
      await admin.end();
      const ctl = (action: 'stop' | 'start') =>
        run('pg_ctlcluster', ['--skip-systemctl-redirect', cluster.version, cluster.name, action]);
      let down = false;
      // Interrupted while the server is down: start it before leaving.
      const onSignal = () => {
        void (down ? ctl('start') : Promise.resolve()).finally(() => process.exit(130));
      };
      process.once('SIGINT', onSignal);
      process.once('SIGTERM', onSignal);
      try {
        const stopBegan = performance.now();
        down = true;
        await ctl('stop');
        const stopped = performance.now();
        await sleep(HOLD_S * 1_000);
        const startBegan = performance.now();
        // pg_ctlcluster returns a while after the server takes connections: a client tells when.
        const [back] = await Promise.all([firstConnection(databaseUrl), ctl('start')]);
        down = false;
        const started = performance.now();
        faults[0]!.end = stopBegan;
        faults.push({
          name: `(b) PostgreSQL ${cluster.version}/${cluster.name} stopped, down ${HOLD_S} s, started`,
          start: stopBegan,
          back,
          end: Infinity,
          detail:
            `PostgreSQL: stop took ${Math.round(stopped - stopBegan)} ms; after start began, first connection ` +
            `${Math.round(back - startBegan)} ms (pg_ctlcluster returned after ${Math.round(started - startBegan)} ms); ` +
            `down ${((back - stopBegan) / 1000).toFixed(1)} s in all` +
            (others > 0 ? ` (${others} sessions of other databases were ended with it).` : '.'),
        });
        await recovered(back);
      } finally {
        if (down) await ctl('start');
        process.off('SIGINT', onSignal);
        process.off('SIGTERM', onSignal);
      }
    }
    for (const instance of instances) instance.stop();
    instances.length = 0;

    console.log(
      `\nProcess exits during the run: ${exits.length} (target 0)${exits.length ? `: ${exits.join('; ')}` : ''}.`,
    );
    for (const fault of faults) report(fault, answers, processes.length);
    const logged = (pattern: RegExp) =>
      processes
        .map(
          (api) =>
            api
              .output()
              .split('\n')
              .filter((line) => pattern.test(line)).length,
        )
        .join(' / ');
    console.log(
      `\nOutage log lines per process: 'Database unavailable' ${logged(/"msg":"Database unavailable/)}, ` +
        `'Database available again' ${logged(/"msg":"Database available again/)}, ` +
        `503 answers logged ${logged(/"msg":"database unavailable: answered 503"/)}.`,
    );
  } finally {
    for (const instance of instances) instance.stop();
    stopping = true;
    await Promise.all(
      processes.map(async ({ child }) => {
        if (child.exitCode !== null || child.signalCode !== null) return;
        child.disconnect();
        await once(child, 'exit');
      }),
    );
    await admin.end().catch(() => {});
  }
}

/** Runs both outages on a scratch database of BENCH_DATABASE_URL (or TEST_DATABASE_URL). */
export default async function dbOutageBench(): Promise<void> {
  const baseUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!baseUrl) {
    console.log('Skipped: set BENCH_DATABASE_URL (or TEST_DATABASE_URL) to a local PostgreSQL server URL.');
    return;
  }
  console.log(
    `${PROCESSES} API processes, ${CONNECTIONS_PER_PROCESS} connections each, one request in flight per connection (autocannon in the bench process); ` +
      `load average ${loadavg()
        .map((value) => value.toFixed(2))
        .join(', ')} on ${cpus().length} cores.`,
  );
  await withPostgresDatabase(baseUrl, (url) => outageBench(url, baseUrl));
  console.log(
    `\nLoad average after: ${loadavg()
      .map((value) => value.toFixed(2))
      .join(', ')}.`,
  );
}
