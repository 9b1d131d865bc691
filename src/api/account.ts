/**
 * The signed-in user's own account calls (spec §7): PUT /account/profile, PUT /account/password,
 * PUT and DELETE /account/upload/avatar. Each sends the stored access token.
 */
import { request } from './client';
import type { PasswordChangeRequest, ProfileUpdateRequest } from './schemas/account';
import { ProfileUser } from './schemas/auth';
import { MessageResponse } from './schemas/common';

/**
 * PUT /account/profile with `{first_name, last_name}`.
 * @returns the updated user (for the session's `session.userSet`)
 * @throws ApiError (400 with the server's message when a name is blank, 'Tokens expired' on 401, ...)
 */
export function updateProfile(names: ProfileUpdateRequest, signal?: AbortSignal): Promise<ProfileUser> {
  return request(ProfileUser, 'put', 'account/profile', { json: names, signal });
}

/**
 * PUT /account/password with `{old_password, new_password, confirm_password}`; the server signs out
 * the user's other sessions.
 * @returns `{message: 'Password updated'}`
 * @throws ApiError (400 'Current password is incorrect' or a broken rule, 'Tokens expired' on 401, ...)
 */
export function changePassword(
  change: PasswordChangeRequest,
  signal?: AbortSignal,
): Promise<MessageResponse> {
  return request(MessageResponse, 'put', 'account/password', { json: change, signal });
}

/**
 * PUT /account/upload/avatar with `file` in the multipart field `file`.
 * @returns the updated user with the new avatar paths
 * @throws ApiError (413 over 800 KiB, 415 not a JPEG/GIF/PNG, 400 over 4096 px or damaged, ...)
 */
export function uploadAvatar(file: Blob, signal?: AbortSignal): Promise<ProfileUser> {
  const formData = new FormData();
  formData.append('file', file);
  return request(ProfileUser, 'put', 'account/upload/avatar', { formData, signal });
}

/**
 * DELETE /account/upload/avatar.
 * @returns the updated user, without an avatar
 * @throws ApiError ('Tokens expired' on 401, ...)
 */
export function deleteAvatar(signal?: AbortSignal): Promise<ProfileUser> {
  return request(ProfileUser, 'delete', 'account/upload/avatar', { signal });
}
