/**
 * Issue 27 "Passwords": wherever the API sets a password, one on the list of common passwords is
 * refused with a 400 naming the field, and the same request with a harder one is accepted.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { COMMON_PASSWORD_MESSAGE } from '../../server/auth/passwords';
import { COMMON_NEW_PASSWORD_MESSAGE } from '../../server/users/account-service';
import { createTestApp, FIXTURE_PASSWORD, login } from './helpers';
import type { TestApp } from './helpers';
import { call, validUser } from './users-fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

// 'p@ssw0rd' is on the list; this spelling also passes every rule of spec §5 for a new user.
const COMMON = 'P@ssw0rd';
const STRONG = 'Quiet!Harbour7';

it.each([
  [
    'POST /users/create',
    async (password: string) =>
      call(t.app, (await login(t.app, t.users.admin.email)).access_token, 'POST', '/users/create', {
        ...validUser({ email: 'common.check@hopper.example', password }),
      }),
    `password: ${COMMON_PASSWORD_MESSAGE}`,
  ],
  [
    'PUT /users/{userId} with a password',
    async (password: string) =>
      call(
        t.app,
        (await login(t.app, t.users.admin.email)).access_token,
        'PUT',
        `/users/${t.users.customer.id}`,
        {
          ...validUser({ email: t.users.customer.email, password }),
        },
      ),
    `password: ${COMMON_PASSWORD_MESSAGE}`,
  ],
  [
    'PUT /account/password',
    async (password: string) =>
      call(t.app, (await login(t.app, t.users.admin.email)).access_token, 'PUT', '/account/password', {
        old_password: FIXTURE_PASSWORD,
        new_password: password,
        confirm_password: password,
      }),
    COMMON_NEW_PASSWORD_MESSAGE,
  ],
] as const)('%s refuses a common password and takes a harder one', async (_, send, message) => {
  const refused = await send(COMMON);
  expect(refused.statusCode).toBe(400);
  expect(refused.json()).toEqual({ statusCode: 400, error: 'Bad Request', message });
  expect((await send(STRONG)).statusCode).toBeLessThan(300);
});
