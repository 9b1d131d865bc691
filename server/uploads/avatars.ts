/**
 * Avatar images (spec §5 Avatar, issue 6 "Uploads"): the uploaded bytes are trusted for nothing.
 * The format is read from the file's own signature (never its name or declared type), only JPEG,
 * GIF and PNG pass, the pixel size is read from the header before anything is decoded, and the
 * image is re-encoded by sharp (which drops metadata such as EXIF location) into an original and a
 * 36 px square thumbnail stored under server-generated names in `<uploadsDir>/avatars/`.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import type { Sharp } from 'sharp';
import { HttpError } from '../http/errors';

/** Spec §9 "Avatar maximum 800K": the largest accepted upload, in bytes (800 KiB). */
export const AVATAR_MAX_BYTES = 800 * 1024;
/** The largest accepted width or height, in px. */
export const AVATAR_MAX_EDGE = 4096;
/** Edge of the square thumbnail (`thumbnails.thumb_36`), in px. */
export const AVATAR_THUMB_EDGE = 36;

/** The 413 message when the upload is larger than AVATAR_MAX_BYTES. */
export const AVATAR_TOO_LARGE_MESSAGE = 'The avatar must be at most 800 KiB';
/** The 415 message for anything that is not a JPEG, GIF or PNG by its bytes. */
export const AVATAR_UNSUPPORTED_MESSAGE = 'The avatar must be a JPEG, GIF or PNG image';
/** The 400 message for an image wider or taller than AVATAR_MAX_EDGE. */
export const AVATAR_TOO_BIG_MESSAGE = `The avatar must be at most ${AVATAR_MAX_EDGE} × ${AVATAR_MAX_EDGE} pixels`;
/** The 400 message for a file whose signature is an image's but whose content cannot be read. */
export const AVATAR_DAMAGED_MESSAGE = 'The avatar image is damaged and cannot be read';

const AVATARS_FOLDER = 'avatars';
/** Public prefix of every stored avatar path. */
const PUBLIC_PREFIX = `/uploads/${AVATARS_FOLDER}/`;
/** Server-generated file names: 32 hex characters, an optional suffix, an extension. */
const STORED_NAME = /^[0-9a-f]{32}(_thumb_36)?\.(jpg|gif|png)$/;

/** An accepted image format. */
export type AvatarFormat = 'jpeg' | 'gif' | 'png';

const EXTENSIONS: Record<AvatarFormat, string> = { jpeg: 'jpg', gif: 'gif', png: 'png' };

/** Public paths (under /uploads) of a stored avatar, as kept in users.avatar_original / avatar_thumb_36. */
export interface StoredAvatar {
  original: string;
  thumb36: string;
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
 * Checks and stores one uploaded avatar (`bytes`, at most AVATAR_MAX_BYTES, already read in full).
 * Writes the re-encoded original and its 36 px thumbnail into `<uploadsDir>/avatars/` under new
 * random names and resolves to their public paths. Nothing is written unless both encodings succeed.
 * @throws HttpError 415 (not a JPEG, GIF or PNG by its bytes), 400 (wider or taller than
 *   AVATAR_MAX_EDGE px, or damaged)
 */
export async function storeAvatar(uploadsDir: string, bytes: Buffer): Promise<StoredAvatar> {
  const format = sniffAvatarFormat(bytes);
  if (!format) throw new HttpError(415, AVATAR_UNSUPPORTED_MESSAGE);

  let encoded: { original: Buffer; thumb: Buffer };
  try {
    // The header alone gives the size, so an oversized image is refused before it is decoded.
    const meta = await sharp(bytes, { animated: format === 'gif' }).metadata();
    const frameHeight = meta.pageHeight ?? meta.height;
    if (meta.format !== format) {
      throw new HttpError(415, AVATAR_UNSUPPORTED_MESSAGE);
    }
    if (meta.width > AVATAR_MAX_EDGE || frameHeight > AVATAR_MAX_EDGE) {
      throw new HttpError(400, AVATAR_TOO_BIG_MESSAGE);
    }
    encoded = await encode(format, bytes);
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw new HttpError(400, AVATAR_DAMAGED_MESSAGE);
  }

  const directory = path.join(uploadsDir, AVATARS_FOLDER);
  await mkdir(directory, { recursive: true });
  const id = randomBytes(16).toString('hex');
  const extension = EXTENSIONS[format];
  const originalName = `${id}.${extension}`;
  const thumbName = `${id}_thumb_${AVATAR_THUMB_EDGE}.${extension}`;
  await writeFile(path.join(directory, originalName), encoded.original, { flag: 'wx' });
  try {
    await writeFile(path.join(directory, thumbName), encoded.thumb, { flag: 'wx' });
  } catch (error) {
    await rm(path.join(directory, originalName), { force: true });
    throw error;
  }
  return { original: `${PUBLIC_PREFIX}${originalName}`, thumb36: `${PUBLIC_PREFIX}${thumbName}` };
}

/**
 * Deletes the files behind stored avatar paths (`/uploads/avatars/<name>`). Paths that are not
 * server-generated avatar names (null, seeds, remote URLs, anything with a folder) are left alone,
 * so a path from the database can never point the deletion elsewhere. Missing files are ignored.
 */
export async function removeAvatarFiles(
  uploadsDir: string,
  paths: ReadonlyArray<string | null>,
): Promise<void> {
  const names = paths
    .filter((stored): stored is string => stored !== null && stored.startsWith(PUBLIC_PREFIX))
    .map((stored) => stored.slice(PUBLIC_PREFIX.length))
    .filter((name) => STORED_NAME.test(name));
  await Promise.all(names.map((name) => rm(path.join(uploadsDir, AVATARS_FOLDER, name), { force: true })));
}
