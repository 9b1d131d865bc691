/**
 * The users list of spec §2 "Users list" through the API: pagination, search and filters, each
 * column's sort, the CSV export of the same query, and the four statistics cards (ARCHITECTURE.md §4).
 * Creating, reading and updating users is in users.test.ts.
 */
import { parse } from 'csv-parse/sync';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { UserStatus } from '@/api/schemas/common';
import type { UsersPage, UserStatistic } from '@/api/schemas/users';
import { users } from '../../server/db/schema';
import { exportUsers } from '../../server/users/users-service';
import { usersCsvFilename } from '../../server/users/users-export';
import { STATISTIC_TYPES } from '../../server/users/statistics';
import { createTestApp, login } from './helpers';
import type { TestApp } from './helpers';
import {
  SHOPIFY_SECRET,
  call,
  insertFeed,
  insertOrders,
  insertProducts,
  insertUsers,
  validUser,
} from './users-fixtures';

/** The users export's header (issue 30: readable names), written here so a drifting header fails. */
const READABLE_HEADER = [
  'ID',
  'Role',
  'Status',
  'First name',
  'Last name',
  'Email',
  'Company',
  'Phone',
  'Mobile',
  'Website',
  'Shopify ID',
  'Shopify domain',
  'Shopify Admin API',
  'Discount (%)',
  'Shipping discount (%)',
  'Feeds',
  'Orders',
  'Created (Europe/London)',
  'Updated (Europe/London)',
];

describe('users list', () => {
  let t: TestApp;
  let admin: string;

  beforeEach(async () => {
    t = await createTestApp();
    admin = (await login(t.app, t.users.admin.email)).access_token;
  });
  afterEach(() => t.close());

  async function list(query = ''): Promise<UsersPage> {
    const response = await call(t.app, admin, 'GET', `/users${query}`);
    expect(response.statusCode).toBe(200);
    return response.json();
  }

  it('pagination at the edges: 0 matches, exactly 100, 101', async () => {
    expect(await list('?query=nobody-at-all')).toEqual({
      users: [],
      current_page: 1,
      total_pages: 0,
      total: 0,
    });

    await insertUsers(t.db, 97);
    const hundred = await list();
    expect(hundred).toMatchObject({ current_page: 1, total_pages: 1, total: 100 });
    expect(hundred.users).toHaveLength(100);

    await insertUsers(t.db, 1, 'extra');
    const first = await list('?page=1&limit=100');
    expect(first).toMatchObject({ current_page: 1, total_pages: 2, total: 101 });
    expect(first.users).toHaveLength(100);
    const second = await list('?page=2');
    expect(second).toMatchObject({ current_page: 2, total_pages: 2, total: 101 });
    expect(second.users).toHaveLength(1);
    // Newest first: the last page holds the oldest user, the first fixture.
    expect(second.users[0]!.id).toBe(t.users.admin.id);
    expect(first.users[0]!.first_name).toBe('extra0');
    // A page past the end has no row to carry the total: it is counted apart, and still reported.
    expect(await list('?page=3')).toEqual({ users: [], current_page: 3, total_pages: 2, total: 101 });
    expect(await list('?limit=50&page=3')).toMatchObject({ total_pages: 3, current_page: 3 });
  });

  it('rejects a limit over 100 and pages or statuses that are not numbers', async () => {
    for (const [query, message] of [
      ['?limit=101', 'limit: limit must be at most 100'],
      ['?limit=0', 'limit: limit must be a whole number greater than 0'],
      ['?page=0', 'page: page must be a whole number greater than 0'],
      ['?page=x', 'page: page must be a whole number greater than 0'],
      ['?status=active', 'status: status must be comma-joined statuses (1 Active, 2 Inactive)'],
      ['?status=3', 'status: status must be comma-joined statuses (1 Active, 2 Inactive)'],
      // Issue 13: a NUL byte in the search was a 500.
      ['?query=a%00b', 'query: query must not contain control characters'],
      ['?query=a%0D%0Ab', 'query: query must not contain control characters'],
    ] as const) {
      const response = await call(t.app, admin, 'GET', `/users${query}`);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(message);
    }
  });

  it('search matches first, last and full name, email and company, case-insensitively, combined with status', async () => {
    const [maria, mark, percent] = await insertUsers(t.db, 3, 'person');
    await t.db
      .update(users)
      .set({ first_name: 'Maria', last_name: 'Lopez', company_name: 'Zinc Works', status: UserStatus.Active })
      .where(eq(users.id, maria!));
    await t.db
      .update(users)
      .set({ first_name: 'Mark', last_name: 'Zinner', company_name: 'Acme', status: UserStatus.Inactive })
      .where(eq(users.id, mark!));
    await t.db
      .update(users)
      .set({ first_name: 'Per', last_name: 'Cent', company_name: '100% Pure_Co', email: 'p@c.example' })
      .where(eq(users.id, percent!));
    const ids = async (query: string) => (await list(query)).users.map((user) => user.id).sort();

    expect(await ids('?query=MARIA')).toEqual([maria]);
    expect(await ids('?query=maria%20lopez')).toEqual([maria]);
    expect(await ids('?query=zinc')).toEqual([maria]);
    expect(await ids('?query=ZINN')).toEqual([mark]);
    expect(await ids('?query=person1%40bulk')).toEqual([mark]);
    expect(await ids('?query=zin')).toEqual([maria, mark].sort());
    expect(await ids('?query=zin&status=1')).toEqual([maria]);
    expect(await ids('?query=zin&status=2')).toEqual([mark]);
    expect(await ids('?query=zin&status=1,2')).toEqual([maria, mark].sort());
    // LIKE wildcards are matched literally.
    expect(await ids('?query=100%25')).toEqual([percent]);
    expect(await ids('?query=e_c')).toEqual([percent]);
    expect(await ids('?query=%25')).toEqual([percent]);
    const inactive = await list('?status=2');
    expect(inactive.users.every((user) => user.status === UserStatus.Inactive)).toBe(true);
    expect(inactive.total).toBe(2);
  });

  it("carries each user's feed share of the active catalogue and order count", async () => {
    const productIds = await insertProducts(t.db, 8, 2);
    const customer = t.users.customer.id;
    // Two feeds overlapping on one product, plus a draft product that does not count: 3 of 8 active.
    await insertFeed(t.db, customer, [productIds[0]!, productIds[1]!, productIds[9]!]);
    await insertFeed(t.db, customer, [productIds[1]!, productIds[2]!]);
    await insertOrders(t.db, customer, 4, t.clock.now());
    const found = (await list('?query=customer%40test')).users[0]!;
    expect(found).toMatchObject({ id: customer, feeds: 37.5, orders: 4 });
    const other = (await list('?query=admin%40test')).users[0]!;
    expect(other).toMatchObject({ feeds: 0, orders: 0 });
  });

  it('no response carries a Shopify secret', async () => {
    await call(t.app, admin, 'POST', '/users/create', validUser());
    const page = await call(t.app, admin, 'GET', '/users');
    expect(page.body).not.toContain(SHOPIFY_SECRET);
    expect(page.body).not.toContain('"shopify_admin_api"');
    expect(page.json().users[0].has_shopify_admin_api).toBe(true);
  });

  it("plans its statements once in each of the database's sessions (issue 31)", async () => {
    // Three transactions at once hold three of the pool's connections on PostgreSQL; PGlite has one.
    const modes = await Promise.all(
      [1, 2, 3].map(() =>
        t.db.transaction(async (tx) => {
          const result = await tx.execute(sql`select current_setting('plan_cache_mode') as mode`);
          // Both drivers answer with `rows`; Drizzle types the answer by driver.
          return (result as unknown as { rows: { mode: string }[] }).rows[0]?.mode;
        }),
      ),
    );
    expect(modes).toEqual(['force_generic_plan', 'force_generic_plan', 'force_generic_plan']);
  });
});

describe('users list sort and CSV export', () => {
  let t: TestApp;
  let admin: string;
  /** Four users found by the search 'sorty', made so every column orders them differently. */
  let u: number[];

  beforeAll(async () => {
    t = await createTestApp();
    admin = (await login(t.app, t.users.admin.email)).access_token;
    u = await insertUsers(t.db, 4, 'sorty');
    const rows = [
      { first_name: 'Carl', last_name: 'Able', email: 'd-sorty@bulk.example', status: UserStatus.Active },
      {
        first_name: 'alice',
        last_name: 'Zimmer',
        email: 'b-sorty@bulk.example',
        status: UserStatus.Inactive,
      },
      { first_name: 'Alice', last_name: 'Brown', email: 'c-sorty@bulk.example', status: UserStatus.Active },
      { first_name: 'Dora', last_name: 'Able', email: 'a-sorty@bulk.example', status: UserStatus.Inactive },
    ];
    for (const [index, row] of rows.entries())
      await t.db.update(users).set(row).where(eq(users.id, u[index]!));
    await t.db
      .update(users)
      .set({ company_name: '=HYPERLINK("http://evil.example","x")', phone: '+44 1', website: '@SUM(1)' })
      .where(eq(users.id, u[1]!));
    await insertOrders(t.db, u[0]!, 2, t.clock.now());
    await insertOrders(t.db, u[2]!, 5, t.clock.now());
    await insertOrders(t.db, u[3]!, 2, t.clock.now());
  });
  afterAll(() => t.close());

  async function order(query: string): Promise<number[]> {
    const response = await call(t.app, admin, 'GET', `/users?query=sorty${query}`);
    expect(response.statusCode).toBe(200);
    return (response.json() as UsersPage).users.map((user) => user.id);
  }

  it('sorts by each column both ways, ties by id in the same direction; newest first by default', async () => {
    const [u0, u1, u2, u3] = u as [number, number, number, number];
    const expected: Array<[string, number[]]> = [
      ['', [u3, u2, u1, u0]],
      // Names case-insensitively, first name then last name.
      ['name', [u2, u1, u0, u3]],
      ['-name', [u3, u0, u1, u2]],
      ['email', [u3, u1, u2, u0]],
      ['-email', [u0, u2, u1, u3]],
      // Active (1) first; within a status by id.
      ['status', [u0, u2, u1, u3]],
      ['-status', [u3, u1, u2, u0]],
      ['orders', [u1, u0, u3, u2]],
      ['-orders', [u2, u3, u0, u1]],
    ];
    for (const [sort, ids] of expected) {
      expect(await order(sort === '' ? '' : `&sort=${sort}`), `sort=${sort}`).toEqual(ids);
    }
    // Pages follow the order: the second page of two holds the next two.
    expect(await order('&sort=orders&limit=2&page=2')).toEqual([u3, u2]);
    expect(await order('&sort=-status&status=1')).toEqual([u2, u0]);
  });

  it('an unknown sort column → 400 naming the choices', async () => {
    for (const sort of ['feeds', '--name', 'name,email', 'Name', '-']) {
      const response = await call(t.app, admin, 'GET', `/users?sort=${encodeURIComponent(sort)}`);
      expect(response.statusCode, sort).toBe(400);
      expect(response.json().message).toBe(
        "sort: sort must be one of name, email, status, orders, each optionally after '-' (descending)",
      );
    }
    expect((await call(t.app, admin, 'GET', '/users/export.csv?sort=password')).statusCode).toBe(400);
  });

  it('exports the filtered, sorted view as a dated CSV attachment with readable headers and values', async () => {
    const response = await call(t.app, admin, 'GET', '/users/export.csv?query=SORTY&status=2&sort=-name');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="${usersCsvFilename(t.clock.now())}"`,
    );
    expect(usersCsvFilename(new Date('2026-11-23T12:00:00Z'))).toBe('users-2026-11-23.csv');
    expect(response.headers['cache-control']).toBe('no-store');
    const [header, ...rows] = parse(response.body) as string[][];
    // Issue 30: readable header names, not the API's field names.
    expect(header).toEqual(READABLE_HEADER);
    const column = (name: string) => READABLE_HEADER.indexOf(name);
    // Inactive only, names descending: Dora, then alice.
    expect(rows.map((row) => row[column('ID')])).toEqual([String(u[3]), String(u[1])]);
    const alice = rows[1]!;
    expect(alice[column('First name')]).toBe('alice');
    // Issue 30: codes in words, not 1/2 or user_type_id.
    expect(alice[column('Status')]).toBe('Inactive');
    expect(alice[column('Role')]).toBe('Customer');
    expect(alice[column('Mobile')]).toBe('');
    expect(alice[column('Shopify Admin API')]).toBe('No');
    expect(alice[column('Created (Europe/London)')]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    // Cells a spreadsheet would run as a formula start with an apostrophe.
    expect(alice[column('Company')]).toBe(`'=HYPERLINK("http://evil.example","x")`);
    expect(alice[column('Phone')]).toBe("'+44 1");
    expect(alice[column('Website')]).toBe("'@SUM(1)");
    expect(response.body).not.toContain(SHOPIFY_SECRET);
    expect(response.body.toLowerCase()).not.toContain('password');
  });

  it("writes an admin's role and an active status in words", async () => {
    const response = await call(t.app, admin, 'GET', '/users/export.csv?status=1');
    const [, ...rows] = parse(response.body) as string[][];
    const roles = new Set(rows.map((row) => row[READABLE_HEADER.indexOf('Role')]));
    expect(roles).toContain('Admin');
    expect(new Set(rows.map((row) => row[READABLE_HEADER.indexOf('Status')]))).toEqual(new Set(['Active']));
  });

  it('exports every matching user (all pages, read in batches) with the same order as the list', async () => {
    const all = await call(t.app, admin, 'GET', '/users/export.csv?sort=orders');
    const [, ...rows] = parse(all.body) as string[][];
    const everyone = (await call(t.app, admin, 'GET', '/users?sort=orders')).json() as UsersPage;
    expect(rows.map((row) => Number(row[0]))).toEqual(everyone.users.map((user) => user.id));
    expect(rows).toHaveLength(everyone.total);
    const batched: number[] = [];
    for await (const user of exportUsers(t.db, { query: 'sorty', status: [], sort: null }, 3))
      batched.push(user.id);
    expect(batched).toEqual([...u].reverse());
    const none = await call(t.app, admin, 'GET', '/users/export.csv?query=nobody-at-all');
    expect(none.statusCode).toBe(200);
    expect(parse(none.body)).toEqual([READABLE_HEADER]);
  });
});

describe('user statistics', () => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await createTestApp();
    admin = (await login(t.app, t.users.admin.email)).access_token;
  });
  afterAll(() => t.close());

  it('counts total, active, new this month and active share against the previous month (Europe/London months)', async () => {
    // The clock stands at 2025-06-02 09:00 UTC. The fixture users were created "now" in real time, so
    // move them to last year; then: 2 created in May (1 active), 3 in June (2 active).
    await t.db.update(users).set({ created_at: new Date('2024-01-01T00:00:00Z') });
    await insertUsers(t.db, 1, 'may-active', { created_at: new Date('2025-05-10T12:00:00Z') });
    await insertUsers(t.db, 1, 'may-inactive', { created_at: new Date('2025-05-31T22:30:00Z'), status: 2 });
    // 23:30 UTC on 31 May is already 1 June in London (BST).
    await insertUsers(t.db, 1, 'june-early', { created_at: new Date('2025-05-31T23:30:00Z') });
    await insertUsers(t.db, 1, 'june-active', { created_at: new Date('2025-06-01T10:00:00Z') });
    await insertUsers(t.db, 1, 'june-inactive', { created_at: new Date('2025-06-02T08:00:00Z'), status: 2 });

    const response = await call(t.app, admin, 'GET', '/users/statistics');
    expect(response.statusCode).toBe(200);
    const stats: UserStatistic[] = response.json();
    // Before June: 3 fixtures (2 active) + 2 May users (1 active) = 5, 3 active. Now: 8, 5 active.
    expect(stats).toEqual([
      {
        type: STATISTIC_TYPES.total,
        current_value: 8,
        previous_value: 5,
        change_percentage: 60,
        is_percentage: false,
      },
      {
        type: STATISTIC_TYPES.active,
        current_value: 5,
        previous_value: 3,
        change_percentage: 66.7,
        is_percentage: false,
      },
      {
        type: STATISTIC_TYPES.newThisMonth,
        current_value: 3,
        previous_value: 2,
        change_percentage: 50,
        is_percentage: false,
      },
      {
        type: STATISTIC_TYPES.activeShare,
        current_value: 62.5,
        previous_value: 60,
        change_percentage: 2.5,
        is_percentage: true,
      },
    ]);
  });
});
