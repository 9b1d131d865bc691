import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SecretBoxError, decryptSecret, encryptSecret } from './secret-box';

const key = randomBytes(32);

/** Flips one bit of the base64url part at `index` of a boxed secret. */
function flipBit(boxed: string, index: number): string {
  const parts = boxed.split('.');
  const bytes = Buffer.from(parts[index] ?? '', 'base64url');
  bytes[0] = (bytes[0] ?? 0) ^ 1;
  parts[index] = bytes.toString('base64url');
  return parts.join('.');
}

describe('secret box', () => {
  it('round-trips text, including non-ASCII', () => {
    for (const plain of ['shpat_0123456789abcdef', 'pf_live_x', 'Crème brûlée £5 ✓']) {
      expect(decryptSecret(key, encryptSecret(key, plain))).toBe(plain);
    }
  });

  it('produces v1.<iv>.<tag>.<ciphertext> with a 12-byte IV and a 16-byte tag', () => {
    const boxed = encryptSecret(key, 'secret');
    const [version, iv, tag, ciphertext] = boxed.split('.');
    expect(version).toBe('v1');
    expect(Buffer.from(iv ?? '', 'base64url')).toHaveLength(12);
    expect(Buffer.from(tag ?? '', 'base64url')).toHaveLength(16);
    expect(Buffer.from(ciphertext ?? '', 'base64url')).toHaveLength('secret'.length);
    expect(boxed).toMatch(/^v1\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
  });

  it('uses a fresh IV each time', () => {
    expect(encryptSecret(key, 'same')).not.toBe(encryptSecret(key, 'same'));
  });

  it('fails on a tampered IV, tag or ciphertext', () => {
    const boxed = encryptSecret(key, 'secret');
    for (const index of [1, 2, 3]) {
      expect(() => decryptSecret(key, flipBit(boxed, index))).toThrow(SecretBoxError);
    }
  });

  it('fails with a wrong key', () => {
    const boxed = encryptSecret(key, 'secret');
    expect(() => decryptSecret(randomBytes(32), boxed)).toThrow(/altered or the encryption key is wrong/);
  });

  it('fails on malformed input or an unknown version', () => {
    const boxed = encryptSecret(key, 'secret');
    expect(() => decryptSecret(key, 'garbage')).toThrow(SecretBoxError);
    expect(() => decryptSecret(key, boxed.replace(/^v1/, 'v2'))).toThrow(/unknown version/);
    expect(() => decryptSecret(key, boxed.split('.').slice(0, 3).join('.'))).toThrow(SecretBoxError);
  });

  it('refuses keys that are not 32 bytes', () => {
    expect(() => encryptSecret(randomBytes(16), 'secret')).toThrow(/32 bytes/);
    expect(() => decryptSecret(randomBytes(31), encryptSecret(key, 'secret'))).toThrow(/32 bytes/);
  });
});
