import { describe, expect, it } from 'vitest';
import {
  checkGeneralField,
  checkPasswordField,
  validateGeneralForm,
  validatePasswordForm,
} from './profile-form';
import type { GeneralField, PasswordField } from './profile-form';

const passwords = (old_password: string, new_password: string, confirm_password: string) => ({
  old_password,
  new_password,
  confirm_password,
});

describe('profile form rules (spec §5 "Profile": first and last name required, blanks ignored)', () => {
  it.each<[GeneralField, string, string | null]>([
    ['first_name', '', 'Required'],
    ['last_name', '   ', 'Required'],
    ['first_name', ' Ada ', null],
    ['last_name', 'Lovelace', null],
  ])('%s %j → %j', (field, value, message) => {
    expect(checkGeneralField(field, value)).toBe(message);
  });
});

describe('password form rules (spec §5 "Password change")', () => {
  // The confirmation is compared with the new password, so each row gives the whole form.
  it.each<[PasswordField, ReturnType<typeof passwords>, string | null]>([
    ['old_password', passwords('', 'abcdef', 'abcdef'), 'Required'],
    ['old_password', passwords(' ', 'abcdef', 'abcdef'), null],
    ['new_password', passwords('x', '', ''), 'Required'],
    ['new_password', passwords('x', 'abcde', ''), 'Password must be at least 6 characters'],
    ['new_password', passwords('x', 'abcdef', ''), null],
    ['confirm_password', passwords('x', 'abcdef', ''), 'Required'],
    ['confirm_password', passwords('x', 'abcdef', 'abcdeg'), 'Passwords do not match'],
    ['confirm_password', passwords('x', '', 'abcdef'), 'Passwords do not match'],
    ['confirm_password', passwords('x', 'abcdef', 'abcdef'), null],
  ])('%s of %j → %j', (field, values, message) => {
    expect(checkPasswordField(field, values)).toBe(message);
  });
});

describe('profile form validation', () => {
  it('lists every failing field with its rule’s message, nothing when valid', () => {
    expect(validateGeneralForm({ first_name: ' ', last_name: 'Lovelace' })).toEqual({
      first_name: checkGeneralField('first_name', ' '),
    });
    expect(validateGeneralForm({ first_name: 'Ada', last_name: 'Lovelace' })).toEqual({});
    const mismatch = passwords('', 'abc', 'abd');
    expect(validatePasswordForm(mismatch)).toEqual({
      old_password: checkPasswordField('old_password', mismatch),
      new_password: checkPasswordField('new_password', mismatch),
      confirm_password: checkPasswordField('confirm_password', mismatch),
    });
    expect(validatePasswordForm(passwords('x', 'abcdef', 'abcdef'))).toEqual({});
  });
});
