import { describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { NETWORK_FAILURE_MESSAGE, TOKENS_EXPIRED_MESSAGE } from '@/api/client';
import type { PasswordChangeRequest, ProfileUpdateRequest } from '@/api/schemas/account';
import type { ProfileUser } from '@/api/schemas/auth';
import { httpFailure, networkFailure, tokensExpired } from '@test-support/api-errors';
import { aUser } from '@test-support/builders';
import { heldPromiseActor, recordingReceiver } from '@test-support/fake-actors';
import { uiToast } from './ui-effects';
import {
  PROFILE_MESSAGES,
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
} from './profile.machine';
import type { ProfileEvent, ProfileSnapshot, SessionUserSetEvent } from './profile.machine';
import type { UiEffect } from './ui-effects';

const ADA = aUser();
const WITH_AVATAR = aUser({
  avatar: { original: '/uploads/avatars/a.png', thumbnails: { thumb_36: '/uploads/avatars/a_thumb_36.png' } },
});
const PASSWORDS: PasswordChangeRequest = {
  old_password: 'old-one',
  new_password: 'new-one',
  confirm_password: 'new-one',
};

/** A profile actor whose four calls answer with deferreds the test settles. */
function startProfile() {
  const saveProfile = heldPromiseActor<ProfileUser, ProfileUpdateRequest>();
  const savePassword = heldPromiseActor<unknown, PasswordChangeRequest>();
  const sendAvatar = heldPromiseActor<ProfileUser, { file: Blob }>();
  const removeAvatar = heldPromiseActor<ProfileUser>();
  const calls = {
    saveProfile: saveProfile.calls,
    savePassword: savePassword.calls,
    sendAvatar: sendAvatar.calls,
    removeAvatar: removeAvatar.calls,
  };
  const reportFailure = vi.fn();
  const machine = profileMachine.provide({
    actors: {
      saveProfile: saveProfile.logic,
      savePassword: savePassword.logic,
      sendAvatar: sendAvatar.logic,
      removeAvatar: removeAvatar.logic,
    },
    actions: { reportFailure },
  });
  // The session as the profile machine sees it: an actor that records what it is told.
  const sessionFake = recordingReceiver<SessionUserSetEvent>();
  const toSession = sessionFake.received;
  const session = createActor(sessionFake.logic).start();
  const actor = createActor(machine, { input: { session, user: ADA } });
  const emitted: UiEffect[] = [];
  actor.on('*', (event) => emitted.push(event));
  actor.start();
  const settled = (check: (snapshot: ProfileSnapshot) => boolean) => waitFor(actor, check);
  return { actor, calls, emitted, toSession, reportFailure, settled };
}

/** The events that type `values` into the names form and submit it. */
function submitNames(values: ProfileUpdateRequest): ProfileEvent[] {
  return [
    { type: 'general.change', field: 'first_name', value: values.first_name },
    { type: 'general.change', field: 'last_name', value: values.last_name },
    { type: 'general.submit' },
  ];
}

/** The events that type `values` into the password form and submit it. */
function submitPasswords(values: PasswordChangeRequest): ProfileEvent[] {
  return [
    { type: 'password.change', field: 'old_password', value: values.old_password },
    { type: 'password.change', field: 'new_password', value: values.new_password },
    { type: 'password.change', field: 'confirm_password', value: values.confirm_password },
    { type: 'password.submit' },
  ];
}

const success = (message: string) => ({ type: 'ui.toast', tone: 'success', message });
const failure = (message: string, detail?: string) => uiToast('error', message, detail);

const badRequest = (message: string) => httpFailure(400, message);

describe('profileMachine general information', () => {
  it('starts with every panel idle and no errors', () => {
    const { actor } = startProfile();
    expect(actor.getSnapshot().value).toEqual({ general: 'idle', password: 'idle', avatar: 'idle' });
    expect(selectGeneralError(actor.getSnapshot())).toBeNull();
    expect(selectPasswordError(actor.getSnapshot())).toBeNull();
  });

  it('saves the names, hands the new user over and shows the success toast', async () => {
    const { actor, calls, emitted, toSession, settled } = startProfile();
    submitNames({ first_name: 'Ada', last_name: 'Byron' }).forEach((event) => actor.send(event));
    expect(selectIsSavingGeneral(actor.getSnapshot())).toBe(true);
    expect(calls.saveProfile[0]?.input).toEqual({ first_name: 'Ada', last_name: 'Byron' });
    calls.saveProfile[0]?.answer.resolve({ ...ADA, last_name: 'Byron' });
    await settled((snapshot) => !selectIsSavingGeneral(snapshot));
    expect(toSession).toEqual([{ type: 'session.userSet', user: { ...ADA, last_name: 'Byron' } }]);
    expect(emitted).toEqual([success(PROFILE_MESSAGES.profileUpdated)]);
  });

  it('ignores a second submit while saving', () => {
    const { actor, calls } = startProfile();
    submitNames({ first_name: 'A', last_name: 'B' }).forEach((event) => actor.send(event));
    submitNames({ first_name: 'C', last_name: 'D' }).forEach((event) => actor.send(event));
    expect(calls.saveProfile).toHaveLength(1);
  });

  it('shows the server message under the form when the save fails, and clears it on the next try', async () => {
    const { actor, calls, emitted, reportFailure, settled } = startProfile();
    submitNames({ first_name: 'Ada', last_name: 'B' }).forEach((event) => actor.send(event));
    calls.saveProfile[0]?.answer.reject(badRequest('first_name: Required'));
    await settled((snapshot) => !selectIsSavingGeneral(snapshot));
    expect(selectGeneralError(actor.getSnapshot())).toBe(
      'Could not save the profile information: first_name: Required',
    );
    expect(reportFailure).toHaveBeenCalledTimes(1);
    expect(emitted).toEqual([]);
    submitNames({ first_name: 'A', last_name: 'B' }).forEach((event) => actor.send(event));
    expect(selectGeneralError(actor.getSnapshot())).toBeNull();
  });
});

describe('profileMachine forms', () => {
  it("starts the names from the signed-in user, neutral, with 'Save all' enabled", () => {
    const { actor } = startProfile();
    const snapshot = actor.getSnapshot();
    expect(snapshot.context.general.values).toEqual({ first_name: 'Ada', last_name: 'Lovelace' });
    expect(selectGeneralField(snapshot, 'first_name')).toEqual({ state: 'neutral', error: null });
    expect(selectCanSaveGeneral(snapshot)).toBe(true);
  });

  it('shows a field neutral until it is left, then valid or its error, re-checked as it changes', () => {
    const { actor } = startProfile();
    actor.send({ type: 'general.change', field: 'first_name', value: ' ' });
    expect(selectGeneralField(actor.getSnapshot(), 'first_name').state).toBe('neutral');
    expect(selectCanSaveGeneral(actor.getSnapshot()), 'spec §5: disabled until valid').toBe(false);
    actor.send({ type: 'general.blur', field: 'first_name' });
    expect(selectGeneralField(actor.getSnapshot(), 'first_name')).toEqual({
      state: 'error',
      error: 'Required',
    });
    actor.send({ type: 'general.change', field: 'first_name', value: 'Augusta' });
    expect(selectGeneralField(actor.getSnapshot(), 'first_name')).toEqual({ state: 'valid', error: null });
  });

  it('compares the confirmation with the new password whichever of the two changes', () => {
    const { actor } = startProfile();
    submitPasswords({ old_password: 'x', new_password: 'abcdef', confirm_password: 'abcdef' })
      .slice(0, 3)
      .forEach((event) => actor.send(event));
    actor.send({ type: 'password.blur', field: 'confirm_password' });
    expect(selectCanSavePassword(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'password.change', field: 'new_password', value: 'abcdefg' });
    expect(selectPasswordField(actor.getSnapshot(), 'confirm_password')).toEqual({
      state: 'error',
      error: 'Passwords do not match',
    });
    expect(selectCanSavePassword(actor.getSnapshot())).toBe(false);
  });

  it('sends no invalid form: a submit marks every field so each shows its state', () => {
    const { actor, calls } = startProfile();
    actor.send({ type: 'password.submit' });
    expect(calls.savePassword).toHaveLength(0);
    expect(actor.getSnapshot().matches({ password: 'idle' })).toBe(true);
    expect(selectPasswordField(actor.getSnapshot(), 'old_password')).toEqual({
      state: 'error',
      error: 'Required',
    });
    actor.send({ type: 'general.change', field: 'last_name', value: '' });
    actor.send({ type: 'general.submit' });
    expect(calls.saveProfile).toHaveLength(0);
    expect(selectGeneralField(actor.getSnapshot(), 'first_name').state).toBe('valid');
    expect(selectGeneralField(actor.getSnapshot(), 'last_name').state).toBe('error');
  });

  it('sends the names trimmed and disables their save while it runs', () => {
    const { actor, calls } = startProfile();
    submitNames({ first_name: ' Ada ', last_name: 'Byron ' }).forEach((event) => actor.send(event));
    expect(calls.saveProfile[0]?.input).toEqual({ first_name: 'Ada', last_name: 'Byron' });
    expect(selectCanSaveGeneral(actor.getSnapshot())).toBe(false);
  });
});

describe('profileMachine password', () => {
  it('changes the password, shows the toast and clears the fields', async () => {
    const { actor, calls, emitted, settled } = startProfile();
    submitPasswords(PASSWORDS).forEach((event) => actor.send(event));
    expect(selectIsSavingPassword(actor.getSnapshot())).toBe(true);
    expect(calls.savePassword[0]?.input).toEqual(PASSWORDS);
    calls.savePassword[0]?.answer.resolve({ message: 'Password updated' });
    await settled((snapshot) => !selectIsSavingPassword(snapshot));
    expect(emitted).toEqual([success(PROFILE_MESSAGES.passwordUpdated)]);
    expect(selectPasswordValues(actor.getSnapshot()), 'the fields are cleared').toEqual({
      old_password: '',
      new_password: '',
      confirm_password: '',
    });
    expect(selectPasswordField(actor.getSnapshot(), 'new_password').state, 'and neutral again').toBe(
      'neutral',
    );
    expect(selectPasswordError(actor.getSnapshot())).toBeNull();
  });

  it('shows the server message (a wrong current password) under the form', async () => {
    const { actor, calls, emitted, settled } = startProfile();
    submitPasswords(PASSWORDS).forEach((event) => actor.send(event));
    calls.savePassword[0]?.answer.reject(badRequest('Current password is incorrect'));
    await settled((snapshot) => !selectIsSavingPassword(snapshot));
    expect(selectPasswordError(actor.getSnapshot())).toBe(
      'Could not change the password: Current password is incorrect',
    );
    expect(emitted).toEqual([]);
  });

  it('falls back to the error text when the failure carries no server message', async () => {
    const { actor, calls, settled } = startProfile();
    submitPasswords(PASSWORDS).forEach((event) => actor.send(event));
    calls.savePassword[0]?.answer.reject(networkFailure());
    await settled((snapshot) => !selectIsSavingPassword(snapshot));
    expect(selectPasswordError(actor.getSnapshot())).toBe(
      `Could not change the password: ${NETWORK_FAILURE_MESSAGE}`,
    );
  });

  it('lets the password and the names save at the same time', () => {
    const { actor } = startProfile();
    submitNames({ first_name: 'A', last_name: 'B' }).forEach((event) => actor.send(event));
    submitPasswords(PASSWORDS).forEach((event) => actor.send(event));
    actor.send({ type: 'avatar.upload', file: new Blob(['x']) });
    expect(actor.getSnapshot().value).toEqual({ general: 'saving', password: 'saving', avatar: 'uploading' });
  });
});

describe('profileMachine avatar', () => {
  it('uploads the chosen file and reports success', async () => {
    const { actor, calls, emitted, toSession, settled } = startProfile();
    const file = new Blob(['png'], { type: 'image/png' });
    actor.send({ type: 'avatar.upload', file });
    expect(selectIsAvatarBusy(actor.getSnapshot())).toBe(true);
    expect(calls.sendAvatar[0]?.input.file).toBe(file);
    actor.send({ type: 'avatar.delete' });
    expect(actor.getSnapshot().matches({ avatar: 'uploading' })).toBe(true);
    calls.sendAvatar[0]?.answer.resolve(WITH_AVATAR);
    await settled((snapshot) => !selectIsAvatarBusy(snapshot));
    expect(toSession).toEqual([{ type: 'session.userSet', user: WITH_AVATAR }]);
    expect(emitted).toEqual([success(PROFILE_MESSAGES.avatarUploaded)]);
  });

  it("reports a failed upload with the spec's toast text and the server's reason (issue 15)", async () => {
    const { actor, calls, emitted, reportFailure, settled } = startProfile();
    actor.send({ type: 'avatar.upload', file: new Blob(['x'.repeat(10)]) });
    const reason = 'The file is larger than 800K, the largest avatar allowed.';
    calls.sendAvatar[0]?.answer.reject(httpFailure(413, reason));
    await settled((snapshot) => !selectIsAvatarBusy(snapshot));
    expect(emitted).toEqual([
      failure('Avatar upload failed!', 'The file is larger than 800K, the largest avatar allowed.'),
    ]);
    expect(reportFailure).toHaveBeenCalledTimes(1);
  });

  it('says when the server could not be reached during an upload', async () => {
    const { actor, calls, emitted, settled } = startProfile();
    actor.send({ type: 'avatar.upload', file: new Blob(['png']) });
    calls.sendAvatar[0]?.answer.reject(networkFailure());
    await settled((snapshot) => !selectIsAvatarBusy(snapshot));
    expect(emitted).toEqual([failure('Avatar upload failed!', NETWORK_FAILURE_MESSAGE)]);
  });

  it('asks before deleting; Cancel keeps the avatar', () => {
    const { actor, calls } = startProfile();
    actor.send({ type: 'avatar.delete' });
    expect(selectIsDeleteDialogOpen(actor.getSnapshot())).toBe(true);
    expect(selectIsAvatarBusy(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'avatar.cancelDelete' });
    expect(selectIsDeleteDialogOpen(actor.getSnapshot())).toBe(false);
    expect(calls.removeAvatar).toHaveLength(0);
  });

  it('deletes after Delete, keeping the dialog open until the answer', async () => {
    const { actor, calls, emitted, toSession, settled } = startProfile();
    actor.send({ type: 'avatar.delete' });
    actor.send({ type: 'avatar.confirmDelete' });
    expect(selectIsDeletingAvatar(actor.getSnapshot())).toBe(true);
    expect(selectIsDeleteDialogOpen(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'avatar.cancelDelete' });
    expect(selectIsDeletingAvatar(actor.getSnapshot())).toBe(true);
    calls.removeAvatar[0]?.answer.resolve(ADA);
    await settled((snapshot) => !selectIsDeleteDialogOpen(snapshot));
    expect(toSession).toEqual([{ type: 'session.userSet', user: ADA }]);
    expect(emitted).toEqual([success(PROFILE_MESSAGES.avatarDeleted)]);
  });

  it('reports a failed delete with the error toast only (spec text alone for a bug)', async () => {
    const { actor, calls, emitted, settled } = startProfile();
    actor.send({ type: 'avatar.delete' });
    actor.send({ type: 'avatar.confirmDelete' });
    calls.removeAvatar[0]?.answer.reject(new Error('boom'));
    await settled((snapshot) => !selectIsDeleteDialogOpen(snapshot));
    expect(emitted).toEqual([failure(PROFILE_MESSAGES.avatarDeleteFailed)]);
  });

  it("adds the server's reason to a failed delete", async () => {
    const { actor, calls, emitted, settled } = startProfile();
    actor.send({ type: 'avatar.delete' });
    actor.send({ type: 'avatar.confirmDelete' });
    calls.removeAvatar[0]?.answer.reject(tokensExpired());
    await settled((snapshot) => !selectIsDeleteDialogOpen(snapshot));
    expect(emitted).toEqual([failure('Could not delete avatar!', TOKENS_EXPIRED_MESSAGE)]);
  });
});

describe('profileMachine unsaved input (issue 15 finding 9)', () => {
  it('restores kept names as if typed and left: values, every field touched, errors checked', () => {
    const { actor } = startProfile();
    actor.send({ type: 'general.restore', values: { first_name: 'Augusta', last_name: '' } });
    const snapshot = actor.getSnapshot();
    expect(selectGeneralValues(snapshot)).toEqual({ first_name: 'Augusta', last_name: '' });
    expect(selectGeneralField(snapshot, 'first_name').state).toBe('valid');
    expect(selectGeneralField(snapshot, 'last_name')).toEqual({ state: 'error', error: 'Required' });
    expect(selectCanSaveGeneral(snapshot)).toBe(false);
  });

  it.each([
    ['not an object', 'Augusta'],
    ['a missing name', { first_name: 'Augusta' }],
    ['a name that is no string', { first_name: 'Augusta', last_name: 7 }],
    ['nothing', null],
  ])('ignores kept input that is %s', (_label, values) => {
    const { actor } = startProfile();
    const before = actor.getSnapshot().context.general;
    actor.send({ type: 'general.restore', values });
    expect(actor.getSnapshot().context.general).toEqual(before);
  });

  it('counts changed names (trimmed) or any typed password as unsaved; only names are kept', () => {
    const { actor } = startProfile();
    expect(selectHasUnsavedInput(actor.getSnapshot(), ADA)).toBe(false);
    actor.send({ type: 'general.change', field: 'first_name', value: 'Ada ' });
    expect(selectHasUnsavedInput(actor.getSnapshot(), ADA), 'saved trimmed, so the same').toBe(false);
    actor.send({ type: 'password.change', field: 'old_password', value: 'Secret123!' });
    expect(selectHasUnsavedInput(actor.getSnapshot(), ADA)).toBe(true);
    expect(selectUnsavedNames(actor.getSnapshot(), ADA), 'passwords are never kept').toBeNull();
    actor.send({ type: 'general.change', field: 'last_name', value: 'King' });
    expect(selectUnsavedNames(actor.getSnapshot(), ADA)).toEqual({ first_name: 'Ada ', last_name: 'King' });
    expect(
      selectUnsavedNames(actor.getSnapshot(), { ...ADA, last_name: 'King' }),
      'compared with the user as saved now',
    ).toBeNull();
  });
});
