/**
 * profileMachine's generated paths through the real profile screen (issue 17; spec §2 "Profile
 * screens", §4 "Form field states", §5 Profile / Password change / Avatar, §8 toasts).
 *
 * The signed-in user is the model's Ada: the session's profile call is answered with her (so the
 * names form starts with her names, as the model's input says), with an avatar, since the screen
 * offers Delete only for a user who has one (the machine does not know the avatar). Every call of the
 * screen is held and answered by the step that settles it: the names save, the password change, the
 * upload (the model's file, chosen in the file input) and the delete, with the model's user as the
 * contract's JSON, or its error's status and the server's message (no answer for a network failure).
 * A user a call answers goes to the session, so from then on the screen shows that user: their
 * name, their avatar, and Delete only when they have one.
 *
 * Each region's state shows: each form's values, every field neutral, valid (its mark) or in error
 * (its message; spec §4), 'Save all' enabled only while idle and valid (spec §5), the message under a
 * form after a failed save; the avatar column's user and buttons (both disabled while uploading or
 * deleting); the delete dialog while asking and while deleting (then with both buttons disabled);
 * and each outcome's toast (spec §8, with the server's reason).
 *
 * Typing sets a field's value the way typing does without moving the focus (a focus change would be
 * a blur the path does not contain). A valid form is submitted with its 'Save all'; an invalid one,
 * whose 'Save all' is disabled, with Enter in its first field, which then leaves the field: a blur
 * after a submit that has just marked every field touched, so it shows nothing new (`incidental`).
 *
 * Playwright's clock stands still: a call held over several steps would otherwise meet the client's
 * own timeout (ten seconds) and fail by itself. The delete dialog leaving the page and a toast
 * making room for the next run on animation frames, waited for by running the clock a frame at a
 * time; the dialogs' CSS animations are turned off, since a frame run after one has ended in real
 * time would leave the dialog waiting for its end.
 *
 * Two things the screen allows only once or only sometimes, which the machine does not know: names
 * kept from before a sign-out are offered back once, when the screen opens (a path's restore is
 * that offer, its draft stored before the screen opens), and Delete is offered only for a user with
 * an avatar. No generated path restores twice or deletes after an answer that left the user without
 * an avatar (a saved name, a deleted avatar); one that did would fail at its click.
 */
import { expect, test } from '../fixtures';
import type { Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import { ApiError } from '@/api/client';
import type { ProfileUser } from '@/api/schemas/auth';
import { failureText } from '@/machines/failure-text';
import type { GeneralField, PasswordField } from '@/machines/profile-form';
import {
  DELETE_AVATAR_QUESTION,
  PROFILE_MESSAGES,
  selectCanSaveGeneral,
  selectCanSavePassword,
  selectGeneralField,
  selectPasswordField,
} from '@/machines/profile.machine';
import type { ProfileSnapshot } from '@/machines/profile.machine';
import { OVERLAY_LINGER } from '@/machines/session.machine';
import type { FieldView } from '@/machines/form-fields';
import { paths } from '@/routes/paths';
import { formDraftKey } from '@/ui/form-draft';
import profileModel from '../../model/models/profile.model';
import type { ModelEvent } from '../../model/harness';
import { signInAsAdmin } from './admin-session';
import { LEAN_TRACE } from './auth-ui';
import { answerForError, coveringPaths, describeUiModel, expectToast, expectWithFrames } from './ui-model';
import type { UiGesture, UiModel, UiRun } from './ui-model';

type ProfileMachine = typeof profileModel.machine;
type Run = UiRun<ProfileMachine>;
type ProfileEvent = ModelEvent<ProfileMachine>;

const ada = profileModel.inputs?.Ada?.user;
const withAvatar = profileModel.outcomes?.sendAvatar?.done?.[0];
if (!ada || !withAvatar?.avatar)
  throw new Error("the profile model has no 'Ada' input or no uploaded avatar");
/** The model's user with an avatar, so the screen offers Delete. */
const SIGNED_IN: ProfileUser = { ...ada, avatar: withAvatar.avatar };

/** Installed by the replay (time flows); `start` stops it a minute later, before the app loads. */
const NOW = Date.parse('2025-01-03T12:00:00Z');
const ACCOUNT = '**/api/backoffice/account';
/** The held calls of the screen, by the name `HeldRequests` knows them under. */
const CALLS = {
  saveProfile: { url: `${ACCOUNT}/profile`, method: 'PUT' },
  savePassword: { url: `${ACCOUNT}/password`, method: 'PUT' },
  upload: { url: `${ACCOUNT}/upload/avatar`, method: 'PUT' },
  delete: { url: `${ACCOUNT}/upload/avatar`, method: 'DELETE' },
} as const;
type Call = keyof typeof CALLS;

/** `xstate.done.actor.<id>` and `xstate.error.actor.<id>` of the actor invoked by a state. */
function outcomesOf(stateId: string): { done: string; error: string } {
  const invoke = profileModel.machine.getStateNodeById(stateId).invoke[0];
  if (!invoke) throw new Error(`#${stateId} invokes no actor`);
  return { done: `xstate.done.actor.${invoke.id}`, error: `xstate.error.actor.${invoke.id}` };
}

const SAVE_PROFILE = outcomesOf('profile.general.saving');
const SAVE_PASSWORD = outcomesOf('profile.password.saving');
const UPLOAD = outcomesOf('profile.avatar.uploading');
const DELETE = outcomesOf('profile.avatar.deleting');
/** The outcomes that hand a new user to the session. */
const USER_ANSWERS = new Set([SAVE_PROFILE.done, UPLOAD.done, DELETE.done]);

const GENERAL_LABELS: Record<GeneralField, string> = { first_name: 'First name', last_name: 'Last name' };
const PASSWORD_LABELS: Record<PasswordField, string> = {
  old_password: 'Current password',
  new_password: 'New password',
  confirm_password: 'Confirm password',
};

/** The user the screen shows at the run's step: the signed-in one, then each user a call answered. */
function userAt(run: Run): ProfileUser {
  let user = SIGNED_IN;
  for (const { event } of run.path.steps.slice(0, run.step + 1)) {
    if (USER_ANSWERS.has(event.type)) user = (event as { output: ProfileUser }).output;
  }
  return user;
}

function snapshotBefore(run: Run): ProfileSnapshot {
  const step = run.path.steps[run.step - 1];
  if (!step) throw new Error(`step ${run.step} has no step before it`);
  return step.state;
}

/**
 * The error the app's client makes of `answerForError(error)`: an ApiError fixture itself; for an
 * error no call can throw (the model's plain 'Failed to fetch'), the server error carrying its text.
 */
function clientError(error: unknown): unknown {
  if (error instanceof ApiError) return error;
  const message = error instanceof Error ? error.message : String(error);
  return new ApiError(message, { kind: 'http', status: 500, serverMessage: message });
}

/** Waits until `call` has exactly `count` held requests (they arrive asynchronously). */
async function expectHeld(run: Run, call: Call, count: number): Promise<void> {
  await expect.poll(() => run.held.count(call), `held ${call} requests`).toBe(count);
}

/** Answers `call` with the step's outcome (fixture output or error), then looks for its toast. */
function answering(call: Call, toast: (event: ProfileEvent) => string | null): UiGesture<ProfileMachine> {
  return async ({ page, held }, event) => {
    if ('output' in event) await held.answer(call, { json: event.output });
    else if ('error' in event) await held.answer(call, answerForError(event.error));
    else throw new Error(`${event.type} is not an actor outcome`);
    const message = toast(event);
    if (message !== null) await expectToast(page, message);
  };
}

function errorToast(lead: string): (event: ProfileEvent) => string {
  return (event) => failureText(lead, clientError((event as { error: unknown }).error));
}

// The open delete dialog hides the rest of the page from assistive technology: the forms and the
// avatar column are found all the same, by their landmarks.
function generalForm(page: Page): Locator {
  return page.getByRole('form', { name: 'General information', includeHidden: true });
}

function passwordForm(page: Page): Locator {
  return page.getByRole('form', { name: 'Password information', includeHidden: true });
}

function avatarColumn(page: Page): Locator {
  return page.getByRole('region', { name: 'Avatar', includeHidden: true });
}

function deleteDialog(page: Page): Locator {
  return page.getByRole('alertdialog', { name: 'Delete avatar' });
}

/**
 * Sets an input's value the way typing does, without moving the focus: the element's own value
 * setter plus the input event React listens to.
 */
async function setWithoutFocus(field: Locator, value: string): Promise<void> {
  await field.evaluate((element, text) => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(element, text);
    element.dispatchEvent(new Event('input', { bubbles: true }));
  }, value);
}

/** Focuses and leaves a field. */
async function leave(field: Locator): Promise<void> {
  await field.focus();
  await field.blur();
}

/**
 * Submits a form: its 'Save all' when the form is valid; else Enter in `first` (the button is
 * disabled), whose focus then leaves it (see the module comment).
 */
async function submit(form: Locator, first: Locator, valid: boolean): Promise<void> {
  if (valid) {
    await form.getByRole('button', { name: 'Save all' }).click();
    return;
  }
  await first.press('Enter');
  await first.blur();
}

/** A field as the screen shows it: its value, whether it is marked invalid or valid, its message. */
interface FieldShown {
  value: string;
  invalid: boolean;
  valid: boolean;
  error: string | null;
}

/** A form as the screen shows it: its fields by label, whether 'Save all' is enabled, the message under it. */
interface FormShown {
  fields: Record<string, FieldShown>;
  canSave: boolean;
  failure: string | null;
}

/** Reads a form (one read, so a failed check shows the whole form). */
async function readForm(form: Locator): Promise<FormShown> {
  return form.evaluate((element) => {
    const save = element.querySelector('button[type="submit"]');
    const fields = [...element.querySelectorAll('[role="group"]')].map((group) => {
      const field = group.querySelector('input');
      const shown = {
        value: field?.value ?? '',
        invalid: field?.getAttribute('aria-invalid') === 'true',
        valid: group.querySelector('[aria-label="Valid"]') !== null,
        error: group.querySelector('[data-part="error-text"]')?.textContent ?? null,
      };
      return [group.querySelector('label')?.textContent ?? '', shown] as const;
    });
    return {
      fields: Object.fromEntries(fields),
      canSave: save instanceof HTMLButtonElement && !save.disabled,
      failure: element.querySelector('[role="alert"]')?.textContent ?? null,
    };
  });
}

/** What a form shows for the model's values, field views (spec §4), Save state and failure. */
function formShown<F extends string>(
  labels: Record<F, string>,
  values: Record<F, string>,
  view: (field: F) => FieldView,
  canSave: boolean,
  failure: string | null,
): FormShown {
  const fields = (Object.keys(labels) as F[]).map((field) => {
    const { state, error } = view(field);
    return [
      labels[field],
      { value: values[field], invalid: state === 'error', valid: state === 'valid', error },
    ];
  });
  return { fields: Object.fromEntries(fields), canSave, failure };
}

async function expectGeneralForm(page: Page, snapshot: ProfileSnapshot): Promise<void> {
  const { values } = snapshot.context.general;
  const view = (field: GeneralField) => selectGeneralField(snapshot, field);
  const failure = snapshot.context.generalError;
  await expect
    .poll(() => readForm(generalForm(page)), 'the names form')
    .toEqual(formShown(GENERAL_LABELS, values, view, selectCanSaveGeneral(snapshot), failure));
}

async function expectPasswordForm(page: Page, snapshot: ProfileSnapshot): Promise<void> {
  const { values } = snapshot.context.password;
  const view = (field: PasswordField) => selectPasswordField(snapshot, field);
  const failure = snapshot.context.passwordError;
  await expect
    .poll(() => readForm(passwordForm(page)), 'the password form')
    .toEqual(formShown(PASSWORD_LABELS, values, view, selectCanSavePassword(snapshot), failure));
}

/** The avatar column as the screen shows it: the name, the avatar's text, the buttons. */
async function readAvatarColumn(page: Page) {
  return avatarColumn(page).evaluate((column) => ({
    name: column.querySelector('[data-testid="profile-name"]')?.textContent ?? null,
    avatar: column.querySelector('img')?.getAttribute('alt') ?? null,
    buttons: [...column.querySelectorAll('button')].map(
      (button) => `${button.textContent ?? ''}${button.disabled ? ' (disabled)' : ''}`,
    ),
  }));
}

/**
 * The avatar column shows the user of this step (name, avatar or initials), Upload, and Delete for a
 * user with an avatar; both disabled while `busy`.
 */
async function expectAvatarColumn(run: Run, busy: boolean): Promise<void> {
  const user = userAt(run);
  const name = `${user.first_name} ${user.last_name}`;
  const disabled = (off: boolean) => (off ? ' (disabled)' : '');
  await expect
    .poll(() => readAvatarColumn(run.page), 'the avatar column')
    .toEqual({
      name,
      avatar: user.avatar ? `Avatar of ${name}` : null,
      buttons: [`Upload avatar${disabled(busy)}`, `Delete${disabled(busy || user.avatar === null)}`],
    });
}

/** The delete dialog as the screen shows it, or null when closed. */
async function readDeleteDialog(page: Page) {
  const dialogs = await page.locator('[role="alertdialog"]').evaluateAll((found) =>
    found.map((dialog) => ({
      title: dialog.querySelector('[data-part="title"]')?.textContent ?? null,
      question: dialog.querySelector('p')?.textContent ?? null,
      buttons: [...dialog.querySelectorAll('button')].map(
        (button) => `${button.textContent ?? ''}${button.disabled ? ' (disabled)' : ''}`,
      ),
    })),
  );
  return dialogs[0] ?? null;
}

/** The delete dialog asks the spec's question; while deleting, neither button can be pressed. */
async function expectDeleteDialog(page: Page, deleting: boolean): Promise<void> {
  const disabled = deleting ? ' (disabled)' : '';
  await expect
    .poll(() => readDeleteDialog(page), 'the delete dialog')
    .toEqual({
      title: 'Delete avatar',
      question: DELETE_AVATAR_QUESTION,
      buttons: [`Cancel${disabled}`, `Delete${disabled}`],
    });
}

const profileUi: UiModel<ProfileMachine> = {
  model: profileModel,
  clock: NOW,
  // See the module comment: Enter in an invalid form's first field, then its focus leaves it.
  incidental: ['general.blur', 'password.blur'],
  start: async ({ page, held, path }) => {
    await signInAsAdmin(page);
    const restore = path.steps.find(({ event }) => event.type === 'general.restore')?.event;
    if (restore?.type === 'general.restore') {
      const key = formDraftKey(SIGNED_IN.id, paths.profile);
      await page.addInitScript(([name, draft]) => sessionStorage.setItem(name, draft), [
        key,
        JSON.stringify(restore.values),
      ] as const);
    }
    await page.route(`${ACCOUNT}/profile`, async (route) => {
      if (route.request().method() !== 'GET') await route.fallback();
      else await route.fulfill({ json: SIGNED_IN });
    });
    const image = await sharp({
      create: { width: 36, height: 36, channels: 3, background: { r: 15, g: 118, b: 110 } },
    })
      .png()
      .toBuffer();
    await page.route('**/uploads/avatars/**', (route) =>
      route.fulfill({ body: image, headers: { 'Content-Type': 'image/png' } }),
    );
    for (const [name, { url, method }] of Object.entries(CALLS)) await held.hold(name, url, method);
    await page.clock.pauseAt(NOW + 60_000);
    await page.goto(paths.profile);
    await page.addStyleTag({ content: '[data-scope="dialog"] { animation: none !important; }' });
    // The session's overlay lingers for its time once the screen is drawn under it.
    await expect(generalForm(page)).toBeVisible();
    await page.clock.runFor(OVERLAY_LINGER);
    await expect(page.getByRole('status', { name: 'Loading your session' })).toBeHidden();
  },
  events: {
    'general.change': async ({ page }, event) => {
      if (event.type !== 'general.change') throw new Error(`not a names change: ${event.type}`);
      await setWithoutFocus(
        generalForm(page).getByLabel(GENERAL_LABELS[event.field], { exact: true }),
        event.value,
      );
    },
    'general.blur': async ({ page }, event) => {
      if (event.type !== 'general.blur') throw new Error(`not a names field left: ${event.type}`);
      await leave(generalForm(page).getByLabel(GENERAL_LABELS[event.field], { exact: true }));
    },
    'general.restore': async ({ page }) => {
      // The offer of names kept from before a sign-out, above the names form.
      const panel = page.getByRole('region', { name: 'General information' });
      await panel.getByRole('button', { name: 'Restore' }).click();
      await expect(panel.getByText('Unsaved changes were kept')).toHaveCount(0);
    },
    'general.submit': async (run) => {
      const before = snapshotBefore(run);
      const valid = Object.keys(before.context.general.errors).length === 0;
      const form = generalForm(run.page);
      await submit(form, form.getByLabel(GENERAL_LABELS.first_name, { exact: true }), valid);
      if (!valid) return;
      const { first_name, last_name } = before.context.general.values;
      const request = await run.held.peek('saveProfile');
      expect(request.postDataJSON(), 'the trimmed names').toEqual({
        first_name: first_name.trim(),
        last_name: last_name.trim(),
      });
    },
    'password.change': async ({ page }, event) => {
      if (event.type !== 'password.change') throw new Error(`not a password change: ${event.type}`);
      await setWithoutFocus(
        passwordForm(page).getByLabel(PASSWORD_LABELS[event.field], { exact: true }),
        event.value,
      );
    },
    'password.blur': async ({ page }, event) => {
      if (event.type !== 'password.blur') throw new Error(`not a password field left: ${event.type}`);
      await leave(passwordForm(page).getByLabel(PASSWORD_LABELS[event.field], { exact: true }));
    },
    'password.submit': async (run) => {
      const before = snapshotBefore(run);
      const valid = Object.keys(before.context.password.errors).length === 0;
      const form = passwordForm(run.page);
      await submit(form, form.getByLabel(PASSWORD_LABELS.old_password, { exact: true }), valid);
      if (!valid) return;
      const request = await run.held.peek('savePassword');
      expect(request.postDataJSON(), 'the three fields as typed').toEqual(before.context.password.values);
    },
    'avatar.upload': async ({ page, held }, event) => {
      if (event.type !== 'avatar.upload') throw new Error(`not an upload: ${event.type}`);
      const buffer = Buffer.from(await event.file.arrayBuffer());
      await page
        .getByTestId('avatar-file')
        .setInputFiles({ name: 'avatar.png', mimeType: event.file.type, buffer });
      const sent = (await held.peek('upload')).postDataBuffer();
      expect(sent?.includes(buffer), 'the chosen file is sent').toBe(true);
    },
    'avatar.delete': async ({ page }) => {
      await avatarColumn(page).getByRole('button', { name: 'Delete' }).click();
    },
    'avatar.cancelDelete': async ({ page }) => {
      await deleteDialog(page).getByRole('button', { name: 'Cancel' }).click();
    },
    'avatar.confirmDelete': async ({ page }) => {
      await deleteDialog(page).getByRole('button', { name: 'Delete' }).click();
    },
    [SAVE_PROFILE.done]: answering('saveProfile', () => PROFILE_MESSAGES.profileUpdated),
    // The message shows under the form (asserted with the state), not as a toast.
    [SAVE_PROFILE.error]: answering('saveProfile', () => null),
    [SAVE_PASSWORD.done]: answering('savePassword', () => PROFILE_MESSAGES.passwordUpdated),
    [SAVE_PASSWORD.error]: answering('savePassword', () => null),
    [UPLOAD.done]: answering('upload', () => PROFILE_MESSAGES.avatarUploaded),
    [UPLOAD.error]: answering('upload', errorToast(PROFILE_MESSAGES.avatarUploadFailed)),
    [DELETE.done]: answering('delete', () => PROFILE_MESSAGES.avatarDeleted),
    [DELETE.error]: answering('delete', errorToast(PROFILE_MESSAGES.avatarDeleteFailed)),
  },
  states: {
    'profile.general.idle': async (run, snapshot) => {
      await expectHeld(run, 'saveProfile', 0);
      await expectGeneralForm(run.page, snapshot);
    },
    'profile.general.saving': async (run, snapshot) => {
      await expectHeld(run, 'saveProfile', 1);
      await expectGeneralForm(run.page, snapshot);
    },
    'profile.password.idle': async (run, snapshot) => {
      await expectHeld(run, 'savePassword', 0);
      await expectPasswordForm(run.page, snapshot);
    },
    'profile.password.saving': async (run, snapshot) => {
      await expectHeld(run, 'savePassword', 1);
      await expectPasswordForm(run.page, snapshot);
    },
    'profile.avatar.idle': async (run) => {
      await expectHeld(run, 'upload', 0);
      await expectHeld(run, 'delete', 0);
      await expectAvatarColumn(run, false);
      await expectWithFrames(run.page, () => readDeleteDialog(run.page), null, 'the delete dialog is closed');
    },
    'profile.avatar.uploading': async (run) => {
      await expectHeld(run, 'upload', 1);
      await expectAvatarColumn(run, true);
    },
    'profile.avatar.confirmingDelete': async (run) => {
      await expectDeleteDialog(run.page, false);
      expect(run.held.count('delete'), 'nothing is deleted before the confirmation').toBe(0);
    },
    'profile.avatar.deleting': async (run) => {
      await expectHeld(run, 'delete', 1);
      await expectDeleteDialog(run.page, true);
      await expectAvatarColumn(run, true);
    },
  },
};

test.use({ trace: LEAN_TRACE });

describeUiModel(profileUi, await coveringPaths(profileModel));
