/**
 * The signed-in user's own account (spec §7: PUT /account/profile, PUT /account/password,
 * PUT and DELETE /account/upload/avatar; rules of spec §5 "Profile" and "Password change").
 * GET /account/profile and the ProfileUser answer live in ./auth.ts.
 */
import * as v from 'valibot';
import { withoutControlCharacters } from './common';

/** Spec §5 / §9: the new password on change has at least 6 characters. */
export const NEW_PASSWORD_MIN_LENGTH = 6;
/** Spec §5 "Password change": the confirmation differs from the new password. */
export const PASSWORDS_DO_NOT_MATCH_MESSAGE = 'Passwords do not match';
/** The new password is shorter than NEW_PASSWORD_MIN_LENGTH (the login form's wording, spec §5). */
export const NEW_PASSWORD_TOO_SHORT_MESSAGE = `Password must be at least ${NEW_PASSWORD_MIN_LENGTH} characters`;
/** The generic form message for an empty required field (spec §5). */
export const REQUIRED_MESSAGE = 'Required';

const name = v.pipe(
  v.string(REQUIRED_MESSAGE),
  v.trim(),
  v.nonEmpty(REQUIRED_MESSAGE),
  withoutControlCharacters(),
  v.maxLength(100),
);

/** PUT /account/profile body: first and last name, both required (spec §5 "Profile"); trimmed; no control characters. */
export const ProfileUpdateRequest = v.object({ first_name: name, last_name: name });
export type ProfileUpdateRequest = v.InferOutput<typeof ProfileUpdateRequest>;

const password = v.pipe(
  v.string(REQUIRED_MESSAGE),
  v.nonEmpty(REQUIRED_MESSAGE),
  withoutControlCharacters(),
  v.maxLength(200),
);

/**
 * PUT /account/password body (spec §3 "Password change", §5): the current password, the new one
 * (at least 6 characters) and its confirmation, which must equal it ('Passwords do not match').
 */
export const PasswordChangeRequest = v.pipe(
  v.object({
    old_password: password,
    new_password: v.pipe(password, v.minLength(NEW_PASSWORD_MIN_LENGTH, NEW_PASSWORD_TOO_SHORT_MESSAGE)),
    confirm_password: password,
  }),
  v.forward(
    v.partialCheck(
      [['new_password'], ['confirm_password']],
      (input) => input.new_password === input.confirm_password,
      PASSWORDS_DO_NOT_MATCH_MESSAGE,
    ),
    ['confirm_password'],
  ),
);
export type PasswordChangeRequest = v.InferOutput<typeof PasswordChangeRequest>;
