/**
 * Fixtures of the account API tests: images made by sharp at test time (nothing binary is checked
 * in) and a hand-built multipart/form-data body, so each test controls every byte it sends.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';

/** A solid-colour image of `width` × `height` px in `format`. */
export function solidImage(
  format: 'jpeg' | 'png' | 'gif' | 'webp',
  width = 64,
  height = 48,
): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 40, g: 140, b: 90 } } })
    .toFormat(format)
    .toBuffer();
}

/** One file part of a multipart body. */
export interface FilePart {
  field?: string;
  filename?: string;
  contentType?: string;
  bytes: Buffer;
}

/** A multipart/form-data body with `parts` (field 'file', 'avatar.png', image/png unless given). */
export function multipartBody(parts: readonly FilePart[]): { payload: Buffer; contentType: string } {
  const boundary = `----test${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const head =
      `--${boundary}\r\n` +
      `Content-Disposition: form-data; name="${part.field ?? 'file'}"; filename="${part.filename ?? 'avatar.png'}"\r\n` +
      `Content-Type: ${part.contentType ?? 'image/png'}\r\n\r\n`;
    chunks.push(Buffer.from(head), part.bytes, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** PUT /account/upload/avatar with one or more file parts (see {@link multipartBody}) as `accessToken`'s user. */
export function putAvatar(
  app: FastifyInstance,
  accessToken: string,
  parts: FilePart | readonly FilePart[],
): Promise<LightMyRequestResponse> {
  const { payload, contentType } = multipartBody('bytes' in parts ? [parts] : parts);
  return app.inject({
    method: 'PUT',
    url: '/api/backoffice/account/upload/avatar',
    headers: { authorization: `Bearer ${accessToken}`, 'content-type': contentType },
    payload,
  });
}

/** A JSON call under /api/backoffice/account as `accessToken`'s user. */
export function accountCall(
  app: FastifyInstance,
  method: 'PUT' | 'DELETE' | 'GET',
  path: string,
  accessToken: string,
  payload?: unknown,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method,
    url: `/api/backoffice/account/${path}`,
    headers: { authorization: `Bearer ${accessToken}` },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}
