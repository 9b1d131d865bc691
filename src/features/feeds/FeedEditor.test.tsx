// @vitest-environment jsdom
/**
 * The feed editor (spec §2 "Feed editor", §5 "Feed save" and "SKU import", issues 11, 12, 15, 26) in
 * each state of feedEditorMachine: 'Loading products...' and no form while any of its loads runs;
 * the load's failure with Retry; the form as the context holds it while editing, and while saving
 * with Save busy. The gestures test sends each of the machine's screen events from its control.
 */
import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fromPromise, waitFor } from 'xstate';
import type { FeedDiagnostics } from '@/api/schemas/feed-diagnostics';
import type { FeedDetail } from '@/api/schemas/feeds';
import type { ApiToken } from '@/api/schemas/tokens';
import { EXCLUSION_TEXTS } from '@/api/schemas/shop';
import type { ShopCategories, ShopProduct } from '@/api/schemas/shop';
import type { ShopProductsCache } from '@/api/shop';
import { feedDiagnosticsMachine } from '@/machines/feedDiagnostics.machine';
import { feedEditorMachine } from '@/machines/feedEditor.machine';
import type { FeedEditorSnapshot } from '@/machines/feedEditor.machine';
import { tokensMachine } from '@/machines/tokens.machine';
import { httpFailure } from '@test-support/api-errors';
import { answerWith } from '@test-support/fake-actors';
import { describeScreenStates, givenActor, layOutElements, renderScreen } from '@test-support/screen';
import { STORE } from '@test-support/shop';
import { FeedEditor } from './FeedEditor';

vi.mock('@/routes/screen-actor', async (original) =>
  (await import('@test-support/given-actors')).screenActorWithGiven(await original()),
);

/** Prices in pounds, so a screen stuck on the spec's default € shows. */
const CATEGORIES: ShopCategories = {
  customers: [
    { id: 2, company_name: 'Hopper Health' },
    { id: 3, company_name: '' },
  ],
  brands: [
    { id: 1, name: 'Seaside' },
    { id: 2, name: 'Studio' },
  ],
  currency: 'GBP',
};
/** Feed 7: the Swim Shirt (brand 1 partly selected) and the draft, which stays until removed. */
const FEED: FeedDetail = { id: 7, name: 'Summer', user_id: 2, include_unpublished: true, products: [12, 14] };
const DIAGNOSTICS: FeedDiagnostics = {
  feed_id: 7,
  currency: 'GBP',
  discount_rate: 15,
  product_count: 2,
  deliverable_product_count: 1,
  delivered_count: 1,
  excluded: [],
  archived_variants: [],
  warnings: [],
  errors: [],
  urls: {
    json: 'https://feeds.example.com/api/feed/v1/feeds/7.json',
    csv: 'https://feeds.example.com/api/feed/v1/feeds/7.csv',
    xml: 'https://feeds.example.com/api/feed/v1/feeds/7.xml',
  },
  last_pulled_at: null,
  preview: [],
  shopify: null,
};
layOutElements();

/** The answers of the editor's calls: an answer, a failure (an Error), or none yet (undefined). */
interface Calls {
  categories?: ShopCategories | Error;
  products?: ShopProduct[] | Error;
  feed?: FeedDetail | Error;
  save?: FeedDetail | Error;
}

/** An editor actor of feed `feedId` (null: a new feed) whose calls answer `calls`; no products cache. */
function givenEditor(feedId: number | null, calls: Calls) {
  return givenActor(
    feedEditorMachine.provide({
      actors: {
        loadCategories: fromPromise(() => answerWith(calls.categories)),
        readProductsCache: fromPromise(async (): Promise<ShopProductsCache | null> => null),
        loadProducts: fromPromise(() => answerWith(calls.products)),
        loadFeed: fromPromise(() => answerWith(calls.feed)),
        saveFeed: fromPromise(() => answerWith(calls.save)),
        diagnostics: feedDiagnosticsMachine.provide({
          actors: { loadDiagnostics: fromPromise(async () => DIAGNOSTICS) },
        }),
      },
      actions: { reportFailure: () => {}, storeProductsCache: () => {} },
    }),
    { input: { feedId } },
  );
}

/** The editor of `feedId` rendered once its actor matches `state`, with Testing Library's screen. */
async function editorIn(
  feedId: number | null,
  calls: Calls,
  state: (snapshot: FeedEditorSnapshot) => boolean,
  before: (
    send: (event: Parameters<ReturnType<typeof givenEditor>['actor']['send']>[0]) => void,
  ) => void = () => {},
) {
  const given = givenEditor(feedId, calls);
  await waitFor(given.actor, state);
  before((event) => given.actor.send(event));
  // The Delivery panel's Google section (issue 30) runs a tokens actor for the feed's customer.
  givenActor(
    tokensMachine.provide({ actors: { loadTokens: fromPromise(() => answerWith<ApiToken[]>(undefined)) } }),
    {
      input: { userId: FEED.user_id ?? 0 },
    },
  );
  renderScreen(<FeedEditor feedId={feedId} />);
  // The Delivery panel's child answers on its own.
  await act(() => Promise.resolve());
  return given;
}

const LOADED: Calls = { categories: CATEGORIES, products: STORE, feed: FEED };
const isLoading = (snapshot: FeedEditorSnapshot) => snapshot.matches('loading');

/** What the loading editor shows: the spinner's text and no form. */
function expectLoading(): void {
  expect(screen.getByText('Loading products...')).toBeTruthy();
  expect(screen.queryByRole('form')).toBeNull();
  expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
}

/** Each product row: its checkbox's name and state, then its texts. */
function productRows(): string[] {
  return within(screen.getByRole('list', { name: 'Products' }))
    .getAllByRole('listitem')
    .map((row) => {
      const box = within(row).getByRole<HTMLInputElement>('checkbox');
      const state = `${box.checked ? 'checked' : 'unchecked'}${box.disabled ? ', disabled' : ''}`;
      return `${box.getAttribute('aria-label') ?? ''} [${state}]: ${row.textContent ?? ''}`;
    });
}

/** The brand toggles: name and pressed state. */
function brandToggles(): string[] {
  return within(screen.getByRole('group', { name: 'Brands' }))
    .getAllByRole('button')
    .map((button) => `${button.textContent ?? ''} ${button.getAttribute('aria-pressed') ?? ''}`);
}

const field = (name: string) => screen.getByRole<HTMLInputElement>('textbox', { name });
const customer = () => screen.getByRole<HTMLSelectElement>('combobox', { name: 'Customer' });
const save = () => screen.getByRole('button', { name: 'Save' });
/** The form's submit button, whatever it reads (while saving it shows a spinner, no text). */
const submitButton = () =>
  screen.getByRole('form').querySelector<HTMLButtonElement>('button[type="submit"]')!;
const includeUnpublished = () =>
  screen.getByRole<HTMLInputElement>('checkbox', {
    name: 'Also deliver products that are not on the online store',
  });

describeScreenStates(feedEditorMachine, {
  'feedEditor.loading.categories.fetching': async () => {
    await editorIn(null, { products: STORE }, isLoading);
    expectLoading();
  },
  'feedEditor.loading.categories.done': async () => {
    await editorIn(null, { categories: CATEGORIES }, (s) => s.matches({ loading: { categories: 'done' } }));
    expectLoading();
  },
  'feedEditor.loading.products.readingCache': {
    unseen: 'the cache read settles before the screen draws (a storage read): it is loading as the others',
  },
  'feedEditor.loading.products.fetching': async () => {
    await editorIn(null, { categories: CATEGORIES }, (s) => s.matches({ loading: { products: 'fetching' } }));
    expectLoading();
  },
  'feedEditor.loading.products.done': async () => {
    await editorIn(7, { products: STORE }, (s) => s.matches({ loading: { products: 'done' } }));
    expectLoading();
  },
  'feedEditor.loading.feed.checking': { unseen: 'left at once for fetching or done (an eventless choice)' },
  'feedEditor.loading.feed.fetching': async () => {
    await editorIn(7, { categories: CATEGORIES, products: STORE }, (s) =>
      s.matches({ loading: { feed: 'fetching' } }),
    );
    expectLoading();
  },
  'feedEditor.loading.feed.done': async () => {
    await editorIn(null, { products: STORE }, (s) => s.matches({ loading: { feed: 'done' } }));
    expectLoading();
  },
  'feedEditor.failed': async () => {
    await editorIn(null, { ...LOADED, products: httpFailure(500, 'Internal Server Error') }, (s) =>
      s.matches('failed'),
    );
    expect(screen.getByRole('alert').textContent).toBe(
      'Failed to load the feed editor: Internal Server Error',
    );
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
    expect(screen.queryByText('Loading products...')).toBeNull();
    expect(screen.queryByRole('form')).toBeNull();
  },
  'feedEditor.ready.editing': async () => {
    await editorIn(null, LOADED, (s) => s.matches({ ready: 'editing' }));
    expect(screen.getByRole('form', { name: 'Create Feed' })).toBeTruthy();
    expect(field('Name').value).toBe('');
    expect(customer().value).toBe('');
    // A customer without a company name reads as 'Customer'.
    expect([...customer().options].map((option) => option.text)).toEqual([
      'Select a customer',
      'Hopper Health (#2)',
      'Customer (#3)',
    ]);
    expect(includeUnpublished().checked).toBe(false);
    // Issue 26: the hint says why such products are left out by default.
    expect(includeUnpublished().getAttribute('aria-describedby')).toBeTruthy();
    expect(brandToggles()).toEqual(['Seaside false', 'Studio false']);
    expect(field('SKUs').value).toBe('');
    expect(screen.queryByRole('status', { name: 'SKU import' })).toBeNull();
    expect(screen.getByText('0 of 7 selected, 0 deliverable')).toBeTruthy();
    expect(within(screen.getByRole('status', { name: 'Selection change' })).queryByRole('button')).toBeNull();
    expect(field('Filter products').value).toBe('');
    // Spec §2 and issue 11: name, status when not active, SKUs, variants, why not delivered, price.
    expect(productRows()).toEqual([
      `Select Swim Shorts (STYLE-1) [unchecked]: Swim ShortsSTYLE-1, SHORTS-L3 variants1 of 3 variants not delivered£30.00–£34.00`,
      `Select Swim Shirt (STYLE-1) [unchecked]: Swim ShirtSTYLE-11 variant£11.20`,
      `Select Stoneware Vase [unchecked]: Stoneware VaseNo SKU1 variant£11.30`,
      `Select Draft Shorts (DRAFT-1) [unchecked, disabled]: Draft ShortsDraftDRAFT-11 variantNot delivered: ${EXCLUSION_TEXTS.status_draft}£11.40`,
      `Select Archived Style (STYLE-1) [unchecked, disabled]: Archived StyleArchivedSTYLE-11 variantNot delivered: ${EXCLUSION_TEXTS.status_archived}£11.50`,
      `Select Gift Card (GIFT-10) [unchecked]: Gift CardGIFT-101 variantNot delivered: ${EXCLUSION_TEXTS.gift_card}£11.60`,
      `Select Free Sample (FREE-1) [unchecked]: Free SampleFREE-11 variantNot delivered: ${EXCLUSION_TEXTS.price_zero}£0.00`,
    ]);
    // Spec §5: Save reads as disabled until the form is valid; no errors before a field is left.
    expect(save().getAttribute('aria-disabled')).toBe('true');
    expect(screen.queryByText('Please enter a feed name')).toBeNull();
    expect(screen.queryByText('Please select a customer')).toBeNull();
    // Issue 12: no Delivery panel for a feed not saved yet.
    expect(screen.queryByRole('region', { name: 'Delivery' })).toBeNull();
  },
  'feedEditor.ready.saving': async () => {
    await editorIn(
      7,
      LOADED,
      (s) => s.matches({ ready: 'editing' }),
      (send) => send({ type: 'submit' }),
    );
    expect(submitButton().disabled).toBe(true);
    expect(submitButton().hasAttribute('data-loading')).toBe(true);
    expect(field('Name').value).toBe('Summer');
  },
});

describe('FeedEditor while editing', () => {
  it('shows a loaded feed: its values, selection, brands partly or fully pressed, and its Delivery panel', async () => {
    await editorIn(7, LOADED, (s) => s.matches({ ready: 'editing' }));
    expect(screen.getByRole('form', { name: 'Edit Feed' })).toBeTruthy();
    expect(field('Name').value).toBe('Summer');
    expect(customer().value).toBe('2');
    expect(includeUnpublished().checked).toBe(true);
    // Brand 1: two of its three addable products are not selected; brand 2 has none selected.
    expect(brandToggles()).toEqual(['Seaside mixed', 'Studio false']);
    expect(screen.getByText('2 of 7 selected, 1 deliverable')).toBeTruthy();
    const rows = productRows();
    expect(rows[1]).toMatch(/^Select Swim Shirt \(STYLE-1\) \[checked\]/);
    // The draft stays selected (and so can be removed) though it cannot be added.
    expect(rows[3]).toMatch(/^Select Draft Shorts \(DRAFT-1\) \[checked\]/);
    expect(save().getAttribute('aria-disabled')).toBeNull();
    const delivery = screen.getByRole('region', { name: 'Delivery' });
    expect(within(delivery).getByRole<HTMLInputElement>('textbox', { name: 'JSON feed URL' }).value).toBe(
      DIAGNOSTICS.urls.json,
    );
  });

  it('shows the errors of the fields left empty', async () => {
    await editorIn(
      null,
      LOADED,
      (s) => s.matches({ ready: 'editing' }),
      (send) => {
        send({ type: 'field.blur', field: 'name' });
        send({ type: 'field.blur', field: 'customer' });
      },
    );
    expect(screen.getByText('Please enter a feed name')).toBeTruthy();
    expect(screen.getByText('Please select a customer')).toBeTruthy();
    expect(field('Name').getAttribute('aria-invalid')).toBe('true');
  });

  it('names the SKUs an import left in the box, and offers the change back', async () => {
    await editorIn(
      null,
      LOADED,
      (s) => s.matches({ ready: 'editing' }),
      (send) => {
        send({ type: 'sku.change', value: 'SHORTS-L DRAFT-1 NOPE' });
        send({ type: 'sku.import' });
      },
    );
    const report = within(screen.getByRole('status', { name: 'SKU import' }));
    expect(report.getAllByText(/./).map((line) => line.textContent)).toEqual([
      'Matched 1 product; 2 SKUs were not imported and stay in the box',
      'Not found: NOPE',
      `Not added (${EXCLUSION_TEXTS.status_draft}): DRAFT-1`,
    ]);
    const change = within(screen.getByRole('status', { name: 'Selection change' }));
    expect(change.getByText('Added 1 product')).toBeTruthy();
    expect(change.getByRole('button', { name: 'Undo' })).toBeTruthy();
  });

  it('says so when the filter lets no product through', async () => {
    await editorIn(
      null,
      LOADED,
      (s) => s.matches({ ready: 'editing' }),
      (send) => send({ type: 'filter.change', value: 'nothing like it' }),
    );
    expect(screen.getByText('No products found.')).toBeTruthy();
    expect(
      screen.getByRole<HTMLButtonElement>('button', { name: 'Select/Deselect All Products' }).disabled,
    ).toBe(true);
  });
});

/** Runs `gesture` and lets React apply what it set off (a Chakra checkbox reports its change late). */
async function tick(gesture: () => void): Promise<void> {
  await act(async () => {
    gesture();
    await Promise.resolve();
  });
}

describe('FeedEditor gestures', () => {
  it('sends each control’s event', async () => {
    const { sent } = await editorIn(
      7,
      LOADED,
      (s) => s.matches({ ready: 'editing' }),
      (send) =>
        // An import to take back, so Undo shows.
        send({ type: 'products.toggleFiltered' }),
    );
    fireEvent.change(field('Name'), { target: { value: 'Winter' } });
    fireEvent.blur(field('Name'));
    fireEvent.change(customer(), { target: { value: '' } });
    fireEvent.blur(customer());
    await tick(() => fireEvent.click(includeUnpublished()));
    fireEvent.click(screen.getByRole('button', { name: 'Studio' }));
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    fireEvent.change(field('SKUs'), { target: { value: 'GIFT-10' } });
    fireEvent.click(screen.getByRole('button', { name: 'Import SKUs' }));
    fireEvent.change(field('Filter products'), { target: { value: 'Swim' } });
    fireEvent.click(screen.getByRole('button', { name: 'Select/Deselect All Products' }));
    await tick(() => fireEvent.click(screen.getByRole('checkbox', { name: 'Select Swim Shirt (STYLE-1)' })));
    fireEvent.click(save());
    expect(sent.slice(1)).toEqual([
      { type: 'name.change', value: 'Winter' },
      { type: 'field.blur', field: 'name' },
      { type: 'customer.change', userId: null },
      { type: 'field.blur', field: 'customer' },
      { type: 'includeUnpublished.change', value: false },
      { type: 'brand.toggle', brandId: 2 },
      { type: 'selection.undo' },
      { type: 'sku.change', value: 'GIFT-10' },
      { type: 'sku.import' },
      { type: 'filter.change', value: 'Swim' },
      { type: 'products.toggleFiltered' },
      { type: 'product.toggle', productId: 12 },
      { type: 'submit' },
    ]);
  });

  it('sends retry from a failed load’s Retry', async () => {
    const { sent } = await editorIn(null, { ...LOADED, categories: httpFailure(500) }, (s) =>
      s.matches('failed'),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(sent).toEqual([{ type: 'retry' }]);
  });
});
