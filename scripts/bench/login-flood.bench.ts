/**
 * Real sign-ins during a login flood (issue 27, "Floods" and "Client address").
 *
 * 1. Flood: the server runs in a child process (login-flood-server.ts) behind one trusted proxy
 *    hop (TRUST_PROXY=1); another child (login-flood-client.ts) floods POST /login with
 *    `FLOOD_CONNECTIONS` connections for `FLOOD_S` seconds, an unknown email and a new random
 *    address each time. Meanwhile an admin who signed in before from their address signs in every
 *    second, and so does a client that never signed in (a new address each time). Printed: the share
 *    of each that succeeds (target ≥ 90 % for the admin), their latency beside the same sign-ins
 *    measured before the flood, the flood's answers by status, the rows of `attempt_counters` before
 *    and after, the server's CPU and the machine's load. On in-memory PGlite and, when
 *    BENCH_DATABASE_URL (or TEST_DATABASE_URL) names a PostgreSQL server, on a fresh database there.
 * 2. IPv6 /64 rotation through a real network namespace (root and iproute2 only; removed after):
 *    30 wrong passwords for the admin, each from another address of one /64, then the right one from
 *    yet another address of it and from another /64. Printed: how many were checked (401).
 */
import { execFile, execFileSync, fork } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { nextMessage } from './child-messages';
import type { FloodDone } from './login-flood-client';
import type { FloodServerReady, FloodServerRows } from './login-flood-server';
import { withPostgresDatabase } from './postgres-database';

const ADMIN = { email: 'flood.admin@example.com', password: 'Flood!Passw0rd' };
/** The admin's address, as the load balancer reports it. */
const ADMIN_ADDRESS = '203.0.113.10';
const FLOOD_CONNECTIONS = 16;
const FLOOD_S = 30;
const SIGN_IN_INTERVAL_MS = 1_000;
/** Sign-ins before the flood: the reference latency (the first one also marks the admin's client). */
const REFERENCE_SIGN_INS = 5;
/** A sign-in that has not answered by then counts as failed. */
const SIGN_IN_TIMEOUT_MS = 10_000;
/** How long a counted window lives (15 minutes) plus the sweep interval (1 minute), in seconds. */
const ROW_LIFETIME_S = 16 * 60;

const here = path.dirname(fileURLToPath(import.meta.url));
const run = promisify(execFile);

interface SignIn {
  /** HTTP status, or 0 for a timeout or a network error. */
  status: number;
  ms: number;
}

async function signIn(url: string, forwardedFor: string): Promise<SignIn> {
  const started = performance.now();
  try {
    const response = await fetch(`${url}/api/backoffice/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor },
      body: JSON.stringify(ADMIN),
      signal: AbortSignal.timeout(SIGN_IN_TIMEOUT_MS),
    });
    await response.arrayBuffer();
    return { status: response.status, ms: performance.now() - started };
  } catch {
    return { status: 0, ms: performance.now() - started };
  }
}

/** `count` sign-ins one SIGN_IN_INTERVAL_MS apart, each from `address()`. */
async function signInEverySecond(url: string, count: number, address: () => string): Promise<SignIn[]> {
  const results: SignIn[] = [];
  for (let index = 0; index < count; index++) {
    const started = performance.now();
    results.push(await signIn(url, address()));
    await sleep(Math.max(0, SIGN_IN_INTERVAL_MS - (performance.now() - started)));
  }
  return results;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return Math.round(sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!);
}

function tally(statuses: number[]): string {
  const counts = new Map<number, number>();
  for (const status of statuses) counts.set(status, (counts.get(status) ?? 0) + 1);
  return [...counts]
    .sort(([a], [b]) => a - b)
    .map(([status, n]) => `${n} × ${status === 0 ? 'no answer' : status}`)
    .join(', ');
}

function describe(label: string, results: SignIn[]): string {
  const ok = results.filter((result) => result.status === 200).map((result) => result.ms);
  ok.sort((a, b) => a - b);
  const share = Math.round((ok.length / results.length) * 1000) / 10;
  return (
    `${label}: ${ok.length} of ${results.length} signed in (${share} %); ` +
    `latency of those p50 ${percentile(ok, 50)} ms, p95 ${percentile(ok, 95)} ms, max ${percentile(ok, 100)} ms; ` +
    `answers ${tally(results.map((result) => result.status))}`
  );
}

function startServer(args: string[]): { child: ChildProcess; ready: Promise<FloodServerReady> } {
  const child = fork(path.join(here, 'login-flood-server.ts'), args, {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return { child, ready: nextMessage<FloodServerReady>(child, 'ready') };
}

async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.send('stop');
  await exited;
}

async function ask<T extends { type: string }>(child: ChildProcess, type: T['type']): Promise<T> {
  const reply = nextMessage<T>(child, type);
  child.send(type);
  return reply;
}

async function flood(databaseLabel: string, databaseUrl: string): Promise<void> {
  const server = startServer([databaseUrl, '', ADMIN.email, ADMIN.password]);
  try {
    const { address: url, concurrency, queue } = await server.ready;
    console.log(
      `\n### ${databaseLabel}: ${FLOOD_CONNECTIONS} flooding connections for ${FLOOD_S} s; ` +
        `hashing bound ${concurrency} running + ${queue} waiting per lane`,
    );
    const reference = await signInEverySecond(url, REFERENCE_SIGN_INS, () => ADMIN_ADDRESS);
    console.log(describe('before the flood, admin', reference));

    const rowsBefore = (await ask<FloodServerRows>(server.child, 'rows')).rows;
    const cpuBefore = (await ask<{ type: 'cpu'; cpuMs: number }>(server.child, 'cpu')).cpuMs;
    const loadBefore = loadavg()[0]!;
    const flooder = fork(
      path.join(here, 'login-flood-client.ts'),
      [url, String(FLOOD_CONNECTIONS), String(FLOOD_S)],
      {
        execArgv: ['--import', 'tsx'],
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      },
    );
    const floodDone = nextMessage<FloodDone>(flooder, 'done');
    await sleep(1_000);
    const signIns = FLOOD_S - 2;
    const [admin, newcomer] = await Promise.all([
      signInEverySecond(url, signIns, () => ADMIN_ADDRESS),
      sleep(SIGN_IN_INTERVAL_MS / 2).then(() =>
        signInEverySecond(url, signIns, () => `198.18.${randomBytes(1)[0]}.${randomBytes(1)[0]}`),
      ),
    ]);
    const floodResult = await floodDone;
    const cpuAfter = (await ask<{ type: 'cpu'; cpuMs: number }>(server.child, 'cpu')).cpuMs;
    const rowsAfter = (await ask<FloodServerRows>(server.child, 'rows')).rows;
    const loadAfter = loadavg()[0]!;

    console.log(describe('during the flood, admin who signed in before from their address', admin));
    console.log(
      describe('during the flood, a client that never signed in (new address each time)', newcomer),
    );
    const floodTotal = Object.values(floodResult.statuses).reduce((sum, n) => sum + n, 0);
    console.log(
      `flood: ${floodTotal} answers, ${floodResult.perSecond}/s: ` +
        Object.entries(floodResult.statuses)
          .map(([status, n]) => `${n} × ${status}`)
          .join(', ') +
        (floodResult.errors ? `; ${floodResult.errors} errors` : ''),
    );
    const rowsPerSecond = (rowsAfter - rowsBefore) / FLOOD_S;
    console.log(
      `attempt_counters: ${rowsBefore} rows before, ${rowsAfter} after (${rowsPerSecond.toFixed(1)} rows/s; ` +
        `ended windows are swept, so a flood this size holds at most ~${Math.round(rowsPerSecond * ROW_LIFETIME_S)} rows)`,
    );
    console.log(
      `server CPU ${((cpuAfter - cpuBefore) / (FLOOD_S * 1000)).toFixed(2)} cores during the flood; ` +
        `load average ${loadBefore.toFixed(1)} before, ${loadAfter.toFixed(1)} after`,
    );
  } finally {
    await stopServer(server.child);
  }
}

function ip(...args: string[]): void {
  execFileSync('ip', args, { stdio: ['ignore', 'ignore', 'pipe'] });
}

/** Section 2 of the module comment. */
async function ipv6Rotation(): Promise<void> {
  console.log('\n### IPv6 /64 rotation through a network namespace (PGlite)');
  if (process.getuid?.() !== 0) {
    console.log('skipped: needs root (ip netns)');
    return;
  }
  const suffix = String(process.pid % 100_000);
  const namespace = `pf27-${suffix}`;
  const hostSide = `pf27h${suffix}`;
  const clientSide = `pf27n${suffix}`;
  const removeNamespace = () => {
    // The namespace's end of the pair goes with it, the host's end a moment later; both are asked.
    for (const args of [
      ['link', 'del', hostSide],
      ['netns', 'del', namespace],
    ]) {
      try {
        ip(...args);
      } catch {
        // Already gone, or never made.
      }
    }
  };
  process.once('exit', removeNamespace);
  const addresses = Array.from({ length: 30 }, () => {
    const words = [...randomBytes(8)].reduce<string[]>((all, byte, index) => {
      if (index % 2 === 0) all.push(byte.toString(16));
      else all[all.length - 1] += byte.toString(16).padStart(2, '0');
      return all;
    }, []);
    return `2001:db8:27:1:${words.join(':')}`;
  });
  try {
    ip('netns', 'add', namespace);
    ip('link', 'add', hostSide, 'type', 'veth', 'peer', 'name', clientSide);
    ip('link', 'set', clientSide, 'netns', namespace);
    ip('-6', 'addr', 'add', '2001:db8:27:1::1/64', 'dev', hostSide, 'nodad');
    ip('-6', 'addr', 'add', '2001:db8:27:2::1/64', 'dev', hostSide, 'nodad');
    ip('link', 'set', hostSide, 'up');
    const inNamespace = (...args: string[]) => ip('netns', 'exec', namespace, 'ip', ...args);
    inNamespace('link', 'set', 'lo', 'up');
    inNamespace('link', 'set', clientSide, 'up');
    for (const address of [...addresses, '2001:db8:27:1::beef', '2001:db8:27:2::5']) {
      inNamespace('-6', 'addr', 'add', `${address}/64`, 'dev', clientSide, 'nodad');
    }

    const server = startServer(['', '2001:db8:27:1::1', ADMIN.email, ADMIN.password]);
    try {
      const { address: url } = await server.ready;
      const post = async (from: string, password: string) => {
        const { stdout } = await run('ip', [
          'netns',
          'exec',
          namespace,
          'curl',
          '-s',
          '-o',
          '/dev/null',
          '-w',
          '%{http_code}',
          '--interface',
          from,
          '-H',
          'content-type: application/json',
          '--data',
          JSON.stringify({ email: ADMIN.email, password }),
          `${url}/api/backoffice/login`,
        ]);
        return Number(stdout);
      };
      // A veth pair carries packets a moment after it is set up.
      for (let attempt = 1; ; attempt++) {
        const reached = await run('ip', [
          'netns',
          'exec',
          namespace,
          'curl',
          '-s',
          '-o',
          '/dev/null',
          `${url}/api/health`,
        ]).then(
          () => true,
          () => false,
        );
        if (reached) break;
        if (attempt === 20) throw new Error(`the server at ${url} cannot be reached from the namespace`);
        await sleep(500);
      }
      const guesses: number[] = [];
      for (const address of addresses) guesses.push(await post(address, 'Wrong-pass1'));
      console.log(`30 wrong passwords from 30 addresses of 2001:db8:27:1::/64: ${tally(guesses)}`);
      console.log(
        `then the right password from 2001:db8:27:1::beef: ${await post('2001:db8:27:1::beef', ADMIN.password)}; ` +
          `from 2001:db8:27:2::5 (another /64): ${await post('2001:db8:27:2::5', ADMIN.password)}`,
      );
    } finally {
      await stopServer(server.child);
    }
  } finally {
    removeNamespace();
    process.off('exit', removeNamespace);
  }
}

export default async function loginFlood(): Promise<void> {
  await flood('PGlite', '');
  const postgres = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (postgres) await withPostgresDatabase(postgres, (url) => flood('PostgreSQL', url));
  await ipv6Rotation();
}
