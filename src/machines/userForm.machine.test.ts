import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { ApiError } from '@/api/client';
import { USER_MESSAGES } from '@/api/schemas/users';
import type { User, UserSaved } from '@/api/schemas/users';
import { updateUser } from '@/api/users';
import {
  CREATE_USER_DEFAULTS,
  CREATE_USER_FAILED_MESSAGE,
  EDIT_USER_DEFAULTS,
  UPDATE_USER_FAILED_MESSAGE,
  LOAD_USER_FAILED_MESSAGE,
  editRequestBody,
  selectDraftValues,
  selectPasswordChecklist,
  selectIsReady,
  selectNeedsShopFields,
  selectStoredShopifyConnection,
  selectFieldError,
  selectFieldState,
  selectIsDirty,
  selectIsSaving,
  serverFieldErrors,
  toUserBody,
  userFormMachine,
  validateUserForm,
  valuesFromUser,
} from './userForm.machine';
import type { UserFormField, UserFormInput, UserFormMode, UserFormValues } from './userForm.machine';
import type { UiEffect } from './ui-effects';

vi.mock('@/api/users', () => ({ createUser: vi.fn(), fetchUser: vi.fn(), updateUser: vi.fn() }));

const USER: User = {
  id: 9,
  user_type_id: 2,
  status: 1,
  first_name: 'Grace',
  last_name: 'Hopper',
  email: 'grace@hopper.example',
  company_name: 'Hopper Health',
  phone: '020 7946 0000',
  mobile: null,
  website: 'https://hopper.example',
  shopify_id: '42',
  shopify_domain: 'hopper.myshopify.com',
  has_shopify_admin_api: true,
  shopify_connection: { status: 'not_checked', checked_at: null, shop_name: null, scopes: [], failure: null },
  discount_rate: 15,
  shipping_discount_rate: 20,
  avatar: null,
  feeds: 0,
  orders: 0,
  created_at: '2025-06-01T00:00:00.000Z',
  updated_at: null,
};

const FILLED: UserFormValues = {
  ...CREATE_USER_DEFAULTS,
  first_name: 'Grace',
  last_name: 'Hopper',
  email: 'grace@hopper.example',
  company_name: 'Hopper Health',
  phone: '020 7946 0000',
  shopify_id: '42',
  shopify_domain: 'hopper.myshopify.com',
  password: 'Str0ng!Pass',
};

interface Pending<T> {
  input: unknown;
  resolve: (value: T) => void;
  reject: (error: unknown) => void;
}

/** Starts the form; with `realSave`, saving runs the machine's own saveUser (over the mocked api). */
function start(input: UserFormInput, options: { realSave?: boolean } = {}) {
  const loads: Array<Pending<User>> = [];
  const saves: Array<Pending<UserSaved>> = [];
  const machine = userFormMachine.provide({
    actors: {
      loadUser: fromPromise(
        ({ input }) => new Promise<User>((resolve, reject) => loads.push({ input, resolve, reject })),
      ),
      ...(options.realSave
        ? {}
        : {
            saveUser: fromPromise(
              ({ input }) =>
                new Promise<UserSaved>((resolve, reject) => saves.push({ input, resolve, reject })),
            ),
          }),
    },
  });
  const actor = createActor(machine, { input });
  const emitted: UiEffect[] = [];
  actor.on('*', (event) => emitted.push(event));
  actor.start();
  const fill = (values: Partial<UserFormValues>) => {
    for (const [field, value] of Object.entries(values)) {
      actor.send({ type: 'form.change', field: field as keyof UserFormValues, value });
    }
  };
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  return { actor, loads, saves, emitted, fill, settle, snap: () => actor.getSnapshot() };
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.mocked(updateUser).mockReset();
});

describe('userForm: create', () => {
  it('starts editing with the spec §9 create defaults, every field neutral, every password rule unmet', () => {
    const { snap } = start({ mode: 'create' });
    expect(snap().value).toBe('editing');
    expect(snap().context.values).toMatchObject({
      user_type_id: '2',
      status: '1',
      discount_rate: '10',
      shipping_discount_rate: '5',
    });
    expect(selectFieldState(snap(), 'first_name')).toBe('neutral');
    expect(selectPasswordChecklist(snap())?.map((rule) => rule.met)).toEqual([false, false, false, false]);
    expect(selectIsDirty(snap())).toBe(false);
  });

  it('shows every new-password rule at once with whether the typed password meets it (issue 30)', () => {
    const { fill, snap } = start({ mode: 'create' });
    fill({ password: 'abc1' });
    expect(selectPasswordChecklist(snap())).toEqual([
      { message: USER_MESSAGES.passwordLength, met: false },
      { message: USER_MESSAGES.passwordUppercase, met: false },
      { message: USER_MESSAGES.passwordNumber, met: true },
      { message: USER_MESSAGES.passwordSpecial, met: false },
    ]);
    fill({ password: 'Abcdefg1!' });
    expect(selectPasswordChecklist(snap())?.every((rule) => rule.met)).toBe(true);
  });

  it('validates a field when it is left: error with the spec message, then valid once fixed and left again', () => {
    const { actor, fill, snap } = start({ mode: 'create' });
    fill({ email: 'grace@' });
    expect(selectFieldState(snap(), 'email')).toBe('neutral');
    actor.send({ type: 'form.blur', field: 'email' });
    expect(selectFieldState(snap(), 'email')).toBe('error');
    expect(selectFieldError(snap(), 'email')).toBe(USER_MESSAGES.email);
    fill({ email: 'grace@hopper.example' });
    // Re-validated on blur, not while typing.
    expect(selectFieldState(snap(), 'email')).toBe('error');
    actor.send({ type: 'form.blur', field: 'email' });
    expect(selectFieldState(snap(), 'email')).toBe('valid');
    expect(selectFieldError(snap(), 'email')).toBeNull();
    expect(selectIsDirty(snap())).toBe(true);
  });

  it('Shopify domain: a pasted store URL becomes its host on leaving; anything else is the domain message', () => {
    const { actor, fill, snap } = start({ mode: 'create' });
    fill({ shopify_domain: 'https://www.Hopper-Health.co.uk/collections/all' });
    expect(snap().context.values.shopify_domain).toBe('https://www.Hopper-Health.co.uk/collections/all');
    actor.send({ type: 'form.blur', field: 'shopify_domain' });
    expect(snap().context.values.shopify_domain).toBe('www.hopper-health.co.uk');
    expect(selectFieldState(snap(), 'shopify_domain')).toBe('valid');

    fill({ shopify_domain: 'hopper health' });
    actor.send({ type: 'form.blur', field: 'shopify_domain' });
    expect(snap().context.values.shopify_domain).toBe('hopper health');
    expect(selectFieldState(snap(), 'shopify_domain')).toBe('error');
    expect(selectFieldError(snap(), 'shopify_domain')).toBe(USER_MESSAGES.shopDomain);
  });

  it("submits a valid form; success shows the spec's toast, ends in saved and lands on the new user's page (issue 30)", async () => {
    const { actor, fill, saves, emitted, settle, snap } = start({ mode: 'create' });
    fill(FILLED);
    actor.send({ type: 'form.submit' });
    expect(selectIsSaving(snap())).toBe(true);
    expect(saves[0]!.input).toEqual({ mode: 'create', userId: null, values: FILLED });
    // The spec's words, whatever the server's.
    saves[0]!.resolve({ message: 'Created', user: USER });
    await settle();
    expect(snap().value).toBe('saved');
    expect(selectIsDirty(snap())).toBe(false);
    expect(emitted).toEqual([
      { type: 'ui.toast', tone: 'success', message: 'User created successful' },
      { type: 'ui.navigate', to: '/dashboard/users/9/edit', replace: true },
    ]);
  });

  it('an invalid submit touches every field, shows every message without saving and focuses the first invalid field', () => {
    const { actor, saves, emitted, snap } = start({ mode: 'create' });
    actor.send({ type: 'form.submit' });
    expect(saves).toEqual([]);
    expect(snap().value).toBe('editing');
    expect(selectFieldError(snap(), 'first_name')).toBe(USER_MESSAGES.required);
    expect(selectFieldError(snap(), 'email')).toBe(USER_MESSAGES.email);
    expect(selectFieldError(snap(), 'password')).toBe(USER_MESSAGES.required);
    expect(selectFieldState(snap(), 'discount_rate')).toBe('valid');
    expect(selectFieldState(snap(), 'mobile')).toBe('valid');
    expect(emitted).toEqual([{ type: 'ui.focus', elementId: 'user-first_name' }]);
  });

  it('a refused save emits the spec error toast and puts the server messages on their fields', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { actor, fill, saves, emitted, settle, snap } = start({ mode: 'create' });
    fill(FILLED);
    actor.send({ type: 'form.submit' });
    saves[0]!.reject(
      new ApiError('A user with this email address already exists', {
        kind: 'http',
        status: 409,
        serverMessage: 'A user with this email address already exists',
      }),
    );
    await settle();
    expect(snap().value).toBe('editing');
    expect(emitted).toEqual([
      {
        type: 'ui.toast',
        tone: 'error',
        message: CREATE_USER_FAILED_MESSAGE,
        detail: 'A user with this email address already exists',
      },
      { type: 'ui.focus', elementId: 'user-email' },
    ]);
    expect(selectFieldError(snap(), 'email')).toBe('A user with this email address already exists');
    expect(selectIsDirty(snap())).toBe(true);
  });
});

describe('userForm: edit', () => {
  it('loads the user: edit defaults until then, loaded values after, blank secret and password; the heading takes focus', async () => {
    const { loads, emitted, settle, snap } = start({ mode: 'edit', userId: 9 });
    expect(snap().value).toBe('loading');
    expect(snap().context.values).toEqual(EDIT_USER_DEFAULTS);
    expect(EDIT_USER_DEFAULTS).toMatchObject({
      discount_rate: '0',
      shipping_discount_rate: '0',
      status: '1',
    });
    expect(selectIsDirty(snap())).toBe(false);
    expect(loads[0]!.input).toEqual({ userId: 9 });
    loads[0]!.resolve(USER);
    await settle();
    expect(snap().value).toBe('editing');
    expect(snap().context.values).toEqual(valuesFromUser(USER));
    expect(snap().context.values).toMatchObject({
      discount_rate: '15',
      shipping_discount_rate: '20',
      mobile: '',
      password: '',
    });
    expect(snap().context.hasStoredShopifyKey).toBe(true);
    // A loaded user is valid as it stands: blank password is allowed on edit, with no checklist.
    expect(validateUserForm(snap().context.values, 'edit')).toEqual({});
    expect(selectPasswordChecklist(snap())).toBeNull();
    expect(selectIsDirty(snap())).toBe(false);
    expect(emitted).toEqual([{ type: 'ui.focus', elementId: 'user-page-heading' }]);
  });

  it('a failed load waits with its reason; Retry loads again (issue 30)', async () => {
    const { actor, loads, emitted, settle, snap } = start({ mode: 'edit', userId: 9 });
    loads[0]!.reject(new ApiError('Could not reach the server', { kind: 'network' }));
    await settle();
    expect(snap().value).toBe('loadFailed');
    expect(selectIsReady(snap())).toBe(false);
    expect(LOAD_USER_FAILED_MESSAGE).toBe('Failed to load the user');
    expect(snap().context.loadFailure).toBe('Could not reach the server');
    expect(emitted).toEqual([{ type: 'ui.focus', elementId: 'user-page-heading' }]);
    actor.send({ type: 'retry' });
    expect(snap().value).toBe('loading');
    expect(loads[1]!.input).toEqual({ userId: 9 });
    loads[1]!.resolve(USER);
    await settle();
    expect(snap().value).toBe('editing');
  });

  it('a user id the server does not know ends in notFound, with nothing of the user', async () => {
    const { loads, settle, snap } = start({ mode: 'edit', userId: 9 });
    loads[0]!.reject(
      new ApiError('User not found', { kind: 'http', status: 404, serverMessage: 'User not found' }),
    );
    await settle();
    expect(snap().value).toBe('notFound');
    expect(snap().status, 'no Retry: the user does not exist').toBe('done');
    expect(selectIsReady(snap()), 'nothing of the user (its tokens) shows').toBe(false);
  });

  it('saves, emits the toast, and the saved values become the clean state', async () => {
    const { actor, loads, saves, emitted, fill, settle, snap } = start({ mode: 'edit', userId: 9 });
    loads[0]!.resolve(USER);
    await settle();
    fill({ first_name: 'Amazing Grace' });
    expect(selectIsDirty(snap())).toBe(true);
    actor.send({ type: 'form.submit' });
    expect(saves[0]!.input).toMatchObject({ mode: 'edit', userId: 9 });
    const saved = { ...USER, first_name: 'Amazing Grace' };
    saves[0]!.resolve({ message: 'User updated successfully', user: saved });
    await settle();
    expect(snap().value).toBe('editing');
    expect(snap().context.values.first_name).toBe('Amazing Grace');
    expect(selectIsDirty(snap())).toBe(false);
    expect(emitted, 'edit stays on the page; focus goes back to Save').toEqual([
      { type: 'ui.focus', elementId: 'user-page-heading' },
      { type: 'ui.toast', tone: 'success', message: 'User updated successfully' },
      { type: 'ui.focus', elementId: 'user-form-save' },
    ]);
  });

  it("keeps the Shopify connection stored with the loaded, then the saved customer (issue 29); an admin's is not shown", async () => {
    const { actor, fill, loads, saves, settle, snap } = start({ mode: 'edit', userId: 9 });
    expect(selectStoredShopifyConnection(snap())).toBeNull();
    const connected = { ...USER.shopify_connection, status: 'connected' as const, shop_name: 'Hopper' };
    loads[0]!.resolve({ ...USER, shopify_connection: connected });
    await settle();
    expect(selectStoredShopifyConnection(snap())).toBe(connected);
    fill({ shopify_domain: 'other.myshopify.com' });
    actor.send({ type: 'form.submit' });
    // A changed domain answers with the check cleared.
    const reset = { ...USER.shopify_connection, status: 'not_checked' as const };
    saves[0]!.resolve({ message: 'User updated successfully', user: { ...USER, shopify_connection: reset } });
    await settle();
    expect(selectStoredShopifyConnection(snap())).toBe(reset);
    fill({ user_type_id: '1' });
    actor.send({ type: 'form.submit' });
    saves[1]!.resolve({ message: 'User updated successfully', user: { ...USER, user_type_id: 1 } });
    await settle();
    expect(selectStoredShopifyConnection(snap())).toBeNull();
  });

  it("a refused update is the spec's 'Failed to update info' with the server's reason as the detail", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { actor, fill, loads, saves, emitted, settle, snap } = start({ mode: 'edit', userId: 9 });
    loads[0]!.resolve(USER);
    await settle();
    fill({ status: '2' });
    actor.send({ type: 'form.submit' });
    saves[0]!.reject(
      new ApiError('You cannot deactivate your own account', {
        kind: 'http',
        status: 400,
        serverMessage: 'You cannot deactivate your own account',
      }),
    );
    await settle();
    expect(emitted.slice(1)).toEqual([
      {
        type: 'ui.toast',
        tone: 'error',
        message: 'Failed to update info',
        detail: 'You cannot deactivate your own account',
      },
      { type: 'ui.focus', elementId: 'user-form-save' },
    ]);
    expect(snap().context.values.status, 'the choice stays for the admin to change').toBe('2');
    // Offline: the client's own reason.
    actor.send({ type: 'form.submit' });
    saves[1]!.reject(new ApiError('Could not reach the server', { kind: 'network' }));
    await settle();
    expect(emitted[3]).toEqual({
      type: 'ui.toast',
      tone: 'error',
      message: 'Failed to update info',
      detail: 'Could not reach the server',
    });
  });

  it('the edit request leaves a blank password and Shopify key out of the body (spec §5)', async () => {
    vi.mocked(updateUser).mockResolvedValue({ message: 'User updated successfully', user: USER });
    const { actor, fill, loads, settle, snap } = start({ mode: 'edit', userId: 9 }, { realSave: true });
    loads[0]!.resolve(USER);
    await settle();
    actor.send({ type: 'form.submit' });
    await settle();
    expect(snap().value).toBe('editing');
    const body = vi.mocked(updateUser).mock.calls[0]![1];
    expect(vi.mocked(updateUser).mock.calls[0]![0]).toBe(9);
    expect(body).not.toHaveProperty('password');
    expect(body).not.toHaveProperty('shopify_admin_api');
    expect(JSON.stringify(body)).not.toContain('"password"');
    expect(body).toMatchObject({
      first_name: 'Grace',
      discount_rate: 15,
      shopify_domain: 'hopper.myshopify.com',
    });
    // A typed password is sent.
    fill({ password: 'N3w!Password' });
    actor.send({ type: 'form.submit' });
    await settle();
    expect(vi.mocked(updateUser).mock.calls[1]![1]).toMatchObject({ password: 'N3w!Password' });
  });

  it('an admin account without Shopify fields is valid and can be saved; a customer is not', async () => {
    const admin: User = { ...USER, user_type_id: 1, shopify_id: '', shopify_domain: '' };
    const { actor, fill, loads, saves, settle, snap } = start({ mode: 'edit', userId: 9 });
    loads[0]!.resolve(admin);
    await settle();
    expect(selectNeedsShopFields(snap())).toBe(false);
    expect(validateUserForm(snap().context.values, 'edit'), 'an admin as loaded is valid').toEqual({});
    actor.send({ type: 'form.blur', field: 'shopify_id' });
    expect(selectFieldState(snap(), 'shopify_id')).toBe('valid');
    // Made a customer, the touched blank Shopify ID is an error at once; the untouched domain stays neutral.
    fill({ user_type_id: '2' });
    expect(selectNeedsShopFields(snap())).toBe(true);
    expect(selectFieldError(snap(), 'shopify_id')).toBe(USER_MESSAGES.required);
    expect(selectFieldState(snap(), 'shopify_domain')).toBe('neutral');
    fill({ user_type_id: '1' });
    expect(selectFieldState(snap(), 'shopify_id')).toBe('valid');
    actor.send({ type: 'form.submit' });
    expect(saves).toHaveLength(1);
  });

  it('a failed update emits "Failed to update info" and maps 400 field messages', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { actor, loads, saves, emitted, settle, snap } = start({ mode: 'edit', userId: 9 });
    loads[0]!.resolve(USER);
    await settle();
    actor.send({ type: 'form.submit' });
    saves[0]!.reject(
      new ApiError('x', {
        kind: 'http',
        status: 400,
        serverMessage: 'website: Invalid URL; phone is required',
      }),
    );
    await settle();
    expect(emitted.slice(1)).toEqual([
      {
        type: 'ui.toast',
        tone: 'error',
        message: UPDATE_USER_FAILED_MESSAGE,
        detail: 'website: Invalid URL; phone is required',
      },
      // The first field the server named, in the form's order.
      { type: 'ui.focus', elementId: 'user-phone' },
    ]);
    expect(selectFieldError(snap(), 'website')).toBe('Invalid URL');
    expect(selectFieldError(snap(), 'phone')).toBe('Required');
  });
});

describe('userForm: drafts kept across a sign-out', () => {
  it('keeps the typed values without the password or the Shopify key', () => {
    const { fill, snap } = start({ mode: 'create' });
    fill({ first_name: 'Ada', password: 'Str0ng!Pass', shopify_admin_api: 'shpat_x' });
    const draft = selectDraftValues(snap());
    expect(draft).toMatchObject({ first_name: 'Ada', user_type_id: '2' });
    expect(draft).not.toHaveProperty('password');
    expect(draft).not.toHaveProperty('shopify_admin_api');
  });

  it('restores a draft as typed input: dirty, touched and validated; secrets and unknown keys ignored', async () => {
    const { actor, loads, settle, snap } = start({ mode: 'edit', userId: 9 });
    loads[0]!.resolve(USER);
    await settle();
    expect(selectIsReady(snap())).toBe(true);
    actor.send({
      type: 'form.restore',
      values: {
        first_name: 'Amazing Grace',
        email: 'grace@',
        shopify_domain: 'https://Hopper.myshopify.com/',
        password: 'Leaked!1x',
        is_admin: 'yes',
      },
    });
    expect(snap().context.values).toMatchObject({
      first_name: 'Amazing Grace',
      email: 'grace@',
      shopify_domain: 'hopper.myshopify.com',
      password: '',
    });
    expect(selectIsDirty(snap())).toBe(true);
    expect(selectFieldState(snap(), 'first_name')).toBe('valid');
    expect(selectFieldError(snap(), 'email')).toBe(USER_MESSAGES.email);
    expect(selectFieldState(snap(), 'phone'), 'fields not restored stay as they were').toBe('neutral');
  });

  it('ignores what is not a draft of this form (wrong types, not an object)', async () => {
    const { actor, loads, settle, snap } = start({ mode: 'edit', userId: 9 });
    loads[0]!.resolve(USER);
    await settle();
    for (const values of [null, 'first_name', 42, { first_name: 7 }]) {
      actor.send({ type: 'form.restore', values });
      expect(snap().context.values).toEqual(valuesFromUser(USER));
      expect(snap().context.touched).toEqual({});
    }
  });
});

describe('user form rules (spec §5 "Create user", "Edit user"; ARCHITECTURE.md §4 for the password texts)', () => {
  // Each row changes a filled-in valid form and names every message the form then shows.
  it.each<[Partial<UserFormValues>, UserFormMode, Partial<Record<UserFormField, string>>]>([
    [{}, 'create', {}],
    [{ user_type_id: '0' }, 'create', { user_type_id: 'Invalid user role' }],
    [{ status: '0' }, 'create', { status: 'Invalid status' }],
    [{ first_name: '   ' }, 'create', { first_name: 'Required' }],
    [{ last_name: '' }, 'edit', { last_name: 'Required' }],
    [{ first_name: 'x'.repeat(201) }, 'create', { first_name: 'Must be at most 200 characters' }],
    [{ email: 'grace@' }, 'create', { email: 'Invalid email address' }],
    [{ email: 'grace@hopper' }, 'edit', { email: 'Invalid email address' }],
    [{ company_name: '', phone: '' }, 'create', { company_name: 'Required', phone: 'Required' }],
    [{ mobile: '' }, 'create', {}],
    [{ website: 'nope' }, 'create', { website: 'Invalid URL' }],
    [{ website: '' }, 'create', {}],
    [{ website: 'hopper.example/shop' }, 'create', {}],
    [
      { shopify_id: '', shopify_domain: '' },
      'create',
      { shopify_id: 'Required', shopify_domain: 'Required' },
    ],
    // Shopify fields are required for a customer only (ARCHITECTURE.md §4).
    [{ shopify_id: '', shopify_domain: '', user_type_id: '1' }, 'create', {}],
    [
      { shopify_domain: '10.0.0.1' },
      'edit',
      { shopify_domain: "Enter the store's domain name, such as shop.example.com or name.myshopify.com" },
    ],
    [
      { discount_rate: '7' },
      'create',
      { discount_rate: 'Discount rate must be one of 0, 5, 10, 15, 20 or 25' },
    ],
    [{ discount_rate: '25' }, 'create', {}],
    [
      { shipping_discount_rate: '-5' },
      'create',
      { shipping_discount_rate: 'Minimum shipping discount is 0' },
    ],
    [
      { shipping_discount_rate: '101' },
      'create',
      { shipping_discount_rate: 'Maximum shipping discount is 100' },
    ],
    [{ shipping_discount_rate: '100' }, 'create', {}],
    [
      { shipping_discount_rate: '2.5' },
      'create',
      { shipping_discount_rate: 'Shipping discount must be a whole number' },
    ],
    [{ password: '' }, 'create', { password: 'Required' }],
    // Edit: the password is optional, checked the same way when given.
    [{ password: '' }, 'edit', {}],
    [{ password: 'Ab1!' }, 'edit', { password: 'Password must be at least 8 characters' }],
    [{ password: 'abcdefg1!' }, 'create', { password: 'Password must contain an uppercase letter' }],
    [{ password: 'Abcdefgh!' }, 'create', { password: 'Password must contain a number' }],
    [{ password: 'Abcdefgh1' }, 'create', { password: 'Password must contain a special character' }],
    [{ password: 'Abcdefg1!' }, 'create', {}],
  ])('%j (%s) → %j', (changes, mode, errors) => {
    expect(validateUserForm({ ...FILLED, ...changes }, mode)).toEqual(errors);
  });
});

describe('pure helpers', () => {
  it('editRequestBody leaves out a blank (null) password and Shopify key, and keeps given ones', () => {
    const body = {
      user_type_id: 1,
      status: 1,
      first_name: 'A',
      last_name: 'B',
      email: 'a@b.co',
      company_name: 'C',
      phone: '1',
      mobile: null,
      website: null,
      shopify_id: '',
      shopify_domain: '',
      discount_rate: 0,
      shipping_discount_rate: 0,
    };
    expect(editRequestBody({ ...body, password: null, shopify_admin_api: null })).toEqual(body);
    expect(editRequestBody({ ...body, password: 'P4ss!word', shopify_admin_api: 'k' })).toEqual({
      ...body,
      password: 'P4ss!word',
      shopify_admin_api: 'k',
    });
  });

  it('toUserBody sends numbers, and null for a blank password or Shopify key', () => {
    expect(toUserBody({ ...FILLED, password: '', shipping_discount_rate: '' })).toMatchObject({
      user_type_id: 2,
      status: 1,
      discount_rate: 10,
      shipping_discount_rate: undefined,
      password: null,
      shopify_admin_api: null,
    });
  });

  it('serverFieldErrors ignores unknown fields and non-field failures', () => {
    expect(serverFieldErrors(new Error('x'))).toEqual({});
    expect(
      serverFieldErrors(new ApiError('x', { kind: 'http', status: 500, serverMessage: 'boom' })),
    ).toEqual({});
    expect(
      serverFieldErrors(
        new ApiError('x', {
          kind: 'http',
          status: 400,
          serverMessage: 'other: nope; email: Invalid email address',
        }),
      ),
    ).toEqual({ email: 'Invalid email address' });
  });
});
