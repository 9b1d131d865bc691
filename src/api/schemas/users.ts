/**
 * Users and user statistics contract (spec §3 User / User statistic, §5
 * Create and Edit user rules, §7 /users calls). The same field schemas validate the server's
 * requests and the browser's form fields, so both speak the spec's messages.
 */
import * as v from 'valibot';
import { Avatar, CONTROL_CHARACTERS_MESSAGE, UserStatus, UserType, withoutControlCharacters } from './common';
import { ShopifyConnection } from './shopify';

/** Spec §9: the discount rates a user may have, in percent. */
export const DISCOUNT_RATES = [0, 5, 10, 15, 20, 25] as const;
/** Spec §9: users page size, and the most a client may ask for. */
export const USERS_PAGE_LIMIT = 100;

/** Spec §5 messages (the password texts come from ARCHITECTURE.md §4). */
export const USER_MESSAGES = {
  required: 'Required',
  role: 'Invalid user role',
  status: 'Invalid status',
  email: 'Invalid email address',
  url: 'Invalid URL',
  discount: 'Discount rate must be one of 0, 5, 10, 15, 20 or 25',
  shippingMin: 'Minimum shipping discount is 0',
  shippingMax: 'Maximum shipping discount is 100',
  shippingWhole: 'Shipping discount must be a whole number',
  passwordLength: 'Password must be at least 8 characters',
  passwordUppercase: 'Password must contain an uppercase letter',
  passwordNumber: 'Password must contain a number',
  passwordSpecial: 'Password must contain a special character',
  tooLong: 'Must be at most 200 characters',
  shopDomain: "Enter the store's domain name, such as shop.example.com or name.myshopify.com",
} as const;

/** Longest accepted text field (a guard against abuse, far beyond any real name or domain). */
const MAX_TEXT = 200;

const requiredText = v.pipe(
  v.string(USER_MESSAGES.required),
  v.trim(),
  v.nonEmpty(USER_MESSAGES.required),
  withoutControlCharacters(),
  v.maxLength(MAX_TEXT, USER_MESSAGES.tooLong),
);

/** Optional text: absent, null or blank all mean "none" (null); otherwise trimmed. */
const optionalText = v.pipe(
  v.optional(v.nullable(v.string()), null),
  v.transform((value): string => (value ?? '').trim()),
  withoutControlCharacters(),
  v.maxLength(MAX_TEXT, USER_MESSAGES.tooLong),
  v.transform((value) => (value === '' ? null : value)),
);

/** A web address, with or without http(s)://: host labels, a dot-separated top-level domain, a path. */
const URL_PATTERN = /^(https?:\/\/)?([a-z0-9]([a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,}(:\d{1,5})?([/?#]\S*)?$/i;
/** Spec §5 "Edit user": email checked with a simple pattern. */
const SIMPLE_EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** One DNS label: letters, digits and inner hyphens, at most 63 characters. */
const HOST_LABEL = /^[a-z\d]([a-z\d-]{0,61}[a-z\d])?$/;
/** A top-level domain: letters, or an internationalised one in punycode (never digits, so no IPv4). */
const TOP_LEVEL_DOMAIN = /^([a-z]{2,63}|xn--[a-z\d-]{1,59})$/;

/**
 * The store host in what an admin typed as a Shopify domain (ARCHITECTURE.md §4; issue 12 "Links"),
 * lower-cased: a bare host name (`shop.example.com`, `name.myshopify.com`) as it is, a pasted http(s)
 * URL (`https://www.shop.co.uk/`, `shop.co.uk/collections/x`) reduced to its host. Null for anything
 * else: blank, white space inside, no dot, an IP address, a path alone, another scheme, a port or
 * credentials. Internationalised names come back in punycode, as links need them.
 */
export function shopDomainHost(input: string): string | null {
  const text = input.trim();
  if (text === '' || /\s/.test(text)) return null;
  const scheme = /^([a-z][a-z\d+.-]*):\/\//i.exec(text)?.[1]?.toLowerCase();
  if (scheme !== undefined && scheme !== 'http' && scheme !== 'https') return null;
  let url: URL;
  try {
    url = new URL(scheme === undefined ? `https://${text}` : text);
  } catch {
    return null;
  }
  if (url.username !== '' || url.password !== '' || url.port !== '') return null;
  const host = url.hostname.replace(/\.$/, '');
  const labels = host.split('.');
  const valid =
    host.length <= 253 &&
    labels.length >= 2 &&
    labels.every((label) => HOST_LABEL.test(label)) &&
    TOP_LEVEL_DOMAIN.test(labels[labels.length - 1] ?? '');
  return valid ? host : null;
}

/**
 * A Shopify field's text: absent, null or blank read as '' (an admin has no store, ARCHITECTURE.md
 * §4); otherwise trimmed. Whether it may be blank depends on the role: {@link customerShopFields}.
 */
const shopText = v.pipe(
  v.optional(v.nullable(v.string(USER_MESSAGES.required)), ''),
  v.transform((value): string => (value ?? '').trim()),
  withoutControlCharacters(),
  v.maxLength(MAX_TEXT, USER_MESSAGES.tooLong),
);

/**
 * Spec §5 "shopify_id and shopify_domain required", for customers only (issue 15 finding 4;
 * ARCHITECTURE.md §4): a customer's blank Shopify field is 'Required' on that field. A check of the
 * whole body, so it is reported alongside whatever other field breaks a rule (the body may then be
 * untyped: only a valid role and a field read as '' count).
 */
function customerShopFields<
  TBody extends { user_type_id: number; shopify_id: string; shopify_domain: string },
>() {
  return v.rawCheck<TBody>(({ dataset, addIssue }) => {
    const body: unknown = dataset.value;
    if (typeof body !== 'object' || body === null) return;
    const fields = body as Record<string, unknown>;
    if (fields.user_type_id !== UserType.Customer) return;
    for (const key of ['shopify_id', 'shopify_domain'] as const) {
      if (fields[key] === '')
        addIssue({
          message: USER_MESSAGES.required,
          path: [{ type: 'object', origin: 'value', input: fields, key, value: '' }],
        });
    }
  });
}

const noControlCharacters = v.pipe(v.string(), withoutControlCharacters());

/** A password rule: its test and the message of a password that breaks it. */
export type PasswordRule = readonly [holds: (password: string) => boolean, message: string];

/**
 * Spec §5's four rules of a new user's password (texts from ARCHITECTURE.md §4), in the order a
 * person meets them; the user form shows them at once as a checklist (issue 30).
 */
export const NEW_PASSWORD_RULES: readonly PasswordRule[] = [
  [(password) => password.length >= 8, USER_MESSAGES.passwordLength],
  [(password) => /[A-Z]/.test(password), USER_MESSAGES.passwordUppercase],
  [(password) => /\d/.test(password), USER_MESSAGES.passwordNumber],
  [(password) => /[^A-Za-z0-9]/.test(password), USER_MESSAGES.passwordSpecial],
];

/**
 * Spec §5 password rules, after issue 13's (no control characters), and a length cap.
 */
const PASSWORD_RULES: readonly PasswordRule[] = [
  [(password) => v.is(noControlCharacters, password), CONTROL_CHARACTERS_MESSAGE],
  ...NEW_PASSWORD_RULES,
  [(password) => password.length <= MAX_TEXT, USER_MESSAGES.tooLong],
];

/** The first password rule `password` breaks, or null; '' breaks none when `blankAllowed`. */
function passwordProblem(password: string, blankAllowed: boolean): string | null {
  if (password === '') return blankAllowed ? null : USER_MESSAGES.required;
  return PASSWORD_RULES.find(([holds]) => !holds(password))?.[1] ?? null;
}

/** A new user's password: required, and every rule of spec §5 (one message at a time). */
export const NewUserPassword = v.pipe(
  v.string(USER_MESSAGES.required),
  v.rawCheck(({ dataset, addIssue }) => {
    const problem = dataset.typed ? passwordProblem(dataset.value, false) : null;
    if (problem) addIssue({ message: problem });
  }),
);

/** The rules every user form field shares between create and edit (spec §5). */
const commonFields = {
  user_type_id: v.pipe(
    v.number(USER_MESSAGES.role),
    v.integer(USER_MESSAGES.role),
    v.minValue(UserType.Admin, USER_MESSAGES.role),
    v.maxValue(UserType.Customer, USER_MESSAGES.role),
  ),
  status: v.pipe(
    v.number(USER_MESSAGES.status),
    v.integer(USER_MESSAGES.status),
    v.minValue(UserStatus.Active, USER_MESSAGES.status),
    v.maxValue(UserStatus.Inactive, USER_MESSAGES.status),
  ),
  first_name: requiredText,
  last_name: requiredText,
  company_name: requiredText,
  phone: requiredText,
  mobile: optionalText,
  website: v.pipe(
    optionalText,
    v.check((value) => value === null || URL_PATTERN.test(value), USER_MESSAGES.url),
  ),
  /** Required for a customer only (see {@link customerShopFields}); blank is saved as ''. */
  shopify_id: shopText,
  /**
   * Saved as the bare host (shopDomainHost), so feed links are https://{host}/products/...; required
   * for a customer only, blank ('' saved) allowed for an admin, checked whenever given.
   */
  shopify_domain: v.pipe(
    shopText,
    v.rawTransform(({ dataset, addIssue, NEVER }) => {
      if (dataset.value === '') return '';
      const host = shopDomainHost(dataset.value);
      if (host !== null) return host;
      addIssue({ message: USER_MESSAGES.shopDomain });
      return NEVER;
    }),
  ),
  /** Write-only secret; blank or absent sets none on create and keeps the stored one on update. */
  shopify_admin_api: optionalText,
  discount_rate: v.pipe(
    v.number(USER_MESSAGES.discount),
    v.check((value) => (DISCOUNT_RATES as readonly number[]).includes(value), USER_MESSAGES.discount),
  ),
  shipping_discount_rate: v.pipe(
    v.number(USER_MESSAGES.required),
    v.minValue(0, USER_MESSAGES.shippingMin),
    v.maxValue(100, USER_MESSAGES.shippingMax),
    v.integer(USER_MESSAGES.shippingWhole),
  ),
};

/** Field schemas of the create form / POST /users/create body. */
export const createUserFields = {
  ...commonFields,
  email: v.pipe(
    v.string(USER_MESSAGES.email),
    v.trim(),
    v.toLowerCase(),
    withoutControlCharacters(),
    v.email(USER_MESSAGES.email),
    v.maxLength(254, USER_MESSAGES.email),
  ),
  password: NewUserPassword,
};

/** Field schemas of the edit form / PUT /users/{userId} body: password optional, blank ignored. */
export const updateUserFields = {
  ...commonFields,
  email: v.pipe(
    v.string(USER_MESSAGES.email),
    v.trim(),
    v.toLowerCase(),
    withoutControlCharacters(),
    v.regex(SIMPLE_EMAIL_PATTERN, USER_MESSAGES.email),
    v.maxLength(254, USER_MESSAGES.email),
  ),
  password: v.pipe(
    v.optional(v.nullable(v.string(USER_MESSAGES.required)), null),
    v.transform((value): string => value ?? ''),
    v.rawCheck(({ dataset, addIssue }) => {
      const problem = dataset.typed ? passwordProblem(dataset.value, true) : null;
      if (problem) addIssue({ message: problem });
    }),
    v.transform((value) => (value === '' ? null : value)),
  ),
};

/** POST /users/create body. */
export const CreateUserRequest = v.pipe(v.object(createUserFields), customerShopFields());
export type CreateUserRequest = v.InferInput<typeof CreateUserRequest>;

/** PUT /users/{userId} body. */
export const UpdateUserRequest = v.pipe(v.object(updateUserFields), customerShopFields());
export type UpdateUserRequest = v.InferInput<typeof UpdateUserRequest>;

/** A user as the API returns it (spec §3): never the password or the Shopify secret itself. */
export const User = v.object({
  id: v.number(),
  user_type_id: v.number(),
  status: v.number(),
  first_name: v.string(),
  last_name: v.string(),
  email: v.string(),
  company_name: v.string(),
  phone: v.string(),
  mobile: v.nullable(v.string()),
  website: v.nullable(v.string()),
  shopify_id: v.string(),
  shopify_domain: v.string(),
  /** Whether a Shopify admin API key is stored (the key itself is write-only). */
  has_shopify_admin_api: v.boolean(),
  /** The customer's store connection as last checked (issue 29; shopify.ts). */
  shopify_connection: ShopifyConnection,
  discount_rate: v.number(),
  shipping_discount_rate: v.number(),
  avatar: v.nullable(Avatar),
  /** Share (0–100, one decimal) of the active catalogue products this user's feeds include. */
  feeds: v.number(),
  /** Number of the user's orders. */
  orders: v.number(),
  /** ISO 8601 UTC. */
  created_at: v.string(),
  updated_at: v.nullable(v.string()),
});
export type User = v.InferOutput<typeof User>;

/**
 * Columns the users list sorts by (issue 15 "column sort on the users list"): Name (first then last
 * name, case-insensitive), Email, Status (Active first) and Orders (the count). Ties go by id, in the
 * same direction, so every page has one stable order.
 */
export const USER_SORT_COLUMNS = ['name', 'email', 'status', 'orders'] as const;
export type UserSortColumn = (typeof USER_SORT_COLUMNS)[number];

/** A users list order: a column, ascending or descending; null is the default, newest first. */
export type UserSort = { column: UserSortColumn; descending: boolean } | null;

/**
 * The order a `sort` value names: a column ('name') or a column after '-' ('-orders', descending);
 * '' is the default (null). Undefined for anything else.
 */
export function parseUserSort(text: string): UserSort | undefined {
  if (text === '') return null;
  const descending = text.startsWith('-');
  const column = descending ? text.slice(1) : text;
  return (USER_SORT_COLUMNS as readonly string[]).includes(column)
    ? { column: column as UserSortColumn, descending }
    : undefined;
}

/** The `sort` value of an order (the inverse of {@link parseUserSort}). */
export function userSortText(sort: UserSort): string {
  return sort === null ? '' : `${sort.descending ? '-' : ''}${sort.column}`;
}

const USER_SORT_MESSAGE = `sort must be one of ${USER_SORT_COLUMNS.join(', ')}, each optionally after '-' (descending)`;

/** The filters of the users list and of its CSV export: search, statuses and order. */
const userFilterEntries = {
  query: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      withoutControlCharacters('query must not contain control characters'),
      v.maxLength(MAX_TEXT, 'query is too long'),
    ),
    '',
  ),
  status: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^([12](,[12])*)?$/, 'status must be comma-joined statuses (1 Active, 2 Inactive)'),
      v.transform((text) => [...new Set(text.split(',').filter(Boolean).map(Number))]),
    ),
    '',
  ),
  sort: v.optional(
    v.pipe(
      v.string(),
      v.rawTransform(({ dataset, addIssue, NEVER }) => {
        const sort = parseUserSort(dataset.value);
        if (sort !== undefined) return sort;
        addIssue({ message: USER_SORT_MESSAGE });
        return NEVER;
      }),
    ),
    '',
  ),
};

/**
 * GET /users/export.csv query: the list's filters without paging (`status` comma-joined statuses,
 * `sort` a column of USER_SORT_COLUMNS, '-' first for descending).
 */
export const UsersFilter = v.object(userFilterEntries);
export type UsersFilter = v.InferOutput<typeof UsersFilter>;

/** GET /users query: all optional; the filters of {@link UsersFilter}, a 1-based page and a limit ≤ 100. */
export const UsersQuery = v.object({
  ...userFilterEntries,
  page: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^[1-9]\d{0,8}$/, 'page must be a whole number greater than 0'),
      v.transform(Number),
    ),
    '1',
  ),
  limit: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^[1-9]\d{0,8}$/, 'limit must be a whole number greater than 0'),
      v.transform(Number),
      v.maxValue(USERS_PAGE_LIMIT, `limit must be at most ${USERS_PAGE_LIMIT}`),
    ),
    String(USERS_PAGE_LIMIT),
  ),
});

/**
 * The columns of the users CSV export, in order: the spec's §3 User field names (never the password
 * or the Shopify secret; `has_shopify_admin_api` says whether one is stored).
 */
export const USER_EXPORT_COLUMNS = [
  'id',
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
  'has_shopify_admin_api',
  'discount_rate',
  'shipping_discount_rate',
  'feeds',
  'orders',
  'created_at',
  'updated_at',
] as const satisfies ReadonlyArray<keyof User>;

/**
 * GET /users answer. `total_pages` is ceil(total / limit): 0 when nothing matches; a page past the
 * end answers an empty `users`.
 */
export const UsersPage = v.object({
  users: v.array(User),
  current_page: v.number(),
  total_pages: v.number(),
  total: v.number(),
});
export type UsersPage = v.InferOutput<typeof UsersPage>;

/** POST /users/create and PUT /users/{userId} answer: the toast message and the saved user. */
export const UserSaved = v.object({ message: v.string(), user: User });
export type UserSaved = v.InferOutput<typeof UserSaved>;

/** Spec §8 success toasts of the user form. */
export const USER_CREATED_MESSAGE = 'User created successful';
export const USER_UPDATED_MESSAGE = 'User updated successfully';
/** 409 of create and update when another user has the email. */
export const EMAIL_TAKEN_MESSAGE = 'A user with this email address already exists';

/** One user statistic card (spec §3 User statistic; ARCHITECTURE.md §4 for which four). */
export const UserStatistic = v.object({
  type: v.string(),
  current_value: v.number(),
  previous_value: v.number(),
  /** Relative change in percent (one decimal; may be negative); percentage points when is_percentage. */
  change_percentage: v.number(),
  is_percentage: v.boolean(),
});
export type UserStatistic = v.InferOutput<typeof UserStatistic>;

/** GET /users/statistics answer. */
export const UserStatistics = v.array(UserStatistic);
