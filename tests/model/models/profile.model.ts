/**
 * Model of profileMachine (spec §2 "Profile screens", §4 "Form field states", §5 Profile / Password
 * change / Avatar, §8 toasts). The three panels are parallel regions; every step checks that the event
 * moved only its own panel, so saving the names never blocks an avatar upload, and that each outcome
 * asks for what the spec says: the toast text of §8 (copied here from the spec, so a drifting constant
 * fails), the new user sent to the session for the top bar, the message under the form after a failed
 * save, the password fields cleared after a change. After every step it also reads what the screen
 * reads (the module's `select*` selectors) and compares it with what the model states: each field's
 * view and error from spec §5's words for the values the model types (NAME_ERRORS and the password
 * tables, not the machine's validators), 'Save all' enabled only while idle and valid, the busy
 * flags, the delete dialog, and whether the screen holds unsaved input.
 *
 * The two forms are walked like the user form's: the fixtures give one good value per field and the
 * event filter offers a good value only for the first field in error (in display order), plus one
 * bad value once the form is valid; typing and leaving fields is offered only while every panel is
 * idle, so the walk does not try each keystroke against each request in flight, and a request is
 * started beside at most one other, from forms as loaded or complete (`requestWalked`). The
 * serializer keeps the state value, how many fields of each form are in error (what the submit
 * guards read) and whether a name holds spaces around it: kept names with stray spaces (a restored
 * draft) are saved trimmed, and from such a form the walk only leaves a field or submits, so the
 * paths through it stay few.
 */
import { expect } from 'vitest';
import { ApiError } from '@/api/client';
import type { ProfileUser } from '@/api/schemas/auth';
import { createActor, fromCallback } from 'xstate';
import { failureReason, failureText } from '@/machines/failure-text';
import { uiToast } from '@/machines/ui-effects';
import type { FieldView } from '@/machines/form-fields';
import { GENERAL_FIELDS, PASSWORD_FIELDS } from '@/machines/profile-form';
import type { GeneralField, PasswordField } from '@/machines/profile-form';
import {
  AVATAR_PIXEL_HINT,
  profileMachine,
  selectCanSaveGeneral,
  selectCanSavePassword,
  selectGeneralError,
  selectGeneralField,
  selectGeneralValues,
  selectHasUnsavedInput,
  selectIsAvatarBusy,
  selectIsDeleteDialogOpen,
  selectIsDeletingAvatar,
  selectIsSavingGeneral,
  selectIsSavingPassword,
  selectPasswordError,
  selectPasswordField,
  selectPasswordValues,
  selectUnsavedNames,
} from '@/machines/profile.machine';
import type { ProfileSnapshot, SessionUserSetEvent } from '@/machines/profile.machine';
import { defineModel } from '../harness';
import type { ExecutedStep } from '../harness';

const ADA: ProfileUser = {
  id: 1,
  user_type_id: 1,
  first_name: 'Ada',
  last_name: 'Lovelace',
  email: 'ada@example.com',
  avatar: null,
};
const RENAMED: ProfileUser = { ...ADA, first_name: 'Augusta' };
const WITH_AVATAR: ProfileUser = {
  ...ADA,
  avatar: { original: '/uploads/avatars/a.png', thumbnails: { thumb_36: '/uploads/avatars/a_thumb_36.png' } },
};
const AVATAR_FILE = new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: 'image/png' });

const wrongPassword = new ApiError('Bad Request', {
  kind: 'http',
  status: 400,
  serverMessage: 'Current password is incorrect',
});
const unreachable = new ApiError('Could not reach the server', { kind: 'network' });

/** The session as the machine sees it; what it is told is checked on the `sendTo` actions. */
const SESSION = createActor(
  fromCallback<SessionUserSetEvent>(() => undefined),
  { id: 'session' },
).start();

const GOOD_PASSWORDS: Record<PasswordField, string> = {
  old_password: 'Secret123!',
  new_password: 'Newer456!',
  confirm_password: 'Newer456!',
};
const BAD_NEW_PASSWORD = 'abc';
/**
 * A draft of names typed with stray spaces before a sign-out (the first name changed, so the screen
 * keeps it): restored, the names are saved trimmed, and trimmed they are the renamed user's (RENAMED),
 * so for that user they are no unsaved input.
 */
const PADDED_NAMES: Record<GeneralField, string> = { first_name: ' Augusta', last_name: 'Lovelace ' };

/**
 * Spec §5 "Profile: first and last name required" ('Required' is the spec's generic form message):
 * what each name the model types or restores earns; null when it passes.
 */
const NAME_ERRORS: Readonly<Record<string, string | null>> = {
  '': 'Required',
  Ada: null,
  Lovelace: null,
  Augusta: null,
  King: null,
  ' Augusta': null,
  'Lovelace ': null,
};

/**
 * Spec §5 "Password change: current required; new required, minimum 6" (the minimum's words are the
 * login form's, spec §5 "Login"): what each current and new password the model types earns.
 */
const CURRENT_PASSWORD_ERRORS: Readonly<Record<string, string | null>> = {
  '': 'Required',
  'Secret123!': null,
};
const NEW_PASSWORD_ERRORS: Readonly<Record<string, string | null>> = {
  '': 'Required',
  abc: 'Password must be at least 6 characters',
  'Newer456!': null,
};
/**
 * Spec §5 "confirmation required and equal to new ('Passwords do not match')": the confirmation's
 * message by the confirmation typed, then by the new password beside it.
 */
const CONFIRMATION_ERRORS: Readonly<Record<string, Readonly<Record<string, string | null>>>> = {
  '': { '': 'Required', abc: 'Required', 'Newer456!': 'Required' },
  'Newer456!': { '': 'Passwords do not match', abc: 'Passwords do not match', 'Newer456!': null },
};

/** `table[value]`. @throws for a value the table lacks, so a new fixture needs its row first */
function tableError(
  table: Readonly<Record<string, string | null>>,
  value: string,
  what: string,
): string | null {
  const error = table[value];
  if (error === undefined) throw new Error(`no spec §5 message listed for ${what} '${value}'`);
  return error;
}

/** Every failing name of `values` with spec §5's message (NAME_ERRORS); empty when both pass. */
function generalErrors(values: Record<GeneralField, string>): Partial<Record<GeneralField, string>> {
  const errors: Partial<Record<GeneralField, string>> = {};
  for (const field of GENERAL_FIELDS) {
    const error = tableError(NAME_ERRORS, values[field], field);
    if (error !== null) errors[field] = error;
  }
  return errors;
}

/** Every failing password field of `values` with spec §5's message; empty when all three pass. */
function passwordErrors(values: Record<PasswordField, string>): Partial<Record<PasswordField, string>> {
  const confirmation = CONFIRMATION_ERRORS[values.confirm_password] ?? {};
  const found = {
    old_password: tableError(CURRENT_PASSWORD_ERRORS, values.old_password, 'old_password'),
    new_password: tableError(NEW_PASSWORD_ERRORS, values.new_password, 'new_password'),
    confirm_password: tableError(
      confirmation,
      values.new_password,
      `confirm_password '${values.confirm_password}' beside`,
    ),
  };
  const errors: Partial<Record<PasswordField, string>> = {};
  for (const field of PASSWORD_FIELDS) {
    const error = found[field];
    if (error !== null) errors[field] = error;
  }
  return errors;
}

/** The empty password form's errors (spec §5: all three are required). */
const EMPTY_PASSWORD_ERRORS = {
  old_password: 'Required',
  new_password: 'Required',
  confirm_password: 'Required',
};

type ProfileStep = ExecutedStep<typeof profileMachine>;
type Region = 'general' | 'password' | 'avatar';

/** The region each outside event belongs to; actor outcomes are told apart by their invoke id. */
function regionOf(type: string): Region {
  if (type.startsWith('general.') || type.includes('.profile.general.')) return 'general';
  if (type.startsWith('password.') || type.includes('.profile.password.')) return 'password';
  return 'avatar';
}

function regionValue(snapshot: ProfileSnapshot, region: Region): string {
  return (snapshot.value as Record<Region, string>)[region];
}

/**
 * The message under a form after a failed save (issue 15): our lead, then the server's reason when it
 * gave one, else the client's wording (copied here, so a drifting constant fails).
 */
function shownMessage(region: 'general' | 'password', error: unknown): string {
  const lead =
    region === 'general' ? 'Could not save the profile information' : 'Could not change the password';
  return failureText(lead, error);
}

const success = (message: string) => ({ type: 'ui.toast', tone: 'success', message });

/** The session is told about the new user (the top bar changes at once). */
const toSession = (user: unknown) => ({
  type: 'xstate.sendTo',
  params: { to: 'session', event: { type: 'session.userSet', user } },
});

function firstGeneralInError(snapshot: ProfileSnapshot): GeneralField | undefined {
  const errors = generalErrors(snapshot.context.general.values);
  return GENERAL_FIELDS.find((field) => errors[field] !== undefined);
}

function firstPasswordInError(snapshot: ProfileSnapshot): PasswordField | undefined {
  const errors = passwordErrors(snapshot.context.password.values);
  return PASSWORD_FIELDS.find((field) => errors[field] !== undefined);
}

/** Whether a name holds spaces around it (only a restored draft does: PADDED_NAMES). */
function padded(snapshot: ProfileSnapshot): boolean {
  return GENERAL_FIELDS.some((field) => {
    const value = snapshot.context.general.values[field];
    return value !== value.trim();
  });
}

/** How many password fields hold a value their rule refuses (all three on the form as loaded). */
function passwordInError(snapshot: ProfileSnapshot): number {
  return Object.keys(passwordErrors(snapshot.context.password.values)).length;
}

/** The events that start a panel's request. */
const REQUESTS = new Set(['general.submit', 'password.submit', 'avatar.upload', 'avatar.delete']);

/**
 * Where a panel's request is walked from (issue 28: the panels beside each other, not every mix of
 * their contents): beside at most one request in flight (two show that one panel never blocks
 * another); with the password form as loaded or filled in (in between is typing); and the avatar,
 * which reads neither form, with the names as loaded.
 */
function requestWalked(snapshot: ProfileSnapshot, type: string): boolean {
  const busy = (['general', 'password', 'avatar'] as const).filter(
    (panel) => !snapshot.matches({ [panel]: 'idle' }),
  ).length;
  const password = passwordInError(snapshot);
  if (busy > 1 || (password !== 0 && password !== PASSWORD_FIELDS.length)) return false;
  if (!type.startsWith('avatar.')) return true;
  return Object.keys(generalErrors(snapshot.context.general.values)).length === 0 && !padded(snapshot);
}

function allIdle(snapshot: ProfileSnapshot): boolean {
  return snapshot.matches({ general: 'idle', password: 'idle', avatar: 'idle' });
}

function checkDone(step: ProfileStep, region: Region, output: unknown): void {
  const { before, after } = step;
  expect(regionValue(after, region)).toBe('idle');
  if (region === 'general') {
    expect(step.actions).toContainEqual(toSession(output));
    expect(step.emitted).toEqual([success('Profile information updated')]);
  } else if (region === 'password') {
    expect(step.emitted).toEqual([success('Password updated')]);
    expect(step.actions.filter((action) => action.type === 'xstate.sendTo')).toEqual([]);
    expect(after.context.password, 'the password fields are cleared and neutral').toEqual({
      values: { old_password: '', new_password: '', confirm_password: '' },
      touched: {},
      errors: EMPTY_PASSWORD_ERRORS,
    });
  } else {
    const message =
      before !== null && regionValue(before, 'avatar') === 'deleting'
        ? 'Avatar deleted successfully!'
        : 'Avatar uploaded successfully!';
    expect(step.actions).toContainEqual(toSession(output));
    expect(step.emitted).toEqual([success(message)]);
  }
  expect(step.actions.filter((action) => action.type === 'reportFailure')).toEqual([]);
}

function checkError(step: ProfileStep, region: Region, error: unknown): void {
  const { before, after } = step;
  if (before === null) throw new Error('not an actor outcome');
  expect(regionValue(after, region)).toBe('idle');
  if (region === 'general') {
    expect(after.context.generalError).toBe(shownMessage('general', error));
    expect(step.actions).toContainEqual({
      type: 'reportFailure',
      params: { what: 'Profile save failed', error },
    });
    expect(step.emitted, 'the message shows under the form, not as a toast').toEqual([]);
  } else if (region === 'password') {
    expect(after.context.passwordError, 'e.g. a wrong current password, under the form').toBe(
      shownMessage('password', error),
    );
    expect(step.actions).toContainEqual({
      type: 'reportFailure',
      params: { what: 'Password change failed', error },
    });
    expect(step.emitted).toEqual([]);
  } else {
    const deleting = regionValue(before, 'avatar') === 'deleting';
    expect(step.actions).toContainEqual({
      type: 'reportFailure',
      params: { what: deleting ? 'Avatar delete failed' : 'Avatar upload failed', error },
    });
    // Spec §8 text word for word, the reason beside it (issues 15 and 30).
    expect(step.emitted).toEqual([
      uiToast('error', deleting ? 'Could not delete avatar!' : 'Avatar upload failed!', failureReason(error)),
    ]);
    if (error instanceof ApiError && error.serverMessage !== null) {
      expect(failureReason(error)).toBe(error.serverMessage);
    }
  }
}

/**
 * The checks of one step's transition: the initial context, the regions an event leaves alone, each
 * form's values, touched flags and errors, the actors started, and each outcome's effects.
 */
function checkTransition(step: ProfileStep): void {
  const { before, event, after } = step;
  if (before === null) {
    expect(after.value).toEqual({ general: 'idle', password: 'idle', avatar: 'idle' });
    expect(after.context).toEqual({
      session: SESSION,
      general: { values: { first_name: 'Ada', last_name: 'Lovelace' }, touched: {}, errors: {} },
      password: {
        values: { old_password: '', new_password: '', confirm_password: '' },
        touched: {},
        errors: EMPTY_PASSWORD_ERRORS,
      },
      generalError: null,
      passwordError: null,
    });
    expect(selectPasswordField(after, 'old_password'), 'spec §4: neutral until left').toEqual({
      state: 'neutral',
      error: null,
    });
    // The server's third limit (server/uploads/avatars.ts AVATAR_MAX_EDGE = 4096), shown under the
    // avatar before any upload fails on it.
    expect(AVATAR_PIXEL_HINT).toBe('At most 4096 × 4096 pixels.');
    expect(step.started).toEqual([]);
    return;
  }
  const region = regionOf(event.type);
  for (const other of (['general', 'password', 'avatar'] as const).filter((name) => name !== region)) {
    expect(regionValue(after, other), `${event.type} leaves the ${other} panel alone`).toBe(
      regionValue(before, other),
    );
  }
  if (region !== 'general') {
    expect(after.context.generalError).toBe(before.context.generalError);
    expect(after.context.general).toEqual(before.context.general);
  }
  if (region !== 'password') {
    expect(after.context.passwordError).toBe(before.context.passwordError);
    expect(after.context.password).toEqual(before.context.password);
  }

  if ('output' in event) {
    checkDone(step, region, event.output);
    return;
  }
  if ('error' in event) {
    checkError(step, region, event.error);
    return;
  }
  expect(step.emitted).toEqual([]);
  if (event.type !== 'general.submit' && event.type !== 'password.submit') {
    expect(after.context.generalError, 'only a submit or an answer changes the message').toBe(
      before.context.generalError,
    );
    expect(after.context.passwordError, 'only a submit or an answer changes the message').toBe(
      before.context.passwordError,
    );
  }
  switch (event.type) {
    case 'general.change': {
      const values = { ...before.context.general.values, [event.field]: event.value };
      expect(after.context.general, 'the value changes and every field is re-checked').toEqual({
        values,
        touched: before.context.general.touched,
        errors: generalErrors(values),
      });
      break;
    }
    case 'general.restore': {
      const kept = event.values as Record<string, unknown> | null;
      const wellFormed =
        typeof kept === 'object' &&
        kept !== null &&
        typeof kept.first_name === 'string' &&
        typeof kept.last_name === 'string';
      if (!wellFormed) {
        expect(after.context.general, 'kept input of another shape is ignored').toEqual(
          before.context.general,
        );
        break;
      }
      const values = { first_name: kept.first_name as string, last_name: kept.last_name as string };
      expect(after.context.general, 'restored as if typed and left').toEqual({
        values,
        touched: { first_name: true, last_name: true },
        errors: generalErrors(values),
      });
      break;
    }
    case 'general.blur':
      expect(after.context.general.touched).toEqual({
        ...before.context.general.touched,
        [event.field]: true,
      });
      expect(after.context.general.values).toEqual(before.context.general.values);
      break;
    case 'password.change': {
      const values = { ...before.context.password.values, [event.field]: event.value };
      expect(after.context.password).toEqual({
        values,
        touched: before.context.password.touched,
        errors: passwordErrors(values),
      });
      if (event.value === BAD_NEW_PASSWORD) {
        expect(after.context.password.errors).toEqual({
          new_password: 'Password must be at least 6 characters',
          confirm_password: 'Passwords do not match',
        });
      }
      break;
    }
    case 'password.blur':
      expect(after.context.password.touched).toEqual({
        ...before.context.password.touched,
        [event.field]: true,
      });
      break;
    case 'general.submit':
      if (Object.keys(generalErrors(before.context.general.values)).length > 0) {
        expect(after.matches({ general: 'idle' }), 'an invalid form is not sent').toBe(true);
        expect(step.started).toEqual([]);
        expect(Object.keys(after.context.general.touched), 'every field shows its state').toEqual([
          ...GENERAL_FIELDS,
        ]);
        break;
      }
      expect(after.matches({ general: 'saving' })).toBe(true);
      expect(after.context.generalError, 'a new attempt clears the old message').toBeNull();
      expect(step.started).toEqual([
        {
          src: 'saveProfile',
          id: expect.any(String),
          input: {
            first_name: before.context.general.values.first_name.trim(),
            last_name: before.context.general.values.last_name.trim(),
          },
        },
      ]);
      break;
    case 'password.submit':
      if (Object.keys(passwordErrors(before.context.password.values)).length > 0) {
        expect(after.matches({ password: 'idle' }), 'an invalid form is not sent').toBe(true);
        expect(step.started).toEqual([]);
        expect(Object.keys(after.context.password.touched)).toEqual([...PASSWORD_FIELDS]);
        break;
      }
      expect(after.matches({ password: 'saving' })).toBe(true);
      expect(after.context.passwordError, 'a new attempt clears the old message').toBeNull();
      expect(step.started).toEqual([
        { src: 'savePassword', id: expect.any(String), input: before.context.password.values },
      ]);
      break;
    case 'avatar.upload':
      expect(after.matches({ avatar: 'uploading' })).toBe(true);
      expect(step.started).toEqual([
        { src: 'sendAvatar', id: expect.any(String), input: { file: event.file } },
      ]);
      break;
    case 'avatar.delete':
      expect(after.matches({ avatar: 'confirmingDelete' }), 'spec §2: a confirmation first').toBe(true);
      expect(step.started).toEqual([]);
      break;
    case 'avatar.cancelDelete':
      expect(after.matches({ avatar: 'idle' })).toBe(true);
      expect(step.started, 'Cancel deletes nothing').toEqual([]);
      break;
    case 'avatar.confirmDelete':
      expect(after.matches({ avatar: 'deleting' })).toBe(true);
      expect(step.started).toEqual([{ src: 'removeAvatar', id: expect.any(String), input: undefined }]);
      break;
  }
}

/** A field's view as spec §4 words it: neutral until touched, then valid or its error (in red). */
function viewOf(touched: boolean | undefined, error: string | undefined): FieldView {
  if (touched !== true) return { state: 'neutral', error: null };
  return error === undefined ? { state: 'valid', error: null } : { state: 'error', error };
}

/**
 * Whether `values` hold names other than `user`'s as the screen would save them (trimmed): what a
 * draft keeps and what makes leaving ask first.
 */
function namesDiffer(values: Record<GeneralField, string>, user: ProfileUser): boolean {
  return values.first_name.trim() !== user.first_name || values.last_name.trim() !== user.last_name;
}

/**
 * What the screen reads after any step (the module's selectors), against what the model states: the
 * context is the one the step checks vouched for, each field's message comes from the spec §5 tables,
 * and the panels' flags follow from the state the path says the actor is in.
 */
function checkScreen(after: ProfileSnapshot): void {
  const { general, password } = after.context;
  const nameErrors = generalErrors(general.values);
  const passwordErrorsNow = passwordErrors(password.values);

  expect(selectGeneralValues(after)).toEqual(general.values);
  for (const field of GENERAL_FIELDS) {
    expect(selectGeneralField(after, field), `spec §4: the ${field} field's state`).toEqual(
      viewOf(general.touched[field], nameErrors[field]),
    );
  }
  const generalRegion = regionValue(after, 'general');
  // Spec §5: "Submit buttons stay disabled until the form is valid or while saving".
  expect(selectCanSaveGeneral(after), "the names' Save all").toBe(
    generalRegion === 'idle' && Object.keys(nameErrors).length === 0,
  );
  expect(selectIsSavingGeneral(after)).toBe(generalRegion === 'saving');
  expect(selectGeneralError(after)).toBe(after.context.generalError);

  expect(selectPasswordValues(after)).toEqual(password.values);
  for (const field of PASSWORD_FIELDS) {
    expect(selectPasswordField(after, field), `spec §4: the ${field} field's state`).toEqual(
      viewOf(password.touched[field], passwordErrorsNow[field]),
    );
  }
  const passwordRegion = regionValue(after, 'password');
  expect(selectCanSavePassword(after), "the password's Save all").toBe(
    passwordRegion === 'idle' && Object.keys(passwordErrorsNow).length === 0,
  );
  expect(selectIsSavingPassword(after)).toBe(passwordRegion === 'saving');
  expect(selectPasswordError(after)).toBe(after.context.passwordError);

  const avatar = regionValue(after, 'avatar');
  expect(selectIsAvatarBusy(after), 'Upload and Delete are disabled while a call runs').toBe(
    avatar === 'uploading' || avatar === 'deleting',
  );
  expect(selectIsDeleteDialogOpen(after), 'spec §2: the question stays up while deleting').toBe(
    avatar === 'confirmingDelete' || avatar === 'deleting',
  );
  expect(selectIsDeletingAvatar(after)).toBe(avatar === 'deleting');

  // The signed-in user before a names save (Ada) and after it (the renamed user).
  for (const user of [ADA, RENAMED]) {
    const differ = namesDiffer(general.values, user);
    expect(selectUnsavedNames(after, user), 'a draft keeps changed names only').toEqual(
      differ ? general.values : null,
    );
    const typedPassword = PASSWORD_FIELDS.some((field) => password.values[field] !== '');
    expect(selectHasUnsavedInput(after, user), 'changed names or any password typed').toBe(
      differ || typedPassword,
    );
  }
}

/** Every step: its transition, then what the screen reads from the snapshot it left. */
function checkStep(step: ProfileStep): void {
  checkTransition(step);
  checkScreen(step.after);
}

export default defineModel({
  machine: profileMachine,
  inputs: { Ada: { session: SESSION, user: ADA } },
  events: {
    'general.change': [
      { type: 'general.change', field: 'first_name', value: '' },
      { type: 'general.change', field: 'first_name', value: 'Augusta' },
    ],
    'general.blur': [{ type: 'general.blur', field: 'first_name' }],
    'general.restore': [
      { type: 'general.restore', values: { first_name: 'Augusta', last_name: 'King' } },
      { type: 'general.restore', values: { first_name: '', last_name: 'King' } },
      { type: 'general.restore', values: PADDED_NAMES },
      { type: 'general.restore', values: 'not a draft' },
    ],
    'general.submit': [{ type: 'general.submit' }],
    'password.change': [
      ...PASSWORD_FIELDS.map((field) => ({
        type: 'password.change' as const,
        field,
        value: GOOD_PASSWORDS[field],
      })),
      { type: 'password.change', field: 'new_password', value: BAD_NEW_PASSWORD },
    ],
    'password.blur': [{ type: 'password.blur', field: 'confirm_password' }],
    'password.submit': [{ type: 'password.submit' }],
    'avatar.upload': [{ type: 'avatar.upload', file: AVATAR_FILE }],
    'avatar.delete': [{ type: 'avatar.delete' }],
    'avatar.cancelDelete': [{ type: 'avatar.cancelDelete' }],
    'avatar.confirmDelete': [{ type: 'avatar.confirmDelete' }],
  },
  outcomes: {
    saveProfile: {
      done: [RENAMED],
      error: [
        new ApiError('Unprocessable', { kind: 'http', status: 422, serverMessage: 'Invalid name' }),
        unreachable,
      ],
    },
    savePassword: { done: [{ message: 'Password updated' }], error: [wrongPassword, unreachable] },
    sendAvatar: {
      done: [WITH_AVATAR],
      error: [
        new ApiError('The file is larger than 800K, the largest avatar allowed.', {
          kind: 'http',
          status: 413,
          serverMessage: 'The file is larger than 800K, the largest avatar allowed.',
        }),
      ],
    },
    removeAvatar: { done: [ADA], error: [new Error('Failed to fetch')] },
  },
  stubActions: ['reportFailure'],
  serialize: (snapshot) => ({
    value: snapshot.value,
    generalInError: Object.keys(generalErrors(snapshot.context.general.values)).length,
    passwordInError: passwordInError(snapshot),
    padded: padded(snapshot),
  }),
  filterEvents: (snapshot, event) => {
    // From a form holding padded names (a restored draft) the walk only leaves a field (the touched
    // flags the restore set must stay) and submits (the names go out trimmed), then takes the answer.
    if (padded(snapshot) && !event.type.startsWith('xstate.')) {
      return (event.type === 'general.blur' && allIdle(snapshot)) || event.type === 'general.submit';
    }
    if (REQUESTS.has(event.type) && !requestWalked(snapshot, event.type)) return false;
    // A restored draft changes the names only: walked beside the password form as loaded.
    if (event.type === 'general.restore' && passwordInError(snapshot) !== PASSWORD_FIELDS.length)
      return false;
    switch (event.type) {
      case 'general.blur':
      case 'password.blur':
      case 'general.restore':
        return allIdle(snapshot);
      case 'general.change':
        if (!allIdle(snapshot)) return false;
        return event.value === ''
          ? firstGeneralInError(snapshot) === undefined
          : firstGeneralInError(snapshot) === event.field;
      case 'password.change':
        if (!allIdle(snapshot)) return false;
        return event.value === BAD_NEW_PASSWORD
          ? firstPasswordInError(snapshot) === undefined
          : firstPasswordInError(snapshot) === event.field;
      default:
        return true;
    }
  },
  check: checkStep,
});
