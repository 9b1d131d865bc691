/**
 * The users API of spec §5 and §7: who may call it, every create rule with its message, and creating,
 * reading and updating users (secrets, roles, status and the sessions and tokens they end). The list,
 * its export and the statistics are in users-list.test.ts.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTROL_CHARACTERS_MESSAGE, UserStatus, UserType } from '@/api/schemas/common';
import {
  EMAIL_TAKEN_MESSAGE,
  USER_CREATED_MESSAGE,
  USER_MESSAGES,
  USER_UPDATED_MESSAGE,
} from '@/api/schemas/users';
import type { User } from '@/api/schemas/users';
import { apiTokens, users } from '../../server/db/schema';
import { decryptSecret } from '../../server/auth/secret-box';
import { SELF_DEACTIVATE_MESSAGE, SELF_DEMOTE_MESSAGE } from '../../server/users/users-service';
import { checkPull } from './feed-fixtures';
import { createTestApp, login, postRefresh } from './helpers';
import type { TestApp } from './helpers';
import { SHOPIFY_SECRET, call, validUser } from './users-fixtures';

const ROUTES: Array<['GET' | 'POST' | 'PUT', string, unknown?]> = [
  ['GET', '/users'],
  ['GET', '/users/export.csv'],
  ['GET', '/users/statistics'],
  ['GET', '/users/1'],
  ['POST', '/users/create', validUser()],
  ['PUT', '/users/1', validUser()],
  ['GET', '/users/1/tokens'],
  ['POST', '/users/1/tokens'],
  ['PUT', '/users/1/tokens/1/revoke', { revoke: true }],
];

describe('users API', () => {
  let t: TestApp;
  let admin: string;
  let customer: string;

  beforeAll(async () => {
    t = await createTestApp();
    admin = (await login(t.app, t.users.admin.email)).access_token;
    customer = (await login(t.app, t.users.customer.email)).access_token;
  });
  afterAll(() => t.close());

  describe('access', () => {
    it.each(ROUTES)('%s %s: 401 without a token, 403 with a Customer token', async (method, path, body) => {
      const anonymous = await call(t.app, null, method, path, body);
      expect(anonymous.statusCode).toBe(401);
      const asCustomer = await call(t.app, customer, method, path, body);
      expect(asCustomer.statusCode).toBe(403);
    });
  });

  describe('create: every rule of spec §5 with its message', () => {
    const cases: Array<[string, Record<string, unknown>, string, string]> = [
      ['role 0', { user_type_id: 0 }, 'user_type_id', USER_MESSAGES.role],
      ['role 3', { user_type_id: 3 }, 'user_type_id', USER_MESSAGES.role],
      ['status 0', { status: 0 }, 'status', USER_MESSAGES.status],
      ['status 3', { status: 3 }, 'status', USER_MESSAGES.status],
      ['blank first name', { first_name: '  ' }, 'first_name', USER_MESSAGES.required],
      ['blank last name', { last_name: '' }, 'last_name', USER_MESSAGES.required],
      ['bad email', { email: 'grace@' }, 'email', USER_MESSAGES.email],
      ['blank company', { company_name: '' }, 'company_name', USER_MESSAGES.required],
      ['blank phone', { phone: '' }, 'phone', USER_MESSAGES.required],
      ['bad website', { website: 'not a url' }, 'website', USER_MESSAGES.url],
      ['blank shopify id', { shopify_id: '' }, 'shopify_id', USER_MESSAGES.required],
      ['blank shopify domain', { shopify_domain: ' ' }, 'shopify_domain', USER_MESSAGES.required],
      [
        'shopify domain with spaces',
        { shopify_domain: 'hopper health.com' },
        'shopify_domain',
        USER_MESSAGES.shopDomain,
      ],
      [
        'shopify domain without a dot',
        { shopify_domain: 'hopper' },
        'shopify_domain',
        USER_MESSAGES.shopDomain,
      ],
      ['shopify domain an IP', { shopify_domain: '203.0.113.7' }, 'shopify_domain', USER_MESSAGES.shopDomain],
      [
        'shopify domain a path',
        { shopify_domain: '/collections/all' },
        'shopify_domain',
        USER_MESSAGES.shopDomain,
      ],
      ['discount 7', { discount_rate: 7 }, 'discount_rate', USER_MESSAGES.discount],
      ['shipping -1', { shipping_discount_rate: -1 }, 'shipping_discount_rate', USER_MESSAGES.shippingMin],
      ['shipping 101', { shipping_discount_rate: 101 }, 'shipping_discount_rate', USER_MESSAGES.shippingMax],
      ['short password', { password: 'Ab1!' }, 'password', USER_MESSAGES.passwordLength],
      ['no uppercase', { password: 'abcdefg1!' }, 'password', USER_MESSAGES.passwordUppercase],
      ['no number', { password: 'Abcdefgh!' }, 'password', USER_MESSAGES.passwordNumber],
      ['no special', { password: 'Abcdefgh1' }, 'password', USER_MESSAGES.passwordSpecial],
      ['blank password', { password: '' }, 'password', USER_MESSAGES.required],
      // Issue 13: a NUL byte, which PostgreSQL text cannot hold, was a 500 in any of these.
      ['NUL in a first name', { first_name: 'Gra\u0000ce' }, 'first_name', CONTROL_CHARACTERS_MESSAGE],
      ['NUL in a phone', { phone: '0123\u0000' }, 'phone', CONTROL_CHARACTERS_MESSAGE],
      ['escape in a mobile', { mobile: '07\u001b700' }, 'mobile', CONTROL_CHARACTERS_MESSAGE],
      [
        'C1 control in a company',
        { company_name: 'Hopper\u0085Ltd' },
        'company_name',
        CONTROL_CHARACTERS_MESSAGE,
      ],
      ['NUL in a Shopify id', { shopify_id: '\u0000' }, 'shopify_id', CONTROL_CHARACTERS_MESSAGE],
      [
        'NUL in a Shopify key',
        { shopify_admin_api: 'shpat_\u0000' },
        'shopify_admin_api',
        CONTROL_CHARACTERS_MESSAGE,
      ],
      ['DEL in an email', { email: 'grace\u007f@example.com' }, 'email', CONTROL_CHARACTERS_MESSAGE],
      ['NUL in a password', { password: 'Abcdefg1!\u0000' }, 'password', CONTROL_CHARACTERS_MESSAGE],
    ];
    it.each(cases)('%s → 400 naming the field with the spec message', async (_, change, field, message) => {
      const response = await call(t.app, admin, 'POST', '/users/create', validUser(change));
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(`${field}: ${message}`);
    });

    it('the Shopify domain is saved as the bare, lower-cased host, also when a store URL was pasted', async () => {
      const pasted: Array<[string, string]> = [
        ['https://www.Hopper-Health.co.uk/', 'www.hopper-health.co.uk'],
        ['hopper-health.co.uk/collections/vitamins', 'hopper-health.co.uk'],
        ['Hopper.MyShopify.com', 'hopper.myshopify.com'],
      ];
      for (const [index, [typed, host]] of pasted.entries()) {
        const body = validUser({ email: `domain${index}@example.com`, shopify_domain: typed });
        const created = await call(t.app, admin, 'POST', '/users/create', body);
        expect(created.statusCode).toBe(201);
        expect(created.json().user.shopify_domain).toBe(host);
        const id = created.json().user.id as number;
        const [row] = await t.db.select().from(users).where(eq(users.id, id));
        expect(row!.shopify_domain).toBe(host);
        const updated = await call(t.app, admin, 'PUT', `/users/${id}`, {
          ...body,
          shopify_domain: typed.toUpperCase(),
        });
        expect(updated.json().user.shopify_domain).toBe(host);
        const refused = await call(t.app, admin, 'PUT', `/users/${id}`, {
          ...body,
          shopify_domain: 'ftp://x.com',
        });
        expect(refused.statusCode).toBe(400);
        expect(refused.json().message).toBe(`shopify_domain: ${USER_MESSAGES.shopDomain}`);
      }
    });

    it('a missing field is named', async () => {
      const { phone: _, ...body } = validUser();
      const response = await call(t.app, admin, 'POST', '/users/create', body);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe('phone is required');
    });

    it('a customer needs both Shopify fields, blank or missing', async () => {
      const { shopify_id: _, shopify_domain: __, ...withoutShop } = validUser();
      const missing = await call(t.app, admin, 'POST', '/users/create', withoutShop);
      expect(missing.statusCode).toBe(400);
      expect(missing.json().message).toBe(
        `shopify_id: ${USER_MESSAGES.required}; shopify_domain: ${USER_MESSAGES.required}`,
      );
      const blank = await call(
        t.app,
        admin,
        'POST',
        '/users/create',
        validUser({ shopify_id: ' ', shopify_domain: null }),
      );
      expect(blank.statusCode).toBe(400);
      expect(blank.json().message).toBe(
        `shopify_id: ${USER_MESSAGES.required}; shopify_domain: ${USER_MESSAGES.required}`,
      );
    });

    it('an admin needs no Shopify fields (saved blank); a given Shopify domain is still checked', async () => {
      const { shopify_id: _, shopify_domain: __, ...withoutShop } = validUser();
      const response = await call(t.app, admin, 'POST', '/users/create', {
        ...withoutShop,
        email: 'admin-two@example.com',
        user_type_id: UserType.Admin,
        shopify_admin_api: null,
      });
      expect(response.statusCode).toBe(201);
      expect(response.json().user).toMatchObject({
        user_type_id: UserType.Admin,
        shopify_id: '',
        shopify_domain: '',
        has_shopify_admin_api: false,
      });
      const badDomain = await call(t.app, admin, 'POST', '/users/create', {
        ...withoutShop,
        email: 'admin-three@example.com',
        user_type_id: UserType.Admin,
        shopify_domain: 'not a domain',
      });
      expect(badDomain.statusCode).toBe(400);
      expect(badDomain.json().message).toBe(`shopify_domain: ${USER_MESSAGES.shopDomain}`);
    });

    it('mobile and website are optional; every accepted discount rate passes', async () => {
      for (const [index, rate] of [0, 5, 10, 15, 20, 25].entries()) {
        const response = await call(
          t.app,
          admin,
          'POST',
          '/users/create',
          validUser({ email: `rate${index}@example.com`, discount_rate: rate, mobile: null, website: '' }),
        );
        expect(response.statusCode).toBe(201);
        expect(response.json().user).toMatchObject({ discount_rate: rate, mobile: null, website: null });
      }
    });
  });

  describe('create, read, update', () => {
    let created: User;

    it('creates a user: 201, the spec toast, email lower-cased, the secret stored encrypted and never returned', async () => {
      const response = await call(
        t.app,
        admin,
        'POST',
        '/users/create',
        validUser({ email: 'Ada.Byron@Example.com', first_name: ' Ada ' }),
      );
      expect(response.statusCode).toBe(201);
      const body = response.json();
      expect(body.message).toBe(USER_CREATED_MESSAGE);
      created = body.user;
      expect(created).toMatchObject({
        email: 'ada.byron@example.com',
        first_name: 'Ada',
        user_type_id: UserType.Customer,
        status: UserStatus.Active,
        has_shopify_admin_api: true,
        discount_rate: 10,
        shipping_discount_rate: 5,
        feeds: 0,
        orders: 0,
        avatar: null,
        created_at: t.clock.now().toISOString(),
        updated_at: null,
      });
      expect(response.body).not.toContain(SHOPIFY_SECRET);
      expect(response.body).not.toContain('password');
      expect(Object.keys(created)).not.toContain('shopify_admin_api');
      const [row] = await t.db.select().from(users).where(eq(users.id, created.id));
      expect(row!.shopify_admin_api_encrypted).not.toContain(SHOPIFY_SECRET);
      expect(decryptSecret(t.config.encryptionKey, row!.shopify_admin_api_encrypted!)).toBe(SHOPIFY_SECRET);
      // The new user can sign in with the password given (and it was hashed, not stored).
      expect(row!.password_hash).toMatch(/^\$argon2id\$/);
      await expect(login(t.app, 'ada.byron@example.com', 'Str0ng!Pass')).resolves.toBeTruthy();
    });

    it('a duplicate email (any case) → 409 with a message', async () => {
      const response = await call(
        t.app,
        admin,
        'POST',
        '/users/create',
        validUser({ email: 'ADA.BYRON@example.com' }),
      );
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toBe(EMAIL_TAKEN_MESSAGE);
    });

    it('reads one user without the secret', async () => {
      const response = await call(t.app, admin, 'GET', `/users/${created.id}`);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual(created);
      expect(response.body).not.toContain(SHOPIFY_SECRET);
    });

    it('unknown id → 404; an id that is not a whole number > 0 → 400', async () => {
      expect((await call(t.app, admin, 'GET', '/users/999999')).statusCode).toBe(404);
      expect((await call(t.app, admin, 'PUT', '/users/999999', validUser({ password: '' }))).statusCode).toBe(
        404,
      );
      for (const bad of ['0', '-1', '1.5', 'abc', '01']) {
        const response = await call(t.app, admin, 'GET', `/users/${bad}`);
        expect(response.statusCode).toBe(400);
        expect(response.json().message).toBe('userId: Id must be a whole number greater than 0');
      }
    });

    it('updates: blank password and blank Shopify key keep the stored ones; the secret is not returned', async () => {
      const [before] = await t.db.select().from(users).where(eq(users.id, created.id));
      t.clock.advance(60_000);
      const response = await call(
        t.app,
        admin,
        'PUT',
        `/users/${created.id}`,
        validUser({
          email: 'ada.byron@example.com',
          first_name: 'Augusta',
          password: '',
          shopify_admin_api: '',
          discount_rate: 25,
          shipping_discount_rate: 100,
        }),
      );
      expect(response.statusCode).toBe(200);
      expect(response.json().message).toBe(USER_UPDATED_MESSAGE);
      expect(response.json().user).toMatchObject({
        first_name: 'Augusta',
        discount_rate: 25,
        shipping_discount_rate: 100,
        has_shopify_admin_api: true,
        updated_at: t.clock.now().toISOString(),
      });
      expect(response.body).not.toContain(SHOPIFY_SECRET);
      const [after] = await t.db.select().from(users).where(eq(users.id, created.id));
      expect(after!.password_hash).toBe(before!.password_hash);
      expect(after!.shopify_admin_api_encrypted).toBe(before!.shopify_admin_api_encrypted);
    });

    it('updates: a new password and Shopify key replace the stored ones', async () => {
      const response = await call(
        t.app,
        admin,
        'PUT',
        `/users/${created.id}`,
        validUser({
          email: 'ada.byron@example.com',
          password: 'N3w!Password',
          shopify_admin_api: 'shpat_new',
        }),
      );
      expect(response.statusCode).toBe(200);
      expect(response.body).not.toContain('shpat_new');
      const [row] = await t.db.select().from(users).where(eq(users.id, created.id));
      expect(decryptSecret(t.config.encryptionKey, row!.shopify_admin_api_encrypted!)).toBe('shpat_new');
      await expect(login(t.app, 'ada.byron@example.com', 'N3w!Password')).resolves.toBeTruthy();
    });

    it('edit rules: a given password is checked the same way; email by a simple pattern', async () => {
      const weak = await call(
        t.app,
        admin,
        'PUT',
        `/users/${created.id}`,
        validUser({ password: 'weakpass1!' }),
      );
      expect(weak.statusCode).toBe(400);
      expect(weak.json().message).toBe(`password: ${USER_MESSAGES.passwordUppercase}`);
      const email = await call(
        t.app,
        admin,
        'PUT',
        `/users/${created.id}`,
        validUser({ email: 'a b@c.d', password: '' }),
      );
      expect(email.json().message).toBe(`email: ${USER_MESSAGES.email}`);
      const role = await call(
        t.app,
        admin,
        'PUT',
        `/users/${created.id}`,
        validUser({ user_type_id: 9, password: '' }),
      );
      expect(role.json().message).toBe(`user_type_id: ${USER_MESSAGES.role}`);
      const nul = await call(
        t.app,
        admin,
        'PUT',
        `/users/${created.id}`,
        validUser({ last_name: 'By\u0000ron', password: '' }),
      );
      expect(nul.statusCode).toBe(400);
      expect(nul.json().message).toBe(`last_name: ${CONTROL_CHARACTERS_MESSAGE}`);
    });

    it('updates without a password key at all: the stored password stays', async () => {
      const [before] = await t.db.select().from(users).where(eq(users.id, created.id));
      const { password: _, ...body } = validUser({ email: 'ada.byron@example.com', last_name: 'King' });
      const response = await call(t.app, admin, 'PUT', `/users/${created.id}`, body);
      expect(response.statusCode).toBe(200);
      expect(response.json().user.last_name).toBe('King');
      const [after] = await t.db.select().from(users).where(eq(users.id, created.id));
      expect(after!.password_hash).toBe(before!.password_hash);
      await expect(login(t.app, 'ada.byron@example.com', 'N3w!Password')).resolves.toBeTruthy();
    });

    it('an admin account without Shopify fields can be edited and saved (their own too)', async () => {
      const self = await call(t.app, admin, 'GET', `/users/${t.users.admin.id}`);
      expect(self.statusCode).toBe(200);
      const stored = self.json() as User;
      expect(stored).toMatchObject({ user_type_id: UserType.Admin, shopify_id: '', shopify_domain: '' });
      const response = await call(t.app, admin, 'PUT', `/users/${stored.id}`, {
        user_type_id: stored.user_type_id,
        status: stored.status,
        first_name: 'Renamed',
        last_name: stored.last_name,
        email: stored.email,
        company_name: 'Back Office Ltd',
        phone: '+44 20 7946 0001',
        shopify_id: '',
        shopify_domain: '',
        discount_rate: 0,
        shipping_discount_rate: 0,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().user).toMatchObject({
        first_name: 'Renamed',
        shopify_id: '',
        shopify_domain: '',
      });
      // The same blank Shopify fields on a customer are refused with the spec's message.
      const customerEdit = await call(t.app, admin, 'PUT', `/users/${t.users.customer.id}`, {
        ...validUser({ email: t.users.customer.email, password: '' }),
        shopify_id: '',
        shopify_domain: '',
      });
      expect(customerEdit.statusCode).toBe(400);
      expect(customerEdit.json().message).toBe(
        `shopify_id: ${USER_MESSAGES.required}; shopify_domain: ${USER_MESSAGES.required}`,
      );
    });

    it("taking another user's email on update → 409", async () => {
      const response = await call(
        t.app,
        admin,
        'PUT',
        `/users/${created.id}`,
        validUser({ email: t.users.customer.email, password: '' }),
      );
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toBe(EMAIL_TAKEN_MESSAGE);
    });

    it('an admin cannot deactivate or demote themselves', async () => {
      const id = t.users.admin.id;
      const off = await call(
        t.app,
        admin,
        'PUT',
        `/users/${id}`,
        validUser({ email: t.users.admin.email, password: '', user_type_id: 1, status: 2 }),
      );
      expect(off.statusCode).toBe(400);
      expect(off.json().message).toBe(SELF_DEACTIVATE_MESSAGE);
      const demote = await call(
        t.app,
        admin,
        'PUT',
        `/users/${id}`,
        validUser({ email: t.users.admin.email, password: '', user_type_id: 2 }),
      );
      expect(demote.statusCode).toBe(400);
      expect(demote.json().message).toBe(SELF_DEMOTE_MESSAGE);
    });

    it('setting a user Inactive revokes their sessions and their API tokens stop working', async () => {
      const session = await login(t.app, 'ada.byron@example.com', 'N3w!Password');
      const issued = await call(t.app, admin, 'POST', `/users/${created.id}/tokens`);
      const token: string = issued.json().token.token;
      expect((await checkPull(t.db, token)).status).toBe('ok');

      const response = await call(
        t.app,
        admin,
        'PUT',
        `/users/${created.id}`,
        validUser({ email: 'ada.byron@example.com', password: '', status: UserStatus.Inactive }),
      );
      expect(response.statusCode).toBe(200);
      expect(response.json().user.status).toBe(UserStatus.Inactive);
      expect((await postRefresh(t.app, session.refresh_token)).statusCode).toBe(401);
      expect((await call(t.app, session.access_token, 'GET', '/account/profile')).statusCode).toBe(401);
      const refused = await checkPull(t.db, token);
      expect(refused.status).toBe('inactive');
      // Refusals count nothing: only the one pull made while the user was Active.
      const [row] = await t.db.select().from(apiTokens).where(eq(apiTokens.user_id, created.id));
      expect(row!.used_requests).toBe(1);
    });
  });
});
