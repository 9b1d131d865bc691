/**
 * usersListMachine's generated paths through the real users screen, /dashboard/users (issue 17
 * "Browser replay for every screen machine"; spec §2 "Users list panel", issue 3 "List state lives in
 * the URL", issue 15 column sort and distinct list states).
 *
 * Every GET /users the list makes is held and answered with the model's page (as the contract's
 * JSON) or its error (status and message); the statistic cards above the list ask the real server.
 * The page's clock stands still, so the typing debounce (list.machine.ts: 300 ms of quiet after the
 * last keystroke) passes only when a path's step says so.
 *
 * What the screen can send, so what the paths here carry (the model walks more):
 * - a search is typed, so it always waits for the debounce; the status filter is a click, which
 *   never waits. The model's order, '-orders' (descending), is not one click away from the list's
 *   newest-first start (a header's first click sorts ascending, issue 15), so no path here sorts: a
 *   sort is the same filter transition as a status click;
 * - a page is asked for through the page buttons, which show only the pages the last answer counted
 *   (never page 0, never before an answer);
 * - the list is reloaded only through Retry, shown when it failed: reloading while loading, loaded or
 *   while a typed search waits cannot happen here, so the debouncing state's own reload transition is
 *   never seen in the browser;
 * - the URL moves (Back, a link) by a move of the browser's history the router hears.
 *
 * After each of its own moves of the URL the list hears that location back from the router (and the
 * location it starts on, as it starts): its query is the one already shown, so it only remembers the
 * search string (`list.urlChanged`, the transition without a target). Those echoes are the app's
 * by-product of a gesture, left out of the comparison; a URL change that fetched again would still
 * show as a transition the model did not take.
 */
import { expect, test } from '../fixtures';
import type { Page } from '@playwright/test';
import { ApiError } from '@/api/client';
import { SHOPIFY_CONNECTION_TEXTS } from '@/api/schemas/shopify';
import type { User } from '@/api/schemas/users';
import type { ListPage, ListSnapshot } from '@/machines/list.machine';
import { readListQuery, sameListQuery, writeListQuery } from '@/machines/list.machine';
import { OVERLAY_LINGER } from '@/machines/session.machine';
import { describeShopifyFailure } from '@/machines/shopifyConnection.machine';
import type { UserFilters } from '@/machines/usersList.machine';
import type { ModelEvent } from '../../model/harness';
import { defineModel } from '../../model/harness';
import usersListModel from '../../model/models/usersList.model';
import { signInAsAdmin } from './admin-session';
import { LEAN_TRACE, sessionOverlay } from './auth-ui';
import { answerForError, coveringPaths, describeUiModel } from './ui-model';
import type { UiModel, UiRun } from './ui-model';

type UsersListMachine = typeof usersListModel.machine;
type UsersListSnapshot = ListSnapshot<UserFilters, User>;
type Run = UiRun<UsersListMachine>;
type ListEvent = ModelEvent<UsersListMachine>;

const USERS_PATH = '/dashboard/users';
/** GET /users and nothing else under it (not /users/statistics, /users/export.csv). */
const USERS_URL = /\/api\/backoffice\/users(\?|$)/;
/**
 * The clock starts here (any day: the list reads no date) and stands still at PAUSED_AT, before the
 * app loads: every delay passes only when a step runs it.
 */
const NOW = Date.parse('2025-01-08T12:00:00Z');
const PAUSED_AT = NOW + 60_000;
/**
 * Time for the status menu to place itself (on animation frames, which the stopped clock holds
 * back); less than the debounce, so a typed search still waiting goes on waiting.
 */
const MENU_FRAMES = 100;
/** The filters an empty URL stands for (the screen's defaults: no search, every status, newest first). */
const DEFAULTS: UserFilters = { query: '', status: [], sort: '' };

/** Spec §2 texts; the failed state's lead is the screen's own (spec §8 only logs the failure). */
const TEXT = {
  empty: 'No users found.',
  failed: 'Failed to load users',
};

/** Whether the screen can send `event` in `snapshot` (see the module comment). */
function screenCanSend(snapshot: UsersListSnapshot, event: ListEvent): boolean {
  if (event.type === 'list.filter') {
    const typed = event.filters.query !== undefined;
    return (event.debounce === true) === typed && event.filters.sort === undefined;
  }
  if (event.type === 'list.page') return event.page >= 1 && event.page <= snapshot.context.totalPages;
  if (event.type === 'list.reload') return snapshot.matches('failed');
  return true;
}

const model = defineModel({
  ...usersListModel,
  filterEvents: (snapshot, event) =>
    (usersListModel.filterEvents?.(snapshot, event) ?? true) &&
    screenCanSend(snapshot as UsersListSnapshot, event),
});

function snapshotBefore(run: Run): UsersListSnapshot {
  const step = run.path.steps[run.step - 1];
  if (!step) throw new Error(`step ${run.step} has no step before it`);
  return step.state as UsersListSnapshot;
}

/** The users screen's search string for a query (what the list writes, defaults left out). */
function searchOf(query: { filters: UserFilters; page: number }): string {
  return writeListQuery(query, DEFAULTS);
}

/** A server answer of GET /users for a page in the list's terms. */
function usersAnswer(page: ListPage<User>) {
  return {
    json: { users: page.items, current_page: page.page, total_pages: page.totalPages, total: page.total },
  };
}

/** The reason a failed list shows after its lead: the server's message, else the client's. */
function reasonOf(error: unknown): string {
  if (!(error instanceof ApiError)) throw new Error('every list failure fixture is an ApiError');
  return error.serverMessage ?? error.message;
}

function searchBox(page: Page) {
  return page.getByRole('searchbox', { name: 'Search users' });
}

function table(page: Page) {
  return page.getByRole('table', { name: 'Users' });
}

/** The sortable headers (issue 15) by their first sort button, each with the orders it shows. */
const SORTED_HEADERS = [
  { header: 'Name', columns: ['name', 'email'] },
  { header: 'Status', columns: ['status'] },
  { header: 'Orders', columns: ['orders'] },
];

/** The controls show the list's filters: the search, the status count, the sorted column. */
async function expectFilters(page: Page, { filters }: UsersListSnapshot['context']): Promise<void> {
  await expect(searchBox(page)).toHaveValue(filters.query);
  const count = filters.status.length === 0 ? '' : ` (${filters.status.length})`;
  await expect(page.getByRole('button', { name: `Filter by Status${count}`, exact: true })).toBeVisible();
  const descending = filters.sort.startsWith('-');
  const column = filters.sort.replace(/^-/, '');
  for (const { header, columns } of SORTED_HEADERS) {
    const sort = !columns.includes(column) ? 'none' : descending ? 'descending' : 'ascending';
    const cell = table(page)
      .getByRole('columnheader')
      .filter({ has: page.getByRole('button', { name: new RegExp(`^Sort by ${header}`) }) });
    await expect(cell, `the ${header} column's order`).toHaveAttribute('aria-sort', sort);
  }
}

/** The request held for the shown query: its search, statuses, order and page. */
async function expectRequestFor(run: Run, { filters, page }: UsersListSnapshot['context']): Promise<void> {
  await expect.poll(() => run.held.count('users'), 'one users request is pending').toBe(1);
  const url = new URL((await run.held.peek('users')).url());
  const expected: Record<string, string> = { page: String(page), limit: '100' };
  if (filters.query.trim() !== '') expected.query = filters.query.trim();
  if (filters.status.length > 0) expected.status = filters.status.join(',');
  if (filters.sort !== '') expected.sort = filters.sort;
  expect(Object.fromEntries(url.searchParams), 'the server is asked for the shown query').toEqual(expected);
}

/** `text` as a regular expression matching it literally. */
function literally(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * The Status cell: the user's status, then a customer's Shopify connection (issue 29), its failure's
 * reason read after it.
 */
function statusCell(user: User): string {
  const status = user.status === 1 ? 'Active' : 'Inactive';
  if (user.user_type_id !== 2) return status;
  const { status: connection, failure } = user.shopify_connection;
  const reason = failure === null ? '' : `: ${describeShopifyFailure(failure)}`;
  return `${status}Shopify: ${SHOPIFY_CONNECTION_TEXTS[connection]}${reason}`;
}

/**
 * The rows of the last answer (spec §2: name and email, status, feed share, orders, Edit User), or
 * the spec's empty text; the page buttons for its pages.
 */
async function expectRows(page: Page, { items, page: current, totalPages }: UsersListSnapshot['context']) {
  const rows = table(page).getByRole('rowgroup').nth(1).getByRole('row');
  if (items.length === 0) await expect(rows).toHaveText([TEXT.empty]);
  else {
    await expect(rows).toHaveCount(items.length);
    for (const [index, user] of items.entries()) {
      const row = rows.nth(index);
      await expect(row.getByRole('cell')).toHaveText([
        new RegExp(`${literally(`${user.first_name} ${user.last_name}`)}\\s*${literally(user.email)}$`),
        statusCell(user),
        `${user.feeds}%`,
        String(user.orders),
        'Edit User',
      ]);
      await expect(row.getByRole('link', { name: 'Edit User' })).toHaveAttribute(
        'href',
        `${USERS_PATH}/${user.id}/edit`,
      );
    }
  }
  const pages = page.getByRole('navigation', { name: 'Pagination' });
  if (totalPages <= 1) await expect(pages).toHaveCount(0);
  else {
    await expect(pages.getByRole('button', { name: /^Page \d+$/ })).toHaveCount(totalPages);
    await expect(pages.getByRole('button', { name: `Page ${current}`, exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
  }
}

/**
 * Moves the browser's history to the users screen holding `query` (as Back or a link would); the
 * router hears it through popstate. A location the app is already at is no move at all, so the query
 * already shown arrives as a link spelling out its page 1, which the list reads as the same query.
 */
async function moveTo(page: Page, query: { filters: UserFilters; page: number }): Promise<void> {
  let search = searchOf(query);
  if (search === new URL(page.url()).search) {
    if (query.page !== 1) throw new Error(`no other link holds the shown query on page ${query.page}`);
    search = `?${new URLSearchParams([...new URLSearchParams(search), ['page', '1']]).toString()}`;
  }
  await page.evaluate((to) => {
    window.history.pushState(window.history.state, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
  }, `${USERS_PATH}${search}`);
}

const usersListUi: UiModel<UsersListMachine> = {
  model,
  clock: NOW,
  start: async ({ page, held }) => {
    await page.clock.pauseAt(PAUSED_AT);
    await signInAsAdmin(page);
    await held.hold('users', USERS_URL, 'GET');
    await page.goto(USERS_PATH);
    // The screen asks for its list once the session has loaded; the session's overlay then lingers
    // (spec §9) on the stopped clock until it is run by that much.
    await held.peek('users');
    await page.clock.runFor(OVERLAY_LINGER);
    await expect(sessionOverlay(page)).toBeHidden();
  },
  incidental: ['list.urlChanged'],
  events: {
    'list.filter': async (run, event) => {
      if (event.type !== 'list.filter') throw new Error(`not a filter change: ${event.type}`);
      const { page } = run;
      const before = snapshotBefore(run).context.filters;
      const { query, status } = event.filters;
      if (query !== undefined) {
        await searchBox(page).fill(query);
      } else if (status !== undefined) {
        const toggled = ['1', '2'].filter(
          (value) => before.status.includes(value) !== status.includes(value),
        );
        if (toggled.length !== 1) throw new Error(`one click cannot make the statuses ${status.join(',')}`);
        await page.getByRole('button', { name: /^Filter by Status/ }).click();
        await page.clock.runFor(MENU_FRAMES);
        await page
          .getByRole('menuitemcheckbox', { name: toggled[0] === '1' ? 'Active' : 'Inactive' })
          .click();
        await page.keyboard.press('Escape');
      } else {
        throw new Error(`the screen sends no filter change ${JSON.stringify(event.filters)}`);
      }
    },
    'list.page': async ({ page }, event) => {
      if (event.type !== 'list.page') throw new Error(`not a page change: ${event.type}`);
      await page
        .getByRole('navigation', { name: 'Pagination' })
        .getByRole('button', { name: `Page ${event.page}`, exact: true })
        .click();
    },
    'list.reload': async ({ page }) => {
      await table(page).getByRole('button', { name: 'Retry' }).click();
    },
    'list.urlChanged': async ({ page }, event) => {
      if (event.type !== 'list.urlChanged') throw new Error(`not a URL change: ${event.type}`);
      await moveTo(page, event);
    },
    'xstate.done.actor.0.usersList.loading': async ({ held }, event) => {
      await held.answer('users', usersAnswer((event as { output: ListPage<User> }).output));
    },
    'xstate.error.actor.0.usersList.loading': async ({ held }, event) => {
      await held.answer('users', answerForError((event as { error: unknown }).error));
    },
  },
  states: {
    'usersList.starting': () => {
      throw new Error('#usersList.starting is left at once: no step can rest there');
    },
    'usersList.loading': async (run, snapshot) => {
      const { page } = run;
      await expect(page.getByLabel('Loading users')).toBeVisible();
      await expect(table(page).getByRole('rowgroup').nth(1)).toHaveAttribute('aria-busy', 'true');
      await expectFilters(page, snapshot.context);
      await expectRequestFor(run, snapshot.context);
      // The URL holds the query being fetched: the list moved it, or it came from the URL.
      await expect(page).toHaveURL(
        (url) =>
          url.pathname === USERS_PATH && sameListQuery(readListQuery(url.search, DEFAULTS), snapshot.context),
      );
    },
    'usersList.debouncing': async (run, snapshot) => {
      const { page } = run;
      await expect(page.getByLabel('Loading users')).toBeVisible();
      await expectFilters(page, snapshot.context);
      expect(run.held.count('users'), 'a typed search waits before it asks').toBe(0);
    },
    'usersList.loaded': async ({ page, held }, snapshot) => {
      await expect(page.getByLabel('Loading users')).toHaveCount(0);
      await expect(table(page).getByRole('rowgroup').nth(1)).toHaveAttribute('aria-busy', 'false');
      await expectFilters(page, snapshot.context);
      await expectRows(page, snapshot.context);
      expect(held.count('users'), 'no users request is pending').toBe(0);
    },
    'usersList.failed': async ({ page, held }, snapshot) => {
      await expect(table(page).getByRole('alert')).toHaveText(
        `${TEXT.failed}: ${reasonOf(snapshot.context.error)}Retry`,
      );
      await expectFilters(page, snapshot.context);
      await expect(page.getByRole('navigation', { name: 'Pagination' })).toHaveCount(0);
      expect(held.count('users'), 'no users request is pending').toBe(0);
    },
  },
};

test.use({ trace: LEAN_TRACE });

describeUiModel(usersListUi, await coveringPaths(model));
