/**
 * AES-256-GCM encryption of small secrets at rest: customers' API tokens and Shopify admin API keys
 * (ARCHITECTURE.md §3). A boxed secret is one self-describing string,
 * `v1.<iv>.<tag>.<ciphertext>`, each part base64url; the IV is 12 random bytes, the tag 16 bytes.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const VERSION = 'v1';
const ALGORITHM = 'aes-256-gcm';
const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;
// The version is authenticated too, so a box cannot be relabelled as another format.
const AAD = Buffer.from(VERSION, 'utf8');

/** Raised when a boxed secret is malformed, was tampered with, or was sealed with another key. */
export class SecretBoxError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SecretBoxError';
  }
}

function assertKey(key: Buffer): void {
  if (key.length !== KEY_BYTES) {
    throw new SecretBoxError(`Encryption key must be ${KEY_BYTES} bytes, got ${key.length}`);
  }
}

/**
 * Encrypts `plain` (UTF-8) under a 32-byte key with a fresh random IV.
 * Returns `v1.<iv>.<tag>.<ciphertext>`; throws SecretBoxError when the key is not 32 bytes.
 */
export function encryptSecret(key: Buffer, plain: string): string {
  assertKey(key);
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv(ALGORITHM, key, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(AAD);
  const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  const tag = cipher.getAuthTag();
  return [VERSION, ...[iv, tag, ciphertext].map((part) => part.toString('base64url'))].join('.');
}

/**
 * Decrypts a string made by `encryptSecret` with the same 32-byte key; returns the UTF-8 plain text.
 * Throws SecretBoxError when the string is malformed, of an unknown version, altered, or the key is wrong.
 */
export function decryptSecret(key: Buffer, boxed: string): string {
  assertKey(key);
  const parts = boxed.split('.');
  if (parts.length !== 4 || parts[0] !== VERSION) {
    throw new SecretBoxError('Encrypted secret is malformed or of an unknown version');
  }
  const [, ivText = '', tagText = '', ciphertextText = ''] = parts;
  const iv = Buffer.from(ivText, 'base64url');
  const tag = Buffer.from(tagText, 'base64url');
  if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES) {
    throw new SecretBoxError('Encrypted secret is malformed or of an unknown version');
  }
  const decipher = createDecipheriv(ALGORITHM, key, iv, { authTagLength: TAG_BYTES });
  decipher.setAAD(AAD);
  decipher.setAuthTag(tag);
  try {
    return Buffer.concat([
      decipher.update(Buffer.from(ciphertextText, 'base64url')),
      decipher.final(),
    ]).toString('utf8');
  } catch {
    throw new SecretBoxError('Encrypted secret was altered or the encryption key is wrong');
  }
}
