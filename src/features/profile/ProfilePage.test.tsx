// @vitest-environment jsdom
/**
 * The profile screen (spec §2 "Profile screens", §4 "Form field states", §5 Profile / Password change
 * / Avatar) in each state of profileMachine's three regions: each form's values, every field neutral,
 * valid (its mark) or in error (its message), 'Save all' enabled only while idle and valid, the
 * message under a form after a failed save; the avatar column's user and buttons (both disabled while
 * uploading or deleting); the delete dialog while asking and while deleting (then both its buttons
 * disabled). The gestures test sends every screen event from its control.
 */
import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { ProfileUser } from '@/api/schemas/auth';
import type { FieldView } from '@/machines/form-fields';
import type { GeneralField, PasswordField } from '@/machines/profile-form';
import {
  DELETE_AVATAR_QUESTION,
  profileMachine,
  selectCanSaveGeneral,
  selectCanSavePassword,
  selectGeneralField,
  selectPasswordField,
} from '@/machines/profile.machine';
import type { ProfileEvent, ProfileSessionRef, ProfileSnapshot } from '@/machines/profile.machine';
import { httpFailure } from '@test-support/api-errors';
import { aUser } from '@test-support/builders';
import { recordingReceiver, answerWith } from '@test-support/fake-actors';
import {
  describeScreenStates,
  givenActor,
  renderScreen,
  settleSession,
  signedInSession,
} from '@test-support/screen';
import { ProfilePage } from './ProfilePage';

vi.mock('@/routes/screen-actor', async (original) =>
  (await import('@test-support/given-actors')).screenActorWithGiven(await original()),
);

const ADA: ProfileUser = aUser({
  avatar: { original: '/uploads/avatars/ada.png', thumbnails: { thumb_36: '/uploads/avatars/ada-36.png' } },
});

/** What the screen's calls answer: an answer, a failure (an Error), or nothing yet (undefined). */
interface Calls {
  saveProfile?: ProfileUser | Error;
  savePassword?: unknown;
  sendAvatar?: ProfileUser | Error;
  removeAvatar?: ProfileUser | Error;
}

/**
 * The profile screen of ADA (signed in, with an avatar) rendered once its actor, whose calls answer
 * `calls`, has taken `events` and then matches `state`.
 */
async function profileAfter(
  calls: Calls,
  events: ProfileEvent[],
  state: (snapshot: ProfileSnapshot) => boolean = () => true,
) {
  const session = createActor(recordingReceiver().logic).start() as unknown as ProfileSessionRef;
  const given = givenActor(
    profileMachine.provide({
      actors: {
        saveProfile: fromPromise(() => answerWith(calls.saveProfile)),
        savePassword: fromPromise(() => answerWith(calls.savePassword)),
        sendAvatar: fromPromise(() => answerWith(calls.sendAvatar)),
        removeAvatar: fromPromise(() => answerWith(calls.removeAvatar)),
      },
      actions: { reportFailure: () => {} },
    }),
    { input: { session, user: ADA } },
  );
  for (const event of events) given.actor.send(event);
  await waitFor(given.actor, state);
  renderScreen(<ProfilePage />, { session: signedInSession(ADA) });
  await settleSession();
  // A dialog opens on the next frames.
  await act(() => new Promise<void>((resolve) => requestAnimationFrame(() => resolve())));
  return given;
}

const GENERAL_LABELS: Record<GeneralField, string> = { first_name: 'First name', last_name: 'Last name' };
const PASSWORD_LABELS: Record<PasswordField, string> = {
  old_password: 'Current password',
  new_password: 'New password',
  confirm_password: 'Confirm password',
};

// An open dialog hides the rest of the page from assistive technology, not from these reads.
const generalForm = () => screen.getByRole('form', { name: 'General information', hidden: true });
const passwordForm = () => screen.getByRole('form', { name: 'Password information', hidden: true });
const avatarColumn = () => screen.getByRole('region', { name: 'Avatar', hidden: true });

/** A form as the screen shows it: each field's value, marks and message, Save all, the message under it. */
function readForm(form: HTMLElement) {
  const save = form.querySelector('button[type="submit"]');
  const fields = [...form.querySelectorAll('[role="group"]')].map((group) => {
    const field = group.querySelector('input');
    return [
      group.querySelector('label')?.textContent ?? '',
      {
        value: field?.value ?? '',
        invalid: field?.getAttribute('aria-invalid') === 'true',
        valid: group.querySelector('[aria-label="Valid"]') !== null,
        error: group.querySelector('[data-part="error-text"]')?.textContent ?? null,
      },
    ] as const;
  });
  return {
    fields: Object.fromEntries(fields),
    canSave: save instanceof HTMLButtonElement && !save.disabled,
    failure: form.querySelector('[role="alert"]')?.textContent ?? null,
  };
}

/** What a form shows for the model's values, field views (spec §4), Save state and failure. */
function formShown<F extends string>(
  labels: Record<F, string>,
  values: Record<F, string>,
  view: (field: F) => FieldView,
  canSave: boolean,
  failure: string | null,
) {
  const fields = (Object.keys(labels) as F[]).map((field) => {
    const { state, error } = view(field);
    return [
      labels[field],
      { value: values[field], invalid: state === 'error', valid: state === 'valid', error },
    ];
  });
  return { fields: Object.fromEntries(fields), canSave, failure };
}

function expectGeneralForm(snapshot: ProfileSnapshot): void {
  const view = (field: GeneralField) => selectGeneralField(snapshot, field);
  expect(readForm(generalForm())).toEqual(
    formShown(
      GENERAL_LABELS,
      snapshot.context.general.values,
      view,
      selectCanSaveGeneral(snapshot),
      snapshot.context.generalError,
    ),
  );
}

function expectPasswordForm(snapshot: ProfileSnapshot): void {
  const view = (field: PasswordField) => selectPasswordField(snapshot, field);
  expect(readForm(passwordForm())).toEqual(
    formShown(
      PASSWORD_LABELS,
      snapshot.context.password.values,
      view,
      selectCanSavePassword(snapshot),
      snapshot.context.passwordError,
    ),
  );
}

/** The avatar column: the name, the avatar's text, the buttons ('(disabled)' marked). */
function readAvatarColumn() {
  const column = avatarColumn();
  return {
    name: column.querySelector('[data-testid="profile-name"]')?.textContent ?? null,
    avatar: column.querySelector('img')?.getAttribute('alt') ?? null,
    buttons: [...column.querySelectorAll('button')].map(
      (button) => `${button.textContent ?? ''}${button.disabled ? ' (disabled)' : ''}`,
    ),
  };
}

function expectAvatarColumn(busy: boolean): void {
  const disabled = busy ? ' (disabled)' : '';
  expect(readAvatarColumn()).toEqual({
    name: 'Ada Lovelace',
    avatar: 'Avatar of Ada Lovelace',
    buttons: [`Upload avatar${disabled}`, `Delete${disabled}`],
  });
}

/** The delete dialog, or null when none is open. */
function readDeleteDialog() {
  const dialog = document.querySelector('[role="alertdialog"]');
  if (!dialog) return null;
  return {
    title: dialog.querySelector('[data-part="title"]')?.textContent ?? null,
    question: dialog.querySelector('p')?.textContent ?? null,
    buttons: [...dialog.querySelectorAll('button')].map(
      (button) => `${button.textContent ?? ''}${button.disabled ? ' (disabled)' : ''}`,
    ),
  };
}

function expectDeleteDialog(deleting: boolean): void {
  const disabled = deleting ? ' (disabled)' : '';
  expect(readDeleteDialog()).toEqual({
    title: 'Delete avatar',
    question: DELETE_AVATAR_QUESTION,
    buttons: [`Cancel${disabled}`, `Delete${disabled}`],
  });
}

const FAILURE = httpFailure(500, 'Internal Server Error');

describeScreenStates(profileMachine, {
  'profile.general.idle': async () => {
    // Untouched, then a field left empty: its message; the other untouched.
    const { actor } = await profileAfter({}, [
      { type: 'general.change', field: 'first_name', value: '' },
      { type: 'general.blur', field: 'first_name' },
    ]);
    expectGeneralForm(actor.getSnapshot());
    expect(readForm(generalForm()).fields['First name']?.error).not.toBeNull();
    expect(readForm(generalForm()).canSave).toBe(false);
  },
  'profile.general.saving': async () => {
    const { actor } = await profileAfter(
      {},
      [{ type: 'general.change', field: 'last_name', value: 'Byron' }, { type: 'general.submit' }],
      (s) => s.matches({ general: 'saving' }),
    );
    expectGeneralForm(actor.getSnapshot());
    expect(readForm(generalForm()).canSave).toBe(false);
  },
  'profile.password.idle': async () => {
    const { actor } = await profileAfter(
      { savePassword: httpFailure(400, 'Old password is incorrect') },
      [
        { type: 'password.change', field: 'old_password', value: 'Wrong123!' },
        { type: 'password.change', field: 'new_password', value: 'Secret123!' },
        { type: 'password.change', field: 'confirm_password', value: 'Secret123!' },
        { type: 'password.submit' },
      ],
      (s) => s.matches({ password: 'idle' }) && s.context.passwordError !== null,
    );
    expectPasswordForm(actor.getSnapshot());
    expect(readForm(passwordForm()).failure).toBe('Could not change the password: Old password is incorrect');
  },
  'profile.password.saving': async () => {
    const { actor } = await profileAfter(
      {},
      [
        { type: 'password.change', field: 'old_password', value: 'Admin123!' },
        { type: 'password.change', field: 'new_password', value: 'Secret123!' },
        { type: 'password.change', field: 'confirm_password', value: 'Secret123!' },
        { type: 'password.submit' },
      ],
      (s) => s.matches({ password: 'saving' }),
    );
    expectPasswordForm(actor.getSnapshot());
  },
  'profile.avatar.idle': async () => {
    await profileAfter({}, []);
    expectAvatarColumn(false);
    expect(readDeleteDialog()).toBeNull();
  },
  'profile.avatar.uploading': async () => {
    await profileAfter({}, [{ type: 'avatar.upload', file: new Blob(['png'], { type: 'image/png' }) }], (s) =>
      s.matches({ avatar: 'uploading' }),
    );
    expectAvatarColumn(true);
  },
  'profile.avatar.confirmingDelete': async () => {
    await profileAfter({}, [{ type: 'avatar.delete' }], (s) => s.matches({ avatar: 'confirmingDelete' }));
    expectDeleteDialog(false);
  },
  'profile.avatar.deleting': async () => {
    await profileAfter({}, [{ type: 'avatar.delete' }, { type: 'avatar.confirmDelete' }], (s) =>
      s.matches({ avatar: 'deleting' }),
    );
    expectDeleteDialog(true);
    expectAvatarColumn(true);
  },
});

describe('ProfilePage', () => {
  it('marks the valid fields and says why a names save failed under the form', async () => {
    const { actor } = await profileAfter(
      { saveProfile: FAILURE },
      [{ type: 'general.change', field: 'last_name', value: 'Byron' }, { type: 'general.submit' }],
      (s) => s.matches({ general: 'idle' }) && s.context.generalError !== null,
    );
    expectGeneralForm(actor.getSnapshot());
    expect(readForm(generalForm()).failure).not.toBeNull();
  });
});

describe('ProfilePage gestures', () => {
  it('sends each control’s event', async () => {
    const { sent } = await profileAfter({}, []);
    const general = within(generalForm());
    const password = within(passwordForm());
    fireEvent.change(general.getByLabelText('Last name', { exact: false }), { target: { value: 'Byron' } });
    fireEvent.blur(general.getByLabelText('Last name', { exact: false }));
    fireEvent.click(general.getByRole('button', { name: 'Save all' }));
    fireEvent.change(password.getByLabelText('Current password', { exact: false, selector: 'input' }), {
      target: { value: 'x' },
    });
    fireEvent.blur(password.getByLabelText('Current password', { exact: false, selector: 'input' }));
    fireEvent.submit(passwordForm());
    const file = new File(['png'], 'avatar.png', { type: 'image/png' });
    fireEvent.change(screen.getByTestId('avatar-file'), { target: { files: [file] } });
    expect(sent).toEqual([
      { type: 'general.change', field: 'last_name', value: 'Byron' },
      { type: 'general.blur', field: 'last_name' },
      { type: 'general.submit' },
      { type: 'password.change', field: 'old_password', value: 'x' },
      { type: 'password.blur', field: 'old_password' },
      { type: 'password.submit' },
      { type: 'avatar.upload', file },
    ]);
  });

  it('sends the delete dialog’s events', async () => {
    const { sent } = await profileAfter({}, []);
    const press = async (button: HTMLElement) => {
      await act(async () => {
        fireEvent.click(button);
        await new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
      });
    };
    await press(within(avatarColumn()).getByRole('button', { name: 'Delete' }));
    await press(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Cancel' }));
    await press(within(avatarColumn()).getByRole('button', { name: 'Delete' }));
    await press(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(sent).toEqual([
      { type: 'avatar.delete' },
      { type: 'avatar.cancelDelete' },
      { type: 'avatar.delete' },
      { type: 'avatar.confirmDelete' },
    ]);
  });
});
