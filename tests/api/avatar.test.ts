/**
 * PUT and DELETE /account/upload/avatar (spec §5 Avatar; issue 6 "Uploads"; issue 13 points 5, 7
 * and 9): stored in the database, served under /uploads; one file part and nothing else; 413 as
 * soon as the declared or streamed size passes the limit.
 */
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { asc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProfileUser } from '@/api/schemas/auth';
import { storedFiles as storedFilesTable, users } from '../../server/db/schema';
import {
  AVATAR_EXTRA_PARTS_MESSAGE,
  AVATAR_MALFORMED_MESSAGE,
  AVATAR_MISSING_MESSAGE,
  AVATAR_REQUEST_MAX_BYTES,
} from '../../server/routes/avatar';
import {
  AVATAR_DAMAGED_MESSAGE,
  AVATAR_MAX_BYTES,
  AVATAR_TOO_BIG_MESSAGE,
  AVATAR_TOO_LARGE_MESSAGE,
  AVATAR_UNSUPPORTED_MESSAGE,
} from '../../server/uploads/avatars';
import { databaseStorage } from '../../server/uploads/storage';
import { accountCall, putAvatar, solidImage } from './account-helpers';
import { createTestApp, getProfile, login } from './helpers';
import type { TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const AVATAR_URL = '/api/backoffice/account/upload/avatar';

/** Every stored upload path, sorted. */
async function storedPaths(): Promise<string[]> {
  const rows = await t.db
    .select({ path: storedFilesTable.path })
    .from(storedFilesTable)
    .orderBy(asc(storedFilesTable.path));
  return rows.map((row) => row.path);
}

/** GET of a public upload path. */
function fetchUpload(publicPath: string, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'GET', url: publicPath, headers });
}

/** One raw part of a hand-built multipart body: its header lines and its content. */
interface RawPart {
  disposition: string;
  contentType?: string;
  content: Buffer | string;
}

/** A multipart/form-data body made of `parts` exactly as given (text fields included). */
function rawMultipart(
  parts: readonly RawPart[],
  boundary = 'XtestBoundary42',
): { payload: Buffer; contentType: string } {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const type = part.contentType ? `Content-Type: ${part.contentType}\r\n` : '';
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${part.disposition}\r\n${type}\r\n`));
    chunks.push(
      Buffer.isBuffer(part.content) ? part.content : Buffer.from(part.content),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

function putRaw(accessToken: string, contentType: string, payload: Buffer | string) {
  return t.app.inject({
    method: 'PUT',
    url: AVATAR_URL,
    headers: { authorization: `Bearer ${accessToken}`, 'content-type': contentType },
    payload,
  });
}

const filePart = (bytes: Buffer, field = 'file'): RawPart => ({
  disposition: `form-data; name="${field}"; filename="avatar.png"`,
  contentType: 'image/png',
  content: bytes,
});
const textPart = (name: string, value: string): RawPart => ({
  disposition: `form-data; name="${name}"`,
  content: value,
});

describe('PUT /account/upload/avatar', () => {
  it.each(['jpeg', 'png', 'gif'] as const)(
    'stores a %s re-encoded, with a 36 px thumbnail, under new names, served from the database',
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
      const original = await fetchUpload(avatar?.original ?? '');
      const thumb = await fetchUpload(avatar?.thumbnails.thumb_36 ?? '');
      expect([original.statusCode, thumb.statusCode]).toEqual([200, 200]);
      expect(original.headers['content-type']).toBe(`image/${format}`);
      const originalMeta = await sharp(original.rawPayload).metadata();
      const thumbMeta = await sharp(thumb.rawPayload).metadata();
      expect([originalMeta.format, originalMeta.width, originalMeta.height]).toEqual([format, 120, 80]);
      expect([thumbMeta.format, thumbMeta.width, thumbMeta.height]).toEqual([format, 36, 36]);
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
    expect((await fetchUpload(first.avatar?.original ?? '')).statusCode).toBe(404);
    expect((await fetchUpload(first.avatar?.thumbnails.thumb_36 ?? '')).statusCode).toBe(404);
    expect((await fetchUpload(second.avatar?.original ?? '')).statusCode).toBe(200);
    expect(await storedPaths()).toEqual(
      [second.avatar?.original ?? '', second.avatar?.thumbnails.thumb_36 ?? ''].sort(),
    );
    expect((await getProfile(t.app, access_token)).json()).toMatchObject({ avatar: second.avatar });
  });

  it('serves stored avatars with nosniff, long-lived caching and validators, to GET and HEAD', async () => {
    const { access_token } = await login(t.app, t.users.customer.email);
    const { avatar } = v.parse(
      ProfileUser,
      (await putAvatar(t.app, access_token, { bytes: await solidImage('png') })).json(),
    );
    const path = avatar?.thumbnails.thumb_36 ?? '';
    const served = await fetchUpload(path);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const etag = String(served.headers.etag);
    expect(etag).toMatch(/^"[0-9a-f]+-[0-9a-f]+"$/);
    expect(Date.parse(String(served.headers['last-modified']))).not.toBeNaN();

    const head = await t.app.inject({ method: 'HEAD', url: path });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe('image/png');
    expect(head.body).toBe('');

    const revalidated = await fetchUpload(path, { 'if-none-match': etag });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.body).toBe('');
    const since = await fetchUpload(path, { 'if-modified-since': String(served.headers['last-modified']) });
    expect(since.statusCode).toBe(304);
    expect((await fetchUpload(path, { 'if-none-match': '"other"' })).statusCode).toBe(200);
  });

  it('answers 404 for unknown upload paths and paths that climb out', async () => {
    for (const url of [
      '/uploads/avatars/0123456789abcdef0123456789abcdef.png',
      '/uploads/a/../b.png',
      '/uploads/x',
    ]) {
      const response = await fetchUpload(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toMatchObject({ statusCode: 404 });
    }
  });

  it('words every refusal as a sentence that names the limit (issue 15: shown after the spec text)', () => {
    expect(AVATAR_TOO_LARGE_MESSAGE).toBe('The file is larger than 800K, the largest avatar allowed.');
    expect(AVATAR_UNSUPPORTED_MESSAGE).toBe('The file is not a JPG, GIF or PNG image.');
    expect(AVATAR_TOO_BIG_MESSAGE).toBe('The image is larger than 4096 × 4096 pixels.');
    expect(AVATAR_DAMAGED_MESSAGE).toBe('The image is damaged and cannot be read.');
    expect(AVATAR_MAX_BYTES, "the hint's 800K").toBe(800 * 1024);
  });

  it('answers 413 for a file over 800 KiB while streaming, and stores nothing', async () => {
    const { access_token } = await login(t.app, t.users.admin.email);
    const before = await storedPaths();
    const png = await solidImage('png');
    const oversized = Buffer.concat([png, Buffer.alloc(AVATAR_MAX_BYTES + 1 - png.length, 7)]);
    const response = await putAvatar(t.app, access_token, { bytes: oversized });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ message: AVATAR_TOO_LARGE_MESSAGE });
    expect(await storedPaths()).toEqual(before);
    expect((await getProfile(t.app, access_token)).json()).toMatchObject({ avatar: null });
  });

  it('answers 413 for a declared Content-Length over the limit, closing the connection', async () => {
    const { access_token } = await login(t.app, t.users.admin.email);
    const { payload, contentType } = rawMultipart([filePart(Buffer.alloc(AVATAR_REQUEST_MAX_BYTES, 1))]);
    const response = await putRaw(access_token, contentType, payload);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ message: AVATAR_TOO_LARGE_MESSAGE });
    expect(response.headers.connection).toBe('close');
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
    const before = await storedPaths();
    const response = await putAvatar(t.app, access_token, {
      bytes,
      filename: 'avatar.png',
      contentType: 'image/png',
    });
    expect(response.statusCode).toBe(status);
    expect(response.json()).toMatchObject({ message });
    expect(await storedPaths()).toEqual(before);
  });

  it('refuses a WebP (a real image, but not JPEG, GIF or PNG) with 415', async () => {
    const { access_token } = await login(t.app, t.users.admin.email);
    const response = await putAvatar(t.app, access_token, {
      bytes: await solidImage('webp'),
      contentType: 'image/png',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({ message: AVATAR_UNSUPPORTED_MESSAGE });
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
    expect(response.json()).toMatchObject({ message: AVATAR_MISSING_MESSAGE });
  });

  it('refuses a JSON body with 415', async () => {
    const { access_token } = await login(t.app, t.users.admin.email);
    const response = await accountCall(t.app, 'PUT', 'upload/avatar', access_token, { file: 'x' });
    expect(response.statusCode).toBe(415);
  });

  it('needs a signed-in user', async () => {
    const response = await t.app.inject({ method: 'PUT', url: AVATAR_URL });
    expect(response.statusCode).toBe(401);
  });
});

describe('PUT /account/upload/avatar with a body that is not one file part (issue 13, point 5)', () => {
  let png: Buffer;
  beforeAll(async () => {
    png = await solidImage('png');
  });

  it.each([
    ['two files', () => [filePart(png), filePart(png)]],
    ['a second file in another field', () => [filePart(png), filePart(png, 'other')]],
    ['a text field before the file', () => [textPart('note', 'hello'), filePart(png)]],
    ['a text field after the file', () => [filePart(png), textPart('note', 'hello')]],
  ])('refuses %s with 400, storing nothing', async (_label, parts) => {
    const { access_token } = await login(t.app, t.users.admin.email);
    const before = await storedPaths();
    const { payload, contentType } = rawMultipart(parts());
    const response = await putRaw(access_token, contentType, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: AVATAR_EXTRA_PARTS_MESSAGE });
    expect(await storedPaths()).toEqual(before);
    expect((await getProfile(t.app, access_token)).json()).toMatchObject({ avatar: null });
  });

  it('refuses a text field alone with 400', async () => {
    const { access_token } = await login(t.app, t.users.admin.email);
    const { payload, contentType } = rawMultipart([textPart('file', 'not a file')]);
    const response = await putRaw(access_token, contentType, payload);
    expect(response.statusCode).toBe(400);
  });

  it('refuses an empty multipart body with 400', async () => {
    const { access_token } = await login(t.app, t.users.admin.email);
    const response = await putRaw(access_token, 'multipart/form-data; boundary=XtestBoundary42', '');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: AVATAR_MISSING_MESSAGE });
  });

  const BOUNDARY_TYPE = 'multipart/form-data; boundary=XtestBoundary42';
  it.each([
    ['no boundary in the Content-Type', 'multipart/form-data', () => rawMultipart([filePart(png)]).payload],
    [
      'a body that ends inside the file part',
      BOUNDARY_TYPE,
      () => rawMultipart([filePart(png)]).payload.subarray(0, 120),
    ],
    ['no boundary line at all', BOUNDARY_TYPE, () => Buffer.from('this is not multipart')],
  ])('answers 400 (never 500) for malformed multipart: %s', async (_label, contentType, payload) => {
    const { access_token } = await login(t.app, t.users.admin.email);
    const response = await putRaw(access_token, contentType, payload());
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: AVATAR_MALFORMED_MESSAGE });
  });

  it('answers 400 for a part without a Content-Disposition (the parser skips it: no file)', async () => {
    const { access_token } = await login(t.app, t.users.admin.email);
    const body = '--XtestBoundary42\r\n\r\nabc\r\n--XtestBoundary42--\r\n';
    const response = await putRaw(access_token, BOUNDARY_TYPE, body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: AVATAR_MISSING_MESSAGE });
  });
});

describe('PUT /account/upload/avatar over a real socket (issue 13, point 7)', () => {
  let port: number;
  let token: string;
  beforeAll(async () => {
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    port = (t.app.server.address() as AddressInfo).port;
    token = (await login(t.app, t.users.admin.email)).access_token;
  });

  /**
   * Sends the request head, then `body` in 64 KiB chunks, pausing after each, until the server
   * answers or closes. Resolves to the answer's head and how many body bytes had been sent by then.
   */
  function sendSlowly(head: string, body: Buffer): Promise<{ answer: string; sent: number }> {
    return new Promise((resolve, reject) => {
      const socket = connect(port, '127.0.0.1');
      let answer = '';
      let sent = 0;
      let answeredAt: number | null = null;
      const finish = () => {
        socket.destroy();
        resolve({ answer, sent: answeredAt ?? sent });
      };
      socket.on('data', (chunk) => {
        answer += chunk.toString('latin1');
        answeredAt ??= sent;
        if (answer.includes('\r\n\r\n') && answer.includes('}')) finish();
      });
      socket.on('error', (error: NodeJS.ErrnoException) => {
        // The server may reset the connection once it has answered and closed it.
        if (answer) finish();
        else reject(error);
      });
      socket.on('close', () =>
        answer ? finish() : reject(new Error(`closed after ${sent} bytes, no answer`)),
      );
      socket.write(head);
      const step = () => {
        if (answeredAt !== null || socket.destroyed || sent >= body.length) return;
        const chunk = body.subarray(sent, sent + 64 * 1024);
        sent += chunk.length;
        socket.write(chunk, () => setTimeout(step, 5));
      };
      setTimeout(step, 20);
    });
  }

  const headOf = (contentType: string, framing: string) =>
    `PUT ${AVATAR_URL} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\n` +
    `Content-Type: ${contentType}\r\n${framing}\r\n`;

  /** `body` in HTTP/1.1 chunked framing, one chunk per 16 KiB. */
  function chunked(body: Buffer): Buffer {
    const chunks: Buffer[] = [];
    for (let start = 0; start < body.length; start += 16 * 1024) {
      const piece = body.subarray(start, start + 16 * 1024);
      chunks.push(Buffer.from(`${piece.length.toString(16)}\r\n`), piece, Buffer.from('\r\n'));
    }
    chunks.push(Buffer.from('0\r\n\r\n'));
    return Buffer.concat(chunks);
  }

  const TEN_MB = 10 * 1024 * 1024;

  it('keeps the connection of an accepted upload open', async () => {
    const { payload, contentType } = rawMultipart([filePart(await solidImage('png'))]);
    const { answer } = await sendSlowly(
      headOf(contentType, `Content-Length: ${payload.length}\r\n`),
      payload,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    expect(answer).not.toMatch(/\r\nconnection: close\r\n/i);
  });

  it('answers 413 to a declared 10 MB body before any of it is sent', async () => {
    const { payload, contentType } = rawMultipart([filePart(Buffer.alloc(TEN_MB, 1))]);
    const { answer, sent } = await sendSlowly(
      headOf(contentType, `Content-Length: ${payload.length}\r\n`),
      payload,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(answer).toMatch(/\r\nconnection: close\r\n/i);
    expect(answer).toContain(AVATAR_TOO_LARGE_MESSAGE);
    expect(sent).toBeLessThan(256 * 1024);
  });

  it('answers 413 to a chunked body as soon as its file passes 800 KiB', async () => {
    const { payload, contentType } = rawMultipart([filePart(Buffer.alloc(TEN_MB, 1))]);
    const { answer, sent } = await sendSlowly(
      headOf(contentType, 'Transfer-Encoding: chunked\r\n'),
      chunked(payload),
    );
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(answer).toContain(AVATAR_TOO_LARGE_MESSAGE);
    expect(sent).toBeLessThan(2 * AVATAR_REQUEST_MAX_BYTES);
  });

  it('answers 413 to a chunked body as soon as it passes the limit outside any file part', async () => {
    // A preamble before the first boundary is skipped by the parser: only the byte count stops it.
    const preamble = Buffer.alloc(TEN_MB, 0x61);
    const { payload, contentType } = rawMultipart([filePart(Buffer.from('x'))]);
    const body = Buffer.concat([preamble, Buffer.from('\r\n'), payload]);
    const { answer, sent } = await sendSlowly(
      headOf(contentType, 'Transfer-Encoding: chunked\r\n'),
      chunked(body),
    );
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(sent).toBeLessThan(2 * AVATAR_REQUEST_MAX_BYTES);
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
    expect((await fetchUpload(avatar?.original ?? '')).statusCode).toBe(404);
    expect((await fetchUpload(avatar?.thumbnails.thumb_36 ?? '')).statusCode).toBe(404);
    expect((await accountCall(t.app, 'DELETE', 'upload/avatar', access_token)).statusCode).toBe(200);
  });

  it('never deletes a stored file that is not a server-generated avatar', async () => {
    const { access_token } = await login(t.app, t.users.customer.email);
    const storage = databaseStorage(t.db);
    const bystanders = ['/uploads/products/keep.png', '/uploads/avatars/keep.png'];
    await storage.put(
      bystanders.map((path) => ({ path, contentType: 'image/png', bytes: Buffer.from('x') })),
    );
    await t.db
      .update(users)
      .set({ avatar_original: '/uploads/avatars/keep.png', avatar_thumb_36: '/uploads/products/keep.png' })
      .where(eq(users.id, t.users.customer.id));
    const response = await accountCall(t.app, 'DELETE', 'upload/avatar', access_token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ avatar: null });
    for (const path of bystanders) expect(await storage.get(path), path).not.toBeNull();
    await storage.delete(bystanders);
  });
});
