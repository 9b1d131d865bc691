/**
 * What is kept of a customer's Shopify store besides the connection columns of `users` (issue 29):
 * clearing it when an admin saves another domain or key.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../db/open';
import { shopifyProducts, shopifySyncs, shopifyVariants, users } from '../db/schema';
import { UNCHECKED_CONNECTION } from './connection-record';

/**
 * Clears customer `userId`'s last connection check; with `mapping`, also their variant mapping and
 * last sync result (another store's ids mean nothing for the new one). A running sync's lease is
 * left alone. Run it inside the transaction that saves the change.
 */
export async function forgetStore(db: Db, userId: number, { mapping }: { mapping: boolean }): Promise<void> {
  await db.update(users).set(UNCHECKED_CONNECTION).where(eq(users.id, userId));
  if (!mapping) return;
  await db.delete(shopifyVariants).where(eq(shopifyVariants.user_id, userId));
  await db.delete(shopifyProducts).where(eq(shopifyProducts.user_id, userId));
  await db
    .update(shopifySyncs)
    .set({
      ended_at: null,
      succeeded_at: null,
      failure_code: null,
      failure_message: null,
      failure_retry_after_seconds: null,
    })
    .where(eq(shopifySyncs.user_id, userId));
}
