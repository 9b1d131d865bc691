/**
 * Model of userFormMachine (spec §2 "Create and edit user forms", §4 "Form field states", §5 rules,
 * §8 toasts, §9 defaults), walked from both inputs: create, and edit of user 2.
 *
 * Filling a form is a sequence, so the fixtures give one good value per required field and the
 * event filter offers a good value only for the first field still in error (in display order), plus
 * a bad email and a blank shipping discount once the form is valid: the walk goes from an empty
 * create form to a valid one and back, without trying every order of the fields. The serializer
 * keeps the state, how many fields are in error (what `formIsValid` reads, and the walk's progress),
 * how many secrets are typed (what a saved body leaves out when blank), the role (which decides the
 * Shopify fields' rule) and whether the Shopify domain holds a pasted URL (which leaving it changes).
 *
 * What each typed value earns is the literal table FIELD_ERRORS (spec §5), never the machine's own
 * validator, so a rule or message that drifts in the machine fails here (issue 17). The exported
 * selectors the screen reads are checked on every step against what the model knows of the state,
 * and the bodies a save sends (`toUserBody`, `editRequestBody`) against the spec's.
 *
 * Issue 15: making the user an Admin (offered once the Shopify ID is the first field in error) drops
 * the Shopify fields' requirement and re-checks the touched ones, and making the valid Admin a
 * Customer again brings it back; `form.restore` puts back a kept draft (one with a good and a bad
 * value and a pasted store URL, and one that is not a draft at all); a failed load or save shows the
 * server's reason, and a save's field messages go onto their fields. Each mode's save is answered
 * with the server's success message of that mode (spec §8), which the toast shows. Issue 12: a
 * pasted store URL is shown as its host once the Shopify domain is left. A valid edit form is offered
 * a new password, then a Shopify key, so the edit body is seen with and without each (spec §5
 * "blank not sent").
 *
 * Issue 30: Save is pressable on an invalid form; a submit of one shows every field's message and
 * focuses the first invalid field, a sent one shows every field as checked. The new password's four
 * rules show at once with their state (PASSWORD_CHECKS). A saved create shows the spec's toast and
 * lands on the new user's page; a saved edit gives focus back to Save; a refused save's toast is the
 * spec's text with the reason as detail, and focus goes to the first field the server named, else
 * Save. A settled load focuses the page's heading; a failed load other than a 404 waits for `retry`.
 */
import { isDeepStrictEqual } from 'node:util';
import { expect } from 'vitest';
import * as v from 'valibot';
import { ApiError } from '@/api/client';
import type { User } from '@/api/schemas/users';
import { UpdateUserRequest } from '@/api/schemas/users';
import {
  editRequestBody,
  selectDraftValues,
  selectField,
  selectFieldError,
  selectFieldState,
  selectIsDirty,
  selectIsReady,
  selectIsSaving,
  selectNeedsShopFields,
  selectPasswordChecklist,
  selectStoredShopifyConnection,
  toUserBody,
  userFormMachine,
} from '@/machines/userForm.machine';
import type {
  UserFormField,
  UserFormMode,
  UserFormSnapshot,
  UserFormValues,
} from '@/machines/userForm.machine';
import { defineModel } from '../harness';
import type { ExecutedStep } from '../harness';

/** Spec §2: every field of the form, in display order. */
const FIELDS: readonly UserFormField[] = [
  'user_type_id',
  'status',
  'first_name',
  'last_name',
  'email',
  'company_name',
  'phone',
  'mobile',
  'website',
  'shopify_id',
  'shopify_domain',
  'shopify_admin_api',
  'discount_rate',
  'shipping_discount_rate',
  'password',
];
/** Issue 15 finding 9: what a draft keeps (never the password or the Shopify key). */
const DRAFT_FIELDS = FIELDS.filter((field) => field !== 'password' && field !== 'shopify_admin_api');

/** Spec §9 create defaults: role Customer (2), status Active (1), discount 10, shipping discount 5. */
const CREATE_DEFAULTS: UserFormValues = {
  user_type_id: '2',
  status: '1',
  first_name: '',
  last_name: '',
  email: '',
  company_name: '',
  phone: '',
  mobile: '',
  website: '',
  shopify_id: '',
  shopify_domain: '',
  shopify_admin_api: '',
  discount_rate: '10',
  shipping_discount_rate: '5',
  password: '',
};
/** Spec §9 edit defaults (discount 0, shipping 0), shown until the user has loaded. */
const EDIT_DEFAULTS: UserFormValues = { ...CREATE_DEFAULTS, discount_rate: '0', shipping_discount_rate: '0' };

/** Spec §3: a customer without a mobile, a website or a stored Shopify key. */
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
  shopify_id: 'hopper-health',
  shopify_domain: 'hopper-health.myshopify.com',
  has_shopify_admin_api: false,
  shopify_connection: {
    status: 'not_configured',
    checked_at: null,
    shop_name: null,
    scopes: [],
    failure: null,
  },
  discount_rate: 15,
  shipping_discount_rate: 5,
  avatar: null,
  feeds: 42.5,
  orders: 3,
  created_at: '2025-01-02T09:00:00.000Z',
  updated_at: null,
};
/**
 * The server's answer to a save: the user renamed, with a Shopify key now stored, so its connection
 * is configured and not checked yet (issue 29).
 */
const AUGUSTA: User = {
  ...GRACE,
  first_name: 'Augusta',
  has_shopify_admin_api: true,
  shopify_connection: { ...GRACE.shopify_connection, status: 'not_checked' },
};

/** GRACE in the form (spec §2: the password and the Shopify key start blank; none is ''). */
const GRACE_VALUES: UserFormValues = {
  user_type_id: '2',
  status: '1',
  first_name: 'Grace',
  last_name: 'Hopper',
  email: 'grace@example.com',
  company_name: 'Hopper Health',
  phone: '+44 20 7946 0000',
  mobile: '',
  website: '',
  shopify_id: 'hopper-health',
  shopify_domain: 'hopper-health.myshopify.com',
  shopify_admin_api: '',
  discount_rate: '15',
  shipping_discount_rate: '5',
  password: '',
};
const AUGUSTA_VALUES: UserFormValues = { ...GRACE_VALUES, first_name: 'Augusta' };

/** Issue 12: a store URL as pasted, and the host it is shown and saved as. */
const SHOP_URL = 'https://Hopper-Health.myshopify.com/';
const SHOP_HOST = 'hopper-health.myshopify.com';
/** Issue 12: what leaving the Shopify domain makes of each value the model types (others stay). */
const SHOP_HOSTS: Readonly<Record<string, string>> = { [SHOP_URL]: SHOP_HOST };

/** A good value for every field the empty create form has in error. */
const GOOD_VALUES: Partial<UserFormValues> = {
  first_name: 'Grace',
  last_name: 'Hopper',
  email: 'grace@example.com',
  company_name: 'Hopper Health',
  phone: '+44 20 7946 0000',
  shopify_id: 'hopper-health',
  shopify_domain: SHOP_URL,
  shipping_discount_rate: '5',
  password: 'Secret123!',
};
const BAD_EMAIL = 'not-an-email';
/** A Shopify admin API key, typed on a valid edit form. */
const SHOP_KEY = 'shpat_0123456789abcdef';

/** Spec §5 'Required' and 'Invalid email address'. */
const REQUIRED = 'Required';
const INVALID_EMAIL = 'Invalid email address';

/** What a rule of FIELD_ERRORS may depend on: the form's mode and the role typed. */
type FormKind = { mode: UserFormMode; role: string };
type Rule = string | null | ((kind: FormKind) => string | null);

/** Spec §5 "shopify_id and shopify_domain required", for customers (role 2) only (issue 15). */
const requiredOfCustomers: Rule = ({ role }) => (role === '2' ? REQUIRED : null);

/**
 * Spec §5 "Create user" and "Edit user": what each value the model types earns, first broken rule
 * first; null when it passes.
 */
const FIELD_ERRORS: Readonly<Record<UserFormField, Readonly<Record<string, Rule>>>> = {
  user_type_id: { '1': null, '2': null },
  status: { '1': null },
  first_name: { '': REQUIRED, Grace: null, Augusta: null },
  last_name: { '': REQUIRED, Hopper: null },
  // Spec §5: an email must be valid, so a blank one is not.
  email: { '': INVALID_EMAIL, [BAD_EMAIL]: INVALID_EMAIL, 'grace@example.com': null },
  company_name: { '': REQUIRED, 'Hopper Health': null },
  phone: { '': REQUIRED, '+44 20 7946 0000': null },
  mobile: { '': null },
  website: { '': null },
  shopify_id: { '': requiredOfCustomers, 'hopper-health': null },
  shopify_domain: { '': requiredOfCustomers, [SHOP_URL]: null, [SHOP_HOST]: null },
  shopify_admin_api: { '': null, [SHOP_KEY]: null },
  discount_rate: { '0': null, '10': null, '15': null },
  // A blank number is no number: the generic 'Required'. Below 0 and not whole: the first rule.
  shipping_discount_rate: {
    '': REQUIRED,
    '-0.5': 'Minimum shipping discount is 0',
    '0': null,
    '5': null,
  },
  // Spec §5 "Edit user": password optional (blank keeps the stored one).
  password: { '': ({ mode }) => (mode === 'create' ? REQUIRED : null), 'Secret123!': null },
};

/** The spec's message for `field` of `values` (FIELD_ERRORS). @throws for a value the table lacks */
function fieldError(field: UserFormField, values: UserFormValues, mode: UserFormMode): string | null {
  const rule = FIELD_ERRORS[field][values[field]];
  if (rule === undefined) throw new Error(`FIELD_ERRORS has no ${field} '${values[field]}'`);
  return typeof rule === 'function' ? rule({ mode, role: values.user_type_id }) : rule;
}

/** Every field's message for `values`, only those in error (the browser replay reads it too). */
export function formErrors(
  values: UserFormValues,
  mode: UserFormMode,
): Partial<Record<UserFormField, string>> {
  const errors: Partial<Record<UserFormField, string>> = {};
  for (const field of FIELDS) {
    const error = fieldError(field, values, mode);
    if (error !== null) errors[field] = error;
  }
  return errors;
}

function errorsOf(snapshot: UserFormSnapshot): Partial<Record<UserFormField, string>> {
  return formErrors(snapshot.context.values, snapshot.context.mode);
}

function firstFieldInError(snapshot: UserFormSnapshot): UserFormField | undefined {
  const errors = errorsOf(snapshot);
  return FIELDS.find((field) => errors[field] !== undefined);
}

/** `errors` with `fields` shown as FIELD_ERRORS says for `values` (a passing field shows none). */
function withFieldErrors(
  errors: Partial<Record<UserFormField, string>>,
  fields: readonly UserFormField[],
  values: UserFormValues,
  mode: UserFormMode,
): Partial<Record<UserFormField, string>> {
  const next = { ...errors };
  for (const field of fields) {
    const error = fieldError(field, values, mode);
    if (error === null) delete next[field];
    else next[field] = error;
  }
  return next;
}

/*
 * The texts the form must show, copied from their sources rather than imported from the machine, so a
 * text that drifts in the machine fails here (issue 17).
 */
/** Spec §8 error toasts: create, and update. */
const CREATE_FAILED = 'Error happened while submitting the form';
const UPDATE_FAILED = 'Failed to update info';
/** Spec §8 success toasts (the server's message, shown as it comes): create, and update. */
const CREATED = 'User created successful';
const UPDATED = 'User updated successfully';
/** Issue 15: the edit screen of a user id the server does not know. */
const USER_NOT_FOUND = 'User not found';
/** Issue 30: the reason a load failed, shown beside 'Failed to load the user' with Retry. */
const LOAD_FAILURE = 'Internal Server Error';
/** Issue 30: the created user's page (AUGUSTA's id), where a saved create lands. */
const NEW_USER_PATH = '/dashboard/users/2/edit';
/** Issue 30: DOM ids of the user page's heading, the Save button and a field of the form. */
const HEADING_ID = 'user-page-heading';
const SAVE_ID = 'user-form-save';
const fieldId = (field: UserFormField) => `user-${field}`;

/**
 * ARCHITECTURE.md §4 "New-user password messages", the checklist's rules in order, and whether each
 * password the model types meets them (issue 30).
 */
const PASSWORD_RULE_TEXTS = [
  'Password must be at least 8 characters',
  'Password must contain an uppercase letter',
  'Password must contain a number',
  'Password must contain a special character',
];
const PASSWORD_CHECKS: Readonly<Record<string, readonly boolean[]>> = {
  '': [false, false, false, false],
  'Secret123!': [true, true, true, true],
};

/**
 * The save failures, each with the reason its toast shows after the spec's text (issue 15) and the
 * field messages it puts on the form: a 400 names fields (an unknown one is ignored), a 409 is the
 * taken email; other failures name no field.
 */
const SAVE_FAILURES: ReadonlyArray<{
  error: ApiError;
  reason: string;
  fields: Partial<Record<UserFormField, string>>;
}> = [
  {
    error: new ApiError('Conflict', { kind: 'http', status: 409, serverMessage: 'Email already taken' }),
    reason: 'Email already taken',
    fields: { email: 'Email already taken' },
  },
  {
    error: new ApiError('Bad Request', {
      kind: 'http',
      status: 400,
      serverMessage: 'first_name: Must be at most 200 characters; nickname: Unknown; phone is required',
    }),
    reason: 'first_name: Must be at most 200 characters; nickname: Unknown; phone is required',
    fields: { first_name: 'Must be at most 200 characters', phone: 'Required' },
  },
  {
    error: new ApiError('Bad Request', { kind: 'http', status: 400 }),
    reason: 'Bad Request',
    fields: {},
  },
  {
    error: new ApiError('Internal Server Error', { kind: 'http', status: 500 }),
    reason: 'Internal Server Error',
    fields: {},
  },
  {
    error: new ApiError('You cannot deactivate your own account', {
      kind: 'http',
      status: 400,
      serverMessage: 'You cannot deactivate your own account',
    }),
    reason: 'You cannot deactivate your own account',
    fields: {},
  },
];

/**
 * A kept draft as the screen keeps it (every field but the secrets, blank ones too): a name to put
 * back, an email that breaks its rule, a pasted store URL; and a password, which is never put back.
 */
const DRAFT = {
  user_type_id: '2',
  status: '1',
  first_name: 'Augusta',
  last_name: '',
  email: BAD_EMAIL,
  company_name: '',
  phone: '',
  mobile: '',
  website: '',
  shopify_id: '',
  shopify_domain: SHOP_URL,
  discount_rate: '10',
  shipping_discount_rate: '5',
  password: 'Leaked!1x',
};

type UserFormStep = ExecutedStep<typeof userFormMachine>;

/**
 * `expect(actual, message).toStrictEqual(expected)`, with node's strict comparison first: vitest's
 * own is several times slower, and the walk compares whole contexts on every step.
 */
function expectStrictEqual(actual: unknown, expected: unknown, message?: string): void {
  if (!isDeepStrictEqual(actual, expected)) expect(actual, message).toStrictEqual(expected);
}

/** How many of the two secrets (password, Shopify key) are typed. */
function secretsTyped(values: UserFormValues): number {
  return [values.password, values.shopify_admin_api].filter((secret) => secret !== '').length;
}

/**
 * Spec §7 POST /users/create and PUT /users/{id} bodies as the form makes them: the typed values,
 * numbers as numbers, a blank password or Shopify key as null (left out of an edit below).
 */
function expectedBody(values: UserFormValues): Record<string, unknown> {
  return {
    ...values,
    user_type_id: Number(values.user_type_id),
    status: Number(values.status),
    discount_rate: Number(values.discount_rate),
    shipping_discount_rate: Number(values.shipping_discount_rate),
    shopify_admin_api: values.shopify_admin_api === '' ? null : values.shopify_admin_api,
    password: values.password === '' ? null : values.password,
  };
}

/** The PUT body of an edit of GRACE (spec §5 "blank not sent": a blank secret is left out). */
function expectedEditBody(values: UserFormValues): Record<string, unknown> {
  return {
    user_type_id: 2,
    status: 1,
    first_name: values.first_name,
    last_name: 'Hopper',
    email: 'grace@example.com',
    company_name: 'Hopper Health',
    phone: '+44 20 7946 0000',
    mobile: null,
    website: null,
    shopify_id: 'hopper-health',
    shopify_domain: 'hopper-health.myshopify.com',
    discount_rate: 15,
    shipping_discount_rate: 5,
    ...(values.password === '' ? {} : { password: values.password }),
    ...(values.shopify_admin_api === '' ? {} : { shopify_admin_api: values.shopify_admin_api }),
  };
}

/**
 * What the screen reads of every snapshot, as the model knows the state (spec §2, §4; issue 15), in
 * one comparison (the walk checks it on every step).
 */
function checkSelectors(after: UserFormSnapshot): void {
  const state = after.value as string;
  const { values, initial, touched, errors } = after.context;
  const shown: Record<string, unknown> = {};
  const expected: Record<string, unknown> = {};
  for (const field of FIELDS) {
    const view = selectField(after, field);
    shown[field] = [view, selectFieldState(after, field), selectFieldError(after, field)];
    // Spec §4: neutral until left, then valid or in error with its message.
    const error = touched[field] ? (errors[field] ?? null) : null;
    const fieldState = !touched[field] ? 'neutral' : error === null ? 'valid' : 'error';
    expected[field] = [{ state: fieldState, error }, fieldState, error];
  }
  shown.passwordChecklist = selectPasswordChecklist(after);
  // Issue 30: every rule at once with its state; none on edit while the password is blank.
  expected.passwordChecklist =
    after.context.mode === 'edit' && values.password === ''
      ? null
      : PASSWORD_RULE_TEXTS.map((message, index) => ({
          message,
          met: PASSWORD_CHECKS[values.password]![index],
        }));
  shown.isSaving = selectIsSaving(after);
  expected.isSaving = state === 'saving';
  shown.isReady = selectIsReady(after);
  expected.isReady = ['editing', 'saving', 'saved'].includes(state);
  shown.needsShopFields = selectNeedsShopFields(after);
  // Issue 15: the Shopify fields are for customers only.
  expected.needsShopFields = values.user_type_id === '2';
  shown.storedShopifyConnection = selectStoredShopifyConnection(after);
  // Issue 29: the connection panel shows a stored customer's connection as last loaded or saved.
  expected.storedShopifyConnection = initial.user_type_id === '2' ? after.context.shopifyConnection : null;
  shown.isDirty = selectIsDirty(after);
  // Leaving asks first only with typed changes, and never once a create is saved.
  expected.isDirty = state !== 'saved' && FIELDS.some((field) => values[field] !== initial[field]);
  shown.draft = selectDraftValues(after);
  // Issue 15: a draft keeps no secret.
  expected.draft = Object.fromEntries(DRAFT_FIELDS.map((field) => [field, values[field]]));
  expectStrictEqual(shown, expected, 'what the screen reads');
}

function checkStart(step: UserFormStep): void {
  const { input, after } = step;
  const values = input?.mode === 'create' ? CREATE_DEFAULTS : EDIT_DEFAULTS;
  expectStrictEqual(after.context, {
    mode: input?.mode,
    userId: input?.mode === 'edit' ? input.userId : null,
    values,
    initial: values,
    touched: {},
    errors: {},
    hasStoredShopifyKey: false,
    shopifyConnection: null,
    loadFailure: null,
  });
  if (input?.mode === 'edit') {
    expect(after.value).toBe('loading');
    expect(step.started).toEqual([{ src: 'loadUser', id: expect.any(String), input: { userId: 2 } }]);
  } else {
    expect(after.value).toBe('editing');
    expect(step.started).toEqual([]);
  }
  expect(step.emitted).toEqual([]);
}

function checkSaveFailure(step: UserFormStep, error: unknown): void {
  const { before, after } = step;
  if (before === null) throw new Error('not an actor outcome');
  const failure = SAVE_FAILURES.find((candidate) => candidate.error === error);
  if (!failure) throw new Error('every save failure is one of SAVE_FAILURES');
  expect(after.value).toBe('editing');
  const message = after.context.mode === 'create' ? CREATE_FAILED : UPDATE_FAILED;
  const named = FIELDS.find((field) => failure.fields[field] !== undefined);
  expect(step.emitted, "the spec's text with the server's reason as detail; focus where it points").toEqual([
    { type: 'ui.toast', tone: 'error', message, detail: failure.reason },
    { type: 'ui.focus', elementId: named === undefined ? SAVE_ID : fieldId(named) },
  ]);
  expect(step.actions[0]).toEqual({ type: 'reportFailure', params: { error } });
  const touched = Object.fromEntries(Object.keys(failure.fields).map((field) => [field, true]));
  expectStrictEqual(
    after.context,
    {
      ...before.context,
      errors: { ...before.context.errors, ...failure.fields },
      touched: { ...before.context.touched, ...touched },
    },
    "the typed values stay; the server's field messages go onto their fields",
  );
}

function checkSubmit(step: UserFormStep): void {
  const { before, after } = step;
  if (before === null) throw new Error('not a submit');
  const { mode, values } = before.context;
  const everyField = Object.fromEntries(FIELDS.map((field) => [field, true]));
  const first = firstFieldInError(before);
  if (first !== undefined) {
    expect(after.value, 'an invalid form is not sent').toBe('editing');
    expect(step.started).toEqual([]);
    expectStrictEqual(
      after.context,
      { ...before.context, touched: everyField, errors: errorsOf(before) },
      'every field shows its message',
    );
    expect(step.emitted, 'issue 30: the first invalid field takes focus').toEqual([
      { type: 'ui.focus', elementId: fieldId(first) },
    ]);
    return;
  }
  expect(after.value).toBe('saving');
  expectStrictEqual(
    after.context,
    { ...before.context, touched: everyField, errors: {} },
    'every field shows it passes (no message left from before)',
  );
  expect(step.emitted).toEqual([]);
  expect(step.started).toEqual([
    {
      src: 'saveUser',
      id: expect.any(String),
      input: { mode, userId: mode === 'edit' ? 2 : null, values },
    },
  ]);
  expect(toUserBody(values), 'spec §7: numbers as numbers, a blank secret as null').toEqual(
    expectedBody(values),
  );
  if (mode === 'edit') {
    expect(editRequestBody(v.parse(UpdateUserRequest, toUserBody(values)))).toEqual(expectedEditBody(values));
  }
}

function checkFormEvent(step: UserFormStep): void {
  const { before, event, after } = step;
  if (before === null) throw new Error('not a form event');
  const { mode } = before.context;
  expect(after.value).toBe('editing');
  switch (event.type) {
    case 'form.change': {
      const values = { ...before.context.values, [event.field]: event.value };
      // The role decides the Shopify fields' rule: the touched ones are checked again at once.
      const rechecked =
        event.field === 'user_type_id'
          ? (['shopify_id', 'shopify_domain'] as const).filter((field) => before.context.touched[field])
          : [];
      const errors = withFieldErrors(before.context.errors, rechecked, values, mode);
      expectStrictEqual(after.context, { ...before.context, values, errors });
      return;
    }
    case 'form.restore': {
      if (event.values === null) {
        expectStrictEqual(after.context, before.context, 'what is not a draft changes nothing');
        return;
      }
      // Issue 15: the kept fields as if typed and left (a pasted URL as its host); never the password.
      const { password: leaked, ...kept } = DRAFT;
      const values = { ...before.context.values, ...kept, shopify_domain: SHOP_HOST };
      expect(after.context.values.password, 'a password is never put back').not.toBe(leaked);
      expectStrictEqual(after.context, {
        ...before.context,
        values,
        touched: {
          ...before.context.touched,
          ...Object.fromEntries(DRAFT_FIELDS.map((field) => [field, true])),
        },
        errors: withFieldErrors(before.context.errors, DRAFT_FIELDS, values, mode),
      });
      return;
    }
    case 'form.blur': {
      const typed = before.context.values[event.field];
      const values =
        event.field === 'shopify_domain'
          ? { ...before.context.values, shopify_domain: SHOP_HOSTS[typed] ?? typed }
          : before.context.values;
      expectStrictEqual(
        after.context,
        {
          ...before.context,
          values,
          touched: { ...before.context.touched, [event.field]: true },
          errors: withFieldErrors(before.context.errors, [event.field], values, mode),
        },
        'spec §4: a field left shows whether it passes',
      );
      return;
    }
  }
}

function checkOutcome(step: UserFormStep): void {
  const { before, event, after } = step;
  if (before === null) throw new Error('not an actor outcome');
  if ('output' in event && before.matches('loading')) {
    expect(after.value).toBe('editing');
    expectStrictEqual(
      after.context,
      {
        ...before.context,
        values: GRACE_VALUES,
        initial: GRACE_VALUES,
        hasStoredShopifyKey: false,
        shopifyConnection: GRACE.shopify_connection,
      },
      'the loaded user fills the form, which is not dirty',
    );
    expect(step.emitted, 'issue 30: the page heading takes focus').toEqual([
      { type: 'ui.focus', elementId: HEADING_ID },
    ]);
  } else if ('error' in event && before.matches('loading')) {
    const status = event.error instanceof ApiError ? event.error.status : null;
    if (status === 404) {
      // Issue 15: 'User not found' (USER_NOT_FOUND), for good.
      expect(USER_NOT_FOUND).toBe('User not found');
      expect(after.value).toBe('notFound');
      expect(after.status).toBe('done');
      expectStrictEqual(after.context, before.context);
    } else {
      expect(after.value, 'issue 30: waits for Retry').toBe('loadFailed');
      expect(after.status).toBe('active');
      expectStrictEqual(after.context, { ...before.context, loadFailure: LOAD_FAILURE });
    }
    expect(step.emitted).toEqual([{ type: 'ui.focus', elementId: HEADING_ID }]);
  } else if ('output' in event) {
    if (before.context.mode === 'create') {
      // Issue 30: the new user's page, replacing the create form's history entry.
      expect(step.emitted, "the screen goes to the new user's page").toEqual([
        { type: 'ui.toast', tone: 'success', message: CREATED },
        { type: 'ui.navigate', to: NEW_USER_PATH, replace: true },
      ]);
      expect(after.value).toBe('saved');
      expect(after.status).toBe('done');
      expectStrictEqual(after.context, before.context);
    } else {
      expect(step.emitted, 'edit stays on the page; Save has focus again').toEqual([
        { type: 'ui.toast', tone: 'success', message: UPDATED },
        { type: 'ui.focus', elementId: SAVE_ID },
      ]);
      expect(after.value).toBe('editing');
      expectStrictEqual(
        after.context,
        {
          ...before.context,
          values: AUGUSTA_VALUES,
          initial: AUGUSTA_VALUES,
          hasStoredShopifyKey: true,
          shopifyConnection: AUGUSTA.shopify_connection,
          touched: {},
          errors: {},
        },
        'the saved user fills the form, untouched',
      );
    }
  } else if ('error' in event) {
    checkSaveFailure(step, event.error);
  }
}

/** Issue 30: Retry after a failed load loads the same user again. */
function checkRetry(step: UserFormStep): void {
  const { before, after } = step;
  if (before === null) throw new Error('not a retry');
  expect(after.value).toBe('loading');
  expectStrictEqual(after.context, before.context);
  expect(step.started).toEqual([{ src: 'loadUser', id: expect.any(String), input: { userId: 2 } }]);
  expect(step.emitted).toEqual([]);
}

function checkStep(step: UserFormStep): void {
  const { before, event, after } = step;
  checkSelectors(after);
  if (before === null) checkStart(step);
  else if (event.type === 'retry') checkRetry(step);
  else if (event.type === 'form.submit') checkSubmit(step);
  else if (event.type.startsWith('form.')) checkFormEvent(step);
  else checkOutcome(step);
}

export default defineModel({
  machine: userFormMachine,
  inputs: {
    create: { mode: 'create' },
    edit: { mode: 'edit', userId: GRACE.id },
  },
  events: {
    'form.change': [
      ...Object.entries(GOOD_VALUES).map(([field, value]) => ({
        type: 'form.change' as const,
        field: field as UserFormField,
        value,
      })),
      { type: 'form.change', field: 'email', value: BAD_EMAIL },
      { type: 'form.change', field: 'shipping_discount_rate', value: '' },
      { type: 'form.change', field: 'shipping_discount_rate', value: '-0.5' },
      { type: 'form.change', field: 'user_type_id', value: '1' },
      { type: 'form.change', field: 'user_type_id', value: '2' },
      { type: 'form.change', field: 'shopify_admin_api', value: SHOP_KEY },
    ],
    'form.blur': [
      { type: 'form.blur', field: 'email' },
      { type: 'form.blur', field: 'shopify_domain' },
    ],
    'form.submit': [{ type: 'form.submit' }],
    retry: [{ type: 'retry' }],
    'form.restore': [
      { type: 'form.restore', values: DRAFT },
      { type: 'form.restore', values: null },
    ],
  },
  outcomes: {
    loadUser: {
      done: [GRACE],
      // Without a message of the server's: a 404's words are the machine's own.
      error: [
        new ApiError('Request failed with status 404', { kind: 'http', status: 404 }),
        new ApiError('Internal Server Error', { kind: 'http', status: 500 }),
      ],
    },
    saveUser: {
      // The server's message of each mode; the filter gives each mode its own.
      done: [
        { message: CREATED, user: AUGUSTA },
        { message: UPDATED, user: AUGUSTA },
      ],
      error: SAVE_FAILURES.map((failure) => failure.error),
    },
  },
  stubActions: ['reportFailure'],
  serialize: (snapshot) => ({
    value: snapshot.value,
    inError: Object.keys(errorsOf(snapshot)).length,
    secrets: secretsTyped(snapshot.context.values),
    role: snapshot.context.values.user_type_id,
    pasted: snapshot.context.values.shopify_domain === SHOP_URL,
  }),
  filterEvents: (snapshot, event) => {
    // The server answers a create and an update each with its own message (spec §8).
    if (event.type.startsWith('xstate.done.actor.') && snapshot.matches('saving')) {
      const { message } = (event as { output: { message: string } }).output;
      return message === (snapshot.context.mode === 'create' ? CREATED : UPDATED);
    }
    // A failed save depends on the mode, not on which valid form was sent: walked from the first
    // form each mode sends (a customer's, with no secret but the new user's password).
    if (event.type.startsWith('xstate.error.actor.') && snapshot.matches('saving')) {
      const { mode, values } = snapshot.context;
      return values.user_type_id === '2' && secretsTyped(values) === (mode === 'create' ? 1 : 0);
    }
    // A pasted store URL is left before the form is sent (the screen's blur comes first).
    if (event.type === 'form.submit') return snapshot.context.values.shopify_domain !== SHOP_URL;
    // A draft (or what is not one) is offered back on a form with nothing typed yet (the screen's
    // first moments).
    if (event.type === 'form.restore') return snapshot.context.values.first_name === '';
    // A field is left where leaving it shows something: the email while it breaks its rule; the
    // Shopify domain while blank (required of a customer only) or holding a pasted URL (issue 12).
    if (event.type === 'form.blur') {
      const { values } = snapshot.context;
      if (event.field === 'email') return errorsOf(snapshot).email !== undefined;
      return values.shopify_domain === '' || values.shopify_domain === SHOP_URL;
    }
    if (event.type !== 'form.change') return true;
    const { mode, values } = snapshot.context;
    const valid = firstFieldInError(snapshot) === undefined;
    // One bad value per mode on a valid form, each then sent: a bad email or a blank
    // shipping discount on create, a shipping discount below 0 (and not whole) on edit.
    if (event.value === BAD_EMAIL) return valid && mode === 'create';
    if (event.field === 'shipping_discount_rate' && event.value !== '5')
      return valid && event.value === (mode === 'create' ? '' : '-0.5');
    if (event.field === 'user_type_id') {
      // An Admin while the Shopify ID is missing; a valid Admin a Customer again.
      return event.value === '1'
        ? firstFieldInError(snapshot) === 'shopify_id'
        : valid && values.user_type_id === '1';
    }
    // Issue 12: the store's URL pasted over the host of a valid create form (a restored draft
    // leaves no pasted URL to type otherwise, since the walk takes the draft's shorter way).
    if (event.field === 'shopify_domain' && valid)
      return mode === 'create' && values.shopify_domain === SHOP_HOST;
    // The secrets of a valid edit form: a new password, then a Shopify key.
    if (mode === 'edit' && valid) {
      if (event.field === 'password') return values.password === '';
      if (event.field === 'shopify_admin_api')
        return values.password !== '' && values.shopify_admin_api === '';
    }
    return event.field === firstFieldInError(snapshot);
  },
  check: checkStep,
});
