/**
 * The one Drizzle pg-core schema of the whole product (spec §3, ARCHITECTURE.md §3–4).
 * Money columns are integers in minor units (pence / cents); timestamps are UTC `timestamptz`.
 * Besides the spec's tables, two serve every process alike (issue 13): attempt counters of the auth
 * limits and the uploaded files.
 */
import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import {
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { ProductStatus } from '@/api/schemas/shop';
import type { ShopifyFailureCode } from '@/api/schemas/shopify';

/**
 * The one text the users search matches (issue 3 "Server"): first and last name joined by a space,
 * so the full name matches, then email and company behind chr(1), which no search can contain, so
 * no match spans two fields. The trigram index on `users` is built on this very expression, which
 * is what lets ILIKE '%text%' over it use the index.
 */
export function userSearchText(
  columns: Record<'first_name' | 'last_name' | 'email' | 'company_name', PgColumn>,
): SQL {
  return sql`(${columns.first_name} || ' ' || ${columns.last_name} || chr(1) || ${columns.email} || chr(1) || ${columns.company_name})`;
}

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** Admins (user_type_id 1) and customers (2); status 1 Active, 2 Inactive (spec §3). */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    user_type_id: smallint('user_type_id').notNull().default(2),
    status: smallint('status').notNull().default(1),
    first_name: text('first_name').notNull(),
    last_name: text('last_name').notNull(),
    /** Stored lower-cased; uniqueness is case-insensitive. */
    email: text('email').notNull(),
    company_name: text('company_name').notNull().default(''),
    phone: text('phone').notNull().default(''),
    mobile: text('mobile'),
    website: text('website'),
    shopify_id: text('shopify_id').notNull().default(''),
    shopify_domain: text('shopify_domain').notNull().default(''),
    /** AES-256-GCM ciphertext of the Shopify admin API key; write-only (ARCHITECTURE.md §3). */
    shopify_admin_api_encrypted: text('shopify_admin_api_encrypted'),
    /**
     * The last connection check of the customer's store (issue 29): 'connected' or 'failed', null when
     * never checked since the domain or key last changed (a save changing either clears these).
     */
    shopify_check_status: text('shopify_check_status').$type<'connected' | 'failed'>(),
    shopify_checked_at: timestamp('shopify_checked_at', { withTimezone: true }),
    /** `shop.name` and the key's `currentAppInstallation.accessScopes` handles, when connected. */
    shopify_shop_name: text('shopify_shop_name'),
    shopify_scopes: jsonb('shopify_scopes').$type<string[]>().notNull().default([]),
    /** Why the last check failed (a ShopifyFailure), null unless failed. */
    shopify_failure_code: text('shopify_failure_code').$type<ShopifyFailureCode>(),
    shopify_failure_message: text('shopify_failure_message'),
    shopify_failure_retry_after_seconds: integer('shopify_failure_retry_after_seconds'),
    /** Percent, one of 0, 5, 10, 15, 20, 25 (spec §5). */
    discount_rate: smallint('discount_rate').notNull().default(0),
    /** Percent, 0–100 (spec §5). */
    shipping_discount_rate: smallint('shipping_discount_rate').notNull().default(0),
    password_hash: text('password_hash').notNull(),
    /** Path under /uploads of the re-encoded original, and of its 36 px thumbnail. */
    avatar_original: text('avatar_original'),
    avatar_thumb_36: text('avatar_thumb_36'),
    created_at: createdAt(),
    updated_at: timestamp('updated_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(t.email),
    index('users_status_idx').on(t.status),
    index('users_created_at_idx').on(t.created_at),
    // Needs pg_trgm (migration 0001). Searches shorter than 3 characters have no trigram and scan.
    // fastupdate off: users are added one at a time by an admin, so paying at insert is cheap,
    // while a GIN pending list (only emptied by vacuum) is read in full by every search.
    index('users_search_trgm_idx')
      .using('gin', sql`${userSearchText(t)} gin_trgm_ops`)
      .with({ fastupdate: false }),
  ],
);

/** A login's chain of rotated refresh tokens; revoking it ends every token of the chain. */
export const refreshTokenFamilies = pgTable(
  'refresh_token_families',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    created_at: createdAt(),
    revoked_at: timestamp('revoked_at', { withTimezone: true }),
    /** Why it was revoked: logout, reuse, user_inactive, password_changed. */
    revoked_reason: text('revoked_reason'),
  },
  (t) => [index('refresh_token_families_user_idx').on(t.user_id)],
);

/** One refresh token of a family, stored only as the SHA-256 hash of its 256 random bits. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: serial('id').primaryKey(),
    family_id: integer('family_id')
      .notNull()
      .references(() => refreshTokenFamilies.id, { onDelete: 'cascade' }),
    token_hash: text('token_hash').notNull(),
    parent_id: integer('parent_id'),
    created_at: createdAt(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set when this token was exchanged for its child (rotation). */
    rotated_at: timestamp('rotated_at', { withTimezone: true }),
    /**
     * The client that exchanged it (issue 27), so a presentation inside the grace window can be told
     * apart from a replay: its address keyed as an IPv4 address or an IPv6 /64 network, and an HMAC
     * of its User-Agent (server/auth/refresh-client.ts). Null before rotation, and for tokens
     * rotated before migration 0007.
     */
    rotated_by_address: text('rotated_by_address'),
    rotated_by_agent: text('rotated_by_agent'),
  },
  (t) => [
    uniqueIndex('refresh_tokens_hash_unique').on(t.token_hash),
    index('refresh_tokens_family_idx').on(t.family_id),
  ],
);

/**
 * A customer's API token for the feed delivery API. Shown to admins, so kept encrypted
 * (AES-256-GCM) with a SHA-256 lookup hash (ARCHITECTURE.md §3).
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    token_encrypted: text('token_encrypted').notNull(),
    token_hash: text('token_hash').notNull(),
    revoked: boolean('revoked').notNull().default(false),
    used_requests: integer('used_requests').notNull().default(0),
    total_requests: integer('total_requests').notNull().default(10000),
    /** An admin's label for the token (issue 15): trimmed, at most 100 characters, null when unnamed. */
    name: text('name'),
    /** When a feed pull with this token was last accepted (issue 15); null when never used. */
    last_used_at: timestamp('last_used_at', { withTimezone: true }),
    created_at: createdAt(),
    updated_at: timestamp('updated_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('api_tokens_hash_unique').on(t.token_hash), index('api_tokens_user_idx').on(t.user_id)],
);

export const brands = pgTable('brands', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
});

/** Shopify's inventory policies: `deny` stops selling at 0, `continue` keeps selling (issue 11). */
export const INVENTORY_POLICIES = ['deny', 'continue'] as const;
export type InventoryPolicy = (typeof INVENTORY_POLICIES)[number];

/** A catalogue product, keyed by its Shopify handle (ARCHITECTURE.md §4, catalogue source). */
export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    handle: text('handle').notNull().unique(),
    name: text('name').notNull(),
    description_html: text('description_html').notNull().default(''),
    brand_id: integer('brand_id').references(() => brands.id, { onDelete: 'set null' }),
    product_type: text('product_type').notNull().default(''),
    tags: text('tags').notNull().default(''),
    /** One of PRODUCT_STATUSES (src/api/schemas/shop.ts); a `--full` import archives products absent from the file. */
    status: text('status').$type<ProductStatus>().notNull().default('active'),
    published: boolean('published').notNull().default(true),
    /** Shopify's Product Category (its standard taxonomy path), '' when the export has none. */
    product_category: text('product_category').notNull().default(''),
    /** The export's `Google Shopping / Google Product Category`, or null. */
    google_product_category: text('google_product_category'),
    /**
     * Every other non-empty `Google Shopping / *` column, keyed by the part after the slash
     * (e.g. { "Gender": "unisex", "Custom Label 0": "summer" }).
     */
    google_shopping: jsonb('google_shopping').$type<Record<string, string>>().notNull().default({}),
    gift_card: boolean('gift_card').notNull().default(false),
    seo_title: text('seo_title'),
    seo_description: text('seo_description'),
    /** Option names (e.g. Size, Colour); null where the product has fewer options. */
    option1_name: text('option1_name'),
    option2_name: text('option2_name'),
    option3_name: text('option3_name'),
    created_at: createdAt(),
    updated_at: timestamp('updated_at', { withTimezone: true }),
  },
  (t) => [index('products_brand_idx').on(t.brand_id)],
);

/**
 * A product's variants, identified by the product plus its option values (`option_key`); the SKU
 * is an attribute (Shopify does not require it and merchants reuse it; ARCHITECTURE.md §4
 * "Variants"). The first by position among those not archived is the product's `variant` on the
 * wire.
 */
export const productVariants = pgTable(
  'product_variants',
  {
    id: serial('id').primaryKey(),
    product_id: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** Null when the export has none; several variants may share one. */
    sku: text('sku'),
    /**
     * The variant's identity within its product: its option values, trimmed and lower-cased,
     * joined by U+001F (catalogue/variant-key.ts).
     */
    option_key: text('option_key').notNull(),
    /** Minor units (pence). */
    price: integer('price').notNull(),
    /** Minor units; null when the export has none. */
    compare_at_price: integer('compare_at_price'),
    barcode: text('barcode'),
    option1: text('option1'),
    option2: text('option2'),
    option3: text('option3'),
    position: integer('position').notNull().default(1),
    /** Who tracks stock ('shopify' or a fulfilment service); null = not tracked (always sellable). */
    inventory_tracker: text('inventory_tracker'),
    inventory_policy: text('inventory_policy').$type<InventoryPolicy>().notNull().default('deny'),
    /** Null when the export carried no quantity for it: unknown, not 0. */
    inventory_quantity: integer('inventory_quantity'),
    grams: integer('grams'),
    /** The unit Shopify shows the weight in (g, kg, lb, oz); null when absent. */
    weight_unit: text('weight_unit'),
    /** The variant's own image URL, or null. */
    image_src: text('image_src'),
    /** Set when a later import no longer lists the variant (deleted in Shopify); never deleted. */
    archived: boolean('archived').notNull().default(false),
    /**
     * When the import that archived the variant ran (its `now`); null while it is not archived, and
     * for variants archived before migration 0006 (date unknown).
     */
    archived_at: timestamp('archived_at', { withTimezone: true }),
  },
  (t) => [
    index('product_variants_product_idx').on(t.product_id),
    uniqueIndex('product_variants_product_option_key_unique').on(t.product_id, t.option_key),
    index('product_variants_sku_idx').on(t.sku),
  ],
);

/** Product images; `src` is a remote URL or a path under /uploads. */
export const productAssets = pgTable(
  'product_assets',
  {
    id: serial('id').primaryKey(),
    product_id: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    src: text('src').notNull(),
    thumbnail_50: text('thumbnail_50').notNull(),
    alt: text('alt'),
    position: integer('position').notNull().default(1),
    is_primary: boolean('is_primary').notNull().default(false),
  },
  (t) => [index('product_assets_product_idx').on(t.product_id)],
);

/** A customer's feed: the set of catalogue products their store pulls (ARCHITECTURE.md §4). */
export const feeds = pgTable(
  'feeds',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    user_id: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /**
     * Deliver products that are not published on the store's online store too (issue 26): set by
     * an admin on purpose, e.g. for a store that sells through a headless storefront.
     */
    include_unpublished: boolean('include_unpublished').notNull().default(false),
    created_at: createdAt(),
    updated_at: timestamp('updated_at', { withTimezone: true }),
    /**
     * When a client (Google's scheduled fetch, a store) last pulled this feed with an accepted token
     * (issue 30); null when never. Not an edit, so `updated_at` stays.
     */
    last_pulled_at: timestamp('last_pulled_at', { withTimezone: true }),
  },
  (t) => [index('feeds_user_idx').on(t.user_id)],
);

export const feedProducts = pgTable(
  'feed_products',
  {
    feed_id: integer('feed_id')
      .notNull()
      .references(() => feeds.id, { onDelete: 'cascade' }),
    product_id: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.feed_id, t.product_id] }),
    index('feed_products_product_idx').on(t.product_id),
  ],
);

/** A customer's order; amounts in pence, VAT at the UK standard rate at the time of sale. */
export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ordered_at: timestamp('ordered_at', { withTimezone: true }).notNull(),
    total_ex_vat: integer('total_ex_vat').notNull(),
    total_inc_vat: integer('total_inc_vat').notNull(),
  },
  (t) => [index('orders_ordered_at_idx').on(t.ordered_at), index('orders_user_idx').on(t.user_id)],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: serial('id').primaryKey(),
    order_id: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    product_id: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    sku: text('sku').notNull(),
    name: text('name').notNull(),
    quantity: integer('quantity').notNull(),
    /** Pence, ex VAT. */
    unit_price: integer('unit_price').notNull(),
  },
  (t) => [index('order_items_order_idx').on(t.order_id), index('order_items_product_idx').on(t.product_id)],
);

/** Transaction status (spec §4): 1 Completed, 2 Cancelled, 3 In progress, 4 In review. */
export const transactions = pgTable(
  'transactions',
  {
    id: serial('id').primaryKey(),
    /** The transaction's description as listed, e.g. 'Payment from Acme Ltd'. */
    transaction: text('transaction').notNull(),
    user_id: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    order_id: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    occurred_at: timestamp('occurred_at', { withTimezone: true }).notNull(),
    /** Cents (transactions are shown in $, spec §9). */
    amount: integer('amount').notNull(),
    reference_number: text('reference_number').notNull().unique(),
    payment_method: text('payment_method').notNull(),
    status: smallint('status').notNull(),
  },
  (t) => [
    index('transactions_occurred_at_idx').on(t.occurred_at),
    index('transactions_status_idx').on(t.status),
  ],
);

/** PostgreSQL `bytea`, read and written as a Node Buffer. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * Fixed-window attempt counters of the auth limits (issue 13), shared by every process: one row per
 * limited key (e.g. a login's address and email), incremented atomically before the guarded work.
 */
export const attemptCounters = pgTable(
  'attempt_counters',
  {
    /** The limit's name and its subject, e.g. `login:203.0.113.9|ann@example.com`. */
    key: text('key').primaryKey(),
    /** Attempts counted in the current window. */
    hits: integer('hits').notNull(),
    /** When the current window ends and the count starts again from zero. */
    window_ends_at: timestamp('window_ends_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('attempt_counters_window_idx').on(t.window_ends_at)],
);

/**
 * Files served under /uploads (avatars, product images), kept in the database so that every process
 * serves what any of them stored (issue 13).
 */
export const storedFiles = pgTable('stored_files', {
  /** The public path, e.g. `/uploads/avatars/<32 hex>.png`. */
  path: text('path').primaryKey(),
  content_type: text('content_type').notNull(),
  bytes: bytea('bytes').notNull(),
  created_at: createdAt(),
});

/**
 * The variant mapping of one customer's Shopify store, per catalogue product (issue 29;
 * ARCHITECTURE.md §4 "The customer's store"): whether the last sync found a product of this handle in
 * the store (`products(query: "handle:...")`) and whether it is published on the store's online store
 * (`Product.onlineStoreUrl` not null). Rows are those of the last successful sync.
 */
export const shopifyProducts = pgTable(
  'shopify_products',
  {
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    product_id: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    found: boolean('found').notNull(),
    /** Published on the online store (onlineStoreUrl not null); false when not found. */
    published: boolean('published').notNull(),
    seen_at: timestamp('seen_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.user_id, t.product_id] })],
);

/**
 * Our catalogue variant → the customer's store's own variant (issue 29), matched by option values
 * within the product of the same handle; only matched variants have a row.
 */
export const shopifyVariants = pgTable(
  'shopify_variants',
  {
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    variant_id: integer('variant_id')
      .notNull()
      .references(() => productVariants.id, { onDelete: 'cascade' }),
    /** The store's variant GID (`gid://shopify/ProductVariant/...`). */
    shopify_variant_id: text('shopify_variant_id').notNull(),
    /** The store's product GID. */
    shopify_product_id: text('shopify_product_id').notNull(),
    /** The store's product is published on its online store. */
    published: boolean('published').notNull(),
    seen_at: timestamp('seen_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.user_id, t.variant_id] })],
);

/**
 * Each customer's store sync (issue 29): the last run's end and failure, when a run last succeeded
 * (the mapping above is that run's), and the lease that lets one run per customer go at a time
 * across processes: a run holds it while `locked_until` is in the future (renewed as it goes), so a
 * crashed process's lease simply expires.
 */
export const shopifySyncs = pgTable('shopify_syncs', {
  user_id: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** When the last run ended, null before the first. */
  ended_at: timestamp('ended_at', { withTimezone: true }),
  /** When the last successful run ended: the mapping is from then; null when none succeeded. */
  succeeded_at: timestamp('succeeded_at', { withTimezone: true }),
  /** Why the last run failed (a ShopifyFailure), null when it succeeded. */
  failure_code: text('failure_code').$type<ShopifyFailureCode>(),
  failure_message: text('failure_message'),
  failure_retry_after_seconds: integer('failure_retry_after_seconds'),
  /** Random id of the run holding the lease, null when none does. */
  lease_id: text('lease_id'),
  /** The lease ends at this time unless renewed. */
  locked_until: timestamp('locked_until', { withTimezone: true }),
});

export const schema = {
  users,
  refreshTokenFamilies,
  refreshTokens,
  apiTokens,
  brands,
  products,
  productVariants,
  productAssets,
  feeds,
  feedProducts,
  orders,
  orderItems,
  transactions,
  attemptCounters,
  storedFiles,
  shopifyProducts,
  shopifyVariants,
  shopifySyncs,
};
