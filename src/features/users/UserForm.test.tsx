// @vitest-environment jsdom
/**
 * The create and edit user forms (spec §2 "Create and edit user forms", §4 "Form field states", §5;
 * issue 15) in each state of userFormMachine: the spinner while the user loads; 'User not found', or
 * why the user could not be loaded with Retry (issue 30), and nothing of the form; every field with
 * its value, neutral until touched, then valid (a check mark) or in error (its message), the submit
 * button never disabled for an invalid form (issue 30), the password's rules with their state;
 * 'Saving...' while saving; the new user's page once created. The gestures test sends the form's
 * events. Issue 29: an edited customer's Shopify connection panel under the form (its own states are
 * ShopifyConnectionPanel.test.tsx's).
 */
import { act, fireEvent, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fromPromise, waitFor } from 'xstate';
import type { ShopifyConnection } from '@/api/schemas/shopify';
import type { User, UserSaved } from '@/api/schemas/users';
import { shopifyConnectionMachine } from '@/machines/shopifyConnection.machine';
import {
  CREATE_USER_FAILED_MESSAGE,
  UPDATE_USER_FAILED_MESSAGE,
  USER_FORM_FIELDS,
  selectPasswordChecklist,
  userFormMachine,
} from '@/machines/userForm.machine';
import type {
  UserFormEvent,
  UserFormField,
  UserFormInput,
  UserFormSnapshot,
} from '@/machines/userForm.machine';
import { useSession } from '@/routes/session';
import { formDraftKey } from '@/ui/form-draft';
import { ToastsOnDemand } from '@/ui/ToastsOnDemand';
import { httpFailure } from '@test-support/api-errors';
import { answerWith } from '@test-support/fake-actors';
import { aUser } from '@test-support/builders';
import {
  describeScreenStates,
  givenActor,
  renderScreen,
  settleSession,
  signedInSession,
} from '@test-support/screen';
import type { GivenActor, ScreenOptions } from '@test-support/screen';
import { CONDITION } from '@test-support/time-limits';
import { UserForm } from './UserForm';

vi.mock('@/routes/screen-actor', async (original) =>
  (await import('@test-support/given-actors')).screenActorWithGiven(await original()),
);

// The toast container's module, loaded on the first toast, is loaded here first, so a toast shows
// as soon as it is asked for.
beforeAll(async () => {
  await import('@/ui/Toasts');
});

beforeEach(() => {
  sessionStorage.clear();
});

/** User 2, a customer, as GET /users/2 answers. */
const GRACE: User = {
  id: 2,
  user_type_id: 2,
  status: 1,
  first_name: 'Grace',
  last_name: 'Hopper',
  email: 'grace@example.com',
  company_name: 'Hopper Health',
  phone: '+44 20 7946 0000',
  mobile: null,
  website: null,
  shopify_id: '12345',
  shopify_domain: 'hopper.myshopify.com',
  has_shopify_admin_api: false,
  shopify_connection: {
    status: 'not_configured',
    checked_at: null,
    shop_name: null,
    scopes: [],
    failure: null,
  },
  discount_rate: 10,
  shipping_discount_rate: 5,
  avatar: null,
  feeds: 0,
  orders: 0,
  created_at: '2025-01-02T10:00:00Z',
  updated_at: null,
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

/** What the form's calls answer: an answer, a failure (an Error), or nothing yet (undefined). */
interface Calls {
  load?: User | Error;
  save?: UserSaved | Error;
}

/** A state of the form's actor, as `waitFor` looks for it. */
type FormState = (snapshot: UserFormSnapshot) => boolean;

/** What shows under an edited user's form once loaded (the route puts the tokens panel there). */
const BELOW = 'Below the form';

/** Renders `children` once the session has a signed-in user, as the app's session shell does. */
function WhenSignedIn({ children }: { children: ReactNode }) {
  return useSession().user ? children : null;
}

/**
 * The form of `input` rendered once its actor, answering `calls`, took `events` and matches `state`;
 * with `session`, under that session once it has signed its user in (a draft is kept per user).
 */
async function formAfter(
  input: UserFormInput,
  calls: Calls,
  events: UserFormEvent[],
  state: FormState,
  { session }: { session?: ScreenOptions['session'] } = {},
) {
  const given = givenActor(
    userFormMachine.provide({
      actors: {
        loadUser: fromPromise(() => answerWith(calls.load)),
        saveUser: fromPromise(() => answerWith(calls.save)),
      },
      actions: { reportFailure: () => {} },
    }),
    { input },
  );
  // The connection panel an edited customer's form shows (issue 29), its check never answered.
  const loaded = calls.load instanceof Error ? undefined : calls.load;
  givenActor(
    shopifyConnectionMachine.provide({
      actors: { checkConnection: fromPromise(() => answerWith<ShopifyConnection>(undefined)) },
    }),
    {
      input: { userId: 2, connection: (loaded ?? GRACE).shopify_connection },
    },
  );
  if (input.mode === 'edit' && calls.load !== undefined) {
    await waitFor(given.actor, (snapshot) => !snapshot.matches('loading'));
  }
  for (const event of events) given.actor.send(event);
  await waitFor(given.actor, state);
  const form = <UserForm input={input} below={<p>{BELOW}</p>} />;
  const view = renderScreen(
    <>
      {session ? <WhenSignedIn>{form}</WhenSignedIn> : form}
      <ToastsOnDemand />
    </>,
    { url: CREATE_PATH, session },
  );
  if (session) await settleSession();
  await act(() => Promise.resolve());
  return { ...given, unmount: view.unmount };
}

/** A field's input, by its label (a required field's label ends in its '*' mark). */
function input(field: UserFormField): HTMLInputElement | HTMLSelectElement {
  const label = new RegExp(`^${LABELS[field].replace(/[()]/g, '\\$&')}\\*?$`);
  return within(screen.getByRole('form')).getByLabelText<HTMLInputElement>(label);
}

/**
 * Every field as spec §4 draws it: its value, and neutral until touched, then valid (a check mark)
 * or in error (aria-invalid and the message under it); the submit button enabled whatever the form
 * holds (issue 30: pressing it shows what is missing); the password's rules with their state.
 */
function expectForm(snapshot: UserFormSnapshot): void {
  const { values, touched, errors } = snapshot.context;
  const shown = USER_FORM_FIELDS.map((field) => {
    const control = input(field);
    const group = control.closest('[role="group"]');
    return {
      field,
      value: control.value,
      invalid: control.getAttribute('aria-invalid') === 'true',
      error: group?.querySelector('[data-part="error-text"]')?.textContent ?? null,
    };
  });
  expect(shown).toEqual(
    USER_FORM_FIELDS.map((field) => {
      const message = touched[field] ? (errors[field] ?? null) : null;
      return { field, value: values[field], invalid: message !== null, error: message };
    }),
  );
  const validMarks = USER_FORM_FIELDS.filter((field) => touched[field] && errors[field] === undefined).length;
  expect(within(screen.getByRole('form')).queryAllByRole('img', { name: 'Valid' })).toHaveLength(validMarks);
  expect(submitButton().disabled).toBe(false);
  expect(submitButton().getAttribute('aria-disabled')).toBeNull();
  expect(passwordRules()).toEqual(
    (selectPasswordChecklist(snapshot) ?? []).map(
      (rule) => `${rule.message} (${rule.met ? 'met' : 'not met'})`,
    ),
  );
}

/** The password rules' checklist as read: each rule's text and its state in words. */
function passwordRules(): string[] {
  const list = screen.queryByRole('list', { name: 'Rules the password must meet' });
  return list === null
    ? []
    : within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent ?? '');
}

/** A new customer's valid input, as typed. */
const NEW_USER: UserFormEvent[] = Object.entries({
  first_name: 'Grace',
  last_name: 'Hopper',
  email: 'grace@example.com',
  company_name: 'Hopper Health',
  phone: '+44 20 7946 0000',
  shopify_id: '12345',
  shopify_domain: 'hopper.myshopify.com',
  password: 'Secret123!',
}).map(([field, value]) => ({ type: 'form.change', field: field as UserFormField, value }));
/** Spec §8: the server's messages of a saved user, which the success toasts show. */
const CREATED = 'User created successful';
const UPDATED = 'User updated successfully';

/** Submits the rendered form and waits until its actor matches `state`. */
async function submitUntil(actor: GivenActor<typeof userFormMachine>['actor'], state: FormState) {
  await act(async () => {
    fireEvent.submit(screen.getByRole('form'));
    await waitFor(actor, state);
  });
}

/** Waits for a toast saying `text` (the container shows it after its own render). */
const toastSays = (text: string) => vi.waitFor(() => expect(screen.getByText(text)).toBeTruthy(), CONDITION);

const submitButton = () =>
  screen.getByRole('form').querySelector<HTMLButtonElement>('button[type="submit"]')!;
const CREATE_PATH = '/dashboard/users/create';
const EDIT: UserFormInput = { mode: 'edit', userId: 2 };
const CREATE: UserFormInput = { mode: 'create' };

describeScreenStates(userFormMachine, {
  'userForm.starting': { unseen: 'left at once for loading or editing (an eventless choice)' },
  'userForm.loading': async () => {
    await formAfter(EDIT, {}, [], (s) => s.matches('loading'));
    expect(screen.getByLabelText('Loading user')).toBeTruthy();
    expect(screen.queryByRole('form')).toBeNull();
    expect(screen.queryByText(BELOW)).toBeNull();
  },
  'userForm.notFound': async () => {
    await formAfter(EDIT, { load: httpFailure(404, 'User not found') }, [], (s) => s.matches('notFound'));
    expect(screen.getByRole('alert').textContent).toBe('User not found');
    expect(screen.queryByRole('button', { name: 'Retry' }), 'the user does not exist').toBeNull();
    expect(screen.queryByRole('form')).toBeNull();
    expect(screen.queryByLabelText('Loading user')).toBeNull();
    expect(screen.queryByText(BELOW), 'nothing else of the user').toBeNull();
  },
  'userForm.loadFailed': async () => {
    await formAfter(EDIT, { load: httpFailure(500, 'Database unavailable') }, [], (s) =>
      s.matches('loadFailed'),
    );
    const alert = screen.getByRole('alert');
    // Issue 30: the failure in words, the reason beside it, and Retry.
    expect(within(alert).getByText('Failed to load the user')).toBeTruthy();
    expect(within(alert).getByText('Database unavailable')).toBeTruthy();
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeTruthy();
    expect(screen.queryByRole('form')).toBeNull();
    expect(screen.queryByText(BELOW), 'nothing else of the user').toBeNull();
  },
  'userForm.editing': async () => {
    // A field left empty, one left valid, the rest untouched; a password meeting one rule.
    const { actor } = await formAfter(
      CREATE,
      {},
      [
        { type: 'form.change', field: 'first_name', value: 'Grace' },
        { type: 'form.blur', field: 'first_name' },
        { type: 'form.blur', field: 'email' },
        { type: 'form.change', field: 'password', value: 'abc1' },
      ],
      (s) => s.matches('editing'),
    );
    expect(screen.getByRole('form', { name: 'Create user' })).toBeTruthy();
    expectForm(actor.getSnapshot());
    expect(input('email').getAttribute('aria-invalid')).toBe('true');
    // Issue 30: every rule at once, its state in words (not colour alone).
    expect(passwordRules()).toEqual([
      'Password must be at least 8 characters (not met)',
      'Password must contain an uppercase letter (not met)',
      'Password must contain a number (met)',
      'Password must contain a special character (not met)',
    ]);
  },
  'userForm.saving': async () => {
    await formAfter(EDIT, { load: GRACE }, [{ type: 'form.submit' }], (s) => s.matches('saving'));
    expect(submitButton().disabled).toBe(true);
    expect(submitButton().textContent).toContain('Saving...');
  },
  'userForm.saved': async () => {
    const { actor } = await formAfter(CREATE, { save: { message: CREATED, user: GRACE } }, NEW_USER, (s) =>
      s.matches('editing'),
    );
    await submitUntil(actor, (s) => s.matches('saved'));
    // Spec §8's text, and the new user's page (the machine's effect, carried out by the app).
    await toastSays(CREATED);
    expect(screen.getByTestId('location').textContent).toBe('/dashboard/users/2/edit');
  },
});

describe('UserForm', () => {
  it('shows a loaded user in the edit form, valid as it stands', async () => {
    const { actor } = await formAfter(EDIT, { load: GRACE }, [], (s) => s.matches('editing'));
    expect(screen.getByRole('form', { name: 'Edit user' })).toBeTruthy();
    expectForm(actor.getSnapshot());
    expect(input('first_name').value).toBe('Grace');
    screen.getByText(BELOW);
  });

  it('pressed on an untouched create form, Save shows every field that needs something (issue 30)', async () => {
    const { actor } = await formAfter(CREATE, {}, [{ type: 'form.submit' }], (s) => s.matches('editing'));
    expectForm(actor.getSnapshot());
    const messages = within(screen.getByRole('form'))
      .getAllByRole('group')
      .map((group) => group.querySelector('[data-part="error-text"]')?.textContent)
      .filter((text) => text !== undefined);
    expect(messages).toEqual([
      'Required',
      'Required',
      'Invalid email address',
      'Required',
      'Required',
      'Required',
      'Required',
      'Required',
    ]);
  });

  it('shows no password rules on edit until a new password is typed', async () => {
    await formAfter(EDIT, { load: GRACE }, [], (s) => s.matches('editing'));
    expect(passwordRules()).toEqual([]);
  });

  it('the password shows as text while its toggle is pressed (issue 30)', async () => {
    await formAfter(CREATE, {}, [], (s) => s.matches('editing'));
    const toggle = screen.getByRole('button', { name: 'Show password' });
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    expect(input('password').getAttribute('type')).toBe('password');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    expect(input('password').getAttribute('type')).toBe('text');
    fireEvent.click(toggle);
    expect(input('password').getAttribute('type')).toBe('password');
  });
});

describe('UserForm gestures', () => {
  it('sends a change, a field left and a submit', async () => {
    const { sent } = await formAfter(EDIT, { load: GRACE }, [], (s) => s.matches('editing'));
    fireEvent.change(input('last_name'), { target: { value: 'Hopper-Smith' } });
    fireEvent.blur(input('last_name'));
    fireEvent.change(input('user_type_id'), { target: { value: '1' } });
    fireEvent.change(input('password'), { target: { value: 'N3w!pass' } });
    fireEvent.blur(input('password'));
    fireEvent.submit(screen.getByRole('form'));
    expect(sent).toEqual([
      { type: 'form.change', field: 'last_name', value: 'Hopper-Smith' },
      { type: 'form.blur', field: 'last_name' },
      { type: 'form.change', field: 'user_type_id', value: '1' },
      { type: 'form.change', field: 'password', value: 'N3w!pass' },
      { type: 'form.blur', field: 'password' },
      { type: 'form.submit' },
    ]);
  });

  it('sends retry from a failed load', async () => {
    const { sent } = await formAfter(EDIT, { load: httpFailure(500) }, [], (s) => s.matches('loadFailed'));
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(sent).toEqual([{ type: 'retry' }]);
  });
});

describe('UserForm Shopify connection (issue 29)', () => {
  const panel = () => screen.queryByRole('region', { name: 'Shopify connection' });

  it("shows an edited customer's connection panel under the form", async () => {
    await formAfter(EDIT, { load: GRACE }, [], (s) => s.matches('editing'));
    expect(within(panel()!).getByRole('status').textContent).toBe('Not configured');
  });

  it('shows none before the user has loaded', async () => {
    await formAfter(EDIT, {}, [], (s) => s.matches('loading'));
    expect(panel()).toBeNull();
  });

  it('shows none for an admin (no store)', async () => {
    await formAfter(EDIT, { load: { ...GRACE, user_type_id: 1 } }, [], (s) => s.matches('editing'));
    expect(panel()).toBeNull();
  });
});

describe('UserForm toasts (spec §8, issue 15)', () => {
  const refused = httpFailure(400, 'A user with this email address already exists');
  /** Renders the form of `input` (a new user's typed in), submits it and waits for the save to end. */
  const submitted = async (input: UserFormInput, calls: Calls) => {
    const typed = input.mode === 'create' ? NEW_USER : [];
    const { actor } = await formAfter(input, calls, typed, (s) => s.matches('editing'));
    await submitUntil(actor, (s) => s.matches('editing'));
  };

  it("shows the spec's message once an edit is saved", async () => {
    await submitted(EDIT, { load: GRACE, save: { message: UPDATED, user: GRACE } });
    await toastSays(UPDATED);
  });

  it("shows the spec's text for a refused edit, the server's reason beside it (issue 30)", async () => {
    await submitted(EDIT, { load: GRACE, save: refused });
    await toastSays(UPDATE_USER_FAILED_MESSAGE);
    expect(screen.getByText('A user with this email address already exists')).toBeTruthy();
  });

  it("shows the spec's text for a refused new user, the server's reason beside it (issue 30)", async () => {
    await submitted(CREATE, { save: refused });
    await toastSays(CREATE_USER_FAILED_MESSAGE);
    expect(screen.getByText('A user with this email address already exists')).toBeTruthy();
  });
});

describe('UserForm drafts (issue 15: unsaved input survives a reload or a sign-out)', () => {
  const ADMIN = aUser({ id: 1 });
  const signedIn = { session: signedInSession(ADMIN) };
  const KEY = formDraftKey(ADMIN.id, CREATE_PATH);
  const kept = () => JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as unknown;
  const notice = () => screen.queryByText('Unsaved changes were kept');

  it("keeps a dirty form's input, never its password, when the screen goes away", async () => {
    const { unmount } = await formAfter(CREATE, {}, NEW_USER, (s) => s.matches('editing'), signedIn);
    unmount();
    expect(kept()).toMatchObject({ first_name: 'Grace', email: 'grace@example.com' });
    expect(kept()).not.toHaveProperty('password');
  });

  it('keeps it when the page is reloaded', async () => {
    await formAfter(CREATE, {}, NEW_USER, (s) => s.matches('editing'), signedIn);
    window.dispatchEvent(new Event('beforeunload', { cancelable: true }));
    expect(kept()).toMatchObject({ first_name: 'Grace', shopify_domain: 'hopper.myshopify.com' });
  });

  it('keeps nothing of a form left as it was', async () => {
    const { unmount } = await formAfter(CREATE, {}, [], (s) => s.matches('editing'), signedIn);
    unmount();
    expect(kept()).toBeNull();
  });

  it('offers kept input back, and Restore sends it to the form', async () => {
    sessionStorage.setItem(KEY, JSON.stringify({ first_name: 'Kept', company_name: 'Kept Ltd' }));
    const { sent } = await formAfter(CREATE, {}, [], (s) => s.matches('editing'), signedIn);
    expect(notice()).not.toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Restore' }));
    expect(sent).toEqual([
      { type: 'form.restore', values: { first_name: 'Kept', company_name: 'Kept Ltd' } },
    ]);
    expect(input('first_name').value).toBe('Kept');
    expect(notice()).toBeNull();
    expect(kept(), 'offered once').toBeNull();
  });

  it('forgets kept input on Discard', async () => {
    sessionStorage.setItem(KEY, JSON.stringify({ first_name: 'Kept' }));
    const { sent } = await formAfter(CREATE, {}, [], (s) => s.matches('editing'), signedIn);
    fireEvent.click(screen.getByRole('button', { name: 'Discard' }));
    expect(sent).toEqual([]);
    expect(input('first_name').value).toBe('');
    expect(notice()).toBeNull();
    expect(kept()).toBeNull();
  });
});
