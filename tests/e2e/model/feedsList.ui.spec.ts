/**
 * feedsListMachine's generated paths through the real feeds list at /dashboard/feeds (spec §2 "Feeds
 * list panel", §8 "Feeds list shows the error message or 'Failed to load feeds'"; issue 15: failed
 * state with the reason and Retry, search and sort in the URL, CSV export).
 *
 * The admin is signed in through the API. GET /feeds and GET /feeds/export.csv are held until a step
 * answers them: the list with the model's feed, the CSV with the model's file (the browser must save
 * it under its name), an `ApiError` with its status and message, or no answer at all. The page is a
 * phone's width: the model's feed has two brands, and spec §2 offers 'View brands' for them on small
 * screens only ('Show {n} more...' needs more than six).
 *
 * Gestures: the search box is filled, a column's header clicked, 'Export CSV', 'Retry', 'View brands',
 * the modal's 'Search brands...' box and its Close button used. `url.changed` is either the echo of
 * the URL the list has just asked for, which the app hears by itself at once (so it is `immediate`,
 * and `incidental` where a path leaves it out), or a move of the browser's history to another query
 * (as Back or a link would), which the router hears through popstate.
 *
 * Each step asserts what the table shows (loading, rows, 'No feeds found.', the failure with Retry),
 * the search box, the URL and the sorted column, the 'All Brands' modal, and the export button with
 * the calls pending.
 *
 * Paths the UI cannot follow are not generated (`filterEvents`) or cut (`followable`), see each rule.
 */
import { expect, test } from '../fixtures';
import type { Page } from '@playwright/test';
import type { ReportFile } from '@/api/download';
import type { FeedSort, FeedSortKey } from '@/api/schemas/feed-list';
import type { FeedsListSnapshot } from '@/machines/feedsList.machine';
import feedsListModel from '../../model/models/feedsList.model';
import type { ModelEvent, ModelPath } from '../../model/harness';
import { signInAsAdmin } from './admin-session';
import { LEAN_TRACE } from './auth-ui';
import { answerForError, coveringPaths, describeUiModel } from './ui-model';
import type { UiModel, UiRun } from './ui-model';

type FeedsListMachine = typeof feedsListModel.machine;
type FeedsListEvent = ModelEvent<FeedsListMachine>;
type Run = UiRun<FeedsListMachine>;

const LIST_PATH = '/dashboard/feeds';
const FEEDS_URL = /\/api\/backoffice\/feeds(\?|$)/;
const EXPORT_URL = /\/api\/backoffice\/feeds\/export\.csv(\?|$)/;

/** Spec §2 "Feeds list panel" and §8, and issue 15's export failure, in their words. */
const TEXT = {
  loading: 'Loading Feeds...',
  empty: 'No feeds found.',
  loadFailed: 'Failed to load feeds',
  exportFailed: 'Failed to export feeds',
  modalTitle: 'All Brands',
  noBrands: 'No brands found.',
};

/** Spec §2: the sortable columns' headers, by sort key. */
const COLUMN_LABELS: Record<FeedSortKey, string> = {
  id: 'ID',
  name: 'Name',
  brands: 'Brands',
  products: 'Products',
  customer: 'Customer',
};

/** `xstate.done.actor.<id>` and `xstate.error.actor.<id>` of the actor invoked by a state. */
function outcomesOf(stateId: string): { done: string; error: string } {
  const invoke = feedsListModel.machine.getStateNodeById(stateId).invoke[0];
  if (!invoke) throw new Error(`#${stateId} invokes no actor`);
  return { done: `xstate.done.actor.${invoke.id}`, error: `xstate.error.actor.${invoke.id}` };
}

const LOAD = outcomesOf('feedsList.feeds.loading');
const EXPORT = outcomesOf('feedsList.export.exporting');

/** The URL search string of a search and sort, written out by hand: defaults are left out (issue 3). */
function urlSearch(query: string, sort: FeedSort): string {
  const params = new URLSearchParams();
  if (query !== '') params.set('query', query);
  if (sort !== '-id') params.set('sort', sort);
  const search = params.toString();
  return search === '' ? '' : `?${search}`;
}

/** Spec §2: the feeds whose name contains the search, case-insensitive. */
function visibleFeeds({ context }: FeedsListSnapshot) {
  const needle = context.search.trim().toLowerCase();
  return context.feeds.filter((feed) => feed.name.toLowerCase().includes(needle));
}

function snapshotBefore(run: Run): FeedsListSnapshot {
  const step = run.path.steps[run.step - 1];
  if (!step) throw new Error(`step ${run.step} has no step before it`);
  return step.state;
}

/**
 * Whether step `index` of `path` is the echo of the URL its step before asked for: the app hears
 * that location by itself, at once.
 */
function isEcho(path: ModelPath<FeedsListMachine>, index: number): boolean {
  const event = path.steps[index]?.event;
  const before = path.steps[index - 1];
  if (event?.type !== 'url.changed' || !before) return false;
  const asked = before.event.type === 'search.change' || before.event.type === 'sort.change';
  return asked && before.state.context.pendingUrls.at(-1) === event.search;
}

/**
 * The model as the screen can follow it: only gestures a person can make on what the screen shows.
 * - 'Search feeds' filled with the text it holds sends nothing;
 * - while the 'All Brands' modal is open, the page behind it takes no input: only the modal's box
 *   and Close button, the server's answers and the browser's history reach the list;
 * - the modal's box and Close button exist only while it is open;
 * - 'View brands' is only in the row of a feed the search shows.
 */
const model = {
  ...feedsListModel,
  filterEvents: (snapshot: FeedsListSnapshot, event: FeedsListEvent) => {
    const { context } = snapshot;
    const modalOpen = context.modalFeedId !== null;
    switch (event.type) {
      case 'search.change':
        return !modalOpen && event.value !== context.search;
      case 'sort.change':
      case 'export':
      case 'retry':
        return !modalOpen;
      case 'brands.open':
        return !modalOpen && visibleFeeds(snapshot).some((feed) => feed.id === event.feedId);
      case 'brands.search':
      case 'brands.close':
        return modalOpen;
      default:
        return true;
    }
  },
};

/**
 * How much of a path the UI can follow: the app hears the echo of every URL it asks for at once, so
 * a URL the model still waits for can only come back right after the step that asked for it; later,
 * the app has long dropped it, and the same location would be a move the list ignores.
 */
function followable(path: ModelPath<FeedsListMachine>): number {
  const stale = path.steps.findIndex(({ event }, index) => {
    if (event.type !== 'url.changed' || isEcho(path, index)) return false;
    const pending = path.steps[index - 1]?.state.context.pendingUrls ?? [];
    return pending.includes(event.search);
  });
  return stale < 0 ? path.steps.length : stale;
}

/**
 * Options for looking up the page behind the modal: while it is open, the page is hidden from
 * assistive technology (aria-hidden), which role queries leave out unless told.
 */
function behindModal({ context }: FeedsListSnapshot): { includeHidden: boolean } {
  return { includeHidden: context.modalFeedId !== null };
}

/** The search box, the URL and the sorted column: what the list's query shows. */
async function expectQuery(page: Page, snapshot: FeedsListSnapshot): Promise<void> {
  const { context } = snapshot;
  const hidden = behindModal(snapshot);
  await expect(page.getByRole('searchbox', { name: 'Search feeds', ...hidden })).toHaveValue(context.search);
  await expect(page).toHaveURL(
    (url) => url.pathname === LIST_PATH && url.search === urlSearch(context.search, context.sort),
  );
  const key = context.sort.replace(/^-/, '') as FeedSortKey;
  await expect(
    page.getByRole('columnheader', { name: COLUMN_LABELS[key], exact: true, ...hidden }),
  ).toHaveAttribute('aria-sort', context.sort.startsWith('-') ? 'descending' : 'ascending');
}

/** The 'All Brands' modal: the feed's name and its brands matching the brand search, or closed. */
async function expectModal(page: Page, { context }: FeedsListSnapshot): Promise<void> {
  const dialog = page.getByRole('dialog', { name: TEXT.modalTitle });
  const feed = context.feeds.find((item) => item.id === context.modalFeedId);
  if (!feed) {
    await expect(dialog).toHaveCount(0);
    return;
  }
  await expect(dialog).toContainText(feed.name);
  await expect(dialog.getByRole('textbox', { name: 'Search brands' })).toHaveValue(context.brandSearch);
  const needle = context.brandSearch.trim().toLowerCase();
  const brands = feed.brands.filter((brand) => brand.name.toLowerCase().includes(needle));
  if (brands.length === 0) await expect(dialog.getByText(TEXT.noBrands)).toBeVisible();
  else await expect(dialog.getByRole('listitem')).toHaveText(brands.map((brand) => brand.name));
}

function tableBody(page: Page, hidden = { includeHidden: false }) {
  return page
    .getByRole('table', { name: 'Feeds', ...hidden })
    .getByRole('rowgroup', hidden)
    .nth(1);
}

/** The answer of a held call for an actor's outcome: its output as JSON, or its error. */
function answerOf(event: FeedsListEvent) {
  if ('output' in event) return { json: event.output };
  if ('error' in event) return answerForError(event.error);
  throw new Error(`${event.type} is not an actor outcome`);
}

const feedsListUi: UiModel<FeedsListMachine> = {
  model,
  // The echo of a URL the list asked for arrives with the gesture that asked; a path may leave it out.
  immediate: ['url.changed'],
  incidental: ['url.changed'],
  start: async ({ page, held, path }) => {
    await signInAsAdmin(page);
    await held.hold('feeds', FEEDS_URL, 'GET');
    await held.hold('export', EXPORT_URL, 'GET');
    const query = path.input?.query;
    await page.goto(`${LIST_PATH}${query ? urlSearch(query.query, query.sort) : ''}`);
  },
  events: {
    'search.change': async ({ page }, event) => {
      if (event.type !== 'search.change') throw new Error(`not a search: ${event.type}`);
      await page.getByRole('searchbox', { name: 'Search feeds' }).fill(event.value);
    },
    'sort.change': async ({ page }, event) => {
      if (event.type !== 'sort.change') throw new Error(`not a sort: ${event.type}`);
      await page
        .getByRole('columnheader', { name: COLUMN_LABELS[event.key], exact: true })
        .getByRole('button')
        .click();
    },
    'url.changed': async (run, event) => {
      if (event.type !== 'url.changed') throw new Error(`not a location: ${event.type}`);
      if (isEcho(run.path, run.step)) return;
      // The browser's history moves to another query of the list (as Back or a link would).
      await run.page.evaluate((url) => {
        window.history.pushState(window.history.state, '', url);
        window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
      }, `${LIST_PATH}${event.search}`);
    },
    'brands.open': async (run, event) => {
      if (event.type !== 'brands.open') throw new Error(`not a modal opening: ${event.type}`);
      const feed = snapshotBefore(run).context.feeds.find((item) => item.id === event.feedId);
      if (!feed) throw new Error(`feed ${event.feedId} is not listed`);
      await tableBody(run.page)
        .getByRole('row')
        .filter({ hasText: feed.name })
        .getByRole('button', { name: 'View brands' })
        .click();
    },
    'brands.search': async ({ page }, event) => {
      if (event.type !== 'brands.search') throw new Error(`not a brand search: ${event.type}`);
      await page.getByRole('dialog').getByRole('textbox', { name: 'Search brands' }).fill(event.value);
    },
    'brands.close': async ({ page }) => {
      await page.getByRole('dialog').getByRole('button', { name: 'Close', exact: true }).click();
    },
    export: async (run) => {
      const { context } = snapshotBefore(run);
      await run.page.getByRole('button', { name: 'Export CSV' }).click();
      // Issue 15: the CSV of what the table shows, the search trimmed (and left out when empty).
      const url = new URL((await run.held.peek('export')).url());
      const search = context.search.trim();
      expect(Object.fromEntries(url.searchParams)).toEqual({
        ...(search === '' ? {} : { query: search }),
        sort: context.sort,
      });
    },
    retry: async ({ page }) => {
      await page.getByRole('button', { name: 'Retry' }).click();
    },
    [LOAD.done]: async ({ held }, event) => held.answer('feeds', answerOf(event)),
    [LOAD.error]: async ({ held }, event) => held.answer('feeds', answerOf(event)),
    [EXPORT.done]: async ({ page, held }, event) => {
      const file = (event as { output: ReportFile }).output;
      const download = page.waitForEvent('download');
      await held.answer('export', {
        body: Buffer.from(await file.blob.arrayBuffer()),
        headers: {
          'Content-Type': 'text/csv; charset=utf-8',
          'Content-Disposition': `attachment; filename="${file.filename}"`,
        },
      });
      expect((await download).suggestedFilename()).toBe(file.filename);
    },
    [EXPORT.error]: async ({ page, held }, event) => {
      const { error } = event as { error: unknown };
      await held.answer('export', answerForError(error));
      const reason = error instanceof Error ? error.message : String(error);
      await expect(
        page.getByRole('alert').filter({ hasText: `${TEXT.exportFailed}: ${reason}` }),
      ).toBeVisible();
    },
  },
  states: {
    'feedsList.feeds.loading': async ({ page, held }, snapshot) => {
      await expect(page.getByRole('status').filter({ hasText: TEXT.loading })).toBeVisible();
      await expect.poll(() => held.count('feeds'), 'the feeds are being fetched').toBe(1);
      await expectQuery(page, snapshot);
    },
    'feedsList.feeds.loaded': async ({ page, held }, snapshot) => {
      await expect(page.getByText(TEXT.loading)).toHaveCount(0);
      expect(held.count('feeds'), 'no feeds call is pending').toBe(0);
      const feeds = visibleFeeds(snapshot);
      const hidden = behindModal(snapshot);
      const rows = tableBody(page, hidden).getByRole('row', hidden);
      if (feeds.length === 0) {
        await expect(rows).toHaveText([TEXT.empty]);
      } else {
        // Spec §2's columns; the brands cell offers 'View brands' at this width.
        await expect(rows).toHaveCount(feeds.length);
        for (const [index, feed] of feeds.entries()) {
          await expect(rows.nth(index).getByRole('cell', hidden)).toHaveText([
            String(feed.id),
            feed.name,
            /View brands$/,
            String(feed.products_count),
            feed.user_id !== null && feed.user_details ? feed.user_details : '-',
            feed.user_discount === null ? 'N/A' : `${feed.user_discount}%`,
            feed.shipping_user_discount === null ? 'N/A' : `${feed.shipping_user_discount}%`,
            'Edit feed',
          ]);
        }
      }
      await expectQuery(page, snapshot);
      await expectModal(page, snapshot);
    },
    'feedsList.feeds.failed': async ({ page }, snapshot) => {
      const { error } = snapshot.context;
      const reason = error instanceof Error ? error.message : null;
      const alert = tableBody(page).getByRole('alert');
      await expect(alert).toContainText(reason === null ? TEXT.loadFailed : `${TEXT.loadFailed}: ${reason}`);
      await expect(alert.getByRole('button', { name: 'Retry' })).toBeVisible();
      await expectQuery(page, snapshot);
    },
    'feedsList.export.idle': async ({ page, held }, snapshot) => {
      await expect(page.getByRole('button', { name: 'Export CSV', ...behindModal(snapshot) })).toBeEnabled();
      expect(held.count('export'), 'no export is pending').toBe(0);
    },
    'feedsList.export.exporting': async ({ page, held }, snapshot) => {
      await expect(page.getByRole('button', { name: /Exporting/, ...behindModal(snapshot) })).toBeDisabled();
      await expect.poll(() => held.count('export'), 'the CSV is being made').toBe(1);
    },
  },
};

// A phone's width: 'View brands' is how a feed with few brands opens the modal (see above).
test.use({ trace: LEAN_TRACE, viewport: { width: 390, height: 844 } });

describeUiModel(feedsListUi, await coveringPaths(model, followable));
