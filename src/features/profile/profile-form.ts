/**
 * Validation of the two profile forms (spec §5 "Profile" and "Password change"), with the shared
 * contract's messages so the browser and the server say the same thing.
 */
import * as v from 'valibot';
import {
  NEW_PASSWORD_TOO_SHORT_MESSAGE,
  NEW_PASSWORD_MIN_LENGTH,
  PASSWORDS_DO_NOT_MATCH_MESSAGE,
  REQUIRED_MESSAGE,
} from '@/api/schemas/account';

/** Fields of the general-information form. */
export type GeneralField = 'first_name' | 'last_name';
/** Fields of the password form. */
export type PasswordField = 'old_password' | 'new_password' | 'confirm_password';

/**
 * What a field shows (spec §4 "Form field states"): undefined = neutral (not checked yet), null =
 * valid (check mark), a string = the error message in red.
 */
export type FieldCheck = string | null | undefined;

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

/** True when every field of `fields` passes `check` (submit buttons stay disabled until then, spec §5). */
export function allValid<F extends string>(
  fields: readonly F[],
  check: (field: F) => string | null,
): boolean {
  return fields.every((field) => check(field) === null);
}
