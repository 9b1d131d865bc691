import { describe, expect, it } from 'vitest';
import { ConfigError } from '../config';
import { openTestDatabase } from '@test-support/test-database';
import { users } from '../db/schema';
import { ensureAdmin, isDatabaseEmpty } from './bootstrap-admin';
import { verifyPassword } from './passwords';

describe('ensureAdmin', () => {
  it('creates one active admin with a lower-cased email and a verifiable password, once', async () => {
    const database = await openTestDatabase();
    try {
      const admin = {
        email: ' Boss@Example.COM ',
        password: 'S3cure!pass',
        first_name: 'Sam',
        last_name: 'Lee',
      };
      expect(await isDatabaseEmpty(database.db)).toBe(true);
      await ensureAdmin(database.db, admin);
      await ensureAdmin(database.db, { ...admin, password: 'Other1!pass' });
      expect(await isDatabaseEmpty(database.db)).toBe(false);
      const rows = await database.db.select().from(users);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        email: 'boss@example.com',
        user_type_id: 1,
        status: 1,
        first_name: 'Sam',
      });
      expect(await verifyPassword(rows[0]?.password_hash ?? '', 'S3cure!pass')).toBe(true);
    } finally {
      await database.close();
    }
  });

  it('refuses a common ADMIN_PASSWORD with a ConfigError and creates nobody (issue 27)', async () => {
    const database = await openTestDatabase();
    try {
      const admin = { email: 'boss@example.com', password: 'P@ssw0rd', first_name: 'Sam', last_name: 'Lee' };
      const refusal: unknown = await ensureAdmin(database.db, admin).catch((error: unknown) => error);
      expect(refusal).toBeInstanceOf(ConfigError);
      expect((refusal as ConfigError).message).toBe(
        'ADMIN_PASSWORD: This password is too common. Choose one that is harder to guess.',
      );
      expect(await isDatabaseEmpty(database.db)).toBe(true);
    } finally {
      await database.close();
    }
  });
});
