/**
 * Test support for catalogue tests: an empty catalogue between tests, and one in-memory PGlite per
 * test file (opening PGlite is slow). Moved out of server/ (issue 28): test code is not product code.
 */
import { asc, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { openTestDatabase } from './test-database';
import type { Db, OpenedDatabase } from '../../server/db/open';
import { brands, productAssets, products, productVariants } from '../../server/db/schema';

/** Deletes every brand, product, variant and image, and restarts their ids at 1. */
export async function emptyCatalogue(db: Db): Promise<void> {
  await db.execute(
    sql`TRUNCATE TABLE ${productAssets}, ${productVariants}, ${products}, ${brands} RESTART IDENTITY CASCADE`,
  );
}

/** Every catalogue row, ordered by id, for exact and before/after comparisons. */
export async function catalogueRows(db: Db) {
  return {
    brands: await db.select().from(brands).orderBy(asc(brands.id)),
    products: await db.select().from(products).orderBy(asc(products.id)),
    variants: await db.select().from(productVariants).orderBy(asc(productVariants.id)),
    assets: await db.select().from(productAssets).orderBy(asc(productAssets.id)),
  };
}

/**
 * Opens one in-memory PGlite for the calling test file, closes it after the file, and empties the
 * catalogue before each test. Returns a getter for the database (set once the file's tests run).
 */
export function useCatalogueDatabase(): () => Db {
  let opened: OpenedDatabase | undefined;
  beforeAll(async () => {
    opened = await openTestDatabase();
  });
  afterAll(async () => {
    await opened?.close();
  });
  beforeEach(async () => {
    if (opened) await emptyCatalogue(opened.db);
  });
  return () => {
    if (!opened) throw new Error('The catalogue database is opened before the tests run');
    return opened.db;
  };
}
