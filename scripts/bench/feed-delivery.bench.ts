/**
 * Feed delivery throughput (issues 12 and 31, "Performance"): a 600-variant and a 2,000-variant
 * feed (150 and 500 products of 4 variants) pulled as JSON and as XML, identity and gzip, at 50
 * connections on loopback, on in-memory PGlite and, when BENCH_DATABASE_URL (or TEST_DATABASE_URL)
 * names a PostgreSQL server, on a fresh database there (dropped afterwards). Each case runs beside
 * a static file server serving the very bytes the app sent, in the same run, and prints the ratio;
 * targets: at least 0.3 of the static server for identity bodies on PostgreSQL and 0.15 on PGlite
 * (issue 31), and gzip bodies at most 0.15 of the identity size.
 * The static server is nginx (Debian's `nginx` package: sendfile, gzip_static, one worker process
 * like the app's one process) when /usr/sbin/nginx exists, else @fastify/static (static-server.ts),
 * which streams each file from disk and is the weaker yardstick for large bodies.
 *
 * The app runs in its own process (feed-server.ts), so does the static server, and the load comes
 * from wrk (/usr/bin/wrk, Debian's `wrk` package) or, without it, autocannon in this process. Every
 * app request counts one pull against the token, as in production. The machine's load average is
 * printed before and after: the load generator and the servers share its cores.
 */
import { execFile, fork, spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import { createServer } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import { withPostgresDatabase } from './postgres-database';
import type { FeedServerCpu, FeedServerReady } from './feed-server';
import type { StaticServerReady } from './static-server';
import { nextMessage } from './child-messages';

/** Products of 4 variants each: a 600-item and a 2,000-item feed (issue 31). */
const FEED_PRODUCTS = [150, 500];
const VARIANTS_PER_PRODUCT = 4;
const CONNECTIONS = 50;
const DURATION_S = 5;
const WARM_UP_S = 1;
const WRK = '/usr/bin/wrk';
const NGINX = '/usr/sbin/nginx';
const FORMATS = ['json', 'xml'] as const;
const ENCODINGS = ['identity', 'gzip'] as const;
const HERE = path.dirname(fileURLToPath(import.meta.url));

type Encoding = (typeof ENCODINGS)[number];

interface LoadResult {
  rps: number;
  /** Latency percentiles in ms. */
  p50: number;
  p99: number;
  /** Answers that were not 2xx/3xx, plus socket errors and timeouts. */
  failures: number;
  requests: number;
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.connected) child.send('stop');
  if (child.exitCode === null && child.signalCode === null) await once(child, 'exit');
}

function startChild(script: string, args: string[]): ChildProcess {
  return fork(path.join(HERE, script), args, { execArgv: ['--import', 'tsx'] });
}

/** A static file server serving a directory: its name, address and how to stop it. */
interface Yardstick {
  name: string;
  /** e.g. http://127.0.0.1:41234 */
  address: string;
  stop(): Promise<void>;
}

/** A port free on 127.0.0.1 right now (for nginx, which cannot be told to pick one). */
async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  server.close();
  await once(server, 'close');
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/** nginx in the foreground on `root`, one worker, `name.gz` for clients that accept gzip. */
async function startNginx(root: string, workDir: string): Promise<Yardstick> {
  const port = await freePort();
  const temp = (name: string) => path.join(workDir, name);
  const conf = temp('nginx.conf');
  writeFileSync(
    conf,
    `daemon off; master_process off; worker_processes 1; pid ${temp('nginx.pid')}; error_log stderr warn;
events { worker_connections 1024; }
http {
  access_log off; sendfile on; tcp_nopush on; gzip_static on; keepalive_requests 1000000;
  client_body_temp_path ${temp('body')}; proxy_temp_path ${temp('proxy')}; fastcgi_temp_path ${temp('fastcgi')};
  uwsgi_temp_path ${temp('uwsgi')}; scgi_temp_path ${temp('scgi')};
  types { application/json json; application/xml xml; }
  server { listen 127.0.0.1:${port}; root ${root}; }
}
`,
  );
  const child = spawn(NGINX, ['-c', conf, '-p', workDir], { stdio: ['ignore', 'inherit', 'inherit'] });
  const address = `http://127.0.0.1:${port}`;
  for (let attempt = 0; ; attempt++) {
    if (child.exitCode !== null) throw new Error(`nginx exited with ${child.exitCode}`);
    const ready = await rawGet(`${address}/feed.json`, {}).then(
      (answer) => answer.status === 200,
      () => false,
    );
    if (ready) break;
    if (attempt === 50) throw new Error('nginx did not start');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    name: 'nginx',
    address,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await once(child, 'exit');
      }
    },
  };
}

/** @fastify/static in a child process (static-server.ts). */
async function startFastifyStatic(root: string): Promise<Yardstick> {
  const child = startChild('static-server.ts', [root]);
  const ready = await nextMessage<StaticServerReady>(child, 'ready');
  return { name: '@fastify/static', address: ready.address, stop: () => stopChild(child) };
}

async function serverCpuMs(child: ChildProcess): Promise<number> {
  const reply = nextMessage<FeedServerCpu>(child, 'cpu');
  child.send('cpu');
  return (await reply).cpuMs;
}

/** One GET with node:http, which (unlike fetch) leaves a compressed body as it came. */
function rawGet(url: string, headers: Record<string, string>): Promise<{ status: number; body: Buffer }> {
  return new Promise((resolve, reject) => {
    get(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks) }));
      response.on('error', reject);
    }).on('error', reject);
  });
}

/** A wrk duration such as '812.34us', '1.20ms' or '2.01s', in ms. */
function wrkMs(text: string | undefined): number {
  const match = /^([\d.]+)(us|ms|s|m)$/.exec(text ?? '');
  if (!match) return Number.NaN;
  const factor = { us: 0.001, ms: 1, s: 1000, m: 60_000 }[match[2] as 'us' | 'ms' | 's' | 'm'];
  return Math.round(Number(match[1]) * factor * 10) / 10;
}

async function wrkLoad(url: string, headers: Record<string, string>, seconds: number): Promise<LoadResult> {
  const args = ['-t2', `-c${CONNECTIONS}`, `-d${seconds}s`, '--latency', '--timeout', '10s'];
  for (const [name, value] of Object.entries(headers)) args.push('-H', `${name}: ${value}`);
  const { stdout } = await promisify(execFile)(WRK, [...args, url]);
  const number = (pattern: RegExp) => Number(pattern.exec(stdout)?.[1] ?? 0);
  const socketErrors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(stdout);
  return {
    rps: Math.round(number(/Requests\/sec:\s+([\d.]+)/)),
    p50: wrkMs(/^\s+50%\s+(\S+)/m.exec(stdout)?.[1]),
    p99: wrkMs(/^\s+99%\s+(\S+)/m.exec(stdout)?.[1]),
    failures:
      number(/Non-2xx or 3xx responses: (\d+)/) +
      (socketErrors ? socketErrors.slice(1).reduce((sum, count) => sum + Number(count), 0) : 0),
    requests: number(/(\d+) requests in/),
  };
}

async function autocannonLoad(
  url: string,
  headers: Record<string, string>,
  seconds: number,
): Promise<LoadResult> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: seconds, headers });
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    failures: result.non2xx + result.errors + result.timeouts,
    requests: result.requests.total,
  };
}

const useWrk = existsSync(WRK);
const load = useWrk ? wrkLoad : autocannonLoad;

/** Fetches each representation from the app once, checks them, and writes the files to serve. */
async function captureBodies(server: FeedServerReady, directory: string): Promise<string[]> {
  const lines: string[] = [];
  for (const format of FORMATS) {
    const url = `${server.address}/api/feed/v1/feeds/${server.feedId}.${format}`;
    const authorization = `Bearer ${server.apiToken}`;
    const [identity, gzip, br] = await Promise.all(
      (['identity', 'gzip', 'br'] as const).map((coding) =>
        rawGet(url, { authorization, 'accept-encoding': coding }),
      ),
    );
    if (!identity || !gzip || !br || [identity, gzip, br].some((answer) => answer.status !== 200)) {
      throw new Error(`the app did not serve ${url}`);
    }
    if (
      !gunzipSync(gzip.body).equals(identity.body) ||
      !brotliDecompressSync(br.body).equals(identity.body)
    ) {
      throw new Error(`${format}: a compressed body does not decompress to the identity body`);
    }
    writeFileSync(path.join(directory, `feed.${format}`), identity.body);
    writeFileSync(path.join(directory, `feed.${format}.gz`), gzip.body);
    const kib = (bytes: number) => `${(bytes / 1024).toFixed(0)} KiB`;
    lines.push(
      `${format.toUpperCase()}: identity ${kib(identity.body.length)}, gzip ${kib(gzip.body.length)} ` +
        `(${(gzip.body.length / identity.body.length).toFixed(3)} of identity), ` +
        `Brotli ${kib(br.body.length)} (${(br.body.length / identity.body.length).toFixed(3)})`,
    );
  }
  return lines;
}

function headersFor(encoding: Encoding, authorization?: string): Record<string, string> {
  return {
    ...(authorization ? { authorization } : {}),
    ...(encoding === 'gzip' ? { 'accept-encoding': 'gzip' } : {}),
  };
}

async function run(kind: string, databaseUrl: string | undefined, products: number): Promise<void> {
  const app = startChild('feed-server.ts', [
    databaseUrl ?? '',
    String(products),
    String(VARIANTS_PER_PRODUCT),
  ]);
  const workDir = mkdtempSync(path.join(tmpdir(), 'feed-bench-'));
  const directory = path.join(workDir, 'files');
  mkdirSync(directory);
  let yardstick: Yardstick | undefined;
  try {
    const server = await nextMessage<FeedServerReady>(app, 'ready');
    console.log(
      `\n### ${kind}: ${server.variantCount.toLocaleString('en-GB')}-variant feed seeded in ${server.seedMs} ms`,
    );
    for (const line of await captureBodies(server, directory)) console.log(line);
    yardstick = existsSync(NGINX)
      ? await startNginx(directory, workDir)
      : await startFastifyStatic(directory);

    console.log(
      `\n| ${kind} | body | app req/s | ${yardstick.name} req/s | app / static | app p50 / p99 ms | static p50 / p99 ms | app CPU ms/req | failures |`,
    );
    console.log('|---|---|---|---|---|---|---|---|---|');
    const authorization = `Bearer ${server.apiToken}`;
    for (const format of FORMATS) {
      for (const encoding of ENCODINGS) {
        const appUrl = `${server.address}/api/feed/v1/feeds/${server.feedId}.${format}`;
        const staticUrl = `${yardstick.address}/feed.${format}`;
        const appHeaders = headersFor(encoding, authorization);
        await load(appUrl, appHeaders, WARM_UP_S);
        const cpuBefore = await serverCpuMs(app);
        const measured = await load(appUrl, appHeaders, DURATION_S);
        const cpuMs = (await serverCpuMs(app)) - cpuBefore;
        await load(staticUrl, headersFor(encoding), WARM_UP_S);
        const yard = await load(staticUrl, headersFor(encoding), DURATION_S);
        console.log(
          `| ${kind} | ${format.toUpperCase()} ${encoding} | ${measured.rps} | ${yard.rps} | ` +
            `${(measured.rps / Math.max(yard.rps, 1)).toFixed(2)} | ${measured.p50} / ${measured.p99} | ` +
            `${yard.p50} / ${yard.p99} | ${(cpuMs / Math.max(measured.requests, 1)).toFixed(2)} | ` +
            `${measured.failures + yard.failures} |`,
        );
      }
    }
  } finally {
    await stopChild(app);
    await yardstick?.stop();
    rmSync(workDir, { recursive: true, force: true });
  }
}

function loadAverage(): string {
  return `${loadavg()
    .map((value) => value.toFixed(2))
    .join(', ')} on ${cpus().length} cores`;
}

/** Runs the delivery load test on PGlite, then on PostgreSQL when a server is configured. */
export default async function feedDeliveryBench(): Promise<void> {
  console.log(
    `${CONNECTIONS} connections, ${DURATION_S} s per case after a ${WARM_UP_S} s warm-up, loopback; ` +
      `app and static server each in a child process; load from ${useWrk ? `wrk (${WRK}, 2 threads)` : 'autocannon'}.`,
  );
  console.log(`Load average before: ${loadAverage()}.`);
  const postgresUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  for (const products of FEED_PRODUCTS) {
    await run('PGlite', undefined, products);
    if (postgresUrl) await withPostgresDatabase(postgresUrl, (url) => run('PostgreSQL', url, products));
  }
  if (!postgresUrl)
    console.log('\nPostgreSQL skipped: set BENCH_DATABASE_URL (or TEST_DATABASE_URL) to a server URL.');
  console.log(`\nLoad average after: ${loadAverage()}.`);
}
