import { describe, expect, it } from 'vitest';
import {
  DUMMY_PASSWORD_HASH,
  hashPassword,
  isCommonPassword,
  verifyAgainstDummy,
  verifyPassword,
} from './passwords';

describe('passwords', () => {
  it('hashes with Argon2id at m=19456, t=2, p=1 and verifies the same password', async () => {
    const stored = await hashPassword('Admin123!');
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    await expect(verifyPassword(stored, 'Admin123!')).resolves.toBe(true);
  });

  it('rejects a different password', async () => {
    const stored = await hashPassword('Admin123!');
    await expect(verifyPassword(stored, 'admin123!')).resolves.toBe(false);
  });

  it('salts every hash', async () => {
    const [first, second] = await Promise.all([hashPassword('same'), hashPassword('same')]);
    expect(first).not.toBe(second);
  });

  it('returns false instead of throwing on a malformed hash', async () => {
    await expect(verifyPassword('not-a-hash', 'anything')).resolves.toBe(false);
    await expect(verifyPassword('', 'anything')).resolves.toBe(false);
    await expect(verifyPassword('$argon2id$v=19$m=19456,t=2,p=1$broken', 'anything')).resolves.toBe(false);
  });

  it('has a dummy hash with the production parameters and always answers false for it', async () => {
    expect(DUMMY_PASSWORD_HASH).toMatch(
      /^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/,
    );
    await expect(verifyAgainstDummy('Admin123!')).resolves.toBe(false);
  });
});

describe('isCommonPassword', () => {
  it.each([
    ['the most common password', '123456', true],
    ['a listed password in other letter case', 'PassWord1', true],
    ["the demo admin's password (README)", 'Admin123!', false],
    ['a password of three uncommon words', 'Quiet!Harbour7', false],
  ])('%s: %s', (_, password, common) => {
    expect(isCommonPassword(password)).toBe(common);
  });
});
