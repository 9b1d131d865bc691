import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError } from '@/api/client';
import type { PasswordChangeRequest, ProfileUpdateRequest } from '@/api/schemas/account';
import type { ProfileUser } from '@/api/schemas/auth';
import {
  PROFILE_MESSAGES,
  profileMachine,
  selectGeneralError,
  selectIsAvatarBusy,
  selectIsDeleteDialogOpen,
  selectIsDeletingAvatar,
  selectIsSavingGeneral,
  selectIsSavingPassword,
  selectPasswordError,
} from './profile.machine';
import type { ProfileEmitted, ProfileSnapshot } from './profile.machine';

const ADA: ProfileUser = {
  id: 1,
  user_type_id: 1,
  first_name: 'Ada',
  last_name: 'Lovelace',
  email: 'ada@example.com',
  avatar: null,
};
const WITH_AVATAR: ProfileUser = {
  ...ADA,
  avatar: { original: '/uploads/avatars/a.png', thumbnails: { thumb_36: '/uploads/avatars/a_thumb_36.png' } },
};
const PASSWORDS: PasswordChangeRequest = {
  old_password: 'old-one',
  new_password: 'new-one',
  confirm_password: 'new-one',
};

interface Deferred<T> {
  promise: Promise<T>;
  resolve: (value: T) => void;
  reject: (reason: unknown) => void;
}

function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** A profile actor whose four calls answer with deferreds the test settles. */
function startProfile() {
  const calls = {
    saveProfile: [] as Array<{ input: ProfileUpdateRequest; answer: Deferred<ProfileUser> }>,
    savePassword: [] as Array<{ input: PasswordChangeRequest; answer: Deferred<unknown> }>,
    sendAvatar: [] as Array<{ input: { file: Blob }; answer: Deferred<ProfileUser> }>,
    removeAvatar: [] as Array<Deferred<ProfileUser>>,
  };
  const reportFailure = vi.fn();
  const machine = profileMachine.provide({
    actors: {
      saveProfile: fromPromise(({ input }: { input: ProfileUpdateRequest }) => {
        const answer = deferred<ProfileUser>();
        calls.saveProfile.push({ input, answer });
        return answer.promise;
      }),
      savePassword: fromPromise(({ input }: { input: PasswordChangeRequest }) => {
        const answer = deferred<unknown>();
        calls.savePassword.push({ input, answer });
        return answer.promise;
      }),
      sendAvatar: fromPromise(({ input }: { input: { file: Blob } }) => {
        const answer = deferred<ProfileUser>();
        calls.sendAvatar.push({ input, answer });
        return answer.promise;
      }),
      removeAvatar: fromPromise(() => {
        const answer = deferred<ProfileUser>();
        calls.removeAvatar.push(answer);
        return answer.promise;
      }),
    },
    actions: { reportFailure },
  });
  const actor = createActor(machine);
  const emitted: ProfileEmitted[] = [];
  actor.on('*', (event) => emitted.push(event));
  actor.start();
  const settled = (check: (snapshot: ProfileSnapshot) => boolean) => waitFor(actor, check);
  return { actor, calls, emitted, reportFailure, settled };
}

function badRequest(message: string) {
  return new ApiError(message, { kind: 'http', status: 400, serverMessage: message });
}

describe('profileMachine general information', () => {
  it('starts with every panel idle and no errors', () => {
    const { actor } = startProfile();
    expect(actor.getSnapshot().value).toEqual({ general: 'idle', password: 'idle', avatar: 'idle' });
    expect(selectGeneralError(actor.getSnapshot())).toBeNull();
    expect(selectPasswordError(actor.getSnapshot())).toBeNull();
  });

  it('saves the names, hands the new user over and shows the success toast', async () => {
    const { actor, calls, emitted, settled } = startProfile();
    actor.send({ type: 'general.submit', values: { first_name: 'Ada', last_name: 'Byron' } });
    expect(selectIsSavingGeneral(actor.getSnapshot())).toBe(true);
    expect(calls.saveProfile[0]?.input).toEqual({ first_name: 'Ada', last_name: 'Byron' });
    calls.saveProfile[0]?.answer.resolve({ ...ADA, last_name: 'Byron' });
    await settled((snapshot) => !selectIsSavingGeneral(snapshot));
    expect(emitted).toEqual([
      { type: 'userUpdated', user: { ...ADA, last_name: 'Byron' } },
      { type: 'notify', level: 'success', message: 'Profile information updated' },
    ]);
  });

  it('ignores a second submit while saving', () => {
    const { actor, calls } = startProfile();
    actor.send({ type: 'general.submit', values: { first_name: 'A', last_name: 'B' } });
    actor.send({ type: 'general.submit', values: { first_name: 'C', last_name: 'D' } });
    expect(calls.saveProfile).toHaveLength(1);
  });

  it('shows the server message under the form when the save fails, and clears it on the next try', async () => {
    const { actor, calls, emitted, reportFailure, settled } = startProfile();
    actor.send({ type: 'general.submit', values: { first_name: ' ', last_name: 'B' } });
    calls.saveProfile[0]?.answer.reject(badRequest('first_name: Required'));
    await settled((snapshot) => !selectIsSavingGeneral(snapshot));
    expect(selectGeneralError(actor.getSnapshot())).toBe('first_name: Required');
    expect(reportFailure).toHaveBeenCalledTimes(1);
    expect(emitted).toEqual([]);
    actor.send({ type: 'general.submit', values: { first_name: 'A', last_name: 'B' } });
    expect(selectGeneralError(actor.getSnapshot())).toBeNull();
  });
});

describe('profileMachine password', () => {
  it('changes the password, shows the toast and asks the screen to clear the fields', async () => {
    const { actor, calls, emitted, settled } = startProfile();
    actor.send({ type: 'password.submit', values: PASSWORDS });
    expect(selectIsSavingPassword(actor.getSnapshot())).toBe(true);
    expect(calls.savePassword[0]?.input).toEqual(PASSWORDS);
    calls.savePassword[0]?.answer.resolve({ message: 'Password updated' });
    await settled((snapshot) => !selectIsSavingPassword(snapshot));
    expect(emitted).toEqual([
      { type: 'passwordChanged' },
      { type: 'notify', level: 'success', message: PROFILE_MESSAGES.passwordUpdated },
    ]);
    expect(selectPasswordError(actor.getSnapshot())).toBeNull();
  });

  it('shows the server message (a wrong current password) under the form', async () => {
    const { actor, calls, emitted, settled } = startProfile();
    actor.send({ type: 'password.submit', values: PASSWORDS });
    calls.savePassword[0]?.answer.reject(badRequest('Current password is incorrect'));
    await settled((snapshot) => !selectIsSavingPassword(snapshot));
    expect(selectPasswordError(actor.getSnapshot())).toBe('Current password is incorrect');
    expect(emitted).toEqual([]);
  });

  it('falls back to the error text when the failure carries no server message', async () => {
    const { actor, calls, settled } = startProfile();
    actor.send({ type: 'password.submit', values: PASSWORDS });
    calls.savePassword[0]?.answer.reject(new ApiError('Could not reach the server', { kind: 'network' }));
    await settled((snapshot) => !selectIsSavingPassword(snapshot));
    expect(selectPasswordError(actor.getSnapshot())).toBe('Could not reach the server');
  });

  it('lets the password and the names save at the same time', () => {
    const { actor } = startProfile();
    actor.send({ type: 'general.submit', values: { first_name: 'A', last_name: 'B' } });
    actor.send({ type: 'password.submit', values: PASSWORDS });
    actor.send({ type: 'avatar.upload', file: new Blob(['x']) });
    expect(actor.getSnapshot().value).toEqual({ general: 'saving', password: 'saving', avatar: 'uploading' });
  });
});

describe('profileMachine avatar', () => {
  it('uploads the chosen file and reports success', async () => {
    const { actor, calls, emitted, settled } = startProfile();
    const file = new Blob(['png'], { type: 'image/png' });
    actor.send({ type: 'avatar.upload', file });
    expect(selectIsAvatarBusy(actor.getSnapshot())).toBe(true);
    expect(calls.sendAvatar[0]?.input.file).toBe(file);
    actor.send({ type: 'avatar.delete' });
    expect(actor.getSnapshot().matches({ avatar: 'uploading' })).toBe(true);
    calls.sendAvatar[0]?.answer.resolve(WITH_AVATAR);
    await settled((snapshot) => !selectIsAvatarBusy(snapshot));
    expect(emitted).toEqual([
      { type: 'userUpdated', user: WITH_AVATAR },
      { type: 'notify', level: 'success', message: 'Avatar uploaded successfully!' },
    ]);
  });

  it('reports a failed upload with the error toast only', async () => {
    const { actor, calls, emitted, reportFailure, settled } = startProfile();
    actor.send({ type: 'avatar.upload', file: new Blob(['svg']) });
    calls.sendAvatar[0]?.answer.reject(new ApiError('Unsupported', { kind: 'http', status: 415 }));
    await settled((snapshot) => !selectIsAvatarBusy(snapshot));
    expect(emitted).toEqual([{ type: 'notify', level: 'error', message: 'Avatar upload failed!' }]);
    expect(reportFailure).toHaveBeenCalledTimes(1);
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
    const { actor, calls, emitted, settled } = startProfile();
    actor.send({ type: 'avatar.delete' });
    actor.send({ type: 'avatar.confirmDelete' });
    expect(selectIsDeletingAvatar(actor.getSnapshot())).toBe(true);
    expect(selectIsDeleteDialogOpen(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'avatar.cancelDelete' });
    expect(selectIsDeletingAvatar(actor.getSnapshot())).toBe(true);
    calls.removeAvatar[0]?.resolve(ADA);
    await settled((snapshot) => !selectIsDeleteDialogOpen(snapshot));
    expect(emitted).toEqual([
      { type: 'userUpdated', user: ADA },
      { type: 'notify', level: 'success', message: 'Avatar deleted successfully!' },
    ]);
  });

  it('reports a failed delete with the error toast only', async () => {
    const { actor, calls, emitted, settled } = startProfile();
    actor.send({ type: 'avatar.delete' });
    actor.send({ type: 'avatar.confirmDelete' });
    calls.removeAvatar[0]?.reject(new Error('boom'));
    await settled((snapshot) => !selectIsDeleteDialogOpen(snapshot));
    expect(emitted).toEqual([{ type: 'notify', level: 'error', message: 'Could not delete avatar!' }]);
  });
});
