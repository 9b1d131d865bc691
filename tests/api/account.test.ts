/** The /account calls (spec §5 Profile, Password change, Avatar; §7; issue 6 "Server"). */
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProfileUser } from '@/api/schemas/auth';
import { verifyPassword } from '../../server/auth/passwords';
import { users } from '../../server/db/schema';
import { WRONG_CURRENT_PASSWORD_MESSAGE } from '../../server/routes/account';
import {
  AVATAR_DAMAGED_MESSAGE,
  AVATAR_MAX_BYTES,
  AVATAR_TOO_BIG_MESSAGE,
  AVATAR_TOO_LARGE_MESSAGE,
  AVATAR_UNSUPPORTED_MESSAGE,
} from '../../server/uploads/avatars';
import { accountCall, putAvatar, solidImage } from './account-helpers';
import { createTestApp, FIXTURE_PASSWORD, getProfile, login, postLogin, postRefresh } from './helpers';
import type { TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const avatarsDir = () => path.join(t.config.uploadsDir, 'avatars');
const storedFiles = () => (existsSync(avatarsDir()) ? readdirSync(avatarsDir()).sort() : []);
const fileOf = (publicPath: string) => path.join(t.config.uploadsDir, publicPath.replace(/^\/uploads\//, ''));

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

describe('PUT /account/upload/avatar', () => {
  it.each(['jpeg', 'png', 'gif'] as const)(
    'stores a %s re-encoded, with a 36 px thumbnail, under new names',
    async (format) => {
      const { access_token } = await login(t.app, t.users.customer.email);
      const response = await putAvatar(t.app, access_token, {
        bytes: await solidImage(format, 120, 80),
        filename: '../../evil name.png',
      });
      expect(response.statusCode).toBe(200);
      const { avatar } = v.parse(ProfileUser, response.json());
      const extension = format === 'jpeg' ? 'jpg' : format;
      expect(avatar?.original).toMatch(new RegExp(`^/uploads/avatars/[0-9a-f]{32}\\.${extension}$`));
      expect(avatar?.thumbnails.thumb_36).toMatch(
        new RegExp(`^/uploads/avatars/[0-9a-f]{32}_thumb_36\\.${extension}$`),
      );
      const original = await sharp(fileOf(avatar?.original ?? '')).metadata();
      const thumb = await sharp(fileOf(avatar?.thumbnails.thumb_36 ?? '')).metadata();
      expect([original.format, original.width, original.height]).toEqual([format, 120, 80]);
      expect([thumb.format, thumb.width, thumb.height]).toEqual([format, 36, 36]);
    },
  );

  it('removes the previous files when the avatar is replaced', async () => {
    const { access_token } = await login(t.app, t.users.customer.email);
    const first = v.parse(
      ProfileUser,
      (await putAvatar(t.app, access_token, { bytes: await solidImage('png') })).json(),
    );
    const second = v.parse(
      ProfileUser,
      (await putAvatar(t.app, access_token, { bytes: await solidImage('jpeg') })).json(),
    );
    expect(existsSync(fileOf(first.avatar?.original ?? ''))).toBe(false);
    expect(existsSync(fileOf(first.avatar?.thumbnails.thumb_36 ?? ''))).toBe(false);
    expect(existsSync(fileOf(second.avatar?.original ?? ''))).toBe(true);
    expect((await getProfile(t.app, access_token)).json()).toMatchObject({ avatar: second.avatar });
  });

  it('serves stored avatars with nosniff and long-lived caching', async () => {
    const { access_token } = await login(t.app, t.users.customer.email);
    const { avatar } = v.parse(
      ProfileUser,
      (await putAvatar(t.app, access_token, { bytes: await solidImage('png') })).json(),
    );
    const served = await t.app.inject({ method: 'GET', url: avatar?.thumbnails.thumb_36 ?? '' });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers 413 for a file over 800 KiB while streaming, and writes nothing', async () => {
    const { access_token } = await login(t.app, t.users.admin.email);
    const before = storedFiles();
    const png = await solidImage('png');
    const oversized = Buffer.concat([png, Buffer.alloc(AVATAR_MAX_BYTES + 1 - png.length, 7)]);
    const response = await putAvatar(t.app, access_token, { bytes: oversized });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ message: AVATAR_TOO_LARGE_MESSAGE });
    expect(storedFiles()).toEqual(before);
    expect((await getProfile(t.app, access_token)).json()).toMatchObject({ avatar: null });
  });

  it('accepts a file of exactly 800 KiB', async () => {
    const { access_token } = await login(t.app, t.users.admin.email);
    const png = await solidImage('png');
    // Bytes after PNG's IEND chunk are ignored by decoders, so this is a valid image of the limit size.
    const atLimit = Buffer.concat([png, Buffer.alloc(AVATAR_MAX_BYTES - png.length, 0)]);
    expect((await putAvatar(t.app, access_token, { bytes: atLimit })).statusCode).toBe(200);
    await accountCall(t.app, 'DELETE', 'upload/avatar', access_token);
  });

  it.each([
    ['a text file renamed to .png', Buffer.from('just some text, honestly'), 415, AVATAR_UNSUPPORTED_MESSAGE],
    [
      'an SVG',
      Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
      ),
      415,
      AVATAR_UNSUPPORTED_MESSAGE,
    ],
    [
      'an HTML page',
      Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>'),
      415,
      AVATAR_UNSUPPORTED_MESSAGE,
    ],
    [
      'a damaged PNG',
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]),
      400,
      AVATAR_DAMAGED_MESSAGE,
    ],
  ])('refuses %s', async (_label, bytes, status, message) => {
    const { access_token } = await login(t.app, t.users.admin.email);
    const before = storedFiles();
    const response = await putAvatar(t.app, access_token, {
      bytes,
      filename: 'avatar.png',
      contentType: 'image/png',
    });
    expect(response.statusCode).toBe(status);
    expect(response.json()).toMatchObject({ message });
    expect(storedFiles()).toEqual(before);
  });

  it('refuses a WebP (a real image, but not JPEG, GIF or PNG) with 415', async () => {
    const { access_token } = await login(t.app, t.users.admin.email);
    const response = await putAvatar(t.app, access_token, {
      bytes: await solidImage('webp'),
      contentType: 'image/png',
    });
    expect(response.statusCode).toBe(415);
  });

  it.each([
    [4097, 10],
    [10, 4097],
  ])('refuses a %i × %i px image with 400', async (width, height) => {
    const { access_token } = await login(t.app, t.users.admin.email);
    const response = await putAvatar(t.app, access_token, { bytes: await solidImage('png', width, height) });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: AVATAR_TOO_BIG_MESSAGE });
  });

  it('accepts a 4096 px wide image', async () => {
    const { access_token } = await login(t.app, t.users.admin.email);
    const response = await putAvatar(t.app, access_token, { bytes: await solidImage('png', 4096, 8) });
    expect(response.statusCode).toBe(200);
    await accountCall(t.app, 'DELETE', 'upload/avatar', access_token);
  });

  it('needs the file in the field "file"', async () => {
    const { access_token } = await login(t.app, t.users.admin.email);
    const response = await putAvatar(t.app, access_token, {
      field: 'avatar',
      bytes: await solidImage('png'),
    });
    expect(response.statusCode).toBe(400);
  });

  it('refuses a JSON body with 415', async () => {
    const { access_token } = await login(t.app, t.users.admin.email);
    const response = await accountCall(t.app, 'PUT', 'upload/avatar', access_token, { file: 'x' });
    expect(response.statusCode).toBe(415);
  });

  it('needs a signed-in user', async () => {
    const response = await t.app.inject({ method: 'PUT', url: '/api/backoffice/account/upload/avatar' });
    expect(response.statusCode).toBe(401);
  });
});

describe('DELETE /account/upload/avatar', () => {
  it('clears the avatar and removes its files; a second delete is harmless', async () => {
    const { access_token } = await login(t.app, t.users.customer.email);
    const { avatar } = v.parse(
      ProfileUser,
      (await putAvatar(t.app, access_token, { bytes: await solidImage('gif') })).json(),
    );
    const response = await accountCall(t.app, 'DELETE', 'upload/avatar', access_token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ avatar: null });
    expect(existsSync(fileOf(avatar?.original ?? ''))).toBe(false);
    expect(existsSync(fileOf(avatar?.thumbnails.thumb_36 ?? ''))).toBe(false);
    expect((await accountCall(t.app, 'DELETE', 'upload/avatar', access_token)).statusCode).toBe(200);
  });

  it('never deletes a file the database points outside the avatars folder', async () => {
    const { access_token } = await login(t.app, t.users.customer.email);
    const bystander = path.join(t.config.uploadsDir, 'keep.txt');
    writeFileSync(bystander, 'not an avatar');
    await t.db
      .update(users)
      .set({ avatar_original: '/uploads/avatars/../keep.txt', avatar_thumb_36: '/uploads/keep.txt' })
      .where(eq(users.id, t.users.customer.id));
    const response = await accountCall(t.app, 'DELETE', 'upload/avatar', access_token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ avatar: null });
    expect(existsSync(bystander)).toBe(true);
  });
});
