/**
 * What every route plugin receives (issue 14 "Server": routes → services → Drizzle): the
 * configuration, the route registry and one service per resource, each already bound to
 * the app's database. Route plugins import this module, never server/app.ts (which imports them
 * all), and never the database: this module imports no route.
 */
import { createAuthService } from './auth/auth-service';
import type { AuthService } from './auth/auth-service';
import { createHashingGate } from './auth/hashing-gate';
import type { Config } from './config';
import { createDashboardService } from './dashboard/dashboard-service';
import type { DashboardService } from './dashboard/dashboard-service';
import type { Db } from './db/open';
import { createDeliveryService } from './feeds/delivery-service';
import type { DeliveryService } from './feeds/delivery-service';
import { createFeedsService } from './feeds/feeds-service';
import type { FeedsService } from './feeds/feeds-service';
import { createHealthService } from './health/health-service';
import type { HealthService } from './health/health-service';
import { RouteRegistry } from './http/openapi';
import { createShopService } from './shop/shop-service';
import { createShopifyService } from './shopify/shopify-service';
import type { ShopifyService } from './shopify/shopify-service';
import type { ShopifyTransport } from './shopify/store-client';
import type { ShopService } from './shop/shop-service';
import { databaseStorage } from './uploads/storage';
import type { FileStorage } from './uploads/storage';
import { createAccountService } from './users/account-service';
import type { AccountService } from './users/account-service';
import { createTokensService } from './users/tokens-service';
import type { TokensService } from './users/tokens-service';
import { createUsersService } from './users/users-service';
import type { UsersService } from './users/users-service';

/** What every route plugin receives as options. */
export interface AppServices {
  config: Config;
  registry: RouteRegistry;
  health: HealthService;
  auth: AuthService;
  account: AccountService;
  users: UsersService;
  tokens: TokensService;
  feeds: FeedsService;
  shop: ShopService;
  delivery: DeliveryService;
  dashboard: DashboardService;
  /** The customers' Shopify stores (issue 29). */
  shopify: ShopifyService;
  /** Uploaded files (avatars), served under /uploads. */
  uploads: FileStorage;
}

/** What the services are built on. */
export interface ServiceDeps {
  db: Db;
  /** The clock (tests pass a simulated one). */
  now: () => Date;
  /** How calls reach customers' stores (networkTransport() in production; tests pass a stand-in's). */
  shopifyTransport: ShopifyTransport;
}

/**
 * Builds every service of the app on `db` with the clock `now`, the settings of `config` and one
 * hashing gate of `config.passwordHashing`. Builds only; nothing is queried until a request.
 */
export function createAppServices(config: Config, { db, now, shopifyTransport }: ServiceDeps): AppServices {
  // The process's one bound on Argon2 work, shared by every service that hashes.
  const hashing = createHashingGate(config.passwordHashing);
  const delivery = createDeliveryService({ db, now, config });
  return {
    config,
    registry: new RouteRegistry(),
    // openDatabase picks PostgreSQL exactly when DATABASE_URL is set.
    health: createHealthService({ db, database: config.databaseUrl ? 'postgres' : 'pglite' }),
    auth: createAuthService({ db, config, hashing, now }),
    account: createAccountService({ db, config, hashing, now }),
    users: createUsersService({ db, encryptionKey: config.encryptionKey, now }),
    tokens: createTokensService({ db, encryptionKey: config.encryptionKey, now }),
    feeds: createFeedsService({ db, now, config }),
    shop: createShopService({ db, config }),
    delivery,
    dashboard: createDashboardService({ db, now }),
    shopify: createShopifyService({
      db,
      now,
      config,
      transport: shopifyTransport,
      onMappingChanged: (feedIds) => delivery.forget(feedIds),
    }),
    uploads: databaseStorage(db),
  };
}
