/** The /account calls (spec §5 Profile, Password change; §7; issue 6 "Server"); the avatar is in avatar.test.ts. */
import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProfileUser } from '@/api/schemas/auth';
import { verifyPassword } from '../../server/auth/passwords';
import { users } from '../../server/db/schema';
import { WRONG_CURRENT_PASSWORD_MESSAGE } from '../../server/users/account-service';
import { accountCall } from './account-helpers';
import { createTestApp, FIXTURE_PASSWORD, getProfile, login, postLogin, postRefresh } from './helpers';
import type { TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('PUT /account/profile', () => {
  it('saves trimmed first and last names and answers the updated user', async () => {
    const { access_token } = await login(t.app, t.users.customer.email);
    const response = await accountCall(t.app, 'PUT', 'profile', access_token, {
      first_name: '  Carla ',
      last_name: 'Cooper',
    });
    expect(response.statusCode).toBe(200);
    const body = v.parse(ProfileUser, response.json());
    expect(body).toMatchObject({ id: t.users.customer.id, first_name: 'Carla', last_name: 'Cooper' });
    expect((await getProfile(t.app, access_token)).json()).toMatchObject({
      first_name: 'Carla',
      last_name: 'Cooper',
    });
  });

  it.each([
    [{ first_name: '', last_name: 'Cooper' }, 'first_name: Required'],
    [{ first_name: 'Carla', last_name: '   ' }, 'last_name: Required'],
    [{ first_name: 'Carla' }, 'last_name is required'],
  ])('refuses %j with 400 naming the field', async (payload, message) => {
    const { access_token } = await login(t.app, t.users.customer.email);
    const response = await accountCall(t.app, 'PUT', 'profile', access_token, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message });
  });

  it('needs a signed-in user', async () => {
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/backoffice/account/profile',
      payload: { first_name: 'A', last_name: 'B' },
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('PUT /account/password', () => {
  const NEW_PASSWORD = 'Changed9!';

  it.each([
    [{ old_password: '', new_password: 'abcdef', confirm_password: 'abcdef' }, 'old_password: Required'],
    [
      { old_password: FIXTURE_PASSWORD, new_password: 'abcde', confirm_password: 'abcde' },
      'new_password: Password must be at least 6 characters',
    ],
    [
      { old_password: FIXTURE_PASSWORD, new_password: 'abcdef', confirm_password: 'abcdeg' },
      'confirm_password: Passwords do not match',
    ],
    [{ old_password: FIXTURE_PASSWORD, new_password: 'abcdef' }, 'confirm_password is required'],
  ])('refuses %j with 400 naming the rule', async (payload, message) => {
    const { access_token } = await login(t.app, t.users.admin.email);
    const response = await accountCall(t.app, 'PUT', 'password', access_token, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message });
  });

  it('refuses a wrong current password with 400 and keeps the old password', async () => {
    const { access_token } = await login(t.app, t.users.admin.email);
    const response = await accountCall(t.app, 'PUT', 'password', access_token, {
      old_password: 'Not-it-1!',
      new_password: NEW_PASSWORD,
      confirm_password: NEW_PASSWORD,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: WRONG_CURRENT_PASSWORD_MESSAGE });
    expect((await postLogin(t.app, t.users.admin.email, FIXTURE_PASSWORD, '10.6.0.1')).statusCode).toBe(200);
  });

  it('stores the new password with Argon2id and signs out every other session, keeping this one', async () => {
    const other = await login(t.app, t.users.admin.email);
    const current = await login(t.app, t.users.admin.email);
    const response = await accountCall(t.app, 'PUT', 'password', current.access_token, {
      old_password: FIXTURE_PASSWORD,
      new_password: NEW_PASSWORD,
      confirm_password: NEW_PASSWORD,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Password updated' });

    const [row] = await t.db
      .select({ hash: users.password_hash })
      .from(users)
      .where(eq(users.id, t.users.admin.id));
    expect(row?.hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(row?.hash ?? '', NEW_PASSWORD)).toBe(true);

    expect((await postLogin(t.app, t.users.admin.email, FIXTURE_PASSWORD, '10.6.0.2')).statusCode).toBe(401);
    expect((await postLogin(t.app, t.users.admin.email, NEW_PASSWORD, '10.6.0.2')).statusCode).toBe(200);

    expect((await getProfile(t.app, other.access_token)).statusCode).toBe(401);
    expect((await postRefresh(t.app, other.refresh_token)).statusCode).toBe(401);
    expect((await getProfile(t.app, current.access_token)).statusCode).toBe(200);
    expect((await postRefresh(t.app, current.refresh_token)).statusCode).toBe(200);

    // Back to the fixture password for the other tests of this file.
    const again = await login(t.app, t.users.admin.email, NEW_PASSWORD);
    await accountCall(t.app, 'PUT', 'password', again.access_token, {
      old_password: NEW_PASSWORD,
      new_password: FIXTURE_PASSWORD,
      confirm_password: FIXTURE_PASSWORD,
    });
  });
});
