/**
 * The production first start (ARCHITECTURE.md §3; README "ADMIN_EMAIL, ADMIN_PASSWORD"): when the
 * database has no user yet, the server creates the first admin from configuration. Knows nothing
 * of the demo data (server/demo), which seeds an empty database instead when SEED_DEMO is on.
 */
import { UserStatus, UserType } from '@/api/schemas/common';
import { ConfigError } from '../config';
import type { InitialAdmin } from '../config';
import type { Db } from '../db/open';
import { users } from '../db/schema';
import { COMMON_PASSWORD_MESSAGE, hashPassword, isCommonPassword } from './passwords';

/** Resolves to true when the users table has no row (a first start); rejects on a database error. */
export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  const rows = await db.select({ id: users.id }).from(users).limit(1);
  return rows.length === 0;
}

/**
 * Creates one active Admin (user_type_id 1) with an Argon2id hash of `admin.password`, for a
 * production first start with an empty database (`admin`: `Config.initialAdmin`, from ADMIN_EMAIL /
 * ADMIN_PASSWORD). The email is stored lower-cased; when a user
 * with that email already exists nothing changes. Rejects with a ConfigError when the password is
 * on the list of common ones (issue 27; checked here, not when the configuration is read, so a
 * server whose first admin exists starts whatever ADMIN_PASSWORD still says), on a database error.
 */
export async function ensureAdmin(db: Db, admin: InitialAdmin): Promise<void> {
  if (isCommonPassword(admin.password)) throw new ConfigError(`ADMIN_PASSWORD: ${COMMON_PASSWORD_MESSAGE}`);
  await db
    .insert(users)
    .values({
      user_type_id: UserType.Admin,
      status: UserStatus.Active,
      first_name: admin.first_name,
      last_name: admin.last_name,
      email: admin.email.trim().toLowerCase(),
      password_hash: await hashPassword(admin.password),
    })
    .onConflictDoNothing({ target: users.email });
}
