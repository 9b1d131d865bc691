/**
 * A throwaway PostgreSQL database for a bench: created on the server at `baseUrl`, handed to `use`
 * as a connection URL, and dropped afterwards (forcing out connections a crashed child left).
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** Runs `use` with the URL of a new empty database on `baseUrl`'s server; drops it when done. */
export async function withPostgresDatabase(
  baseUrl: string,
  use: (url: string) => Promise<void>,
): Promise<void> {
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
