/**
 * Password hashing with Argon2id at the parameters of ARCHITECTURE.md §3
 * (m = 19456 KiB, t = 2, p = 1), in PHC string form (`$argon2id$v=19$m=19456,t=2,p=1$...`), and
 * the list of common passwords that a new password may not be (issue 27; README "Decisions").
 */
import { hash, verify } from '@node-rs/argon2';
import type { Options } from '@node-rs/argon2';
import { dictionary } from '@zxcvbn-ts/language-common';

const ARGON2_OPTIONS: Options = {
  // Algorithm.Argon2id; the enum is an ambient const enum, which isolatedModules cannot inline.
  algorithm: 2,
  memoryCost: 19456,
  timeCost: 2,
  parallelism: 1,
};

/**
 * A valid Argon2id hash, with the same parameters as real ones, of a random password nobody knows.
 * Login verifies against it when the email is unknown so that both paths cost the same time.
 */
export const DUMMY_PASSWORD_HASH =
  '$argon2id$v=19$m=19456,t=2,p=1$SUMjRi/fCcYLHUodR12Vdw$DxxxZWm7+HZmveDSSyC4+/TJfrmlbnYAx58wIMWiDXM';

/** Hashes a plain-text password; resolves to the PHC string to store in `users.password_hash`. */
export async function hashPassword(plain: string): Promise<string> {
  return hash(plain, ARGON2_OPTIONS);
}

/**
 * Checks a plain-text password against a stored PHC hash.
 * Resolves to false, never rejects, when the hash is malformed or of an unsupported kind.
 */
export async function verifyPassword(storedHash: string, plain: string): Promise<boolean> {
  try {
    return await verify(storedHash, plain);
  } catch {
    return false;
  }
}

/**
 * Spends the time of one real password check and always resolves to false.
 * For logins with an unknown email, so response timing does not reveal which emails exist.
 */
export async function verifyAgainstDummy(plain: string): Promise<false> {
  await verifyPassword(DUMMY_PASSWORD_HASH, plain);
  return false;
}

/** Why a common password is refused (issue 27), beside the spec's rules; no '; ', which separates 400 reasons. */
export const COMMON_PASSWORD_MESSAGE = 'This password is too common. Choose one that is harder to guess.';

let commonPasswords: ReadonlySet<string> | undefined;

/**
 * Whether `plain`, ignoring letter case, is one of the common passwords of zxcvbn-ts
 * (`@zxcvbn-ts/language-common`, 'passwords-common': about 49,000 of the most frequent passwords in
 * leaked sets, all lower case). Built into a set on first use.
 */
export function isCommonPassword(plain: string): boolean {
  commonPasswords ??= new Set(dictionary['passwords-common']);
  return commonPasswords.has(plain.toLowerCase());
}
