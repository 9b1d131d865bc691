/**
 * userFormMachine's generated paths through the real Create user and Edit user screens (issue 17
 * "Browser replay for every screen machine"; spec §2 "Create and edit user forms", §4 "Form field
 * states", §5 rules, §8 toasts, §9 defaults; issue 15: the server's reason in the toasts, 'User not
 * found', a draft kept across a sign-out).
 *
 * The create path opens /dashboard/users/create, the edit path /dashboard/users/2/edit. The user's
 * load and the save are held and answered with the model's fixtures: the user and the saved answer
 * as the contract's JSON, a failure with its status and the server's message (the fixture's
 * `serverMessage`, which its toast and field errors carry). Under the edit form the user's
 * Associated Tokens panel (its own statechart) asks for the tokens: held, never answered. The clock
 * stands still (the form has no delays; toasts then stay until they are looked at).
 *
 * Gestures: a change sets the field's value the way typing or choosing does, without moving the
 * focus (focusing one field would leave the one focused before: a `form.blur` the model's step does
 * not have); a field is left by focusing and blurring it; a valid form is sent with its button, an
 * invalid one (its button disabled, spec §5) with Enter in a text field. A kept draft is put in the
 * tab's session storage before the screen opens, under the signed-in admin and the screen, and
 * restored with the screen's Restore button. What is not a draft at all (the model's `null`) is never
 * offered by the screen, so no path restores it: it is the same transition as a real draft's restore.
 */
import { expect, test } from '../fixtures';
import type { Locator, Page } from '@playwright/test';
import { ApiError } from '@/api/client';
import { ACCESS_TOKEN_KEY } from '@/api/tokens-storage';
import { OVERLAY_LINGER } from '@/machines/session.machine';
import { USER_FORM_FIELDS } from '@/machines/userForm.machine';
import type { UserFormField, UserFormSnapshot } from '@/machines/userForm.machine';
import { defineModel } from '../../model/harness';
import userFormModel, { formErrors } from '../../model/models/userForm.model';
import { signInAsAdmin } from './admin-session';
import { LEAN_TRACE, sessionOverlay } from './auth-ui';
import { answerForError, coveringPaths, describeUiModel } from './ui-model';
import type { UiModel, UiRun } from './ui-model';

type UserFormMachine = typeof userFormModel.machine;
type Run = UiRun<UserFormMachine>;

const API = '**/api/backoffice';
const CREATE_PATH = '/dashboard/users/create';
const USERS_PATH = '/dashboard/users';
const editPath = (userId: number) => `/dashboard/users/${userId}/edit`;
/** Any instant: the form reads no date. The clock stands still a minute later, before the app loads. */
const NOW = Date.parse('2025-01-08T12:00:00Z');
const PAUSED_AT = NOW + 60_000;
/** Where the screen keeps drafts (src/ui/form-draft.ts): per signed-in user and screen. */
const DRAFT_KEY_PREFIX = 'product-feed.draft:';

/** Spec §8 toasts: the success messages as the server sends them, and the failure texts. */
const TEXT = {
  created: 'User created successful',
  updated: 'User updated successfully',
  createFailed: 'Error happened while submitting the form',
  updateFailed: 'Failed to update info',
};

/** Spec §2: the form's label of each field. */
const LABELS: Record<UserFormField, string> = {
  user_type_id: 'Role',
  status: 'Status',
  first_name: 'First name',
  last_name: 'Last name',
  email: 'Email',
  company_name: 'Company name',
  phone: 'Phone',
  mobile: 'Mobile',
  website: 'Website',
  shopify_id: 'Shopify ID',
  shopify_domain: 'Shopify domain',
  shopify_admin_api: 'Shopify admin API key',
  discount_rate: 'Discount rate (%)',
  shipping_discount_rate: 'Shipping discount rate (%)',
  password: 'Password',
};

/** The model as the screen can follow it: no restore of what is not a draft (see above). */
const model = defineModel({
  ...userFormModel,
  filterEvents: (snapshot, event) =>
    (userFormModel.filterEvents?.(snapshot, event) ?? true) &&
    (event.type !== 'form.restore' || event.values !== null),
});

const LOAD = 'xstate.done.actor.0.userForm.loading';
const LOAD_FAILED = 'xstate.error.actor.0.userForm.loading';
const SAVED = 'xstate.done.actor.0.userForm.saving';
const SAVE_FAILED = 'xstate.error.actor.0.userForm.saving';

function snapshotBefore(run: Run): UserFormSnapshot {
  const step = run.path.steps[run.step - 1];
  if (!step) throw new Error(`step ${run.step} has no step before it`);
  return step.state;
}

function form(page: Page, snapshot: UserFormSnapshot): Locator {
  return page.getByRole('form', { name: snapshot.context.mode === 'create' ? 'Create user' : 'Edit user' });
}

/** A field's label (spec §2), which a required field follows with its '*' mark. */
function labelOf(field: UserFormField): RegExp {
  return new RegExp(`^${LABELS[field].replace(/[()]/g, '\\$&')}\\*?$`);
}

/** A field's input, by its label. */
function input(page: Page, field: UserFormField): Locator {
  return page.getByRole('form').getByLabel(labelOf(field));
}

/** A field's group: its label, input, and message or hint. */
function fieldGroup(page: Page, field: UserFormField): Locator {
  return page
    .getByRole('form')
    .getByRole('group')
    .filter({ has: page.getByLabel(labelOf(field)) });
}

function submitButton(page: Page, snapshot: UserFormSnapshot): Locator {
  return form(page, snapshot).locator('button[type="submit"]');
}

/** Spec §5: the form can be sent once every rule holds (the model's table of the spec's rules). */
function isValid({ context }: UserFormSnapshot): boolean {
  return Object.keys(formErrors(context.values, context.mode)).length === 0;
}

/** Issue 15: the spec's failure text, then the server's reason. */
function failedToast(snapshot: UserFormSnapshot, error: unknown): string {
  if (!(error instanceof ApiError)) throw new Error('every failure fixture is an ApiError');
  const lead = snapshot.context.mode === 'create' ? TEXT.createFailed : TEXT.updateFailed;
  return `${lead}: ${error.serverMessage ?? error.message}`;
}

async function expectToast(page: Page, message: string): Promise<void> {
  await expect(page.getByRole('alert').filter({ hasText: message })).toBeVisible();
}

/**
 * Sets a field's value the way typing or choosing does, without moving the focus: the element's own
 * value setter plus the event React listens to (input, or change for a select).
 */
async function setWithoutFocus(field: Locator, value: string): Promise<void> {
  await field.evaluate((element, text) => {
    const prototype = Object.getPrototypeOf(element) as object;
    Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(element, text);
    element.dispatchEvent(
      new Event(element instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }),
    );
  }, value);
}

/**
 * Every field as spec §4 draws it: its value, and neutral until touched, then valid (a check mark)
 * or in error (aria-invalid and the message under it); the submit button enabled only for a valid
 * form (spec §2).
 */
async function expectForm(page: Page, snapshot: UserFormSnapshot): Promise<void> {
  const { values, touched, errors } = snapshot.context;
  let validMarks = 0;
  for (const field of USER_FORM_FIELDS) {
    const control = input(page, field);
    await expect(control, LABELS[field]).toHaveValue(values[field]);
    const group = fieldGroup(page, field);
    const message = touched[field] ? errors[field] : undefined;
    if (message === undefined) await expect(control).not.toHaveAttribute('aria-invalid', 'true');
    else {
      await expect(control).toHaveAttribute('aria-invalid', 'true');
      await expect(group.getByText(message, { exact: true })).toBeVisible();
    }
    if (touched[field] && message === undefined) validMarks += 1;
  }
  await expect(form(page, snapshot).getByRole('img', { name: 'Valid' })).toHaveCount(validMarks);
  await expect(submitButton(page, snapshot)).toBeEnabled({ enabled: isValid(snapshot) });
}

/** The JSON body the save sent, once it arrived. */
async function sentBody(run: Run): Promise<Record<string, unknown>> {
  return (await run.held.peek('save')).postDataJSON() as Record<string, unknown>;
}

const userFormUi: UiModel<UserFormMachine> = {
  model,
  clock: NOW,
  start: async ({ page, held, path }) => {
    const userId = path.input?.mode === 'edit' ? path.input.userId : null;
    await page.clock.pauseAt(PAUSED_AT);
    await signInAsAdmin(page);
    if (userId === null) {
      await held.hold('save', `${API}/users/create`, 'POST');
    } else {
      await held.hold('user', `${API}/users/${userId}`, 'GET');
      await held.hold('save', `${API}/users/${userId}`, 'PUT');
      await held.hold('tokens', `${API}/users/${userId}/tokens`, 'GET');
    }
    const restore = path.steps.find((step) => step.event.type === 'form.restore')?.event;
    if (restore?.type === 'form.restore') {
      // Kept by an earlier visit of this screen: the signed-in admin (the access token's subject).
      await page.addInitScript(
        ([tokenKey, prefix, screen, draft]) => {
          const token = localStorage.getItem(tokenKey) ?? '';
          const payload = token.split('.')[1]?.replace(/-/g, '+').replace(/_/g, '/') ?? '';
          const { sub } = JSON.parse(atob(payload)) as { sub: string };
          sessionStorage.setItem(`${prefix}${sub}:${screen}`, JSON.stringify(draft));
        },
        [ACCESS_TOKEN_KEY, DRAFT_KEY_PREFIX, CREATE_PATH, restore.values] as const,
      );
    }
    await page.goto(userId === null ? CREATE_PATH : editPath(userId));
    // The screen starts once the session has loaded; the session's overlay then lingers (spec §9)
    // on the stopped clock until it is run by that much.
    if (userId === null) await expect(page.locator('form[aria-label="Create user"]')).toHaveCount(1);
    else await held.peek('user');
    await page.clock.runFor(OVERLAY_LINGER);
    await expect(sessionOverlay(page)).toBeHidden();
  },
  events: {
    'form.change': async ({ page }, event) => {
      if (event.type !== 'form.change') throw new Error(`not a change: ${event.type}`);
      await setWithoutFocus(input(page, event.field), event.value);
    },
    'form.blur': async ({ page }, event) => {
      if (event.type !== 'form.blur') throw new Error(`not a field left: ${event.type}`);
      await input(page, event.field).focus();
      await input(page, event.field).blur();
    },
    'form.submit': async (run) => {
      const before = snapshotBefore(run);
      if (isValid(before)) await submitButton(run.page, before).click();
      else await input(run.page, 'first_name').press('Enter');
    },
    'form.restore': async ({ page }) => {
      await expect(page.getByText('Unsaved changes were kept')).toBeVisible();
      await page.getByRole('button', { name: 'Restore', exact: true }).click();
    },
    [LOAD]: async ({ held }, event) => {
      await held.answer('user', { json: (event as { output: unknown }).output });
    },
    [LOAD_FAILED]: async ({ held }, event) => {
      await held.answer('user', answerForError((event as { error: unknown }).error));
    },
    [SAVED]: async ({ held }, event) => {
      await held.answer('save', { json: (event as { output: unknown }).output });
    },
    [SAVE_FAILED]: async ({ held }, event) => {
      await held.answer('save', answerForError((event as { error: unknown }).error));
    },
  },
  states: {
    'userForm.starting': () => {
      throw new Error('#userForm.starting is left at once: no step can rest there');
    },
    'userForm.loading': async ({ page, held }) => {
      await expect(page.getByLabel('Loading user')).toBeVisible();
      await expect(page.getByRole('form')).toHaveCount(0);
      await expect.poll(() => held.count('user'), 'the user is being fetched').toBe(1);
    },
    'userForm.loadFailed': async (run) => {
      // Issue 15: 'User not found' (or why the user could not be loaded) and nothing else of the
      // user (no form, no tokens panel).
      const { event } = run.path.steps[run.step] ?? {};
      const status =
        event?.type === LOAD_FAILED && event.error instanceof ApiError ? event.error.status : null;
      const text = status === 404 ? 'User not found' : 'Failed to load the user: Internal Server Error';
      const { page } = run;
      await expect(page.getByRole('alert').filter({ hasText: text })).toHaveText(text);
      await expect(page.getByRole('form')).toHaveCount(0);
      await expect(page.getByLabel('Loading user')).toHaveCount(0);
    },
    'userForm.editing': async (run, snapshot) => {
      const { page } = run;
      const { event } = run.path.steps[run.step] ?? {};
      // Toasts first: what the step into editing said.
      if (event?.type === SAVED) await expectToast(page, TEXT.updated);
      if (event?.type === SAVE_FAILED) await expectToast(page, failedToast(snapshot, event.error));
      if (event?.type === 'form.restore')
        await expect(page.getByText('Unsaved changes were kept')).toHaveCount(0);
      await expectForm(page, snapshot);
      if (snapshot.context.mode === 'edit') {
        await expect.poll(() => run.held.count('tokens'), "the user's tokens are being fetched").toBe(1);
      }
    },
    'userForm.saving': async (run, snapshot) => {
      const { values, mode } = snapshot.context;
      await expect(submitButton(run.page, snapshot)).toBeDisabled();
      await expect(submitButton(run.page, snapshot)).toContainText('Saving...');
      await expect.poll(() => run.held.count('save'), 'the user is being saved').toBe(1);
      const body = await sentBody(run);
      expect(body, 'the typed values, numbers as numbers').toMatchObject({
        user_type_id: Number(values.user_type_id),
        status: Number(values.status),
        first_name: values.first_name,
        last_name: values.last_name,
        email: values.email,
        company_name: values.company_name,
        phone: values.phone,
        discount_rate: Number(values.discount_rate),
        shipping_discount_rate: Number(values.shipping_discount_rate),
      });
      if (mode === 'edit' && values.password === '') {
        expect(body, 'spec §5: a blank password is not sent').not.toHaveProperty('password');
      } else {
        expect(body.password).toBe(values.password);
      }
    },
    'userForm.saved': async ({ page }) => {
      await expectToast(page, TEXT.created);
      // Back to the users list (as it was left: never opened here, so the bare list).
      await expect(page).toHaveURL((url) => url.pathname === USERS_PATH && url.search === '');
      await expect(page.getByRole('form')).toHaveCount(0);
    },
  },
};

test.use({ trace: LEAN_TRACE });

describeUiModel(userFormUi, await coveringPaths(model));
