/**
 * Migration 0003 (issue 11) on a catalogue imported before it: every variant gets the option key
 * that server/catalogue/variant-key.ts builds, so the next import recognises it and keeps its id;
 * two rows of one product with the same options (possible while the SKU was the key) stay apart.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { optionKey } from '../catalogue/variant-key';

const migrations = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
let db: PGlite;

/** Runs one committed migration file, statement by statement, as drizzle's migrator splits it. */
async function migrate(file: string): Promise<void> {
  for (const statement of readFileSync(path.join(migrations, file), 'utf8').split(
    '--> statement-breakpoint',
  )) {
    if (statement.trim() !== '') await db.exec(statement);
  }
}

beforeAll(async () => {
  db = new PGlite({ extensions: { pg_trgm } });
  for (const file of ['0000_init.sql', '0001_pg_trgm.sql', '0002_users_search_trgm.sql']) await migrate(file);
});

afterAll(async () => {
  await db.close();
});

describe('migration 0003 on variants imported before it', () => {
  it('keys each variant by its options as the importer does, and keeps same-option rows apart', async () => {
    await db.exec(`
      insert into products (handle, name) values ('tee', 'Tee'), ('zinc', 'Zinc');
      insert into product_variants (product_id, sku, price, option1, option2, position) values
        (1, 'TEE-S-RED', 1500, ' Small ', 'Red', 1),
        (1, 'TEE-S-RED-2', 1500, 'small', 'red', 2),
        (1, 'TEE-L', 1500, 'Large', null, 3),
        (2, 'ZINC', 699, null, null, 1);
    `);
    await migrate('0003_catalogue_variants.sql');
    const { rows } = await db.query<{ id: number; option_key: string }>(
      'select id, option_key from product_variants order by id',
    );
    expect(rows).toEqual([
      { id: 1, option_key: optionKey([' Small ', 'Red']) },
      { id: 2, option_key: `${optionKey(['small', 'red'])}#2` },
      { id: 3, option_key: optionKey(['Large']) },
      { id: 4, option_key: optionKey([]) },
    ]);
  });
});
