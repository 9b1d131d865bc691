/**
 * Single-row commit rate (issue 13 point 8, "Decide fsync for PGlite"): autocommit INSERTs of one
 * row, one transaction each, from one client, on a PGlite data directory under PGlite's own
 * defaults (fsync=off), with postgres's fsync=on alone, and with the product's setting
 * (server/db/open.ts: fsync=on, WAL open_datasync, NODEFS fsync); beside them an in-memory PGlite
 * (the CPU-only ceiling) and PostgreSQL (BENCH_DATABASE_URL or TEST_DATABASE_URL, e.g.
 * 127.0.0.1:5432) as the reference. The setups take turns, ROUNDS times for ROUND_MS each, and the
 * median round is printed with the load average before and after.
 */
import { cpSync, mkdtempSync, rmSync, statfsSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { DurableNodeFS, durableStartParams } from '../../server/db/open';
import { withPostgresDatabase } from './postgres-database';

const ROUNDS = 3;
const ROUND_MS = 3000;
const TABLE =
  'CREATE TABLE commit_bench (id serial PRIMARY KEY, note text NOT NULL, at timestamptz NOT NULL DEFAULT now())';
const INSERT = 'INSERT INTO commit_bench (note) VALUES ($1)';

/** What a setup needs: one autocommit INSERT, and closing. */
interface Setup {
  label: string;
  insert(note: string): Promise<unknown>;
  close(): Promise<void>;
}

/** statfs magic numbers of the file systems a data directory is likely to live on. */
const FILE_SYSTEMS: Record<number, string> = {
  0xef53: 'ext4',
  0x58465342: 'xfs',
  0x9123683e: 'btrfs',
  0x01021994: 'tmpfs',
  0x794c7630: 'overlayfs',
};

function loadLine(): string {
  return `${loadavg()
    .map((value) => value.toFixed(2))
    .join(', ')} on ${cpus().length} cores`;
}

/** Commits single-row INSERTs for `ms` milliseconds; returns commits per second. */
async function round(setup: Setup, ms: number): Promise<number> {
  let commits = 0;
  const started = performance.now();
  while (performance.now() - started < ms) {
    await setup.insert(`commit ${commits}`);
    commits += 1;
  }
  return (commits * 1000) / (performance.now() - started);
}

async function pgliteSetup(label: string, client: PGlite): Promise<Setup> {
  await client.exec(TABLE);
  return { label, insert: (note) => client.query(INSERT, [note]), close: () => client.close() };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

/** Runs the setups in turn and prints each one's median commit rate. */
async function measure(setups: Setup[]): Promise<Map<string, number>> {
  const rates = new Map<string, number[]>(setups.map((setup) => [setup.label, []]));
  for (const setup of setups) await round(setup, 300);
  for (let index = 0; index < ROUNDS; index++) {
    for (const setup of setups) rates.get(setup.label)?.push(await round(setup, ROUND_MS));
  }
  const medians = new Map<string, number>();
  for (const [label, values] of rates) {
    const value = median(values);
    medians.set(label, value);
    const rounds = values.map((rate) => Math.round(rate)).join(', ');
    console.log(
      `${label.padEnd(86)} ${String(Math.round(value)).padStart(6)} commits/s ` +
        `(${(1000 / value).toFixed(2)} ms each; rounds ${rounds})`,
    );
  }
  return medians;
}

/** The commit-rate bench: PGlite on disk three ways, PGlite in memory, PostgreSQL. */
export default async function commitRateBench(): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'commit-rate-bench-'));
  const setups: Setup[] = [];
  try {
    const fsType = statfsSync(dir).type;
    console.log(
      `Autocommit INSERT of one row per transaction, one client; ${ROUNDS} rounds of ${ROUND_MS} ms per ` +
        `setup, taken in turns; median round. Data directories in ${tmpdir()} ` +
        `(${FILE_SYSTEMS[fsType] ?? `file system 0x${fsType.toString(16)}`}).`,
    );
    console.log(`Load average before: ${loadLine()}.`);

    // One initdb, copied: each setup then starts from the same cluster.
    const template = path.join(dir, 'template');
    const initial = new PGlite(template);
    await initial.waitReady;
    await initial.close();
    const copy = (name: string) => {
      const target = path.join(dir, name);
      cpSync(template, target, { recursive: true });
      return target;
    };

    setups.push(await pgliteSetup('PGlite in memory (no disk: the CPU ceiling)', new PGlite()));
    setups.push(
      await pgliteSetup("PGlite directory, PGlite's defaults (fsync=off)", new PGlite(copy('off'))),
    );
    setups.push(
      await pgliteSetup(
        'PGlite directory, fsync=on alone (WAL fdatasync, answered without a sync)',
        new PGlite(copy('fsync-only'), {
          startParams: PGlite.defaultStartParams.filter((param) => param !== '-F'),
        }),
      ),
    );
    setups.push(
      await pgliteSetup(
        'PGlite directory, the product (fsync=on, WAL open_datasync, NODEFS fsync)',
        new PGlite({ fs: new DurableNodeFS(copy('durable')), startParams: [...durableStartParams] }),
      ),
    );

    const postgresUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
    const run = async () => {
      const medians = await measure(setups);
      const product = medians.get(setups[3]?.label ?? '') ?? 0;
      const off = medians.get(setups[1]?.label ?? '') ?? 0;
      const postgres = setups[4] ? (medians.get(setups[4].label) ?? 0) : 0;
      console.log(
        `The product's setting commits at ${(product / off).toFixed(2)} of PGlite's defaults` +
          (postgres ? ` and ${(product / postgres).toFixed(2)} of PostgreSQL.` : '.'),
      );
    };
    if (postgresUrl) {
      await withPostgresDatabase(postgresUrl, async (url) => {
        const client = new pg.Client({ connectionString: url });
        await client.connect();
        const settings = await client.query<Record<string, string>>(
          "SELECT current_setting('server_version') AS version, current_setting('fsync') AS fsync, " +
            "current_setting('synchronous_commit') AS sync, current_setting('wal_sync_method') AS method",
        );
        const server = settings.rows[0] ?? {};
        await client.query(TABLE);
        setups.push({
          label:
            `PostgreSQL ${server.version?.split(' ')[0]} at ${new URL(url).host} ` +
            `(fsync=${server.fsync}, synchronous_commit=${server.sync}, ${server.method})`,
          insert: (note) => client.query(INSERT, [note]),
          close: () => client.end(),
        });
        try {
          await run();
        } finally {
          await setups.pop()?.close();
        }
      });
    } else {
      console.log('PostgreSQL skipped: set BENCH_DATABASE_URL (or TEST_DATABASE_URL) to a server URL.');
      await run();
    }
    console.log(`Load average after: ${loadLine()}.`);
  } finally {
    for (const setup of setups) await setup.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
