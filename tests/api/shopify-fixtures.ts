/**
 * Fixtures of the Shopify store tests (issue 29): a test app whose calls to customers' stores reach
 * the Shopify stand-in (tests/support/shopify-standin) and whose throttle waits are recorded and
 * passed on to the stand-in's buckets instead of slept, a customer with a saved domain and key, and
 * the stand-in's products built from option lists.
 */
import { eq } from 'drizzle-orm';
import { encryptSecret } from '../../server/auth/secret-box';
import { users } from '../../server/db/schema';
import type { StandinProduct } from '../support/shopify-standin/standin';
import { startStandin } from '../support/shopify-standin/standin';
import type { Standin } from '../support/shopify-standin/standin';
import { insertCustomer } from './feed-fixtures';
import { createTestApp, login } from './helpers';
import type { TestApp } from './helpers';
import type { Config } from '../../server/config';
import type { AppDeps } from '../../server/app';

/**
 * How long a call to a store may take in these tests (ms): far beyond a loopback answer on a loaded
 * machine, and what the test of a store that never answers waits out.
 */
export const TEST_CALL_TIMEOUT_MS = 3000;

export interface ShopifyTestApp {
  t: TestApp;
  standin: Standin;
  /** Every throttle wait the app asked for, in ms, in order. */
  sleeps: number[];
  /** An admin's access token. */
  admin: string;
  close(): Promise<void>;
}

/** A test app wired to a fresh stand-in; `deps` may add a log stream. */
export async function createShopifyTestApp(
  overrides: Partial<Config> = {},
  deps: Pick<AppDeps, 'logStream'> = {},
): Promise<ShopifyTestApp> {
  const standin = await startStandin();
  const sleeps: number[] = [];
  const t = await createTestApp(overrides, undefined, {
    ...deps,
    shopifyTransport: {
      fetch: standin.fetch,
      sleep: async (ms) => {
        sleeps.push(ms);
        standin.elapse(ms);
      },
      timeoutMs: TEST_CALL_TIMEOUT_MS,
    },
  });
  const admin = (await login(t.app, t.users.admin.email)).access_token;
  return {
    t,
    standin,
    sleeps,
    admin,
    close: async () => {
      await t.close();
      await standin.close();
    },
  };
}

/** Inserts a customer of `host` whose stored Admin API key is `key` (null: none); resolves to its id. */
export async function insertStoreCustomer(t: TestApp, host: string, key: string | null): Promise<number> {
  const id = await insertCustomer(t.db, {
    email: `${host}@test.example`,
    company_name: host,
    shopify_domain: host,
  });
  if (key !== null) {
    await t.db
      .update(users)
      .set({ shopify_admin_api_encrypted: encryptSecret(t.config.encryptionKey, key) })
      .where(eq(users.id, id));
  }
  return id;
}

let nextId = 7_000_000_000_000;

/**
 * A stand-in product of `handle` with one variant per entry of `variants` (option name/value pairs),
 * published unless `published` is false.
 */
export function storeProduct(
  handle: string,
  variants: readonly (readonly [string, string])[][],
  published = true,
): StandinProduct {
  return {
    id: `gid://shopify/Product/${nextId++}`,
    handle,
    onlineStoreUrl: published ? `https://standin.example/products/${handle}` : null,
    variants: variants.map((options) => ({
      id: `gid://shopify/ProductVariant/${nextId++}`,
      selectedOptions: options.map(([name, value]) => ({ name, value })),
    })),
  };
}

/** The numeric id of a stand-in GID, as a storefront link carries it. */
export const numeric = (gid: string) => gid.split('/').pop() ?? '';

/** POST /api/backoffice{path} as `token`. */
export function post(app: ShopifyTestApp, path: string, token = app.admin) {
  return app.t.app.inject({
    method: 'POST',
    url: `/api/backoffice${path}`,
    headers: { authorization: `Bearer ${token}` },
  });
}
