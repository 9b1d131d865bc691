/**
 * The create and edit user forms (spec §2 "Create and edit user forms", §4 "Form field states", §5,
 * §8 toasts, §9 defaults).
 *
 * - Edit starts in `loading` (GET /users/{id}); create starts in `editing` with the §9 defaults.
 * - `form.change` updates a value; `form.blur` marks the field touched and (re)validates it, so a
 *   field is neutral until first left, then valid (check mark) or in error (red message). Leaving
 *   the Shopify domain shows a pasted store URL as the host it will be saved as (issue 12).
 * - The Shopify ID and domain are required for customers only (issue 15 finding 4): changing the
 *   role re-checks the fields already touched, so an admin's blank Shopify fields stop being errors.
 * - Issue 30, the feed editor's submit pattern (src/ui/form-submit.ts): Save is pressable whenever
 *   the form is `editing` (the spec's "disabled until valid" is a README decision). A submit of a
 *   valid form shows every field as passing (no message left from before Enter) and goes to
 *   `saving`, which posts it; an invalid one stays, shows every field's message
 *   (untouched required fields included) and focuses the first invalid field (`uiFocus`).
 *   `selectPasswordChecklist` gives every new-password rule with whether it is met, shown at once.
 * - A saved create shows the spec's 'User created successful' and lands on the new user's page
 *   (`uiNavigate(paths.editUser(id), { replace: true })`, so Back does not reopen an empty form);
 *   that page focuses its heading once the user has loaded. A saved edit stays in `editing` with
 *   the saved values, shows 'User updated successfully' and gives focus back to the Save button
 *   (it was disabled while saving, which drops focus). A failure shows the spec's error toast
 *   word for word ('Error happened while submitting the form' or 'Failed to update info') with the
 *   server's reason as its detail (`failureReason`); a server's field messages (400) or the taken
 *   email (409) go onto their fields and focus goes to the first of them, else back to Save.
 *   Edit leaves a blank password (and a blank Shopify key) out of the body (spec §5 "blank not sent").
 * - Loading a user focuses the page's heading when it settles (opening the edit page, or landing on
 *   it after a create). A user id the server does not know ends in `notFound` ('User not found':
 *   the screen then shows nothing else of the user, issue 15 finding 4); another failure waits in
 *   `loadFailed` with its reason until `retry` loads again (issue 30).
 * - `form.restore` (issue 15 finding 9) puts back input kept from before a sign-out: what it is given
 *   is checked (only known fields, as text; never the password or the Shopify key, which are not
 *   kept) and applied as if typed and left: dirty, touched and validated.
 * - `selectIsDirty` tells the screen whether leaving should be confirmed; `selectDraftValues` is
 *   what is kept when the screen goes away unsaved.
 */
import { assign, emit, fromPromise, setup } from 'xstate';
import type { SnapshotFrom } from 'xstate';
import * as v from 'valibot';
import { ApiError } from '@/api/client';
import { createUser, fetchUser, updateUser } from '@/api/users';
import { UserType } from '@/api/schemas/common';
import type { ShopifyConnection } from '@/api/schemas/shopify';
import type { User, UserSaved } from '@/api/schemas/users';
import {
  CreateUserRequest,
  NEW_PASSWORD_RULES,
  shopDomainHost,
  UpdateUserRequest,
  USER_CREATED_MESSAGE,
  USER_UPDATED_MESSAGE,
} from '@/api/schemas/users';
import { paths } from '@/routes/paths';
import { failureReason } from './failure-text';
import { fieldElementId, fieldView } from './form-fields';
import type { FieldState, FieldView } from './form-fields';
import { uiFocus, uiNavigate, uiToast } from './ui-effects';
import type { UiEffect } from './ui-effects';

/** Every field of the form, in display order (spec §2). */
export const USER_FORM_FIELDS = [
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
] as const;

/** One field of the user form. */
export type UserFormField = (typeof USER_FORM_FIELDS)[number];
/** The form's values as the inputs hold them (text; selects hold their option value). */
export type UserFormValues = Record<UserFormField, string>;
/** Create or edit. */
export type UserFormMode = 'create' | 'edit';

/** Spec §8 error toasts of the user form. */
export const CREATE_USER_FAILED_MESSAGE = 'Error happened while submitting the form';
export const UPDATE_USER_FAILED_MESSAGE = 'Failed to update info';
/** The edit screen of a user id the server does not know (the server's 404 message). */
export const USER_NOT_FOUND_MESSAGE = 'User not found';
/** The edit screen when the user could not be loaded for another reason (the reason beside it). */
export const LOAD_USER_FAILED_MESSAGE = 'Failed to load the user';

/** The form's name in its fields' DOM ids (`fieldElementId(USER_FORM, field)`). */
export const USER_FORM = 'user';
/** DOM id of the user page's heading (h1), focused once the edited user has loaded (issue 30). */
export const USER_PAGE_HEADING_ID = 'user-page-heading';
/** DOM id of the form's Save button, given focus back after a save. */
export const USER_SAVE_BUTTON_ID = 'user-form-save';

/** Secrets never kept in a draft (session storage): they are typed again after a sign-out. */
const SECRET_FIELDS: ReadonlySet<UserFormField> = new Set(['password', 'shopify_admin_api']);
/** The fields a draft keeps and a restore accepts. */
const DRAFT_FIELDS = USER_FORM_FIELDS.filter((field) => !SECRET_FIELDS.has(field));

/**
 * What a restore accepts: an object of the draft fields as text, each optional (unknown keys are
 * dropped); anything else is not a draft of this form.
 */
const UserFormDraft = v.partial(
  v.object(
    Object.fromEntries(DRAFT_FIELDS.map((field) => [field, v.string()])) as Record<
      UserFormField,
      v.StringSchema<undefined>
    >,
  ),
);

const EMPTY_VALUES: UserFormValues = {
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
  discount_rate: '0',
  shipping_discount_rate: '0',
  password: '',
};

/** Spec §9 create defaults: role Customer, status Active, discount 10, shipping discount 5. */
export const CREATE_USER_DEFAULTS: UserFormValues = {
  ...EMPTY_VALUES,
  discount_rate: '10',
  shipping_discount_rate: '5',
};
/** Spec §9 edit defaults (discount 0, shipping 0), shown only until the user has loaded. */
export const EDIT_USER_DEFAULTS: UserFormValues = EMPTY_VALUES;

/** The form values of a loaded user; password and Shopify key start blank (blank keeps them). */
export function valuesFromUser(user: User): UserFormValues {
  return {
    user_type_id: String(user.user_type_id),
    status: String(user.status),
    first_name: user.first_name,
    last_name: user.last_name,
    email: user.email,
    company_name: user.company_name,
    phone: user.phone,
    mobile: user.mobile ?? '',
    website: user.website ?? '',
    shopify_id: user.shopify_id,
    shopify_domain: user.shopify_domain,
    shopify_admin_api: '',
    discount_rate: String(user.discount_rate),
    shipping_discount_rate: String(user.shipping_discount_rate),
    password: '',
  };
}

/** A numeric input's value as a number; blank is absent (so the rule says 'Required'). */
function toNumber(text: string): number | undefined {
  return text.trim() === '' ? undefined : Number(text);
}

/**
 * The request body of the form values: numbers for the numeric fields; a blank password or Shopify
 * key is null here (none on create); {@link editRequestBody} leaves them out of an edit.
 */
export function toUserBody(values: UserFormValues): Record<string, unknown> {
  return {
    ...values,
    user_type_id: toNumber(values.user_type_id),
    status: toNumber(values.status),
    discount_rate: toNumber(values.discount_rate),
    shipping_discount_rate: toNumber(values.shipping_discount_rate),
    shopify_admin_api: values.shopify_admin_api === '' ? null : values.shopify_admin_api,
    password: values.password === '' ? null : values.password,
  };
}

/**
 * `values` with the Shopify domain replaced by the bare host the server will save
 * (`https://www.shop.co.uk/` → `www.shop.co.uk`); unchanged while the domain is not valid.
 */
function withShopHost(values: UserFormValues): UserFormValues {
  const host = shopDomainHost(values.shopify_domain);
  return host === null ? values : { ...values, shopify_domain: host };
}

const schemas = {
  create: CreateUserRequest,
  edit: UpdateUserRequest,
};

/**
 * The PUT /users/{id} body of checked edit values: a blank password or Shopify key is left out, so
 * the stored one stays (spec §5 "password optional ... blank not sent").
 */
export function editRequestBody(body: v.InferOutput<typeof UpdateUserRequest>): UpdateUserRequest {
  const { password, shopify_admin_api, ...rest } = body;
  return {
    ...rest,
    ...(password === null ? {} : { password }),
    ...(shopify_admin_api === null ? {} : { shopify_admin_api }),
  };
}

/** Whether a failed load means the server does not know the user (404). */
function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

/** The first field, in display order, that has a message in `errors`; undefined when none has. */
function firstFieldWithError(errors: Partial<Record<UserFormField, string>>): UserFormField | undefined {
  return USER_FORM_FIELDS.find((field) => errors[field] !== undefined);
}

/**
 * `errors` with every field of `fields` re-checked against `values` (removed when it passes).
 */
function recheck(
  errors: Partial<Record<UserFormField, string>>,
  values: UserFormValues,
  mode: UserFormMode,
  fields: readonly UserFormField[],
): Partial<Record<UserFormField, string>> {
  const found = validateUserForm(values, mode);
  const next = { ...errors };
  for (const field of fields) {
    const message = found[field];
    if (message === undefined) delete next[field];
    else next[field] = message;
  }
  return next;
}

/**
 * Every rule of spec §5 for `mode` against `values` (the same schemas the server applies); returns
 * the first message per field that breaks a rule. Empty when the form is valid.
 */
export function validateUserForm(
  values: UserFormValues,
  mode: UserFormMode,
): Partial<Record<UserFormField, string>> {
  const result = v.safeParse(schemas[mode], toUserBody(values));
  const errors: Partial<Record<UserFormField, string>> = {};
  for (const issue of result.issues ?? []) {
    const field = v.getDotPath(issue) as UserFormField | null;
    if (field && errors[field] === undefined) errors[field] = issue.message;
  }
  return errors;
}

/**
 * The field messages of a server refusal: a 400 names fields as `field: message; ...`, a 409 is the
 * taken email. Other failures name no field.
 */
export function serverFieldErrors(error: unknown): Partial<Record<UserFormField, string>> {
  if (!(error instanceof ApiError) || error.serverMessage === null) return {};
  if (error.status === 409) return { email: error.serverMessage };
  if (error.status !== 400) return {};
  const errors: Partial<Record<UserFormField, string>> = {};
  for (const part of error.serverMessage.split('; ')) {
    const match = /^(\w+)(?:: (.+)| is required)$/.exec(part);
    const field = match?.[1] as UserFormField | undefined;
    if (field && (USER_FORM_FIELDS as readonly string[]).includes(field)) {
      errors[field] = match?.[2] ?? 'Required';
    }
  }
  return errors;
}

/** Input of the form machine: create, or edit of `userId`. */
export type UserFormInput = { mode: 'create' } | { mode: 'edit'; userId: number };

/** The form's context. */
export interface UserFormContext {
  mode: UserFormMode;
  userId: number | null;
  values: UserFormValues;
  /** The values last loaded or saved; the form is dirty when `values` differ from them. */
  initial: UserFormValues;
  touched: Partial<Record<UserFormField, boolean>>;
  errors: Partial<Record<UserFormField, string>>;
  /** Edit: whether the user has a stored Shopify key (the input stays blank; blank keeps it). */
  hasStoredShopifyKey: boolean;
  /**
   * Edit: the user's Shopify connection as the server last stored it (issue 29), loaded or saved
   * with the user; null before.
   */
  shopifyConnection: ShopifyConnection | null;
  /** Edit: why the user could not be loaded (`failureReason`), shown beside LOAD_USER_FAILED_MESSAGE. */
  loadFailure: string | null;
}

/** Events the screen sends. */
export type UserFormEvent =
  | { type: 'form.change'; field: UserFormField; value: string }
  | { type: 'form.blur'; field: UserFormField }
  | { type: 'form.submit' }
  /** Load the user again after a failed load (issue 30). */
  | { type: 'retry' }
  /** Input kept from before a sign-out (unknown: it comes from storage and is checked). */
  | { type: 'form.restore'; values: unknown };

/** Statechart `userForm`; see the module comment. */
export const userFormMachine = setup({
  // Stryker disable next-line ObjectLiteral: XState ignores `types` at run time (only TypeScript reads it)
  types: {
    context: {} as UserFormContext,
    events: {} as UserFormEvent,
    emitted: {} as UiEffect,
    input: {} as UserFormInput,
  },
  actors: {
    loadUser: fromPromise<User, { userId: number }>(({ input, signal }) => fetchUser(input.userId, signal)),
    saveUser: fromPromise<UserSaved, { mode: UserFormMode; userId: number | null; values: UserFormValues }>(
      ({ input, signal }) => {
        const body = toUserBody(input.values);
        return input.mode === 'edit' && input.userId !== null
          ? updateUser(input.userId, editRequestBody(v.parse(schemas.edit, body)), signal)
          : createUser(v.parse(schemas.create, body), signal);
      },
    ),
  },
  actions: {
    adoptUser: assign((_, params: { user: User }) => {
      const values = valuesFromUser(params.user);
      return {
        values,
        initial: values,
        hasStoredShopifyKey: params.user.has_shopify_admin_api,
        shopifyConnection: params.user.shopify_connection,
      };
    }),
    setLoadFailure: assign((_, params: { error: unknown }) => ({ loadFailure: failureReason(params.error) })),
    focusHeading: emit(uiFocus(USER_PAGE_HEADING_ID)),
    setValue: assign(({ context }, params: { field: UserFormField; value: string }) => ({
      values: { ...context.values, [params.field]: params.value },
    })),
    // The role decides whether the Shopify fields are required: re-check those already touched.
    recheckShopFields: assign(({ context }) => ({
      errors: recheck(
        context.errors,
        context.values,
        context.mode,
        (['shopify_id', 'shopify_domain'] as const).filter((field) => context.touched[field]),
      ),
    })),
    validateField: assign(({ context }, params: { field: UserFormField }) => {
      const values = params.field === 'shopify_domain' ? withShopHost(context.values) : context.values;
      return {
        values,
        touched: { ...context.touched, [params.field]: true },
        errors: recheck(context.errors, values, context.mode, [params.field]),
      };
    }),
    restoreDraft: assign(({ context }, params: { values: unknown }) => {
      const parsed = v.safeParse(UserFormDraft, params.values);
      if (!parsed.success) return {};
      const fields = DRAFT_FIELDS.filter((field) => parsed.output[field] !== undefined);
      const values = withShopHost({ ...context.values, ...parsed.output });
      const touched = { ...context.touched };
      for (const field of fields) touched[field] = true;
      return { values, touched, errors: recheck(context.errors, values, context.mode, fields) };
    }),
    validateAll: assign(({ context }) => ({
      touched: Object.fromEntries(USER_FORM_FIELDS.map((field) => [field, true])),
      errors: validateUserForm(context.values, context.mode),
    })),
    // After validateAll (or a refused save's field messages): the first field showing a message,
    // else (a refusal naming no field) the Save button that was pressed.
    focusFirstError: emit(({ context }) => {
      const field = firstFieldWithError(context.errors);
      return uiFocus(field === undefined ? USER_SAVE_BUTTON_ID : fieldElementId(USER_FORM, field));
    }),
    focusSave: emit(uiFocus(USER_SAVE_BUTTON_ID)),
    applyServerErrors: assign(({ context }, params: { error: unknown }) => {
      const fieldErrors = serverFieldErrors(params.error);
      const touched = { ...context.touched };
      for (const field of Object.keys(fieldErrors)) touched[field as UserFormField] = true;
      return { errors: { ...context.errors, ...fieldErrors }, touched };
    }),
    adoptSaved: assign((_, params: { user: User }) => {
      const values = valuesFromUser(params.user);
      return {
        values,
        initial: values,
        hasStoredShopifyKey: params.user.has_shopify_admin_api,
        // A save that changed the domain or key answers with the connection reset (issue 29).
        shopifyConnection: params.user.shopify_connection,
        touched: {},
        errors: {},
      };
    }),
    // Spec §8's texts word for word (the server sends the same words, but the spec's are the promise).
    toastCreated: emit(uiToast('success', USER_CREATED_MESSAGE)),
    toastUpdated: emit(uiToast('success', USER_UPDATED_MESSAGE)),
    toastFailed: emit(({ context }, params: { error: unknown }) =>
      uiToast(
        'error',
        context.mode === 'create' ? CREATE_USER_FAILED_MESSAGE : UPDATE_USER_FAILED_MESSAGE,
        failureReason(params.error),
      ),
    ),
    // Issue 30: the new user's page, where the next job (a token, a feed) starts; replacing the
    // create form's entry.
    goToNewUser: emit((_, params: { userId: number }) =>
      uiNavigate(paths.editUser(params.userId), { replace: true }),
    ),
    reportFailure: (_, params: { error: unknown }) => {
      console.error('Saving the user failed', params.error);
    },
  },
  guards: {
    isEdit: ({ context }) => context.mode === 'edit',
    isNotFound: (_, params: { error: unknown }) => isNotFound(params.error),
    isRoleChange: (_, params: { field: UserFormField }) => params.field === 'user_type_id',
    formIsValid: ({ context }) => Object.keys(validateUserForm(context.values, context.mode)).length === 0,
  },
}).createMachine({
  id: 'userForm',
  context: ({ input }) => {
    const values = input.mode === 'create' ? CREATE_USER_DEFAULTS : EDIT_USER_DEFAULTS;
    return {
      mode: input.mode,
      userId: input.mode === 'edit' ? input.userId : null,
      values,
      initial: values,
      touched: {},
      errors: {},
      hasStoredShopifyKey: false,
      shopifyConnection: null,
      loadFailure: null,
    };
  },
  initial: 'starting',
  states: {
    starting: { always: [{ guard: 'isEdit', target: 'loading' }, { target: 'editing' }] },
    loading: {
      invoke: {
        src: 'loadUser',
        input: ({ context }) => ({ userId: context.userId ?? 0 }),
        onDone: {
          target: 'editing',
          actions: [{ type: 'adoptUser', params: ({ event }) => ({ user: event.output }) }, 'focusHeading'],
        },
        onError: [
          {
            guard: { type: 'isNotFound', params: ({ event }) => ({ error: event.error }) },
            target: 'notFound',
            actions: 'focusHeading',
          },
          {
            target: 'loadFailed',
            actions: [
              { type: 'setLoadFailure', params: ({ event }) => ({ error: event.error }) },
              'focusHeading',
            ],
          },
        ],
      },
    },
    notFound: { type: 'final' },
    loadFailed: { on: { retry: 'loading' } },
    editing: {
      on: {
        'form.change': [
          {
            guard: { type: 'isRoleChange', params: ({ event }) => ({ field: event.field }) },
            actions: [
              { type: 'setValue', params: ({ event }) => ({ field: event.field, value: event.value }) },
              'recheckShopFields',
            ],
          },
          {
            actions: {
              type: 'setValue',
              params: ({ event }) => ({ field: event.field, value: event.value }),
            },
          },
        ],
        'form.blur': { actions: { type: 'validateField', params: ({ event }) => ({ field: event.field }) } },
        'form.restore': {
          actions: { type: 'restoreDraft', params: ({ event }) => ({ values: event.values }) },
        },
        'form.submit': [
          // Every field shows it passes (a message left from before Enter was pressed goes).
          { guard: 'formIsValid', target: 'saving', actions: 'validateAll' },
          { actions: ['validateAll', 'focusFirstError'] },
        ],
      },
    },
    saving: {
      invoke: {
        src: 'saveUser',
        input: ({ context }) => ({ mode: context.mode, userId: context.userId, values: context.values }),
        onDone: [
          {
            guard: 'isEdit',
            target: 'editing',
            actions: [
              { type: 'adoptSaved', params: ({ event }) => ({ user: event.output.user }) },
              'toastUpdated',
              'focusSave',
            ],
          },
          {
            target: 'saved',
            actions: [
              'toastCreated',
              { type: 'goToNewUser', params: ({ event }) => ({ userId: event.output.user.id }) },
            ],
          },
        ],
        onError: {
          target: 'editing',
          actions: [
            { type: 'reportFailure', params: ({ event }) => ({ error: event.error }) },
            { type: 'applyServerErrors', params: ({ event }) => ({ error: event.error }) },
            { type: 'toastFailed', params: ({ event }) => ({ error: event.error }) },
            'focusFirstError',
          ],
        },
      },
    },
    saved: { type: 'final' },
  },
});

/** A snapshot of the form actor. */
export type UserFormSnapshot = SnapshotFrom<typeof userFormMachine>;

/** Spec §4: neutral until the field was left, then valid or error (with its message). */
export function selectField(snapshot: UserFormSnapshot, field: UserFormField): FieldView {
  return fieldView(snapshot.context.touched[field], snapshot.context.errors[field]);
}

/** Spec §4: neutral until the field was left, then valid or error. */
export function selectFieldState(snapshot: UserFormSnapshot, field: UserFormField): FieldState {
  return selectField(snapshot, field).state;
}

/** The field's error message when it is in the error state, else null. */
export function selectFieldError(snapshot: UserFormSnapshot, field: UserFormField): string | null {
  return selectField(snapshot, field).error;
}

/** One rule of the new password's checklist: its message and whether the typed password meets it. */
export interface PasswordCheck {
  message: string;
  met: boolean;
}

/**
 * Issue 30: every new-password rule (spec §5, texts of ARCHITECTURE.md §4) with whether the typed
 * password meets it, in order, shown at once. Null when no checklist shows: on edit while the
 * password is blank (blank keeps the current one).
 */
export function selectPasswordChecklist(snapshot: UserFormSnapshot): PasswordCheck[] | null {
  const { mode, values } = snapshot.context;
  if (mode === 'edit' && values.password === '') return null;
  return NEW_PASSWORD_RULES.map(([holds, message]) => ({ message, met: holds(values.password) }));
}

/** True while the form is being saved. */
export function selectIsSaving(snapshot: UserFormSnapshot): boolean {
  return snapshot.matches('saving');
}

/**
 * True when leaving would lose typed changes (never once a create has been saved). While loading
 * and after a failed load nothing can be typed, so the values are still the initial ones there.
 */
export function selectIsDirty(snapshot: UserFormSnapshot): boolean {
  if (snapshot.matches('saved')) return false;
  const { values, initial } = snapshot.context;
  return USER_FORM_FIELDS.some((field) => values[field] !== initial[field]);
}

/**
 * What a draft keeps of the form (issue 15 finding 9): the values as typed, without the password and
 * the Shopify key (secrets stay out of session storage).
 */
export function selectDraftValues(snapshot: UserFormSnapshot): Partial<UserFormValues> {
  const { values } = snapshot.context;
  return Object.fromEntries(DRAFT_FIELDS.map((field) => [field, values[field]]));
}

/** Spec §5 "shopify_id and shopify_domain required" for customers only: whether the role needs them. */
export function selectNeedsShopFields(snapshot: UserFormSnapshot): boolean {
  return snapshot.context.values.user_type_id === String(UserType.Customer);
}

/**
 * Issue 29: the stored Shopify connection of an edited customer, as last loaded or saved, for the
 * connection panel below the form; null for a new user, an admin (no store) or before the load.
 */
export function selectStoredShopifyConnection(snapshot: UserFormSnapshot): ShopifyConnection | null {
  const { initial, shopifyConnection } = snapshot.context;
  return initial.user_type_id === String(UserType.Customer) ? shopifyConnection : null;
}

/** True once the user is loaded (edit) or at once (create): what belongs to the user may show. */
export function selectIsReady(snapshot: UserFormSnapshot): boolean {
  return snapshot.matches('editing') || snapshot.matches('saving') || snapshot.matches('saved');
}
