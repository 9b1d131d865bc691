/**
 * Users of the back-office (spec §3 User, §5, issue 3 "Server"): the paged, searchable list with
 * each user's feed share and order count computed in the same query, reading one user, and
 * creating / updating with the write-only Shopify secret and the inactive-user revocation.
 */
import { and, asc, count, desc, eq, ilike, ne, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { UserStatus, UserType } from '@/api/schemas/common';
import type {
  User,
  UserSort,
  UserSortColumn,
  UsersFilter,
  UsersPage,
  UserStatistic,
} from '@/api/schemas/users';
import { EMAIL_TAKEN_MESSAGE, userSortText } from '@/api/schemas/users';
import { COMMON_PASSWORD_MESSAGE, hashPassword, isCommonPassword } from '../auth/passwords';
import { revokeUserFamilies } from '../auth/refresh-tokens';
import { decryptSecret, encryptSecret } from '../auth/secret-box';
import type { Db } from '../db/open';
import { prepareNamed } from '../db/planned-statements';
import { users, userSearchText } from '../db/schema';
import { connectionColumns, connectionOf } from '../shopify/connection-record';
import { forgetStore } from '../shopify/store-records';
import type { CsvExport } from '../reports/dashboard-exports';
import { userStatistics } from './statistics';
import { usersCsv } from './users-export';
import { ConflictError, InvalidInputError, NotFoundError } from '../domain-errors';

/** 404 message for an unknown user id. */
export const USER_NOT_FOUND_MESSAGE = 'User not found';
/** An admin may not lock themselves out of the back-office. */
export const SELF_DEACTIVATE_MESSAGE = 'You cannot deactivate your own account';
export const SELF_DEMOTE_MESSAGE = 'You cannot remove your own Admin role';

/** Shopify's product status of a product on sale (ARCHITECTURE.md §4: "active catalogue products"). */
const ACTIVE_PRODUCT_STATUS = 'active';

/** Validated fields of a create or update (see CreateUserRequest / UpdateUserRequest). */
export interface UserFields {
  user_type_id: number;
  status: number;
  first_name: string;
  last_name: string;
  email: string;
  company_name: string;
  phone: string;
  mobile: string | null;
  website: string | null;
  shopify_id: string;
  shopify_domain: string;
  /** null: none on create, keep the stored one on update. */
  shopify_admin_api: string | null;
  discount_rate: number;
  shipping_discount_rate: number;
  /** null on update: keep the stored password. */
  password: string | null;
}

/** What the users service needs from the app. */
export interface UsersDeps {
  db: Db;
  encryptionKey: Buffer;
  now: () => Date;
}

/** Escapes LIKE wildcards so a search for '50%' or 'a_b' matches those characters literally. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

// Correlated subqueries: PostgreSQL evaluates them per row it produces, using the user indexes of
// feeds and orders, so listUsers keeps OFFSET out of the query that carries them; the
// active-product total is an uncorrelated InitPlan run once.
// Written with aliases because Drizzle renders select-list columns unqualified.
const feedShare = sql<number>`coalesce(round(100.0 * (
    select count(distinct fp.product_id)
    from feed_products fp
    join feeds f on f.id = fp.feed_id
    join products p on p.id = fp.product_id
    where f.user_id = "users"."id" and p.status = ${ACTIVE_PRODUCT_STATUS}
  ) / nullif((select count(*) from products ap where ap.status = ${ACTIVE_PRODUCT_STATUS}), 0), 1), 0)`.mapWith(
  Number,
);
const orderCount = sql<number>`(select count(*) from orders o where o.user_id = "users"."id")`.mapWith(
  Number,
);

const userColumns = {
  id: users.id,
  user_type_id: users.user_type_id,
  status: users.status,
  first_name: users.first_name,
  last_name: users.last_name,
  email: users.email,
  company_name: users.company_name,
  phone: users.phone,
  mobile: users.mobile,
  website: users.website,
  shopify_id: users.shopify_id,
  // The domain and whether a key is stored come with the connection's columns, read once.
  discount_rate: users.discount_rate,
  shipping_discount_rate: users.shipping_discount_rate,
  avatar_original: users.avatar_original,
  avatar_thumb_36: users.avatar_thumb_36,
  ...connectionColumns,
  feeds: feedShare,
  orders: orderCount,
  created_at: users.created_at,
  updated_at: users.updated_at,
};

function selectUsers(db: Db) {
  return db.select(userColumns).from(users);
}

type UserRow = Awaited<ReturnType<typeof selectUsers>>[number];

/**
 * The contract's User of one selected row. Every field is named rather than spread from the row:
 * object rest/spread over a 21-column row cost about 6 µs a row, a sixth of the server's CPU on a
 * 100-user page (profiled under load), and naming them means no column outside the contract can
 * slip through.
 */
function toUser(row: UserRow): User {
  return {
    id: row.id,
    user_type_id: row.user_type_id,
    status: row.status,
    first_name: row.first_name,
    last_name: row.last_name,
    email: row.email,
    company_name: row.company_name,
    phone: row.phone,
    mobile: row.mobile,
    website: row.website,
    shopify_id: row.shopify_id,
    shopify_domain: row.shopifyDomain,
    has_shopify_admin_api: row.hasShopifyKey,
    shopify_connection: connectionOf(row),
    discount_rate: row.discount_rate,
    shipping_discount_rate: row.shipping_discount_rate,
    avatar: row.avatar_original
      ? {
          original: row.avatar_original,
          thumbnails: { thumb_36: row.avatar_thumb_36 ?? row.avatar_original },
        }
      : null,
    feeds: row.feeds,
    orders: row.orders,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at?.toISOString() ?? null,
  };
}

/** Filters of GET /users. */
export interface UserListFilters extends UsersFilter {
  /** 1-based. */
  page: number;
  /** 1–100. */
  limit: number;
}

/**
 * The WHERE of the list's filters, with placeholders for their values (`filterParams`): the search
 * `pattern` matched case-insensitively in first, last and full name, email and company when
 * `searched`; the `statuses` to include when `filtered`. Undefined (all users) when neither.
 */
function filterCondition(searched: boolean, filtered: boolean): SQL | undefined {
  return and(
    // One ILIKE over one indexed string instead of five (see userSearchText).
    searched ? ilike(userSearchText(users), sql.placeholder('pattern')) : undefined,
    filtered ? sql`${users.status} = any(${sql.placeholder('statuses')}::integer[])` : undefined,
  );
}

/** The placeholder values of `filterCondition` for `filters`. */
function filterParams(filters: UsersFilter): { pattern: string; statuses: number[] } {
  return { pattern: likePattern(filters.query), statuses: filters.status };
}

/**
 * The ORDER BY of a list order: the column (names case-insensitively, first then last name), then
 * the id in the same direction, so equal values keep one order across pages; newest first when null.
 */
function sortOrder(sort: UserSort): SQL[] {
  if (sort === null) return [desc(users.id)];
  const direction = sort.descending ? desc : asc;
  const keys: Record<UserSortColumn, SQL[]> = {
    name: [sql`lower(${users.first_name})`, sql`lower(${users.last_name})`],
    email: [sql`lower(${users.email})`],
    status: [sql`${users.status}`],
    orders: [orderCount],
  };
  return [...keys[sort.column].map((key) => direction(key)), direction(users.id)];
}

/** Which rows of the filtered, ordered list to read. */
interface RowWindow {
  limit: number;
  offset: number;
}

/**
 * The statement reading one window of the list for filters of one shape (searched or not, filtered
 * by status or not, one order), each row with the total number of matching users (`total`, the
 * same on every row). Placeholders: those of `filterCondition`, `limit` and `offset`.
 */
function prepareListRows(db: Db, searched: boolean, filtered: boolean, sort: UserSort, name: string) {
  const where = filterCondition(searched, filtered);
  const order = sortOrder(sort);
  // The window's ids are picked first, by the filters and order alone, so the per-user sub-queries
  // run for those rows only: in one flat query PostgreSQL also ran them for every row OFFSET skips,
  // and the last of 100 pages took half a second. The total rides along as an uncorrelated
  // sub-query (run once): one round trip, not two.
  const windowIds = db
    .select({ id: users.id })
    .from(users)
    .where(where)
    .orderBy(...order)
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'));
  // `= any(array(...))` rather than a join: PostgreSQL then reads the page by primary key, where a
  // join made it hash the whole table. The same order again, as the array carries none.
  const query = db
    .select({ ...userColumns, total: db.$count(users, where) })
    .from(users)
    .where(sql`${users.id} = any(array(${windowIds}))`)
    .orderBy(...order);
  return prepareNamed(db, query, name);
}

/** The list's prepared statements of one database, by query shape (see `selectListRows`). */
const listStatements = new WeakMap<Db, Map<string, ReturnType<typeof prepareListRows>>>();

/**
 * The rows of one window of the filtered, ordered list, each with the total number of matching
 * users. Each query shape (at most 2 × 2 × 9) is built and prepared once per database (issue 31:
 * building the SQL and PostgreSQL planning it were a sixth of a page's CPU); the values go as
 * parameters.
 */
async function selectListRows(db: Db, filters: UsersFilter, window: RowWindow) {
  const searched = filters.query !== '';
  const filtered = filters.status.length > 0;
  const name = `users_list_${searched ? 's' : ''}${filtered ? 'f' : ''}_${userSortText(filters.sort).replace('-', 'd_') || 'newest'}`;
  let statements = listStatements.get(db);
  if (!statements) listStatements.set(db, (statements = new Map()));
  let statement = statements.get(name);
  if (!statement) {
    statement = prepareListRows(db, searched, filtered, filters.sort, name);
    statements.set(name, statement);
  }
  return statement.execute({ ...filterParams(filters), limit: window.limit, offset: window.offset });
}

/** How many users match `filters`. */
async function countUsers(db: Db, filters: UsersFilter): Promise<number> {
  const where = filterCondition(filters.query !== '', filters.status.length > 0);
  const [row] = await db.select({ total: count() }).from(users).where(where).execute(filterParams(filters));
  return row?.total ?? 0;
}

/**
 * One page of users in the filters' order (newest first by default), with the total over all pages.
 * `total_pages` is ceil(total / limit) (0 when nothing matches).
 */
export async function listUsers(db: Db, filters: UserListFilters): Promise<UsersPage> {
  const rows = await selectListRows(db, filters, {
    limit: filters.limit,
    offset: (filters.page - 1) * filters.limit,
  });
  // A page past the end has no row to carry the total: only then is it asked for apart.
  const total = rows[0]?.total ?? (filters.page > 1 ? await countUsers(db, filters) : 0);
  return {
    users: rows.map(toUser),
    current_page: filters.page,
    total_pages: Math.ceil(total / filters.limit),
    total,
  };
}

/** Users read per query while an export streams (bounded memory however many users match). */
export const EXPORT_BATCH_SIZE = 500;

/**
 * Every user matching `filters`, in their order, read `batchSize` at a time (CSV export, issue 15):
 * the next batch is read only when the consumer asks, so a slow download holds one batch in memory.
 */
export async function* exportUsers(
  db: Db,
  filters: UsersFilter,
  batchSize = EXPORT_BATCH_SIZE,
): AsyncGenerator<User> {
  for (let offset = 0; ; offset += batchSize) {
    const rows = await selectListRows(db, filters, { limit: batchSize, offset });
    for (const row of rows) yield toUser(row);
    if (rows.length < batchSize) return;
  }
}

/** The user with `id`; throws NotFoundError when there is none. */
export async function getUser(db: Db, id: number): Promise<User> {
  const [row] = await selectUsers(db).where(eq(users.id, id)).limit(1);
  if (!row) throw new NotFoundError(USER_NOT_FOUND_MESSAGE);
  return toUser(row);
}

/** True for PostgreSQL's unique_violation, however the driver wrapped it. */
function isUniqueViolation(error: unknown): boolean {
  for (let current = error; current instanceof Error; current = current.cause) {
    if ((current as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

async function assertEmailFree(db: Db, email: string, exceptId?: number): Promise<void> {
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email), exceptId === undefined ? undefined : ne(users.id, exceptId)))
    .limit(1);
  if (taken) throw new ConflictError(EMAIL_TAKEN_MESSAGE);
}

/** The columns both create and update write from the form (secret and password handled apart). */
function profileColumns(fields: UserFields) {
  return {
    user_type_id: fields.user_type_id,
    status: fields.status,
    first_name: fields.first_name,
    last_name: fields.last_name,
    email: fields.email,
    company_name: fields.company_name,
    phone: fields.phone,
    mobile: fields.mobile,
    website: fields.website,
    shopify_id: fields.shopify_id,
    shopify_domain: fields.shopify_domain,
    discount_rate: fields.discount_rate,
    shipping_discount_rate: fields.shipping_discount_rate,
  };
}

/** Whether `boxed` (null: none) holds `plain`; a box this key cannot open holds something else. */
function sameSecret(key: Buffer, boxed: string | null, plain: string): boolean {
  if (boxed === null) return false;
  try {
    return decryptSecret(key, boxed) === plain;
  } catch {
    return false;
  }
}

/** Refuses a password to be set that is on the list of common ones (issue 27), naming the field. */
function assertUncommonPassword(password: string | null): void {
  if (password !== null && isCommonPassword(password)) {
    throw new InvalidInputError(`password: ${COMMON_PASSWORD_MESSAGE}`, { field: 'password' });
  }
}

/**
 * Creates a user (password hashed with Argon2id, Shopify key encrypted) and returns it.
 * Throws ConflictError when the email is taken (also when a concurrent create wins the race),
 * InvalidInputError without a password or with a common one.
 */
export async function createUser(deps: UsersDeps, fields: UserFields): Promise<User> {
  const { db } = deps;
  if (fields.password === null) throw new InvalidInputError('password is required', { field: 'password' });
  assertUncommonPassword(fields.password);
  await assertEmailFree(db, fields.email);
  let id: number;
  try {
    const [row] = await db
      .insert(users)
      .values({
        ...profileColumns(fields),
        password_hash: await hashPassword(fields.password),
        shopify_admin_api_encrypted:
          fields.shopify_admin_api === null
            ? null
            : encryptSecret(deps.encryptionKey, fields.shopify_admin_api),
        created_at: deps.now(),
      })
      .returning({ id: users.id });
    if (!row) throw new Error('insert returned no row');
    id = row.id;
  } catch (error) {
    if (isUniqueViolation(error)) throw new ConflictError(EMAIL_TAKEN_MESSAGE);
    throw error;
  }
  return getUser(db, id);
}

/**
 * Updates user `id` as `actorId` (the signed-in admin). A null password or Shopify key keeps the
 * stored one. A changed Shopify domain or key clears the last connection check (and a changed domain
 * the store's variant mapping and sync results, issue 29). Setting the user Inactive revokes their refresh-token families in the same
 * transaction (their API tokens stop working through the status check of the feed delivery).
 * Throws NotFoundError (unknown id), ConflictError (email taken), InvalidInputError (an admin
 * deactivating or demoting themselves, a common password).
 */
export async function updateUser(
  deps: UsersDeps,
  actorId: number,
  id: number,
  fields: UserFields,
): Promise<User> {
  const { db } = deps;
  const [existing] = await db
    .select({ domain: users.shopify_domain, key: users.shopify_admin_api_encrypted })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  if (!existing) throw new NotFoundError(USER_NOT_FOUND_MESSAGE);
  if (id === actorId && fields.status !== UserStatus.Active)
    throw new InvalidInputError(SELF_DEACTIVATE_MESSAGE, { field: 'status' });
  if (id === actorId && fields.user_type_id !== UserType.Admin)
    throw new InvalidInputError(SELF_DEMOTE_MESSAGE, { field: 'user_type_id' });
  assertUncommonPassword(fields.password);
  await assertEmailFree(db, fields.email, id);
  const now = deps.now();
  const passwordHash = fields.password === null ? undefined : await hashPassword(fields.password);
  const domainChanged = fields.shopify_domain !== existing.domain;
  const keyChanged =
    fields.shopify_admin_api !== null &&
    !sameSecret(deps.encryptionKey, existing.key, fields.shopify_admin_api);
  try {
    await db.transaction(async (tx) => {
      await tx
        .update(users)
        .set({
          ...profileColumns(fields),
          ...(passwordHash === undefined ? {} : { password_hash: passwordHash }),
          ...(fields.shopify_admin_api === null
            ? {}
            : { shopify_admin_api_encrypted: encryptSecret(deps.encryptionKey, fields.shopify_admin_api) }),
          updated_at: now,
        })
        .where(eq(users.id, id));
      // Another store or key: the last check says nothing of it, nor (another store) the mapping.
      if (domainChanged || keyChanged) await forgetStore(tx as unknown as Db, id, { mapping: domainChanged });
      if (fields.status !== UserStatus.Active) {
        await revokeUserFamilies(tx as unknown as Db, id, 'user_inactive', now);
      } else if (passwordHash !== undefined) {
        // A password set by an admin ends the sessions that knew the old one.
        await revokeUserFamilies(tx as unknown as Db, id, 'password_changed', now);
      }
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new ConflictError(EMAIL_TAKEN_MESSAGE);
    throw error;
  }
  return getUser(db, id);
}

/** The users service bound to the app's dependencies, as route plugins receive it (AppServices). */
export interface UsersService {
  /** See listUsers. */
  list(filters: UserListFilters): Promise<UsersPage>;
  /** The CSV export of every user matching `filters` (see exportUsers and usersCsv). */
  exportCsv(filters: UsersFilter): Promise<CsvExport>;
  /** The four user statistics of this month against the previous one (ARCHITECTURE.md §4). */
  statistics(): Promise<UserStatistic[]>;
  /** See getUser. */
  get(id: number): Promise<User>;
  /** See createUser. */
  create(fields: UserFields): Promise<User>;
  /** See updateUser; `actorId` is the signed-in admin. */
  update(actorId: number, id: number, fields: UserFields): Promise<User>;
}

/** Binds the functions above to `deps`; they throw what each of them documents. */
export function createUsersService(deps: UsersDeps): UsersService {
  return {
    list: (filters) => listUsers(deps.db, filters),
    exportCsv: (filters) => usersCsv(exportUsers(deps.db, filters), deps.now()),
    statistics: () => userStatistics(deps.db, deps.now()),
    get: (id) => getUser(deps.db, id),
    create: (fields) => createUser(deps, fields),
    update: (actorId, id, fields) => updateUser(deps, actorId, id, fields),
  };
}
