/**
 * multipart/form-data bodies for the API fuzz test, well-formed and broken: one file, two files,
 * a text field before the file, the wrong field, no closing boundary, a boundary that does not
 * match the header, parts without headers, oversized files and plain garbage. Built by hand so
 * every byte is under the test's control.
 */
import fc from 'fast-check';

/** A request body and the Content-Type it is sent with. */
export interface RawBody {
  contentType: string;
  payload: Buffer;
}

const BOUNDARY = 'fuzzBoundary7MA4YWxkTrZu0gW';
const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

interface Part {
  /** The whole Content-Disposition value, or null for a part without one. */
  disposition: string | null;
  contentType?: string;
  bytes: Buffer;
}

const filePart = (bytes: Buffer, field = 'file', filename = 'avatar.png'): Part => ({
  disposition: `form-data; name="${field}"; filename="${filename}"`,
  contentType: 'image/png',
  bytes,
});

const fieldPart = (name: string, value: string): Part => ({
  disposition: `form-data; name="${name}"`,
  bytes: Buffer.from(value),
});

function encode(parts: readonly Part[], options: { close?: boolean; boundary?: string } = {}): Buffer {
  const boundary = options.boundary ?? BOUNDARY;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    let head = `--${boundary}\r\n`;
    if (part.disposition !== null) head += `Content-Disposition: ${part.disposition}\r\n`;
    if (part.contentType) head += `Content-Type: ${part.contentType}\r\n`;
    chunks.push(Buffer.from(`${head}\r\n`), part.bytes, Buffer.from('\r\n'));
  }
  if (options.close ?? true) chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

const withBoundary = (payload: Buffer, boundary = BOUNDARY): RawBody => ({
  contentType: `multipart/form-data; boundary=${boundary}`,
  payload,
});

/** Bytes that start like a PNG (or not) and then go wrong. */
const fileBytes: fc.Arbitrary<Buffer> = fc.oneof(
  fc.uint8Array({ maxLength: 256 }).map((bytes) => Buffer.from(bytes)),
  fc.uint8Array({ maxLength: 256 }).map((bytes) => Buffer.concat([PNG_MAGIC, Buffer.from(bytes)])),
  fc.constant(Buffer.alloc(0)),
  fc.constant(PNG_MAGIC),
);

/** A multipart body, most of them malformed or breaking the one-file rule of the avatar upload. */
export const multipartBodies: fc.Arbitrary<RawBody> = fc.oneof(
  fileBytes.map((bytes) => withBoundary(encode([filePart(bytes)]))),
  fileBytes.map((bytes) => withBoundary(encode([filePart(bytes), filePart(bytes, 'file', 'second.png')]))),
  fileBytes.map((bytes) => withBoundary(encode([fieldPart('note', 'hello'), filePart(bytes)]))),
  fileBytes.map((bytes) => withBoundary(encode([filePart(bytes), fieldPart('note', 'after')]))),
  fileBytes.map((bytes) => withBoundary(encode([filePart(bytes, 'avatar')]))),
  fileBytes.map((bytes) => withBoundary(encode([filePart(bytes, 'file', 'a\u0000b.png')]))),
  fileBytes.map((bytes) => withBoundary(encode([filePart(bytes, 'file', '../../../etc/passwd')]))),
  fileBytes.map((bytes) => withBoundary(encode([filePart(bytes, 'file\u0000')]))),
  fileBytes.map((bytes) => withBoundary(encode([filePart(bytes)], { close: false }))),
  fileBytes.map((bytes) => withBoundary(encode([filePart(bytes)]), 'anotherBoundary')),
  fileBytes.map((bytes) => withBoundary(encode([{ disposition: null, bytes }]))),
  fileBytes.map((bytes) => withBoundary(encode([{ disposition: 'attachment', bytes }]))),
  fileBytes.map((bytes) => ({
    contentType: `multipart/form-data; boundary="${BOUNDARY}"`,
    payload: encode([filePart(bytes)]),
  })),
  fileBytes.map((bytes) => ({
    contentType: `multipart/mixed; boundary=${BOUNDARY}`,
    payload: encode([filePart(bytes)]),
  })),
  fileBytes.map((bytes) => ({ contentType: 'multipart/form-data', payload: encode([filePart(bytes)]) })),
  fc.constant(withBoundary(Buffer.alloc(0))),
  fc.constant(withBoundary(Buffer.from(`--${BOUNDARY}--\r\n`))),
  fc.constant(withBoundary(Buffer.from(`--${BOUNDARY}\r\n${'X-Long: '.padEnd(100_000, 'x')}\r\n\r\n`))),
  fc.constant(withBoundary(encode([filePart(Buffer.alloc(900 * 1024, 1))]))),
  fc.constant(withBoundary(encode(Array.from({ length: 50 }, (_, index) => fieldPart(`f${index}`, 'v'))))),
  fc
    .uint8Array({ maxLength: 512 })
    .map((bytes) => withBoundary(Buffer.concat([Buffer.from(`--${BOUNDARY}\r\n`), Buffer.from(bytes)]))),
);
