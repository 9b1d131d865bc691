/**
 * Avatar images (spec §5 Avatar, issue 6 "Uploads"): the uploaded bytes are trusted for nothing.
 * The format is read from the file's own signature (never its name or declared type), only JPEG,
 * GIF and PNG pass, the pixel size is read from the header before anything is decoded, and the
 * image is re-encoded by sharp (which drops metadata such as EXIF location) into an original and a
 * 36 px square thumbnail under server-generated names in `/uploads/avatars/` (stored by the caller
 * through ./storage.ts, so every process serves them).
 */
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import type { Sharp } from 'sharp';
import { DomainError, InvalidInputError, UnsupportedFormatError } from '../domain-errors';
import type { FileToStore } from './storage';

/** Spec §9 "Avatar maximum 800K": the largest accepted upload, in bytes (800 KiB). */
export const AVATAR_MAX_BYTES = 800 * 1024;
/** The largest accepted width or height, in px. */
export const AVATAR_MAX_EDGE = 4096;
/** Edge of the square thumbnail (`thumbnails.thumb_36`), in px. */
export const AVATAR_THUMB_EDGE = 36;

// The messages below reach the person as the reason after 'Avatar upload failed' (issue 15), so each
// is a whole sentence that names the limit in the words of the screen's hint ('JPG, GIF or PNG. Max
// size of 800K'), not in the server's units.

/** The 413 message when the upload is larger than AVATAR_MAX_BYTES. */
export const AVATAR_TOO_LARGE_MESSAGE = 'The file is larger than 800K, the largest avatar allowed.';
/** The 415 message for anything that is not a JPEG, GIF or PNG by its bytes. */
export const AVATAR_UNSUPPORTED_MESSAGE = 'The file is not a JPG, GIF or PNG image.';
/** The 400 message for an image wider or taller than AVATAR_MAX_EDGE. */
export const AVATAR_TOO_BIG_MESSAGE = `The image is larger than ${AVATAR_MAX_EDGE} × ${AVATAR_MAX_EDGE} pixels.`;
/** The 400 message for a file whose signature is an image's but whose content cannot be read. */
export const AVATAR_DAMAGED_MESSAGE = 'The image is damaged and cannot be read.';

/** Public prefix of every stored avatar path. */
const PUBLIC_PREFIX = '/uploads/avatars/';
/** Server-generated file names: 32 hex characters, an optional suffix, an extension. */
const STORED_NAME = /^[0-9a-f]{32}(_thumb_36)?\.(jpg|gif|png)$/;

/** An accepted image format. */
export type AvatarFormat = 'jpeg' | 'gif' | 'png';

const EXTENSIONS: Record<AvatarFormat, string> = { jpeg: 'jpg', gif: 'gif', png: 'png' };
const CONTENT_TYPES: Record<AvatarFormat, string> = {
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  png: 'image/png',
};

/**
 * A checked, re-encoded avatar ready to store: its files' `path`s are what users.avatar_original and
 * avatar_thumb_36 keep.
 */
export interface ProcessedAvatar {
  original: FileToStore;
  thumb36: FileToStore;
}

/**
 * The format named by the first bytes of `bytes` (JPEG `FF D8 FF`, PNG's 8-byte signature, GIF87a or
 * GIF89a), or null for anything else — SVG, HTML, WebP and renamed files included.
 */
export function sniffAvatarFormat(bytes: Uint8Array): AvatarFormat | null {
  const starts = (signature: readonly number[]) => signature.every((byte, index) => bytes[index] === byte);
  if (starts([0xff, 0xd8, 0xff])) return 'jpeg';
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (starts([0x47, 0x49, 0x46, 0x38]) && (bytes[4] === 0x37 || bytes[4] === 0x39) && bytes[5] === 0x61) {
    return 'gif';
  }
  return null;
}

/** Re-encodes `input` into its own format; GIFs keep their animation. */
async function encode(format: AvatarFormat, input: Buffer): Promise<{ original: Buffer; thumb: Buffer }> {
  const animated = format === 'gif';
  // rotate() applies the EXIF orientation before the metadata is dropped.
  const source = () =>
    sharp(input, { animated, limitInputPixels: AVATAR_MAX_EDGE * AVATAR_MAX_EDGE, failOn: 'error' }).rotate();
  const toFormat = (image: Sharp) =>
    format === 'jpeg'
      ? image.jpeg({ quality: 85, mozjpeg: true })
      : format === 'png'
        ? image.png()
        : image.gif();
  const [original, thumb] = await Promise.all([
    toFormat(source()).toBuffer(),
    toFormat(source().resize(AVATAR_THUMB_EDGE, AVATAR_THUMB_EDGE, { fit: 'cover' })).toBuffer(),
  ]);
  return { original, thumb };
}

/**
 * Checks and re-encodes one uploaded avatar (`bytes`, at most AVATAR_MAX_BYTES, already read in
 * full) into the original and its 36 px thumbnail under new random public paths in
 * `/uploads/avatars/`. Stores nothing: the caller stores both files with the user's new paths.
 * @throws UnsupportedFormatError (not a JPEG, GIF or PNG by its bytes), InvalidInputError (wider
 *   or taller than AVATAR_MAX_EDGE px, or damaged)
 */
export async function processAvatar(bytes: Buffer): Promise<ProcessedAvatar> {
  const format = sniffAvatarFormat(bytes);
  if (!format) throw new UnsupportedFormatError(AVATAR_UNSUPPORTED_MESSAGE);

  let encoded: { original: Buffer; thumb: Buffer };
  try {
    // The header alone gives the size, so an oversized image is refused before it is decoded.
    const meta = await sharp(bytes, { animated: format === 'gif' }).metadata();
    const frameHeight = meta.pageHeight ?? meta.height;
    if (meta.format !== format) {
      throw new UnsupportedFormatError(AVATAR_UNSUPPORTED_MESSAGE);
    }
    if (meta.width > AVATAR_MAX_EDGE || frameHeight > AVATAR_MAX_EDGE) {
      throw new InvalidInputError(AVATAR_TOO_BIG_MESSAGE);
    }
    encoded = await encode(format, bytes);
  } catch (error) {
    if (error instanceof DomainError) throw error;
    throw new InvalidInputError(AVATAR_DAMAGED_MESSAGE, { cause: error });
  }

  const id = randomBytes(16).toString('hex');
  const extension = EXTENSIONS[format];
  const contentType = CONTENT_TYPES[format];
  return {
    original: { path: `${PUBLIC_PREFIX}${id}.${extension}`, contentType, bytes: encoded.original },
    thumb36: {
      path: `${PUBLIC_PREFIX}${id}_thumb_${AVATAR_THUMB_EDGE}.${extension}`,
      contentType,
      bytes: encoded.thumb,
    },
  };
}

/**
 * The paths among `paths` (a user's avatar columns) that name server-generated avatar files, so
 * only those are ever deleted: null, seeded or remote paths, and anything else a row may hold, are
 * left out.
 */
export function ownAvatarPaths(paths: ReadonlyArray<string | null>): string[] {
  return paths.filter(
    (stored): stored is string =>
      stored !== null &&
      stored.startsWith(PUBLIC_PREFIX) &&
      STORED_NAME.test(stored.slice(PUBLIC_PREFIX.length)),
  );
}
