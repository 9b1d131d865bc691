/**
 * The profile screen's statechart (spec §2 "Profile screens", §5 Profile / Password change / Avatar,
 * §8 toasts; issue 6 "Profile"). Three parallel regions, one per panel, so saving the names never
 * blocks an avatar upload:
 * - `general`: idle → saving → idle (emits `userUpdated` and the 'Profile information updated' toast)
 *   or → idle with `generalError`;
 * - `password`: idle → saving → idle (the 'Password updated' toast and `passwordChanged`, so the
 *   screen clears its fields) or → idle with `passwordError`, the server's message (e.g. a wrong
 *   current password), shown under the form;
 * - `avatar`: idle → uploading → idle; idle → confirmingDelete → (Cancel) idle | (Delete) deleting →
 *   idle. Each outcome is a toast; a success also emits `userUpdated`.
 *
 * The screen hands `userUpdated` to the session (`session.userSet`) so the top bar updates at once,
 * and shows the `notify` events as toasts. The four calls are named actors (`saveProfile`,
 * `savePassword`, `sendAvatar`, `removeAvatar`) that tests replace with `.provide`.
 */
import { assertEvent, assign, emit, fromPromise, setup } from 'xstate';
import type { SnapshotFrom } from 'xstate';
import { changePassword, deleteAvatar, updateProfile, uploadAvatar } from '@/api/account';
import { ApiError } from '@/api/client';
import type { PasswordChangeRequest, ProfileUpdateRequest } from '@/api/schemas/account';
import type { ProfileUser } from '@/api/schemas/auth';

/** Spec §8 success and error toasts of the profile screen, as written there. */
export const PROFILE_MESSAGES = {
  profileUpdated: 'Profile information updated',
  passwordUpdated: 'Password updated',
  avatarUploaded: 'Avatar uploaded successfully!',
  avatarDeleted: 'Avatar deleted successfully!',
  avatarUploadFailed: 'Avatar upload failed!',
  avatarDeleteFailed: 'Could not delete avatar!',
} as const;

/** Spec §2 "Profile screens": the question the delete dialog asks. */
export const DELETE_AVATAR_QUESTION = 'Are you sure you want to delete your avatar?';
/** Spec §2 "Profile screens": the avatar hint. */
export const AVATAR_HINT = 'JPG, GIF or PNG. Max size of 800K';

/** Context: the message under each form after a failed save, or null. */
export interface ProfileContext {
  generalError: string | null;
  passwordError: string | null;
}

/** Events the screen sends. */
export type ProfileEvent =
  | { type: 'general.submit'; values: ProfileUpdateRequest }
  | { type: 'password.submit'; values: PasswordChangeRequest }
  | { type: 'avatar.upload'; file: Blob }
  | { type: 'avatar.delete' }
  | { type: 'avatar.cancelDelete' }
  | { type: 'avatar.confirmDelete' };

/** Events for the screen: a new user for the session, a toast, or "clear the password fields". */
export type ProfileEmitted =
  | { type: 'userUpdated'; user: ProfileUser }
  | { type: 'notify'; level: 'success' | 'error'; message: string }
  | { type: 'passwordChanged' };

/** What a person is shown for a failed save: the server's message when there is one. */
function messageOf(error: unknown): string {
  if (error instanceof ApiError) return error.serverMessage ?? error.message;
  return error instanceof Error ? error.message : String(error);
}

/** The profile statechart; see the module comment. */
export const profileMachine = setup({
  types: {
    context: {} as ProfileContext,
    events: {} as ProfileEvent,
    emitted: {} as ProfileEmitted,
  },
  actors: {
    saveProfile: fromPromise<ProfileUser, ProfileUpdateRequest>(({ input, signal }) =>
      updateProfile(input, signal),
    ),
    savePassword: fromPromise<unknown, PasswordChangeRequest>(({ input, signal }) =>
      changePassword(input, signal),
    ),
    sendAvatar: fromPromise<ProfileUser, { file: Blob }>(({ input, signal }) =>
      uploadAvatar(input.file, signal),
    ),
    removeAvatar: fromPromise<ProfileUser>(({ signal }) => deleteAvatar(signal)),
  },
  actions: {
    setGeneralError: assign((_, params: { message: string | null }) => ({ generalError: params.message })),
    setPasswordError: assign((_, params: { message: string | null }) => ({ passwordError: params.message })),
    emitUserUpdated: emit((_, params: { user: ProfileUser }) => ({
      type: 'userUpdated' as const,
      user: params.user,
    })),
    notifySuccess: emit((_, params: { message: string }) => ({
      type: 'notify' as const,
      level: 'success' as const,
      message: params.message,
    })),
    notifyError: emit((_, params: { message: string }) => ({
      type: 'notify' as const,
      level: 'error' as const,
      message: params.message,
    })),
    emitPasswordChanged: emit({ type: 'passwordChanged' as const }),
    reportFailure: (_, params: { what: string; error: unknown }) => {
      console.error(params.what, params.error);
    },
  },
}).createMachine({
  id: 'profile',
  type: 'parallel',
  context: { generalError: null, passwordError: null },
  states: {
    general: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'general.submit': {
              target: 'saving',
              actions: { type: 'setGeneralError', params: { message: null } },
            },
          },
        },
        saving: {
          invoke: {
            src: 'saveProfile',
            input: ({ event }) => {
              assertEvent(event, 'general.submit');
              return event.values;
            },
            onDone: {
              target: 'idle',
              actions: [
                { type: 'emitUserUpdated', params: ({ event }) => ({ user: event.output }) },
                { type: 'notifySuccess', params: { message: PROFILE_MESSAGES.profileUpdated } },
              ],
            },
            onError: {
              target: 'idle',
              actions: [
                {
                  type: 'reportFailure',
                  params: ({ event }) => ({ what: 'Profile save failed', error: event.error }),
                },
                { type: 'setGeneralError', params: ({ event }) => ({ message: messageOf(event.error) }) },
              ],
            },
          },
        },
      },
    },
    password: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'password.submit': {
              target: 'saving',
              actions: { type: 'setPasswordError', params: { message: null } },
            },
          },
        },
        saving: {
          invoke: {
            src: 'savePassword',
            input: ({ event }) => {
              assertEvent(event, 'password.submit');
              return event.values;
            },
            onDone: {
              target: 'idle',
              actions: [
                'emitPasswordChanged',
                { type: 'notifySuccess', params: { message: PROFILE_MESSAGES.passwordUpdated } },
              ],
            },
            onError: {
              target: 'idle',
              actions: [
                {
                  type: 'reportFailure',
                  params: ({ event }) => ({ what: 'Password change failed', error: event.error }),
                },
                { type: 'setPasswordError', params: ({ event }) => ({ message: messageOf(event.error) }) },
              ],
            },
          },
        },
      },
    },
    avatar: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'avatar.upload': 'uploading',
            'avatar.delete': 'confirmingDelete',
          },
        },
        uploading: {
          invoke: {
            src: 'sendAvatar',
            input: ({ event }) => {
              assertEvent(event, 'avatar.upload');
              return { file: event.file };
            },
            onDone: {
              target: 'idle',
              actions: [
                { type: 'emitUserUpdated', params: ({ event }) => ({ user: event.output }) },
                { type: 'notifySuccess', params: { message: PROFILE_MESSAGES.avatarUploaded } },
              ],
            },
            onError: {
              target: 'idle',
              actions: [
                {
                  type: 'reportFailure',
                  params: ({ event }) => ({ what: 'Avatar upload failed', error: event.error }),
                },
                { type: 'notifyError', params: { message: PROFILE_MESSAGES.avatarUploadFailed } },
              ],
            },
          },
        },
        confirmingDelete: {
          on: {
            'avatar.cancelDelete': 'idle',
            'avatar.confirmDelete': 'deleting',
          },
        },
        deleting: {
          invoke: {
            src: 'removeAvatar',
            onDone: {
              target: 'idle',
              actions: [
                { type: 'emitUserUpdated', params: ({ event }) => ({ user: event.output }) },
                { type: 'notifySuccess', params: { message: PROFILE_MESSAGES.avatarDeleted } },
              ],
            },
            onError: {
              target: 'idle',
              actions: [
                {
                  type: 'reportFailure',
                  params: ({ event }) => ({ what: 'Avatar delete failed', error: event.error }),
                },
                { type: 'notifyError', params: { message: PROFILE_MESSAGES.avatarDeleteFailed } },
              ],
            },
          },
        },
      },
    },
  },
});

/** A snapshot of a profile actor. */
export type ProfileSnapshot = SnapshotFrom<typeof profileMachine>;

/** True while the names are being saved ('Save all' is disabled meanwhile). */
export function selectIsSavingGeneral(snapshot: ProfileSnapshot): boolean {
  return snapshot.matches({ general: 'saving' });
}

/** True while the password is being changed. */
export function selectIsSavingPassword(snapshot: ProfileSnapshot): boolean {
  return snapshot.matches({ password: 'saving' });
}

/** The message under the general-information form, or null. */
export function selectGeneralError(snapshot: ProfileSnapshot): string | null {
  return snapshot.context.generalError;
}

/** The message under the password form (the server's, e.g. a wrong current password), or null. */
export function selectPasswordError(snapshot: ProfileSnapshot): string | null {
  return snapshot.context.passwordError;
}

/** True while an avatar upload or delete is under way (both buttons are disabled meanwhile). */
export function selectIsAvatarBusy(snapshot: ProfileSnapshot): boolean {
  return snapshot.matches({ avatar: 'uploading' }) || snapshot.matches({ avatar: 'deleting' });
}

/** True while the delete dialog is open (also while the deletion it confirmed runs). */
export function selectIsDeleteDialogOpen(snapshot: ProfileSnapshot): boolean {
  return snapshot.matches({ avatar: 'confirmingDelete' }) || snapshot.matches({ avatar: 'deleting' });
}

/** True while the confirmed deletion runs (the dialog's Delete button shows it). */
export function selectIsDeletingAvatar(snapshot: ProfileSnapshot): boolean {
  return snapshot.matches({ avatar: 'deleting' });
}
