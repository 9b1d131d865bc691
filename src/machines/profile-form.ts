/**
 * Validation of the two profile forms (spec §5 "Profile" and "Password change"), with the shared
 * contract's messages so the browser and the server say the same thing. Pure rules; the profile
 * machine (`profile.machine.ts`) keeps the forms' values, touched flags and errors and calls these.
 */
import * as v from 'valibot';
import {
  NEW_PASSWORD_TOO_SHORT_MESSAGE,
  NEW_PASSWORD_MIN_LENGTH,
  PASSWORDS_DO_NOT_MATCH_MESSAGE,
  REQUIRED_MESSAGE,
} from '@/api/schemas/account';

/** Fields of the general-information form, in display order. */
export const GENERAL_FIELDS = ['first_name', 'last_name'] as const;
/** Fields of the password form, in display order. */
export const PASSWORD_FIELDS = ['old_password', 'new_password', 'confirm_password'] as const;

/** A field of the general-information form. */
export type GeneralField = (typeof GENERAL_FIELDS)[number];
/** A field of the password form. */
export type PasswordField = (typeof PASSWORD_FIELDS)[number];

const required = v.pipe(v.string(), v.trim(), v.nonEmpty(REQUIRED_MESSAGE));
const newPassword = v.pipe(
  v.string(),
  v.nonEmpty(REQUIRED_MESSAGE),
  v.minLength(NEW_PASSWORD_MIN_LENGTH, NEW_PASSWORD_TOO_SHORT_MESSAGE),
);

function firstIssue(schema: v.GenericSchema<string, string>, value: string): string | null {
  const result = v.safeParse(schema, value);
  return result.success ? null : (result.issues[0]?.message ?? null);
}

/** The error of a general-information field (first and last name are required), or null. */
export function checkGeneralField(_field: GeneralField, value: string): string | null {
  return firstIssue(required, value);
}

/**
 * The error of a password field given the whole form (the confirmation is compared with the new
 * password: 'Passwords do not match'), or null.
 */
export function checkPasswordField(
  field: PasswordField,
  values: Record<PasswordField, string>,
): string | null {
  switch (field) {
    case 'old_password':
      return firstIssue(v.pipe(v.string(), v.nonEmpty(REQUIRED_MESSAGE)), values.old_password);
    case 'new_password':
      return firstIssue(newPassword, values.new_password);
    case 'confirm_password':
      if (values.confirm_password === '') return REQUIRED_MESSAGE;
      return values.confirm_password === values.new_password ? null : PASSWORDS_DO_NOT_MATCH_MESSAGE;
  }
}

/** The message of every failing field of `fields` under `check`; empty when the form is valid. */
function errorsOf<F extends string>(
  fields: readonly F[],
  check: (field: F) => string | null,
): Partial<Record<F, string>> {
  const errors: Partial<Record<F, string>> = {};
  for (const field of fields) {
    const message = check(field);
    if (message !== null) errors[field] = message;
  }
  return errors;
}

/** Every failing field of the general-information form with its message (empty when valid). */
export function validateGeneralForm(
  values: Record<GeneralField, string>,
): Partial<Record<GeneralField, string>> {
  return errorsOf(GENERAL_FIELDS, (field) => checkGeneralField(field, values[field]));
}

/** Every failing field of the password form with its message (empty when valid). */
export function validatePasswordForm(
  values: Record<PasswordField, string>,
): Partial<Record<PasswordField, string>> {
  return errorsOf(PASSWORD_FIELDS, (field) => checkPasswordField(field, values));
}
