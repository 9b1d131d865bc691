// @vitest-environment jsdom
/**
 * The feeds list panel (spec §2 "Feeds list panel", §8 "Feeds list shows the error message or
 * 'Failed to load feeds'"; issue 15) in each state of feedsListMachine and of its export's download
 * chart (feedsExportMachine):
 * - feeds: 'Loading Feeds...' over a busy skeleton; once loaded the feeds whose name holds the search,
 *   in the list's order, each with its id, name, brands (six inline, 'Show n more...' and 'View
 *   brands' for the rest), products, customer (a link to their page) or '-', discounts or 'N/A' and its Edit feed link, or
 *   'No feeds found.'; the failure with its reason and Retry, and nothing else.
 * - feedsExport: 'Export CSV', then 'Exporting...' and disabled while the file is made; a failed
 *   export's toast (FEEDS_EXPORT_FAILED with the reason).
 * The search box and the sorted column's `aria-sort` show the list's query in every state; the 'All
 * Brands' modal shows the open feed's brands matching its own search, or 'No brands found.'.
 *
 * Gestures are checked by the event they send. What the list does with them (the URL it writes and
 * follows, the export's query) is tests/model's; the URL through a reload and Back, the real
 * download and the phone-width layout are tests/e2e/feeds.spec.ts's.
 */
import { act, fireEvent, screen, within } from '@testing-library/react';
import { beforeAll, expect, it, vi } from 'vitest';
import { fromPromise, waitFor } from 'xstate';
import type { ReportFile } from '@/api/download';
import type { FeedSort, FeedsExportQuery } from '@/api/schemas/feed-list';
import type { FeedListItem } from '@/api/schemas/feeds';
import { failureText } from '@/machines/failure-text';
import { FEEDS_EXPORT_FAILED, feedsExportMachine } from '@/machines/feedsExport.machine';
import { FEEDS_LOAD_FAILED, feedsListMachine } from '@/machines/feedsList.machine';
import type { FeedsListEvent, FeedsListSnapshot } from '@/machines/feedsList.machine';
import { paths } from '@/routes/paths';
import { ToastsOnDemand } from '@/ui/ToastsOnDemand';
import { httpFailure } from '@test-support/api-errors';
import { aFeed } from '@test-support/builders';
import { heldPromiseActor, answerWith } from '@test-support/fake-actors';
import { shownRows, skeletonRows, tableBody } from '@test-support/list-screens';
import { describeScreenStates, givenActor, renderScreen } from '@test-support/screen';
import { CONDITION } from '@test-support/time-limits';
import { FeedsPanel } from './FeedsPanel';

vi.mock('@/routes/screen-actor', async (original) =>
  (await import('@test-support/given-actors')).screenActorWithGiven(await original()),
);

// The toast container's module, loaded on the first toast, is loaded here first, so a toast shows
// as soon as it is asked for.
beforeAll(async () => {
  await import('@/ui/Toasts');
});

const brands = (...names: string[]) => names.map((name, index) => ({ id: index + 1, name }));
/** A customer's feed with two brands. */
const ACME = aFeed({
  id: 3,
  name: 'Acme Store',
  user_id: 5,
  user_details: 'Hopper Health (#5)',
  brands: brands('Biotic', 'Zinc Co'),
  products_count: 12,
  user_discount: 10,
  shipping_user_discount: 0,
});
/** A feed of a deleted customer with eight brands: six inline, two behind 'Show 2 more...'. */
const ZETA = aFeed({
  id: 7,
  name: 'Zeta Shop',
  brands: brands('A1', 'B2', 'C3', 'D4', 'E5', 'F6', 'G7', 'H8'),
  products_count: 40,
});
/** A feed without products. */
const EMPTY = aFeed({ id: 9, name: 'store in waiting' });
const FEEDS = [ACME, ZETA, EMPTY];

/** What the panel's calls answer: an answer, a failure, or nothing yet (undefined). */
interface Calls {
  load?: FeedListItem[] | Error;
}

/**
 * The panel rendered once its list, started on `query` (the URL's) with its load answering `load`
 * and its export held, was sent `then` after its load ended and matches `state`. Returns the events the screen sends and
 * the held exports.
 */
async function panelAfter(
  { load }: Calls,
  state: (snapshot: FeedsListSnapshot) => boolean,
  {
    query = '',
    sort = '-id',
    then = [],
    exporting = false,
  }: { query?: string; sort?: FeedSort; then?: FeedsListEvent[]; exporting?: boolean } = {},
) {
  const exports = heldPromiseActor<ReportFile, FeedsExportQuery>();
  const exporter = givenActor(
    feedsExportMachine.provide({
      actors: { download: exports.logic },
      actions: { saveFile: () => {}, logFailure: () => {} },
    }),
  );
  const { actor, sent } = givenActor(
    feedsListMachine.provide({
      actors: { loadFeeds: fromPromise(() => answerWith(load)) },
      actions: { reportFailure: () => {} },
    }),
    { input: { query: { query, sort } } },
  );
  if (then.length > 0) {
    await waitFor(actor, (snapshot) => !snapshot.matches({ feeds: 'loading' }));
    for (const event of then) actor.send(event);
  }
  await waitFor(actor, state);
  if (exporting) exporter.actor.send({ type: 'export.start', query: { query, sort } });
  renderScreen(
    <>
      <FeedsPanel />
      <ToastsOnDemand />
    </>,
    { url: '/dashboard/feeds' },
  );
  return { sent, exported: exporter.sent, exports };
}

const table = () => screen.getByRole('table', { name: 'Feeds' });
const loadingText = () => screen.queryByText('Loading Feeds...');
const searchBox = () => screen.getByRole<HTMLInputElement>('searchbox', { name: 'Search feeds' });
/** The sorted column and its order: the one header with `aria-sort`. */
const sortedColumn = () =>
  within(table())
    .getAllByRole('columnheader')
    .filter((header) => header.hasAttribute('aria-sort'))
    .map((header) => `${header.textContent} ${header.getAttribute('aria-sort')}`);
const exportButton = () => screen.getByRole<HTMLButtonElement>('button', { name: /Export CSV|Exporting/ });
const dialog = () => screen.queryByRole('dialog', { name: 'All Brands' });
/** The 'All Brands' modal, once its portal has mounted (an effect after the render that opens it). */
const openDialog = () => screen.findByRole('dialog', { name: 'All Brands' }, CONDITION);

/** A loaded list whose region `feeds` is `loaded`. */
const loaded = (snapshot: FeedsListSnapshot) => snapshot.matches({ feeds: 'loaded' });

describeScreenStates(feedsListMachine, {
  'feedsList.feeds.loading': async () => {
    await panelAfter({}, (s) => s.matches({ feeds: 'loading' }), { query: 'store', sort: 'products' });
    expect(loadingText()?.getAttribute('role')).toBe('status');
    expect(tableBody(table()).getAttribute('aria-busy')).toBe('true');
    expect(skeletonRows(table())).toBeGreaterThan(0);
    expect(shownRows(table())).toEqual([]);
    expect(searchBox().value, 'the search of the URL').toBe('store');
    expect(sortedColumn()).toEqual(['Products ascending']);
  },
  'feedsList.feeds.loaded': async () => {
    await panelAfter({ load: FEEDS }, loaded);
    expect(loadingText()).toBeNull();
    expect(tableBody(table()).getAttribute('aria-busy')).toBe('false');
    // Spec §2's columns, newest first (the default order).
    expect(shownRows(table())).toEqual([
      ['9', 'store in waiting', 'No brands', '0', '-', 'N/A', 'N/A', 'Edit feed'],
      ['7', 'Zeta Shop', 'A1B2C3D4E5F6Show 2 more...View brands', '40', '-', 'N/A', 'N/A', 'Edit feed'],
      ['3', 'Acme Store', 'BioticZinc CoView brands', '12', 'Hopper Health (#5)', '10%', '0%', 'Edit feed'],
    ]);
    const edits = within(table()).getAllByRole('link', { name: /^Edit feed / });
    expect(edits.map((link) => [link.getAttribute('aria-label'), link.getAttribute('href')])).toEqual(
      [EMPTY, ZETA, ACME].map((feed) => [`Edit feed ${feed.name}`, paths.editFeed(feed.id)]),
    );
    // Issue 30: a feed's customer links to the customer's page; a feed without one has no link.
    const customers = within(table()).getAllByRole('link', { name: /^Hopper Health/ });
    expect(customers.map((link) => link.getAttribute('href'))).toEqual([paths.editUser(5)]);
    expect(sortedColumn()).toEqual(['ID descending']);
    expect(dialog()).toBeNull();
  },
  'feedsList.feeds.failed': async () => {
    const failure = httpFailure(503, 'The database is restarting');
    await panelAfter({ load: failure }, (s) => s.matches({ feeds: 'failed' }), { query: 'acme' });
    expect(shownRows(table())).toEqual([[`${failureText(FEEDS_LOAD_FAILED, failure)}Retry`]]);
    within(tableBody(table())).getByRole('alert');
    expect(loadingText()).toBeNull();
    expect(searchBox().value).toBe('acme');
  },
});

describeScreenStates(feedsExportMachine, {
  'feedsExport.idle': async () => {
    await panelAfter({ load: FEEDS }, loaded);
    expect(exportButton().textContent?.trim()).toBe('Export CSV');
    expect(exportButton().disabled).toBe(false);
  },
  'feedsExport.downloading': async () => {
    await panelAfter({ load: FEEDS }, loaded, { exporting: true });
    expect(exportButton().textContent).toContain('Exporting...');
    expect(exportButton().disabled).toBe(true);
  },
});

it('shows the feeds whose name holds the search, whatever its case, in the chosen order', async () => {
  await panelAfter({ load: FEEDS }, loaded, { query: 'STORE', sort: '-products' });
  expect(shownRows(table()).map((cells) => cells[1])).toEqual(['Acme Store', 'store in waiting']);
  expect(sortedColumn()).toEqual(['Products descending']);
});

it("says 'No feeds found.' when no feed's name holds the search", async () => {
  await panelAfter({ load: FEEDS }, loaded, { query: 'nothing' });
  expect(shownRows(table())).toEqual([['No feeds found.']]);
});

it("shows the open feed's brands that match the modal's search, or that none does", async () => {
  await panelAfter({ load: FEEDS }, loaded, {
    then: [
      { type: 'brands.open', feedId: ZETA.id },
      { type: 'brands.search', value: 'e5' },
    ],
  });
  const modal = within(await openDialog());
  modal.getByText(ZETA.name);
  expect(modal.getByRole<HTMLInputElement>('textbox', { name: 'Search brands' }).value).toBe('e5');
  expect(modal.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['E5']);

  act(() => {
    fireEvent.change(modal.getByRole('textbox', { name: 'Search brands' }), { target: { value: 'x' } });
  });
  modal.getByText('No brands found.');
  expect(modal.queryAllByRole('listitem')).toEqual([]);
});

it("shows a failed export's toast with the reason, and Export CSV again", async () => {
  const { exports } = await panelAfter({ load: FEEDS }, loaded, { exporting: true });
  const failure = httpFailure(500, 'Disk full');
  await act(async () => {
    exports.calls[0]?.answer.reject(failure);
    await Promise.resolve();
  });
  await vi.waitFor(
    () => expect(screen.getByText(FEEDS_EXPORT_FAILED).parentElement?.textContent).toContain('Disk full'),
    CONDITION,
  );
  expect(exportButton().disabled).toBe(false);
});

it('sends a search, a sort and a modal opened from a row to the list, and the export with its search and sort', async () => {
  const { sent, exported } = await panelAfter({ load: FEEDS }, loaded);
  fireEvent.change(searchBox(), { target: { value: 'acme' } });
  fireEvent.click(within(table()).getByRole('button', { name: 'Customer' }));
  fireEvent.click(exportButton());
  fireEvent.click(within(table()).getAllByRole('button', { name: 'View brands' })[0]!);
  expect(sent).toEqual([
    { type: 'search.change', value: 'acme' },
    { type: 'sort.change', key: 'customer' },
    { type: 'brands.open', feedId: ACME.id },
  ]);
  expect(exported).toEqual([{ type: 'export.start', query: { query: 'acme', sort: 'customer' } }]);
});

it("sends 'Show n more...', the modal's search and Close", async () => {
  const { sent } = await panelAfter({ load: FEEDS }, loaded);
  fireEvent.click(within(table()).getByRole('button', { name: 'Show 2 more...' }));
  const modal = within(await openDialog());
  fireEvent.change(modal.getByRole('textbox', { name: 'Search brands' }), { target: { value: 'g' } });
  act(() => {
    fireEvent.click(modal.getByRole('button', { name: 'Close' }));
  });
  expect(sent).toEqual([
    { type: 'brands.open', feedId: ZETA.id },
    { type: 'brands.search', value: 'g' },
    { type: 'brands.close' },
  ]);
});

it('sends Retry after a failure', async () => {
  const { sent } = await panelAfter({ load: httpFailure(500) }, (s) => s.matches({ feeds: 'failed' }));
  fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
  expect(sent).toEqual([{ type: 'retry' }]);
});
