import { describe, expect, it } from 'vitest';
import {
  checkGeneralField,
  checkPasswordField,
  validateGeneralForm,
  validatePasswordForm,
} from './profile-form';

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
    expect(Object.keys(validatePasswordForm(values)).length === 0).toBe(true);
    const mismatch = passwords('x', 'abcdef', 'abc');
    expect(Object.keys(validatePasswordForm(mismatch)).length === 0).toBe(false);
  });
});

describe('profile form validation', () => {
  it('lists every failing field with its message, nothing when valid', () => {
    expect(validateGeneralForm({ first_name: ' ', last_name: 'Lovelace' })).toEqual({
      first_name: 'Required',
    });
    expect(validateGeneralForm({ first_name: 'Ada', last_name: 'Lovelace' })).toEqual({});
    expect(validatePasswordForm(passwords('', 'abc', 'abd'))).toEqual({
      old_password: 'Required',
      new_password: 'Password must be at least 6 characters',
      confirm_password: 'Passwords do not match',
    });
    expect(validatePasswordForm(passwords('x', 'abcdef', 'abcdef'))).toEqual({});
  });
});
