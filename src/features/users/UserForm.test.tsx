// @vitest-environment jsdom
/**
 * The create and edit user forms (spec §2 "Create and edit user forms", §4 "Form field states", §5;
 * issue 15) in each state of userFormMachine: the spinner while the user loads; 'User not found' or
 * why the user could not be loaded, and nothing of the form; every field with its value, neutral until
 * touched, then valid (a check mark) or in error (its message), the submit button enabled only for a
 * valid form; 'Saving...' while saving; the users list once created. The gestures test sends the
 * form's events. Issue 29: an edited customer's Shopify connection panel under the form (its own
 * states are ShopifyConnectionPanel.test.tsx's).
 */
import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fromPromise, waitFor } from 'xstate';
import type { ShopifyConnection } from '@/api/schemas/shopify';
import type { User, UserSaved } from '@/api/schemas/users';
import { shopifyConnectionMachine } from '@/machines/shopifyConnection.machine';
import { USER_FORM_FIELDS, userFormMachine } from '@/machines/userForm.machine';
import type {
  UserFormEvent,
  UserFormField,
  UserFormInput,
  UserFormSnapshot,
} from '@/machines/userForm.machine';
import { httpFailure } from '@test-support/api-errors';
import { describeScreenStates, givenActor, renderScreen } from '@test-support/screen';
import { UserForm } from './UserForm';

vi.mock('@/routes/screen-actor', async (original) =>
  (await import('@test-support/given-actors')).screenActorWithGiven(await original()),
);

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
const never = <T,>() => new Promise<T>(() => undefined);

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

const answer = <T,>(value: T | Error | undefined): Promise<T> =>
  value === undefined ? never<T>() : value instanceof Error ? Promise.reject(value) : Promise.resolve(value);

/** The form of `input` rendered once its actor, answering `calls`, took `events` and matches `state`. */
async function formAfter(
  input: UserFormInput,
  calls: Calls,
  events: UserFormEvent[],
  state: (snapshot: UserFormSnapshot) => boolean,
) {
  const given = givenActor(
    userFormMachine.provide({
      actors: {
        loadUser: fromPromise(() => answer(calls.load)),
        saveUser: fromPromise(() => answer(calls.save)),
      },
      actions: { reportFailure: () => {} },
    }),
    { input },
  );
  // The connection panel an edited customer's form shows (issue 29), its check never answered.
  const loaded = calls.load instanceof Error ? undefined : calls.load;
  givenActor(
    shopifyConnectionMachine.provide({
      actors: { checkConnection: fromPromise(() => never<ShopifyConnection>()) },
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
  renderScreen(<UserForm input={input} />, { url: '/dashboard/users/create' });
  await act(() => Promise.resolve());
  return given;
}

/** A field's input, by its label (a required field's label ends in its '*' mark). */
function input(field: UserFormField): HTMLInputElement | HTMLSelectElement {
  const label = new RegExp(`^${LABELS[field].replace(/[()]/g, '\\$&')}\\*?$`);
  return within(screen.getByRole('form')).getByLabelText<HTMLInputElement>(label);
}

/**
 * Every field as spec §4 draws it: its value, and neutral until touched, then valid (a check mark)
 * or in error (aria-invalid and the message under it); the submit button enabled only for a valid form.
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
  const valid = Object.keys(errors).length === 0;
  expect(submitButton().disabled).toBe(!valid);
}

const submitButton = () =>
  screen.getByRole('form').querySelector<HTMLButtonElement>('button[type="submit"]')!;
const EDIT: UserFormInput = { mode: 'edit', userId: 2 };
const CREATE: UserFormInput = { mode: 'create' };

describeScreenStates(userFormMachine, {
  'userForm.starting': { unseen: 'left at once for loading or editing (an eventless choice)' },
  'userForm.loading': async () => {
    await formAfter(EDIT, {}, [], (s) => s.matches('loading'));
    expect(screen.getByLabelText('Loading user')).toBeTruthy();
    expect(screen.queryByRole('form')).toBeNull();
  },
  'userForm.loadFailed': async () => {
    await formAfter(EDIT, { load: httpFailure(404, 'User not found') }, [], (s) => s.matches('loadFailed'));
    expect(screen.getByRole('alert').textContent).toBe('User not found');
    expect(screen.queryByRole('form')).toBeNull();
    expect(screen.queryByLabelText('Loading user')).toBeNull();
  },
  'userForm.editing': async () => {
    // A field left empty, one left valid, the rest untouched.
    const { actor } = await formAfter(
      CREATE,
      {},
      [
        { type: 'form.change', field: 'first_name', value: 'Grace' },
        { type: 'form.blur', field: 'first_name' },
        { type: 'form.blur', field: 'email' },
      ],
      (s) => s.matches('editing'),
    );
    expect(screen.getByRole('form', { name: 'Create user' })).toBeTruthy();
    expectForm(actor.getSnapshot());
    expect(input('email').getAttribute('aria-invalid')).toBe('true');
  },
  'userForm.saving': async () => {
    await formAfter(EDIT, { load: GRACE }, [{ type: 'form.submit' }], (s) => s.matches('saving'));
    expect(submitButton().disabled).toBe(true);
    expect(submitButton().textContent).toContain('Saving...');
  },
  'userForm.saved': async () => {
    const { actor } = await formAfter(
      CREATE,
      { save: { message: 'User created successful', user: GRACE } },
      Object.entries({
        first_name: 'Grace',
        last_name: 'Hopper',
        email: 'grace@example.com',
        company_name: 'Hopper Health',
        phone: '+44 20 7946 0000',
        shopify_id: '12345',
        shopify_domain: 'hopper.myshopify.com',
        password: 'Secret123!',
      }).map(([field, value]) => ({ type: 'form.change', field: field as UserFormField, value })),
      (s) => s.matches('editing'),
    );
    await act(async () => {
      fireEvent.submit(screen.getByRole('form'));
      await waitFor(actor, (s) => s.matches('saved'));
    });
    // Spec §8: a created user leaves for the users list (the machine's effect, carried out by the app).
    expect(screen.getByTestId('location').textContent).toBe('/dashboard/users');
  },
});

describe('UserForm', () => {
  it('shows a loaded user in the edit form, valid as it stands', async () => {
    const { actor } = await formAfter(EDIT, { load: GRACE }, [], (s) => s.matches('editing'));
    expect(screen.getByRole('form', { name: 'Edit user' })).toBeTruthy();
    expectForm(actor.getSnapshot());
    expect(input('first_name').value).toBe('Grace');
  });

  it('says why the user could not be loaded', async () => {
    await formAfter(EDIT, { load: httpFailure(500, 'Internal Server Error') }, [], (s) =>
      s.matches('loadFailed'),
    );
    expect(screen.getByRole('alert').textContent).toBe('Failed to load the user: Internal Server Error');
  });
});

describe('UserForm gestures', () => {
  it('sends a change, a field left and a submit', async () => {
    const { sent } = await formAfter(EDIT, { load: GRACE }, [], (s) => s.matches('editing'));
    fireEvent.change(input('last_name'), { target: { value: 'Hopper-Smith' } });
    fireEvent.blur(input('last_name'));
    fireEvent.change(input('user_type_id'), { target: { value: '1' } });
    fireEvent.submit(screen.getByRole('form'));
    expect(sent).toEqual([
      { type: 'form.change', field: 'last_name', value: 'Hopper-Smith' },
      { type: 'form.blur', field: 'last_name' },
      { type: 'form.change', field: 'user_type_id', value: '1' },
      { type: 'form.submit' },
    ]);
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
