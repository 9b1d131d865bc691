/**
 * Model of profileMachine (spec §2 "Profile screens", §5 Profile / Password change / Avatar, §8
 * toasts). The three panels are parallel regions; every step checks that the event moved only its own
 * panel, so saving the names never blocks an avatar upload, and that each outcome asks for what the
 * spec says: the toast text of §8 (copied here from the spec, so a drifting constant fails), the new
 * user for the top bar, the message under the form after a failed save.
 *
 * The serializer keeps the state value: the guards-free regions branch on nothing else, and the error
 * messages only matter to the checks.
 */
import { expect } from 'vitest';
import { ApiError } from '@/api/client';
import type { ProfileUser } from '@/api/schemas/auth';
import { profileMachine } from '@/machines/profile.machine';
import type { ProfileSnapshot } from '@/machines/profile.machine';
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

/** The message under a form after a failed save: the server's when it gave one. */
function shownMessage(error: unknown): string {
  if (error instanceof ApiError) return error.serverMessage ?? error.message;
  return (error as Error).message;
}

const success = (message: string) => ({ type: 'notify', level: 'success', message });
const failure = (message: string) => ({ type: 'notify', level: 'error', message });

function checkDone(step: ProfileStep, region: Region, output: unknown): void {
  const { before, after } = step;
  expect(regionValue(after, region)).toBe('idle');
  if (region === 'general') {
    expect(step.emitted).toEqual([
      { type: 'userUpdated', user: output },
      success('Profile information updated'),
    ]);
  } else if (region === 'password') {
    expect(step.emitted, 'the screen clears the password fields').toEqual([
      { type: 'passwordChanged' },
      success('Password updated'),
    ]);
  } else {
    const message =
      before !== null && regionValue(before, 'avatar') === 'deleting'
        ? 'Avatar deleted successfully!'
        : 'Avatar uploaded successfully!';
    expect(step.emitted).toEqual([{ type: 'userUpdated', user: output }, success(message)]);
  }
  expect(step.actions.filter((action) => action.type === 'reportFailure')).toEqual([]);
}

function checkError(step: ProfileStep, region: Region, error: unknown): void {
  const { before, after } = step;
  if (before === null) throw new Error('not an actor outcome');
  expect(regionValue(after, region)).toBe('idle');
  if (region === 'general') {
    expect(after.context.generalError).toBe(shownMessage(error));
    expect(step.actions).toContainEqual({
      type: 'reportFailure',
      params: { what: 'Profile save failed', error },
    });
    expect(step.emitted, 'the message shows under the form, not as a toast').toEqual([]);
  } else if (region === 'password') {
    expect(after.context.passwordError, 'e.g. a wrong current password, under the form').toBe(
      shownMessage(error),
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
    expect(step.emitted).toEqual([failure(deleting ? 'Could not delete avatar!' : 'Avatar upload failed!')]);
  }
}

function checkStep(step: ProfileStep): void {
  const { before, event, after } = step;
  if (before === null) {
    expect(after.value).toEqual({ general: 'idle', password: 'idle', avatar: 'idle' });
    expect(after.context).toEqual({ generalError: null, passwordError: null });
    expect(step.started).toEqual([]);
    return;
  }
  const region = regionOf(event.type);
  for (const other of (['general', 'password', 'avatar'] as const).filter((name) => name !== region)) {
    expect(regionValue(after, other), `${event.type} leaves the ${other} panel alone`).toBe(
      regionValue(before, other),
    );
  }
  if (region !== 'general') expect(after.context.generalError).toBe(before.context.generalError);
  if (region !== 'password') expect(after.context.passwordError).toBe(before.context.passwordError);

  if ('output' in event) {
    checkDone(step, region, event.output);
    return;
  }
  if ('error' in event) {
    checkError(step, region, event.error);
    return;
  }
  expect(step.emitted).toEqual([]);
  switch (event.type) {
    case 'general.submit':
      expect(after.matches({ general: 'saving' })).toBe(true);
      expect(after.context.generalError, 'a new attempt clears the old message').toBeNull();
      expect(step.started).toEqual([{ src: 'saveProfile', id: expect.any(String), input: event.values }]);
      break;
    case 'password.submit':
      expect(after.matches({ password: 'saving' })).toBe(true);
      expect(after.context.passwordError, 'a new attempt clears the old message').toBeNull();
      expect(step.started).toEqual([{ src: 'savePassword', id: expect.any(String), input: event.values }]);
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

export default defineModel({
  machine: profileMachine,
  events: {
    'general.submit': [{ type: 'general.submit', values: { first_name: 'Augusta', last_name: 'Lovelace' } }],
    'password.submit': [
      {
        type: 'password.submit',
        values: { old_password: 'Secret123!', new_password: 'Newer456!', confirm_password: 'Newer456!' },
      },
    ],
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
      error: [new ApiError('Payload Too Large', { kind: 'http', status: 413 })],
    },
    removeAvatar: { done: [ADA], error: [new Error('Failed to fetch')] },
  },
  stubActions: ['reportFailure'],
  serialize: (snapshot) => snapshot.value,
  check: checkStep,
});
