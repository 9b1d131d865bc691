/**
 * Real server processes on one PostgreSQL database (issue 13): what a deployment with two instances
 * behind a load balancer shares (the database, JWT_SECRET, ENCRYPTION_KEY) and what it does not
 * (memory, DATA_DIR). For tests of limits and storage that must hold across processes.
 */
import { fork } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createPostgresDatabase } from '../helpers';

const CHILD = path.join(path.dirname(fileURLToPath(import.meta.url)), 'server-child.ts');
const START_TIMEOUT_MS = 60_000;

/** The first admin every cluster creates (ADMIN_EMAIL / ADMIN_PASSWORD). */
export const CLUSTER_ADMIN = { email: 'admin@cluster.test', password: 'Cluster1!' };

export interface ServerProcess {
  /** http://127.0.0.1:<port> */
  url: string;
  /** Everything the process wrote to stdout and stderr so far (its JSON log lines included). */
  output(): string;
}

export interface ServerCluster {
  processes: ServerProcess[];
  /** The database every process uses. */
  databaseUrl: string;
  /** Stops every process, then drops the database and the data directories. */
  close(): Promise<void>;
}

function startProcess(env: NodeJS.ProcessEnv): Promise<{ child: ChildProcess; process: ServerProcess }> {
  const child = fork(CHILD, [], {
    env,
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`server process did not start in ${START_TIMEOUT_MS} ms:\n${output}`));
    }, START_TIMEOUT_MS);
    child.once('message', (message: { url: string }) => {
      clearTimeout(timer);
      resolve({ child, process: { url: message.url, output: () => output } });
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server process exited with ${code} before listening:\n${output}`));
    });
  });
}

function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.disconnect();
  });
}

/**
 * Starts `count` server processes, one after another, on a fresh database of the PostgreSQL server
 * at `baseUrl` (e.g. TEST_DATABASE_URL), each with its own DATA_DIR. `env` adds or overrides
 * variables (LOG_LEVEL is `info` unless given). Rejects when a process does not start in 60 s.
 */
export async function startServerCluster(
  count: number,
  baseUrl: string,
  env: Record<string, string> = {},
): Promise<ServerCluster> {
  const database = await createPostgresDatabase(baseUrl);
  const dataDirs: string[] = [];
  const children: ChildProcess[] = [];
  const shared = {
    ...process.env,
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    DATABASE_URL: database.url,
    JWT_SECRET: randomBytes(32).toString('hex'),
    ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    ADMIN_EMAIL: CLUSTER_ADMIN.email,
    ADMIN_PASSWORD: CLUSTER_ADMIN.password,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'info',
    ...env,
  };
  const close = async () => {
    await Promise.all(children.map(stopProcess));
    await database.drop();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  };
  const processes: ServerProcess[] = [];
  try {
    // One after another: the first creates the admin in the empty database, the others find it.
    for (let index = 0; index < count; index++) {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'product-feed-process-'));
      dataDirs.push(dataDir);
      const started = await startProcess({ ...shared, DATA_DIR: dataDir });
      children.push(started.child);
      processes.push(started.process);
    }
  } catch (error) {
    await close();
    throw error;
  }
  return { processes, databaseUrl: database.url, close };
}
