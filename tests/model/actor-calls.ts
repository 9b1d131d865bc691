/**
 * The table actors.test.ts checks: every actor of src/machines that makes a request (or reads local
 * storage), with the input it is started with, the answer the test server gives, the request it must
 * send and the output it must end with. The requests are written from the spec's call table
 * (product-spec.md §7, with §3 for the shapes and §9 for the limits), not computed with src/api; the
 * calls the spec lacks are taken from where the project settled them, cited on each entry:
 * README.md "Using the API", "Feed delivery API" and "Dashboard and reports" (issues 5, 12 and 15).
 * ARCHITECTURE.md §4 settles none of these calls.
 *
 * Answers are minimal bodies that pass the app's valibot schemas (src/api/schemas), which every
 * answer is parsed with before an actor sees it.
 */
import { gzipSync } from 'node:zlib';
import type { AnyStateMachine } from 'xstate';
import { aTransaction, anOrder } from '@test-support/builders';

/** Where the machines of the table come from: their file (MODEL_MACHINE_FILES names files) and module. */
interface MachineSource {
  file: string;
  load: () => Promise<AnyStateMachine>;
}

// Imported when a test runs, not with this module: a machine whose module throws must fail a test,
// not the file, whose mutant Stryker would count as surviving (see machines.test.ts).
export const MACHINES = {
  session: {
    file: 'session.machine.ts',
    load: async () => (await import('@/machines/session.machine')).sessionMachine,
  },
  login: {
    file: 'login.machine.ts',
    load: async () => (await import('@/machines/login.machine')).loginMachine,
  },
  tokens: {
    file: 'tokens.machine.ts',
    load: async () => (await import('@/machines/tokens.machine')).tokensMachine,
  },
  usersList: {
    file: 'usersList.machine.ts',
    load: async () => (await import('@/machines/usersList.machine')).usersListMachine,
  },
  transactions: {
    file: 'transactionsList.machine.ts',
    load: async () => (await import('@/machines/transactionsList.machine')).transactionsListMachine,
  },
  orders: {
    file: 'ordersList.machine.ts',
    load: async () => (await import('@/machines/ordersList.machine')).ordersListMachine,
  },
  weeklyOrders: {
    file: 'dashboardCards.machine.ts',
    load: async () => (await import('@/machines/dashboardCards.machine')).weeklyOrdersMachine,
  },
  weekSummary: {
    file: 'dashboardCards.machine.ts',
    load: async () => (await import('@/machines/dashboardCards.machine')).weekSummaryMachine,
  },
  customerFeeds: {
    file: 'customerFeeds.machine.ts',
    load: async () => (await import('@/machines/customerFeeds.machine')).customerFeedsMachine,
  },
  customerOrders: {
    file: 'customerActivity.machine.ts',
    load: async () => (await import('@/machines/customerActivity.machine')).customerOrdersMachine,
  },
  customerTransactions: {
    file: 'customerActivity.machine.ts',
    load: async () => (await import('@/machines/customerActivity.machine')).customerTransactionsMachine,
  },
  monthlyStatistics: {
    file: 'dashboardCards.machine.ts',
    load: async () => (await import('@/machines/dashboardCards.machine')).monthlyStatisticsMachine,
  },
  userStatistics: {
    file: 'userStatistics.machine.ts',
    load: async () => (await import('@/machines/userStatistics.machine')).userStatisticsMachine,
  },
  userForm: {
    file: 'userForm.machine.ts',
    load: async () => (await import('@/machines/userForm.machine')).userFormMachine,
  },
  usersExport: {
    file: 'usersExport.machine.ts',
    load: async () => (await import('@/machines/usersExport.machine')).usersExportMachine,
  },
  report: {
    file: 'report.machine.ts',
    load: async () => (await import('@/machines/report.machine')).reportMachine,
  },
  feedsList: {
    file: 'feedsList.machine.ts',
    load: async () => (await import('@/machines/feedsList.machine')).feedsListMachine,
  },
  feedsExport: {
    file: 'feedsExport.machine.ts',
    load: async () => (await import('@/machines/feedsExport.machine')).feedsExportMachine,
  },
  feedDiagnostics: {
    file: 'feedDiagnostics.machine.ts',
    load: async () => (await import('@/machines/feedDiagnostics.machine')).feedDiagnosticsMachine,
  },
  feedEditor: {
    file: 'feedEditor.machine.ts',
    load: async () => (await import('@/machines/feedEditor.machine')).feedEditorMachine,
  },
  shopifyConnection: {
    file: 'shopifyConnection.machine.ts',
    load: async () => (await import('@/machines/shopifyConnection.machine')).shopifyConnectionMachine,
  },
  profile: {
    file: 'profile.machine.ts',
    load: async () => (await import('@/machines/profile.machine')).profileMachine,
  },
} satisfies Record<string, MachineSource>;

/** A machine of the table, by its id. */
export type MachineId = keyof typeof MACHINES;

/**
 * Actors the table leaves out, by `<machine id>.<actor>`, and why: none makes a request or reads
 * the stored tokens or products. actors.test.ts fails on an actor that is in neither list.
 */
export const LEFT_OUT: Readonly<Record<string, string>> = {
  'carousel.watchPageVisibility': 'listens to the page, no request',
  'carousel.watchReducedMotion': 'listens to a media query, no request',
  'session.crossTabSync': 'BroadcastChannel and storage events, no request (session.machine.test.ts)',
  'session.screenWakeLock': 'the Wake Lock API, no request (session.machine.test.ts)',
  'session.retryBackoff': 'the sessionRetry statechart (issue 27), timers only, no request',
  'login.watchSession': 'watches the session actor, no request',
  'usersList.watchUrl': 'follows the location, no request',
  'transactions.watchUrl': 'follows the location, no request',
  'orders.watchUrl': 'follows the location, no request',
  'feedsList.watchUrl': 'follows the location, no request',
  'feedEditor.diagnostics': 'the feedDiagnostics statechart, whose loadDiagnostics has its own entry',
  'ordersPanel.list': 'the orders statechart, whose fetchPage has its own entry',
  'ordersPanel.period': 'the datePreset statechart, no request',
  'ordersPanel.report': 'the report statechart, whose download has its own entries',
  'transactionsPanel.list': 'the transactions statechart, whose fetchPage has its own entry',
  'transactionsPanel.period': 'the datePreset statechart, no request',
  'transactionsPanel.report': 'the report statechart, whose download has its own entries',
};

/** What the test server answers: a JSON body, or a text body with its headers (a file). */
export type Answer =
  { status: number; json: unknown } | { status: number; text: string; headers: Record<string, string> };

/** The request an actor must send, in the terms of spec §7. */
export interface ExpectedRequest {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** After the API base `${VITE_API_URL ?? '/api'}/backoffice` (ARCHITECTURE.md §4 "API host"). */
  path: string;
  /** Every query parameter, as the URL carries it. */
  query?: Record<string, string>;
  /** The JSON body (spec §7: "JSON content type except uploads"). */
  json?: unknown;
  /** The text of the multipart field `file` (spec §7 avatar upload). */
  file?: string;
  /** The token of the `Authorization: Bearer` header; null: no such header. */
  bearer: string | null;
}

interface CallBase {
  machine: MachineId;
  actor: string;
  /** Tells apart entries of one actor. */
  case?: string;
  input?: unknown;
  /** Local storage when the actor starts; STORED_TOKENS when absent. */
  storage?: Record<string, string>;
  /**
   * What the actor ends with: its output, or for a callback actor the event it sends back. A
   * downloaded file is compared as `{ filename, text }` (its blob read as text).
   */
  output: unknown;
  /** Local storage once the actor is done, when the actor writes it. */
  storageAfter?: Record<string, string>;
}

/** An actor that makes one request. */
export interface RequestCall extends CallBase {
  request: ExpectedRequest;
  answer: Answer;
  /**
   * Set for a callback actor: the event it sends back on a refusal, besides `error` (its `output` is
   * the event it sends back on success).
   */
  refusedEvent?: Record<string, unknown>;
}

/** An entry in which the actor sends nothing: it reads local storage only. */
export interface StorageCall extends CallBase {
  request: null;
}

export type ActorCall = RequestCall | StorageCall;

/** The tokens in local storage (spec §9 keys) unless an entry says otherwise. */
export const STORED_TOKENS: Readonly<Record<string, string>> = {
  access_token: 'access-stored',
  refresh_token: 'refresh-stored',
};

/** The message of every refusal; the actor's error must carry it (spec §8 "Generic"). */
export const REFUSAL_MESSAGE = 'Refused by the test server';

const ok = (json: unknown): Answer => ({ status: 200, json });

/** An actor that hands on the answer's body as parsed: it answers `json`, and ends with it. */
const passedOn = (json: unknown): { answer: Answer; output: unknown } => ({ answer: ok(json), output: json });

const file = (filename: string, contentType: string, text: string): Answer => ({
  status: 200,
  text,
  headers: { 'Content-Type': contentType, 'Content-Disposition': `attachment; filename="${filename}"` },
});

/** A §3 Feed list item, for the calls that read GET /feeds. */
const FEED_ITEM = {
  id: 4,
  name: 'Hopper store',
  user_id: 12,
  brands: [{ id: 2, name: 'Risewell' }],
  products_count: 2,
  user_details: 'Hopper Ltd (#12)',
  user_discount: 10,
  shipping_user_discount: 5,
  feed_url: '/api/feed/v1/feeds/4.xml',
};

const PROFILE = {
  id: 1,
  user_type_id: 1,
  first_name: 'Ada',
  last_name: 'Lovelace',
  email: 'ada@example.com',
  avatar: null,
};

const PROFILE_WITH_AVATAR = {
  ...PROFILE,
  avatar: { original: '/uploads/avatars/1.webp', thumbnails: { thumb_36: '/uploads/avatars/1-36.webp' } },
};

const TOKEN = {
  id: 7,
  name: 'Shopify store',
  revoked: false,
  token_prefix: 'pf_live_abcd',
  used_requests: 42,
  total_requests: 10000,
  last_used_at: null,
  created_at: '2026-05-01T09:00:00.000Z',
  updated_at: null,
};

const USER = {
  id: 12,
  user_type_id: 2,
  status: 1,
  first_name: 'Grace',
  last_name: 'Hopper',
  email: 'grace@example.com',
  company_name: 'Hopper Ltd',
  phone: '020 7946 0000',
  mobile: null,
  website: null,
  shopify_id: '12345',
  shopify_domain: 'hopper.myshopify.com',
  has_shopify_admin_api: true,
  shopify_connection: { status: 'not_checked', checked_at: null, shop_name: null, scopes: [], failure: null },
  discount_rate: 10,
  shipping_discount_rate: 5,
  avatar: null,
  feeds: 37.5,
  orders: 3,
  created_at: '2026-05-01T09:00:00.000Z',
  updated_at: null,
};

/** The user form as typed (every field is text) for USER, with a password and a Shopify key. */
const USER_FORM_VALUES = {
  user_type_id: '2',
  status: '1',
  first_name: 'Grace',
  last_name: 'Hopper',
  email: 'grace@example.com',
  company_name: 'Hopper Ltd',
  phone: '020 7946 0000',
  mobile: '',
  website: '',
  shopify_id: '12345',
  shopify_domain: 'hopper.myshopify.com',
  shopify_admin_api: 'shpat_secret',
  discount_rate: '10',
  shipping_discount_rate: '5',
  password: 'Secret1!',
};

const TRANSACTION = aTransaction();

const ORDER = anOrder();

const FEED = { id: 4, name: 'Hopper store', user_id: 12, include_unpublished: false, products: [3, 5] };

const VARIANT = {
  id: 30,
  sku: 'ZC-60',
  option1: null,
  option2: null,
  option3: null,
  price: 1299,
  compare_at_price: null,
  availability: 'in_stock',
  barcode: null,
  exclusion: null,
};

const PRODUCT = {
  id: 3,
  name: 'Zinc Citrate',
  brand: { id: 2 },
  status: 'active',
  exclusion: null,
  option_names: [],
  variant: VARIANT,
  variants: [VARIANT],
  assets: [
    { src: '/uploads/zinc.jpg', is_primary: true, thumbnails: { thumbnail_50: '/uploads/zinc-50.jpg' } },
  ],
};

const PRODUCTS_CACHE = { savedAt: 1_780_000_000_000, products: [PRODUCT] };

const USERS_CSV = 'id,first_name\n12,Grace\n';
const PDF = '%PDF-1.7 test report';

export const CALLS: readonly ActorCall[] = [
  // Spec §2 / §3 "Tokens (session)": both tokens from local storage; the text 'undefined' is none.
  {
    machine: 'session',
    actor: 'readStoredTokens',
    storage: { access_token: 'access-stored', refresh_token: 'undefined' },
    request: null,
    output: { accessToken: 'access-stored', refreshToken: null },
  },
  // Spec §7 GET /account/profile, §4 "Start": with the session's own access token.
  {
    machine: 'session',
    actor: 'loadProfile',
    input: { accessToken: 'access-held' },
    request: { method: 'GET', path: '/account/profile', bearer: 'access-held' },
    ...passedOn(PROFILE),
  },
  // Spec §7 POST /token-refresh with the bearer refresh token; §4 the new pair is stored.
  {
    machine: 'session',
    actor: 'refreshSession',
    input: { accessToken: 'access-stored', refreshToken: 'refresh-stored' },
    request: { method: 'POST', path: '/token-refresh', bearer: 'refresh-stored' },
    answer: ok({ access_token: 'access-2', refresh_token: 'refresh-2' }),
    output: { accessToken: 'access-2', refreshToken: 'refresh-2' },
    storageAfter: { access_token: 'access-2', refresh_token: 'refresh-2' },
  },
  // ARCHITECTURE.md §3 "only one tab refreshes": another tab's new pair is adopted, not spent again.
  {
    machine: 'session',
    actor: 'refreshSession',
    case: 'another tab refreshed',
    input: { accessToken: 'access-stored', refreshToken: 'refresh-stored' },
    storage: { access_token: 'access-other', refresh_token: 'refresh-other' },
    request: null,
    output: { accessToken: 'access-other', refreshToken: 'refresh-other' },
  },
  // Spec §7 POST /logout with the bearer token, §4 "Logout sequence".
  {
    machine: 'session',
    actor: 'notifyServerOfLogout',
    input: { accessToken: 'access-held' },
    request: { method: 'POST', path: '/logout', bearer: 'access-held' },
    ...passedOn({ message: 'Logged out' }),
  },
  // Spec §7 POST /login {email, password}: no token yet, so no bearer.
  {
    machine: 'login',
    actor: 'authenticate',
    input: { email: 'ada@example.com', password: 'secret1' },
    request: {
      method: 'POST',
      path: '/login',
      json: { email: 'ada@example.com', password: 'secret1' },
      bearer: null,
    },
    answer: ok({ access_token: 'access-2', refresh_token: 'refresh-2' }),
    output: { accessToken: 'access-2', refreshToken: 'refresh-2' },
  },
  // Spec §8 "Login by status" 422: refresh with the stored refresh token (§7 POST /token-refresh).
  {
    machine: 'login',
    actor: 'renewSession',
    request: { method: 'POST', path: '/token-refresh', bearer: 'refresh-stored' },
    answer: ok({ access_token: 'access-2', refresh_token: 'refresh-2' }),
    output: { accessToken: 'access-2', refreshToken: 'refresh-2' },
  },
  // Spec §4 "Login sequence": fetch the current user with the new access token (§7 GET /account/profile).
  {
    machine: 'login',
    actor: 'loadUser',
    input: { accessToken: 'access-new' },
    request: { method: 'GET', path: '/account/profile', bearer: 'access-new' },
    ...passedOn(PROFILE),
  },
  // Spec §7 GET /users/{userId}/tokens: array of tokens.
  {
    machine: 'tokens',
    actor: 'loadTokens',
    input: { userId: 12 },
    request: { method: 'GET', path: '/users/12/tokens', bearer: 'access-stored' },
    ...passedOn([TOKEN]),
  },
  // Spec §7 POST /users/{userId}/tokens; README "Using the API" (issue 15): `{name}` names it.
  {
    machine: 'tokens',
    actor: 'addToken',
    input: { userId: 12, name: 'Google Merchant Center' },
    request: {
      method: 'POST',
      path: '/users/12/tokens',
      json: { name: 'Google Merchant Center' },
      bearer: 'access-stored',
    },
    // Issue 30: the one answer with the whole token.
    ...passedOn({ message: 'Added new token successfully', token: { ...TOKEN, token: 'pf_live_abcdefgh' } }),
  },
  // README "Using the API" (issue 15): PATCH /users/{userId}/tokens/{tokenId} {name} renames.
  {
    machine: 'tokens',
    actor: 'renameToken',
    input: { userId: 12, tokenId: 7, name: 'Shopify store' },
    request: {
      method: 'PATCH',
      path: '/users/12/tokens/7',
      json: { name: 'Shopify store' },
      bearer: 'access-stored',
    },
    ...passedOn(TOKEN),
  },
  // Spec §7 PUT /users/{userId}/tokens/{tokenId}/revoke {revoke}; a callback actor: it sends back.
  {
    machine: 'tokens',
    actor: 'revokeToken',
    input: { userId: 12, tokenId: 7, revoke: true },
    request: {
      method: 'PUT',
      path: '/users/12/tokens/7/revoke',
      json: { revoke: true },
      bearer: 'access-stored',
    },
    answer: ok({ ...TOKEN, revoked: true }),
    output: { type: 'revoke.done', token: { ...TOKEN, revoked: true } },
    refusedEvent: { type: 'revoke.failed', tokenId: 7, revoke: true },
  },
  // Spec §7 GET /users: query, status comma-joined, page, limit=100; README (issue 15): sort.
  {
    machine: 'usersList',
    actor: 'fetchPage',
    input: { filters: { query: 'grace', status: ['1', '2'], sort: '-orders' }, page: 3 },
    request: {
      method: 'GET',
      path: '/users',
      query: { query: 'grace', status: '1,2', sort: '-orders', page: '3', limit: '100' },
      bearer: 'access-stored',
    },
    answer: ok({ users: [USER], current_page: 3, total_pages: 4, total: 310 }),
    output: { items: [USER], page: 3, totalPages: 4, total: 310 },
  },
  // Spec §7 GET /dashboard/transactions: page, limit=100, status comma-joined, start_date, end_date.
  {
    machine: 'transactions',
    actor: 'fetchPage',
    input: {
      filters: { status: ['1', '3'], start_date: '2026-05-01', end_date: '2026-05-31', sort: '-amount' },
      page: 2,
    },
    request: {
      method: 'GET',
      path: '/dashboard/transactions',
      // Issue 30: the column sort, '-' for descending (README "Dashboard and reports").
      query: {
        page: '2',
        limit: '100',
        status: '1,3',
        start_date: '2026-05-01',
        end_date: '2026-05-31',
        sort: '-amount',
      },
      bearer: 'access-stored',
    },
    answer: ok({ transactions: [TRANSACTION], current_page: 2, total_pages: 5 }),
    output: { items: [TRANSACTION], page: 2, totalPages: 5, total: null },
  },
  // Spec §2 / §7: the filters are optional; with none, only the page and its limit are sent.
  {
    machine: 'transactions',
    actor: 'fetchPage',
    case: 'no filters',
    input: { filters: { status: [], start_date: '', end_date: '', sort: '' }, page: 1 },
    request: {
      method: 'GET',
      path: '/dashboard/transactions',
      query: { page: '1', limit: '100' },
      bearer: 'access-stored',
    },
    answer: ok({ transactions: [], current_page: 1, total_pages: 1 }),
    output: { items: [], page: 1, totalPages: 1, total: null },
  },
  // Spec §7 GET /dashboard/orders: page, limit (default 10), start_date, end_date.
  {
    machine: 'orders',
    actor: 'fetchPage',
    input: { filters: { start_date: '2026-05-26', end_date: '2026-06-02', sort: '' }, page: 2 },
    request: {
      method: 'GET',
      path: '/dashboard/orders',
      query: { page: '2', limit: '10', start_date: '2026-05-26', end_date: '2026-06-02' },
      bearer: 'access-stored',
    },
    answer: ok({ orders: [ORDER], current_page: 2, total_pages: 3 }),
    output: { items: [ORDER], page: 2, totalPages: 3, total: null },
  },
  // Issue 30: the customer's page shows their latest orders and transactions (GET /dashboard/orders
  // and /dashboard/transactions with `user_id`; every day, newest first).
  {
    machine: 'customerOrders',
    actor: 'load',
    input: { userId: 12 },
    request: {
      method: 'GET',
      path: '/dashboard/orders',
      query: { page: '1', limit: '5', user_id: '12' },
      bearer: 'access-stored',
    },
    ...passedOn({ orders: [ORDER], current_page: 1, total_pages: 4 }),
  },
  {
    machine: 'customerTransactions',
    actor: 'load',
    input: { userId: 12 },
    request: {
      method: 'GET',
      path: '/dashboard/transactions',
      query: { page: '1', limit: '5', user_id: '12' },
      bearer: 'access-stored',
    },
    ...passedOn({ transactions: [TRANSACTION], current_page: 1, total_pages: 1 }),
  },
  // Spec §7 GET /dashboard/orders/weekly: list of {date, total_price}.
  {
    machine: 'weeklyOrders',
    actor: 'load',
    request: { method: 'GET', path: '/dashboard/orders/weekly', bearer: 'access-stored' },
    ...passedOn([
      { date: '2026-05-26', total_price: 120.5 },
      { date: '2026-05-27', total_price: 0 },
    ]),
  },
  // Not in the spec: README "Dashboard and reports" (issue 5's card 'This week at a glance').
  {
    machine: 'weekSummary',
    actor: 'load',
    request: { method: 'GET', path: '/dashboard/orders/summary', bearer: 'access-stored' },
    ...passedOn({
      current: { orders: 4, revenue: 240, average_order_value: 60 },
      previous: { orders: 2, revenue: 100, average_order_value: 50 },
    }),
  },
  // Spec §7 GET /feeds; issue 30: the customer's page keeps the customer's own, with the URL Google
  // fetches: the server's `feed_url`, a path put on the page's origin, or absolute on PUBLIC_URL.
  {
    machine: 'customerFeeds',
    actor: 'load',
    input: { userId: 10, origin: 'https://feeds.example.com' },
    request: { method: 'GET', path: '/feeds', query: { user_id: '10' }, bearer: 'access-stored' },
    answer: ok([
      { ...FEED_ITEM, id: 3, name: 'Other customer', user_id: 11, feed_url: '/api/feed/v1/feeds/3.xml' },
      {
        ...FEED_ITEM,
        id: 12,
        name: 'Acme main',
        user_id: 10,
        products_count: 40,
        feed_url: '/api/feed/v1/feeds/12.xml',
      },
      {
        ...FEED_ITEM,
        id: 14,
        name: 'Acme on PUBLIC_URL',
        user_id: 10,
        feed_url: 'https://feeds.acme.example/api/feed/v1/feeds/14.xml',
      },
      { ...FEED_ITEM, id: 13, name: 'No customer', user_id: null, feed_url: '/api/feed/v1/feeds/13.xml' },
    ]),
    output: [
      {
        id: 12,
        name: 'Acme main',
        products_count: 40,
        google_url: 'https://feeds.example.com/api/feed/v1/feeds/12.xml',
      },
      {
        id: 14,
        name: 'Acme on PUBLIC_URL',
        products_count: 2,
        google_url: 'https://feeds.acme.example/api/feed/v1/feeds/14.xml',
      },
    ],
  },
  // Spec §7 GET /dashboard/statistics/monthly: top_products, top_customers (fields of §2).
  {
    machine: 'monthlyStatistics',
    actor: 'load',
    request: { method: 'GET', path: '/dashboard/statistics/monthly', bearer: 'access-stored' },
    ...passedOn({
      top_products: [{ name: 'Zinc Citrate', sku: 'ZC-60', image: null, total_quantity: 14 }],
      top_customers: [{ name: 'Grace Hopper', email: 'grace@example.com', avatar: null, total_spent: 310.2 }],
    }),
  },
  // Spec §7 GET /users/statistics: list of statistic entries (§3 User statistic).
  {
    machine: 'userStatistics',
    actor: 'loadStatistics',
    request: { method: 'GET', path: '/users/statistics', bearer: 'access-stored' },
    ...passedOn([
      {
        type: 'Total users',
        current_value: 40,
        previous_value: 36,
        change_percentage: 11.1,
        is_percentage: false,
      },
    ]),
  },
  // Spec §7 GET /users/{userId}.
  {
    machine: 'userForm',
    actor: 'loadUser',
    input: { userId: 12 },
    request: { method: 'GET', path: '/users/12', bearer: 'access-stored' },
    ...passedOn(USER),
  },
  // Spec §7 POST /users/create: all user fields plus password (§3 field names; numbers as numbers).
  {
    machine: 'userForm',
    actor: 'saveUser',
    case: 'create',
    input: { mode: 'create', userId: null, values: USER_FORM_VALUES },
    request: {
      method: 'POST',
      path: '/users/create',
      json: {
        user_type_id: 2,
        status: 1,
        first_name: 'Grace',
        last_name: 'Hopper',
        email: 'grace@example.com',
        company_name: 'Hopper Ltd',
        phone: '020 7946 0000',
        mobile: null,
        website: null,
        shopify_id: '12345',
        shopify_domain: 'hopper.myshopify.com',
        shopify_admin_api: 'shpat_secret',
        discount_rate: 10,
        shipping_discount_rate: 5,
        password: 'Secret1!',
      },
      bearer: 'access-stored',
    },
    ...passedOn({ message: 'User created successful', user: USER }),
  },
  // Spec §7 PUT /users/{userId}: password omitted when blank; §2 a blank Shopify key keeps the stored one.
  {
    machine: 'userForm',
    actor: 'saveUser',
    case: 'edit',
    input: { mode: 'edit', userId: 12, values: { ...USER_FORM_VALUES, password: '', shopify_admin_api: '' } },
    request: {
      method: 'PUT',
      path: '/users/12',
      json: {
        user_type_id: 2,
        status: 1,
        first_name: 'Grace',
        last_name: 'Hopper',
        email: 'grace@example.com',
        company_name: 'Hopper Ltd',
        phone: '020 7946 0000',
        mobile: null,
        website: null,
        shopify_id: '12345',
        shopify_domain: 'hopper.myshopify.com',
        discount_rate: 10,
        shipping_discount_rate: 5,
      },
      bearer: 'access-stored',
    },
    ...passedOn({ message: 'User updated successfully', user: USER }),
  },
  // README "Using the API" (issue 15): GET /users/export.csv with the list's status and sort.
  {
    machine: 'usersExport',
    actor: 'download',
    input: { query: 'grace', status: [1, 2], sort: { column: 'orders', descending: true } },
    request: {
      method: 'GET',
      path: '/users/export.csv',
      query: { query: 'grace', status: '1,2', sort: '-orders' },
      bearer: 'access-stored',
    },
    answer: file('users-2026-11-23.csv', 'text/csv; charset=utf-8', USERS_CSV),
    output: { filename: 'users-2026-11-23.csv', text: USERS_CSV },
  },
  // Spec §7 GET /dashboard/transactions/report: status, start_date, end_date; a file download.
  {
    machine: 'report',
    actor: 'download',
    case: 'transactions report',
    input: { kind: 'transactions', status: [1, 3], start_date: '2026-05-01', end_date: '2026-05-31' },
    request: {
      method: 'GET',
      path: '/dashboard/transactions/report',
      query: { status: '1,3', start_date: '2026-05-01', end_date: '2026-05-31' },
      bearer: 'access-stored',
    },
    answer: file('transactions-report-2026-05-01-to-2026-05-31.pdf', 'application/pdf', PDF),
    output: { filename: 'transactions-report-2026-05-01-to-2026-05-31.pdf', text: PDF },
  },
  // Spec §7 GET /dashboard/orders/report: start_date, end_date (README "Dashboard and reports": the
  // file's name).
  {
    machine: 'report',
    actor: 'download',
    case: 'orders report',
    input: { kind: 'orders', start_date: '2026-05-26', end_date: '2026-06-02' },
    request: {
      method: 'GET',
      path: '/dashboard/orders/report',
      query: { start_date: '2026-05-26', end_date: '2026-06-02' },
      bearer: 'access-stored',
    },
    answer: file('user-orders-report-2026-05-26-to-2026-06-02.pdf', 'application/pdf', PDF),
    output: { filename: 'user-orders-report-2026-05-26-to-2026-06-02.pdf', text: PDF },
  },
  // README "Dashboard and reports" (issue 15): GET /dashboard/transactions/export.csv, the list's filters.
  {
    machine: 'report',
    actor: 'download',
    case: 'transactions CSV',
    input: {
      kind: 'transactions',
      status: [1, 2],
      start_date: '2026-05-01',
      end_date: '2026-05-31',
      format: 'csv',
    },
    request: {
      method: 'GET',
      path: '/dashboard/transactions/export.csv',
      query: { status: '1,2', start_date: '2026-05-01', end_date: '2026-05-31' },
      bearer: 'access-stored',
    },
    answer: file('transactions-2026-06-01.csv', 'text/csv; charset=utf-8', 'Transaction\n'),
    output: { filename: 'transactions-2026-06-01.csv', text: 'Transaction\n' },
  },
  // README "Dashboard and reports" (issue 15): GET /dashboard/orders/export.csv, start_date, end_date.
  {
    machine: 'report',
    actor: 'download',
    case: 'orders CSV',
    input: { kind: 'orders', start_date: '2026-05-26', end_date: '2026-06-02', format: 'csv' },
    request: {
      method: 'GET',
      path: '/dashboard/orders/export.csv',
      query: { start_date: '2026-05-26', end_date: '2026-06-02' },
      bearer: 'access-stored',
    },
    answer: file('user-orders-2026-06-02.csv', 'text/csv; charset=utf-8', 'Order Number\n'),
    output: { filename: 'user-orders-2026-06-02.csv', text: 'Order Number\n' },
  },
  // Spec §7 GET /feeds: array of feeds (§3 Feed).
  {
    machine: 'feedsList',
    actor: 'loadFeeds',
    request: { method: 'GET', path: '/feeds', bearer: 'access-stored' },
    ...passedOn([FEED_ITEM]),
  },
  // README "Using the API" (issue 15): GET /feeds/export.csv?query=…&sort=….
  {
    machine: 'feedsExport',
    actor: 'download',
    input: { query: 'store', sort: '-products' },
    request: {
      method: 'GET',
      path: '/feeds/export.csv',
      query: { query: 'store', sort: '-products' },
      bearer: 'access-stored',
    },
    answer: file('feeds-2026-06-01.csv', 'text/csv; charset=utf-8', 'id,name\n4,Hopper store\n'),
    output: { filename: 'feeds-2026-06-01.csv', text: 'id,name\n4,Hopper store\n' },
  },
  // README "Feed delivery API" (issue 12): GET /feeds/{id}/diagnostics.
  {
    machine: 'feedDiagnostics',
    actor: 'loadDiagnostics',
    input: { feedId: 4 },
    request: { method: 'GET', path: '/feeds/4/diagnostics', bearer: 'access-stored' },
    ...passedOn({
      feed_id: 4,
      currency: 'EUR',
      discount_rate: 10,
      product_count: 2,
      deliverable_product_count: 1,
      delivered_count: 1,
      excluded: [],
      archived_variants: [],
      warnings: [],
      errors: [],
      urls: {
        json: 'http://app.test/api/feed/v1/feeds/4.json',
        csv: 'http://app.test/api/feed/v1/feeds/4.csv',
        xml: 'http://app.test/api/feed/v1/feeds/4.xml',
      },
      last_pulled_at: null,
      preview: [],
      shopify: null,
    }),
  },
  // Issue 29 (src/api/schemas/shopify.ts): POST /feeds/{feedId}/shopify/sync, no body.
  {
    machine: 'feedDiagnostics',
    actor: 'syncStore',
    input: { feedId: 4 },
    request: { method: 'POST', path: '/feeds/4/shopify/sync', bearer: 'access-stored' },
    ...passedOn({
      connection: {
        status: 'connected',
        checked_at: '2026-11-26T10:00:00.000Z',
        shop_name: 'Hopper Supplements',
        scopes: ['read_products'],
        failure: null,
      },
      last_sync_at: '2026-11-26T10:05:00.000Z',
      last_sync_failure: null,
      sync_running: false,
      mapped_count: 1,
      unmapped_count: 0,
      excluded_count: 0,
    }),
  },
  // Spec §7 GET /shop/categories: customers and brands (ARCHITECTURE.md §4 "Currency": and the currency).
  {
    machine: 'feedEditor',
    actor: 'loadCategories',
    request: { method: 'GET', path: '/shop/categories', bearer: 'access-stored' },
    ...passedOn({
      customers: [{ id: 12, company_name: 'Hopper Ltd' }],
      brands: [{ id: 2, name: 'Risewell' }],
      currency: 'EUR',
    }),
  },
  // Spec §7 "result cached in local storage", §9 key 'shopProducts'; stored gzipped and base64
  // encoded behind 'gz:' (issue 11, src/api/shop.ts), written here with node:zlib.
  {
    machine: 'feedEditor',
    actor: 'readProductsCache',
    storage: {
      ...STORED_TOKENS,
      shopProducts: `gz:${gzipSync(JSON.stringify(PRODUCTS_CACHE)).toString('base64')}`,
    },
    request: null,
    output: PRODUCTS_CACHE,
  },
  {
    machine: 'feedEditor',
    actor: 'readProductsCache',
    case: 'nothing cached',
    request: null,
    output: null,
  },
  // Spec §7 GET /shop/products.
  {
    machine: 'feedEditor',
    actor: 'loadProducts',
    request: { method: 'GET', path: '/shop/products', bearer: 'access-stored' },
    ...passedOn([PRODUCT]),
  },
  // Spec §7 GET /feeds/{feedId}: name, user_id, products; issue 26 (README decisions): include_unpublished.
  {
    machine: 'feedEditor',
    actor: 'loadFeed',
    input: { feedId: 4 },
    request: { method: 'GET', path: '/feeds/4', bearer: 'access-stored' },
    ...passedOn(FEED),
  },
  // Spec §7 POST /feeds/create {name, products (ids), user_id}; issue 26: include_unpublished too.
  {
    machine: 'feedEditor',
    actor: 'saveFeed',
    case: 'create',
    input: {
      feedId: null,
      feed: { name: 'Hopper store', products: [3, 5], user_id: 12, include_unpublished: false },
    },
    request: {
      method: 'POST',
      path: '/feeds/create',
      json: { name: 'Hopper store', products: [3, 5], user_id: 12, include_unpublished: false },
      bearer: 'access-stored',
    },
    ...passedOn(FEED),
  },
  // Spec §7 PUT /feeds/{feedId} {name, products, user_id}; issue 26: include_unpublished too.
  {
    machine: 'feedEditor',
    actor: 'saveFeed',
    case: 'update',
    input: {
      feedId: 4,
      feed: { name: 'Hopper store', products: [3, 5], user_id: 12, include_unpublished: false },
    },
    request: {
      method: 'PUT',
      path: '/feeds/4',
      json: { name: 'Hopper store', products: [3, 5], user_id: 12, include_unpublished: false },
      bearer: 'access-stored',
    },
    ...passedOn(FEED),
  },
  // Spec §7 PUT /account/profile {first_name, last_name}.
  {
    machine: 'profile',
    actor: 'saveProfile',
    input: { first_name: 'Ada', last_name: 'Lovelace' },
    request: {
      method: 'PUT',
      path: '/account/profile',
      json: { first_name: 'Ada', last_name: 'Lovelace' },
      bearer: 'access-stored',
    },
    ...passedOn(PROFILE),
  },
  // Spec §7 PUT /account/password {old_password, new_password, confirm_password}.
  {
    machine: 'profile',
    actor: 'savePassword',
    input: { old_password: 'secret1', new_password: 'secret22', confirm_password: 'secret22' },
    request: {
      method: 'PUT',
      path: '/account/password',
      json: { old_password: 'secret1', new_password: 'secret22', confirm_password: 'secret22' },
      bearer: 'access-stored',
    },
    ...passedOn({ message: 'Password updated' }),
  },
  // Spec §7 PUT /account/upload/avatar, multipart field `file`.
  {
    machine: 'profile',
    actor: 'sendAvatar',
    input: { file: new Blob(['png-bytes'], { type: 'image/png' }) },
    request: { method: 'PUT', path: '/account/upload/avatar', file: 'png-bytes', bearer: 'access-stored' },
    ...passedOn(PROFILE_WITH_AVATAR),
  },
  // Spec §7 DELETE /account/upload/avatar.
  {
    machine: 'profile',
    actor: 'removeAvatar',
    request: { method: 'DELETE', path: '/account/upload/avatar', bearer: 'access-stored' },
    ...passedOn(PROFILE),
  },
  // Issue 29 (src/api/schemas/shopify.ts): POST /users/{userId}/shopify/check, no body.
  {
    machine: 'shopifyConnection',
    actor: 'checkConnection',
    input: { userId: 12 },
    request: { method: 'POST', path: '/users/12/shopify/check', bearer: 'access-stored' },
    ...passedOn({
      status: 'connected',
      checked_at: '2026-11-26T10:00:00.000Z',
      shop_name: 'Hopper Supplements',
      scopes: ['read_products'],
      failure: null,
    }),
  },
];
