import { describe, expect, it } from 'vitest';
import { allValid, checkGeneralField, checkPasswordField } from './profile-form';

const passwords = (old_password: string, new_password: string, confirm_password: string) => ({
  old_password,
  new_password,
  confirm_password,
});

describe('profile form checks', () => {
  it('requires first and last name, ignoring surrounding blanks', () => {
    expect(checkGeneralField('first_name', '')).toBe('Required');
    expect(checkGeneralField('last_name', '   ')).toBe('Required');
    expect(checkGeneralField('first_name', ' Ada ')).toBeNull();
  });

  it('requires the current password', () => {
    expect(checkPasswordField('old_password', passwords('', 'abcdef', 'abcdef'))).toBe('Required');
    expect(checkPasswordField('old_password', passwords('x', 'abcdef', 'abcdef'))).toBeNull();
  });

  it('needs a new password of at least 6 characters', () => {
    expect(checkPasswordField('new_password', passwords('x', '', ''))).toBe('Required');
    expect(checkPasswordField('new_password', passwords('x', 'abcde', ''))).toBe(
      'Password must be at least 6 characters',
    );
    expect(checkPasswordField('new_password', passwords('x', 'abcdef', ''))).toBeNull();
  });

  it("needs a confirmation equal to the new password ('Passwords do not match')", () => {
    expect(checkPasswordField('confirm_password', passwords('x', 'abcdef', ''))).toBe('Required');
    expect(checkPasswordField('confirm_password', passwords('x', 'abcdef', 'abcdeg'))).toBe(
      'Passwords do not match',
    );
    expect(checkPasswordField('confirm_password', passwords('x', 'abcdef', 'abcdef'))).toBeNull();
  });

  it('is valid only when every field is', () => {
    const values = passwords('x', 'abcdef', 'abcdef');
    const fields = ['old_password', 'new_password', 'confirm_password'] as const;
    expect(allValid(fields, (field) => checkPasswordField(field, values))).toBe(true);
    const mismatch = passwords('x', 'abcdef', 'abc');
    expect(allValid(fields, (field) => checkPasswordField(field, mismatch))).toBe(false);
  });
});
