/**
 * The profile screen's statechart (spec §2 "Profile screens", §4 "Form field states", §5 Profile /
 * Password change / Avatar, §8 toasts; issues 6 and 14). Three parallel regions, one per panel, so
 * saving the names never blocks an avatar upload:
 * - `general`: the names form (values, touched flags and errors in context; `general.change`,
 *   `general.blur`) and idle → saving → idle (the new user goes to the session and the 'Profile
 *   information updated' toast shows) or → idle with `generalError`;
 * - `password`: the password form and idle → saving → idle (the 'Password updated' toast, and the
 *   fields are cleared) or → idle with `passwordError`, the server's message (e.g. a wrong current
 *   password), shown under the form;
 * - `avatar`: idle → uploading → idle; idle → confirmingDelete → (Cancel) idle | (Delete) deleting →
 *   idle. Each outcome is a toast; a success also hands the new user to the session.
 *
 * A form submits only while its region is idle and every field passes (spec §5: the button is
 * disabled otherwise); an invalid submit marks every field touched so each shows its state. The
 * session actor comes in as `input` and gets `session.userSet` by `sendTo`, so the top bar updates at
 * once with no screen in between; toasts are `uiToast` effects. The four calls are named actors
 * (`saveProfile`, `savePassword`, `sendAvatar`, `removeAvatar`) that tests replace with `.provide`.
 *
 * Every failure says the server's reason (issue 15): a toast's title is the spec's text word for word
 * and the reason its detail (issue 30), e.g. 'Avatar upload failed!' over 'The file is larger than
 * 800K, the largest avatar allowed.'; the two forms, which the spec leaves silent, show a lead of our
 * own followed by the reason (`failureText`) under the form. Names typed before a
 * sign-out come back with `general.restore` (the screen's unsaved-input draft; passwords are never
 * kept) and are checked like typed ones.
 */
import * as v from 'valibot';
import { assertEvent, assign, emit, fromPromise, sendTo, setup } from 'xstate';
import type { ActorRef, Snapshot, SnapshotFrom } from 'xstate';
import { changePassword, deleteAvatar, updateProfile, uploadAvatar } from '@/api/account';
import type { PasswordChangeRequest, ProfileUpdateRequest } from '@/api/schemas/account';
import type { ProfileUser } from '@/api/schemas/auth';
import { failureReason, failureText } from './failure-text';
import { fieldView } from './form-fields';
import type { FieldView } from './form-fields';
import { GENERAL_FIELDS, PASSWORD_FIELDS, validateGeneralForm, validatePasswordForm } from './profile-form';
import type { GeneralField, PasswordField } from './profile-form';
import { uiToast } from './ui-effects';
import type { ToastTone, UiEffect } from './ui-effects';

/** Spec §8 success and error toasts of the profile screen, as written there. */
export const PROFILE_MESSAGES = {
  profileUpdated: 'Profile information updated',
  passwordUpdated: 'Password updated',
  avatarUploaded: 'Avatar uploaded successfully!',
  avatarDeleted: 'Avatar deleted successfully!',
  avatarUploadFailed: 'Avatar upload failed!',
  avatarDeleteFailed: 'Could not delete avatar!',
} as const;

/**
 * Leads of the messages under the two forms after a failed save (not in the spec, which leaves these
 * saves silent); the server's reason follows them.
 */
export const PROFILE_FORM_FAILURES = {
  general: 'Could not save the profile information',
  password: 'Could not change the password',
} as const;

/** Spec §2 "Profile screens": the question the delete dialog asks. */
export const DELETE_AVATAR_QUESTION = 'Are you sure you want to delete your avatar?';
/** Spec §2 "Profile screens": the avatar hint (types and size, spec §9 'Avatar maximum 800K'). */
export const AVATAR_HINT = 'JPG, GIF or PNG. Max size of 800K';
/** The server's third limit (server/uploads/avatars.ts AVATAR_MAX_EDGE), stated before any error. */
export const AVATAR_PIXEL_HINT = 'At most 4096 × 4096 pixels.';

/** The names and the password form ids, for their fields' DOM ids (`fieldElementId`). */
export const PROFILE_FORMS = { general: 'profile-general', password: 'profile-password' } as const;

/** One form's state (spec §4): what the inputs hold, which fields were left, and each field's error. */
export interface ProfileFormState<F extends string> {
  values: Record<F, string>;
  touched: Partial<Record<F, boolean>>;
  /** The current message of every failing field, whether shown yet or not. */
  errors: Partial<Record<F, string>>;
}

/** What the profile machine tells the session: the signed-in user changed (names or avatar). */
export type SessionUserSetEvent = { type: 'session.userSet'; user: ProfileUser };

/** The session actor as the profile machine needs it: an actor that takes `session.userSet`. */
export type ProfileSessionRef = ActorRef<Snapshot<unknown>, SessionUserSetEvent>;

/** Input: the session actor (told about every new user) and the signed-in user (the names' start). */
export interface ProfileInput {
  session: ProfileSessionRef;
  user: ProfileUser;
}

/** Context: the session actor, the two forms, and the message under each form after a failed save. */
export interface ProfileContext {
  session: ProfileSessionRef;
  general: ProfileFormState<GeneralField>;
  password: ProfileFormState<PasswordField>;
  generalError: string | null;
  passwordError: string | null;
}

/** Events the screen sends. */
export type ProfileEvent =
  | { type: 'general.change'; field: GeneralField; value: string }
  | { type: 'general.blur'; field: GeneralField }
  /** Input kept from before a sign-out (unchecked: it comes from storage); ignored unless two names. */
  | { type: 'general.restore'; values: unknown }
  | { type: 'general.submit' }
  | { type: 'password.change'; field: PasswordField; value: string }
  | { type: 'password.blur'; field: PasswordField }
  | { type: 'password.submit' }
  | { type: 'avatar.upload'; file: Blob }
  | { type: 'avatar.delete' }
  | { type: 'avatar.cancelDelete' }
  | { type: 'avatar.confirmDelete' };

/** The shape of kept names: anything else read back from storage is ignored. */
const RestoredNames = v.object({ first_name: v.string(), last_name: v.string() });

/** The names form of `user`: untouched, errors computed so the Save button knows at once. */
function generalFormOf(user: ProfileUser): ProfileFormState<GeneralField> {
  const values = { first_name: user.first_name, last_name: user.last_name };
  return { values, touched: {}, errors: validateGeneralForm(values) };
}

/** The empty password form (the start, and after a change succeeded). */
function emptyPasswordForm(): ProfileFormState<PasswordField> {
  const values = { old_password: '', new_password: '', confirm_password: '' };
  return { values, touched: {}, errors: validatePasswordForm(values) };
}

/** `form` with `field` set to `value` and every error recomputed (the confirmation reads the new password). */
function changed<F extends string>(
  form: ProfileFormState<F>,
  field: F,
  value: string,
  validate: (values: Record<F, string>) => Partial<Record<F, string>>,
): ProfileFormState<F> {
  const values = { ...form.values, [field]: value };
  return { values, touched: form.touched, errors: validate(values) };
}

/** `form` with `fields` marked touched, so they show valid or error (spec §4). */
function touched<F extends string>(form: ProfileFormState<F>, fields: readonly F[]): ProfileFormState<F> {
  const next = { ...form.touched };
  for (const field of fields) next[field] = true;
  return { ...form, touched: next };
}

/** The profile statechart; see the module comment. */
export const profileMachine = setup({
  // Stryker disable next-line ObjectLiteral: XState ignores `types` at run time (only TypeScript reads it)
  types: {
    context: {} as ProfileContext,
    events: {} as ProfileEvent,
    emitted: {} as UiEffect,
    input: {} as ProfileInput,
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
    changeGeneral: assign(({ context }, params: { field: GeneralField; value: string }) => ({
      general: changed(context.general, params.field, params.value, validateGeneralForm),
    })),
    restoreGeneral: assign((_, params: { values: unknown }) => {
      const parsed = v.safeParse(RestoredNames, params.values);
      if (!parsed.success) return {};
      const values = { first_name: parsed.output.first_name, last_name: parsed.output.last_name };
      // Touched, so each restored field shows at once whether it is valid (as after typing and leaving).
      return {
        general: touched({ values, touched: {}, errors: validateGeneralForm(values) }, GENERAL_FIELDS),
      };
    }),
    touchGeneral: assign(({ context }, params: { fields: readonly GeneralField[] }) => ({
      general: touched(context.general, params.fields),
    })),
    changePassword: assign(({ context }, params: { field: PasswordField; value: string }) => ({
      password: changed(context.password, params.field, params.value, validatePasswordForm),
    })),
    touchPassword: assign(({ context }, params: { fields: readonly PasswordField[] }) => ({
      password: touched(context.password, params.fields),
    })),
    clearPasswordForm: assign({ password: () => emptyPasswordForm() }),
    setGeneralError: assign((_, params: { message: string | null }) => ({ generalError: params.message })),
    setPasswordError: assign((_, params: { message: string | null }) => ({ passwordError: params.message })),
    tellSession: sendTo(
      ({ context }) => context.session,
      (_, params: { user: ProfileUser }) => ({ type: 'session.userSet' as const, user: params.user }),
    ),
    toast: emit((_, params: { tone: ToastTone; message: string; detail?: string | null }) =>
      uiToast(params.tone, params.message, params.detail),
    ),
    reportFailure: (_, params: { what: string; error: unknown }) => {
      console.error(params.what, params.error);
    },
  },
  guards: {
    generalIsValid: ({ context }) => Object.keys(context.general.errors).length === 0,
    passwordIsValid: ({ context }) => Object.keys(context.password.errors).length === 0,
  },
}).createMachine({
  id: 'profile',
  type: 'parallel',
  context: ({ input }) => ({
    session: input.session,
    general: generalFormOf(input.user),
    password: emptyPasswordForm(),
    generalError: null,
    passwordError: null,
  }),
  states: {
    general: {
      initial: 'idle',
      // The inputs stay editable while a save runs; only a second submit waits.
      on: {
        'general.change': {
          actions: {
            type: 'changeGeneral',
            params: ({ event }) => ({ field: event.field, value: event.value }),
          },
        },
        'general.blur': {
          actions: { type: 'touchGeneral', params: ({ event }) => ({ fields: [event.field] }) },
        },
        'general.restore': {
          actions: { type: 'restoreGeneral', params: ({ event }) => ({ values: event.values }) },
        },
      },
      states: {
        idle: {
          on: {
            'general.submit': [
              {
                guard: 'generalIsValid',
                target: 'saving',
                actions: { type: 'setGeneralError', params: { message: null } },
              },
              { actions: { type: 'touchGeneral', params: { fields: GENERAL_FIELDS } } },
            ],
          },
        },
        saving: {
          invoke: {
            src: 'saveProfile',
            input: ({ context }) => ({
              first_name: context.general.values.first_name.trim(),
              last_name: context.general.values.last_name.trim(),
            }),
            onDone: {
              target: 'idle',
              actions: [
                { type: 'tellSession', params: ({ event }) => ({ user: event.output }) },
                { type: 'toast', params: { tone: 'success', message: PROFILE_MESSAGES.profileUpdated } },
              ],
            },
            onError: {
              target: 'idle',
              actions: [
                {
                  type: 'reportFailure',
                  params: ({ event }) => ({ what: 'Profile save failed', error: event.error }),
                },
                {
                  type: 'setGeneralError',
                  params: ({ event }) => ({
                    message: failureText(PROFILE_FORM_FAILURES.general, event.error),
                  }),
                },
              ],
            },
          },
        },
      },
    },
    password: {
      initial: 'idle',
      on: {
        'password.change': {
          actions: {
            type: 'changePassword',
            params: ({ event }) => ({ field: event.field, value: event.value }),
          },
        },
        'password.blur': {
          actions: { type: 'touchPassword', params: ({ event }) => ({ fields: [event.field] }) },
        },
      },
      states: {
        idle: {
          on: {
            'password.submit': [
              {
                guard: 'passwordIsValid',
                target: 'saving',
                actions: { type: 'setPasswordError', params: { message: null } },
              },
              { actions: { type: 'touchPassword', params: { fields: PASSWORD_FIELDS } } },
            ],
          },
        },
        saving: {
          invoke: {
            src: 'savePassword',
            input: ({ context }) => context.password.values,
            onDone: {
              target: 'idle',
              actions: [
                'clearPasswordForm',
                { type: 'toast', params: { tone: 'success', message: PROFILE_MESSAGES.passwordUpdated } },
              ],
            },
            onError: {
              target: 'idle',
              actions: [
                {
                  type: 'reportFailure',
                  params: ({ event }) => ({ what: 'Password change failed', error: event.error }),
                },
                {
                  type: 'setPasswordError',
                  params: ({ event }) => ({
                    message: failureText(PROFILE_FORM_FAILURES.password, event.error),
                  }),
                },
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
                { type: 'tellSession', params: ({ event }) => ({ user: event.output }) },
                { type: 'toast', params: { tone: 'success', message: PROFILE_MESSAGES.avatarUploaded } },
              ],
            },
            onError: {
              target: 'idle',
              actions: [
                {
                  type: 'reportFailure',
                  params: ({ event }) => ({ what: 'Avatar upload failed', error: event.error }),
                },
                {
                  type: 'toast',
                  params: ({ event }) => ({
                    tone: 'error' as const,
                    message: PROFILE_MESSAGES.avatarUploadFailed,
                    detail: failureReason(event.error),
                  }),
                },
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
                { type: 'tellSession', params: ({ event }) => ({ user: event.output }) },
                { type: 'toast', params: { tone: 'success', message: PROFILE_MESSAGES.avatarDeleted } },
              ],
            },
            onError: {
              target: 'idle',
              actions: [
                {
                  type: 'reportFailure',
                  params: ({ event }) => ({ what: 'Avatar delete failed', error: event.error }),
                },
                {
                  type: 'toast',
                  params: ({ event }) => ({
                    tone: 'error' as const,
                    message: PROFILE_MESSAGES.avatarDeleteFailed,
                    detail: failureReason(event.error),
                  }),
                },
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

/**
 * Whether the screen holds input not saved yet: names that differ (trimmed, as saved) from `user`'s,
 * or anything typed in the password form. Read when leaving, to ask first and to keep a draft.
 */
export function selectHasUnsavedInput(snapshot: ProfileSnapshot, user: ProfileUser): boolean {
  const { values } = snapshot.context.password;
  return selectUnsavedNames(snapshot, user) !== null || Object.values(values).some((value) => value !== '');
}

/**
 * The names form's values when they differ from `user`'s (what a draft keeps), else null. Passwords
 * are never part of a draft: they must not be written to storage.
 */
export function selectUnsavedNames(
  snapshot: ProfileSnapshot,
  user: ProfileUser,
): Record<GeneralField, string> | null {
  const { values } = snapshot.context.general;
  const same = values.first_name.trim() === user.first_name && values.last_name.trim() === user.last_name;
  return same ? null : values;
}

/** What the names form's inputs hold. */
export function selectGeneralValues(snapshot: ProfileSnapshot): Record<GeneralField, string> {
  return snapshot.context.general.values;
}

/** The state of a names field (spec §4): neutral until left, then valid or its error. */
export function selectGeneralField(snapshot: ProfileSnapshot, field: GeneralField): FieldView {
  const { touched, errors } = snapshot.context.general;
  return fieldView(touched[field], errors[field]);
}

/** Spec §5: the names' 'Save all' is enabled only while idle with every field valid. */
export function selectCanSaveGeneral(snapshot: ProfileSnapshot): boolean {
  return snapshot.matches({ general: 'idle' }) && Object.keys(snapshot.context.general.errors).length === 0;
}

/** What the password form's inputs hold. */
export function selectPasswordValues(snapshot: ProfileSnapshot): Record<PasswordField, string> {
  return snapshot.context.password.values;
}

/** The state of a password field (spec §4): neutral until left, then valid or its error. */
export function selectPasswordField(snapshot: ProfileSnapshot, field: PasswordField): FieldView {
  const { touched, errors } = snapshot.context.password;
  return fieldView(touched[field], errors[field]);
}

/** Spec §5: the password's 'Save all' is enabled only while idle with every field valid. */
export function selectCanSavePassword(snapshot: ProfileSnapshot): boolean {
  return snapshot.matches({ password: 'idle' }) && Object.keys(snapshot.context.password.errors).length === 0;
}

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
