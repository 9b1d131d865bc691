import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError } from '@/api/client';
import type { FeedDiagnostics } from '@/api/schemas/feed-diagnostics';
import { FEED_CUSTOMER_REQUIRED, FEED_NAME_REQUIRED } from '@/api/schemas/feeds';
import type { FeedDetail, FeedSaveRequest } from '@/api/schemas/feeds';
import type { ExclusionReason, ShopCategories, ShopProduct } from '@/api/schemas/shop';
import type { ShopProductsCache } from '@/api/shop';
import {
  NO_MATCHING_SKUS,
  SHOP_PRODUCTS_CACHE_MS,
  feedEditorMachine,
  selectAllFilteredSelected,
  selectBrandSelection,
  selectCanSave,
  selectDiagnosticsActor,
  selectDraftValues,
  selectFieldView,
  selectIncludeUnpublished,
  selectIsDirty,
  selectIsLoading,
  selectIsSaving,
  selectLoadError,
  selectUndoMessage,
  selectionChangeMessage,
} from './feedEditor.machine';
import type { FeedEditorEmitted } from './feedEditor.machine';
import { feedDiagnosticsMachine } from './feedDiagnostics.machine';
import { STORE, product, variant, withVariants } from '@test-support/shop';
import { uiFocus, uiNavigate, uiToast } from './ui-effects';

const NOW = Date.parse('2025-06-11T10:00:00Z');

/** Brand 1: products 1-3; brand 2: products 4-5; product 6 has no brand. */
const PRODUCTS: ShopProduct[] = [
  product(1, 1, 'SH-MAG-60', 'Magnesium Glycinate 60 Capsules'),
  product(2, 1, 'SH-MAG-120', 'Magnesium Glycinate 120 Capsules'),
  product(3, 1, 'SH-ZNC-60', 'Zinc Citrate 60 Capsules'),
  product(4, 2, 'BB-O3-60SG', 'Omega-3 Fish Oil 60 Softgels'),
  product(5, 2, 'BB-MAG-90', 'Magnesium Citrate 90 Capsules'),
  product(6, null, 'XX-1', 'Unbranded'),
];

const CATEGORIES: ShopCategories = {
  customers: [
    { id: 10, company_name: 'Acme Ltd' },
    { id: 11, company_name: 'Beta Ltd' },
  ],
  brands: [
    { id: 1, name: 'Seeking Health' },
    { id: 2, name: 'Bare Biology' },
  ],
  currency: 'GBP',
};

interface Options {
  feedId?: number | null;
  customerId?: number | null;
  cache?: ShopProductsCache | null;
  feed?: FeedDetail;
  save?: (input: { feedId: number | null; feed: FeedSaveRequest }) => Promise<FeedDetail>;
  categoriesError?: unknown;
  feedError?: unknown;
  products?: ShopProduct[];
}

function start(options: Options = {}) {
  const calls = {
    products: 0,
    stored: [] as { products: ShopProduct[]; savedAt: number }[],
    saved: [] as unknown[],
    /** The feed ids the Delivery panel's child loaded, in order. */
    diagnostics: [] as number[],
  };
  const emitted: FeedEditorEmitted[] = [];
  const machine = feedEditorMachine.provide({
    actors: {
      loadCategories: fromPromise(async () => {
        if (options.categoriesError) throw options.categoriesError;
        return CATEGORIES;
      }),
      readProductsCache: fromPromise(async () => options.cache ?? null),
      loadProducts: fromPromise(async () => {
        calls.products++;
        return options.products ?? PRODUCTS;
      }),
      loadFeed: fromPromise(async ({ input }: { input: { feedId: number } }) => {
        if (options.feedError) throw options.feedError;
        return (
          options.feed ?? {
            id: input.feedId,
            name: 'Loaded',
            user_id: 10,
            include_unpublished: false,
            products: [1, 4],
          }
        );
      }),
      saveFeed: fromPromise(
        async ({ input }: { input: { feedId: number | null; feed: FeedSaveRequest } }) => {
          calls.saved.push(input);
          if (options.save) return options.save(input);
          return { id: input.feedId ?? 77, include_unpublished: false, ...input.feed };
        },
      ),
      diagnostics: feedDiagnosticsMachine.provide({
        actors: {
          loadDiagnostics: fromPromise(async ({ input }: { input: { feedId: number } }) => {
            calls.diagnostics.push(input.feedId);
            return { feed_id: input.feedId } as FeedDiagnostics;
          }),
        },
      }),
    },
    actions: {
      storeProductsCache: (_, params: { products: ShopProduct[]; savedAt: number }) => {
        calls.stored.push(params);
      },
      reportFailure: () => {},
    },
  });
  const actor = createActor(machine, {
    input: { feedId: options.feedId ?? null, customerId: options.customerId, now: () => NOW },
  });
  actor.on('*', (event) => emitted.push(event as FeedEditorEmitted));
  actor.start();
  return { actor, calls, emitted };
}

/**
 * The editor once loaded (or failed), with what it emitted so far cleared: the heading's focus on
 * loading is the model's to check (tests/model/models/feedEditor.model.ts), these tests look at what
 * later steps emit.
 */
async function ready(options: Options = {}) {
  const started = start(options);
  await waitFor(started.actor, (snapshot) => snapshot.matches('ready') || snapshot.matches('failed'));
  started.emitted.length = 0;
  return started;
}

const selected = (actor: ReturnType<typeof start>['actor']) =>
  [...actor.getSnapshot().context.selected].sort();
const brands = (actor: ReturnType<typeof start>['actor']) =>
  [...actor.getSnapshot().context.selectedBrands].sort();

describe('loading', () => {
  it('is loading, then ready with customers, brands and every product listed', async () => {
    const { actor } = start();
    expect(selectIsLoading(actor.getSnapshot())).toBe(true);
    await waitFor(actor, (snapshot) => snapshot.matches('ready'));
    const { context } = actor.getSnapshot();
    expect(context.customers).toEqual(CATEGORIES.customers);
    expect(context.brands).toEqual(CATEGORIES.brands);
    expect(context.currency).toBe('GBP');
    expect(context.filteredIds).toEqual([1, 2, 3, 4, 5, 6]);
    expect(selectIsDirty(actor.getSnapshot())).toBe(false);
  });

  it('uses cached products younger than 24 hours without calling the server', async () => {
    const { calls, actor } = await ready({
      cache: { savedAt: NOW - SHOP_PRODUCTS_CACHE_MS + 1, products: PRODUCTS.slice(0, 2) },
    });
    expect(calls.products).toBe(0);
    expect(calls.stored).toEqual([]);
    expect(actor.getSnapshot().context.products).toHaveLength(2);
  });

  it('fetches and re-caches when the cache is 24 hours old, from the future, or missing', async () => {
    for (const cache of [
      { savedAt: NOW - SHOP_PRODUCTS_CACHE_MS, products: [] },
      { savedAt: NOW + 1000, products: [] },
      null,
    ]) {
      const { calls, actor } = await ready({ cache });
      expect(calls.products).toBe(1);
      expect(calls.stored).toEqual([{ products: PRODUCTS, savedAt: NOW }]);
      expect(actor.getSnapshot().context.products).toHaveLength(6);
    }
  });

  it('loads the edited feed: name, customer, selection and its brands, and is not dirty', async () => {
    const { actor } = await ready({
      feedId: 5,
      feed: { id: 5, name: 'Acme', user_id: 10, include_unpublished: false, products: [1, 4, 999] },
    });
    const { context } = actor.getSnapshot();
    expect([context.name, context.userId]).toEqual(['Acme', 10]);
    // Product 999 no longer exists in the catalogue: dropped.
    expect(selected(actor)).toEqual([1, 4]);
    expect(brands(actor)).toEqual([1, 2]);
    expect(selectIsDirty(actor.getSnapshot())).toBe(false);
  });

  it('starts a new feed on the given customer when it is one, as where the form starts (issue 30)', async () => {
    const onCustomer = (await ready({ customerId: 11 })).actor.getSnapshot();
    expect(onCustomer.context.userId).toBe(11);
    expect(selectIsDirty(onCustomer)).toBe(false);
    // An id that is not among the customers (an admin, a deleted customer) is no customer.
    expect((await ready({ customerId: 99 })).actor.getSnapshot().context.userId).toBeNull();
    // Editing keeps the feed's own customer.
    expect((await ready({ feedId: 5, customerId: 11 })).actor.getSnapshot().context.userId).toBe(10);
  });

  it('fails with the server message, or the fallback, and retries', async () => {
    const { actor } = await ready({
      feedId: 5,
      feedError: new ApiError('Feed not found', { kind: 'http', status: 404 }),
    });
    expect(selectLoadError(actor.getSnapshot())).toBe('Failed to load the feed editor: Feed not found');
    const second = await ready({ categoriesError: 'boom' });
    expect(selectLoadError(second.actor.getSnapshot())).toBe('Failed to load the feed editor');
    second.actor.send({ type: 'retry' });
    expect(selectIsLoading(second.actor.getSnapshot())).toBe(true);
  });
});

describe('brand toggles', () => {
  it('adds every product of an unselected brand and removes them all from a selected one', async () => {
    const { actor } = await ready();
    actor.send({ type: 'brand.toggle', brandId: 1 });
    expect(selected(actor)).toEqual([1, 2, 3]);
    expect(brands(actor)).toEqual([1]);
    actor.send({ type: 'brand.toggle', brandId: 1 });
    expect(selected(actor)).toEqual([]);
    expect(brands(actor)).toEqual([]);
  });

  it('counts a brand with one selected product as selected, and its toggle selects all of it first (issue 15)', async () => {
    const { actor } = await ready();
    actor.send({ type: 'product.toggle', productId: 5 });
    expect(brands(actor)).toEqual([2]);
    expect(selectBrandSelection(actor.getSnapshot(), 2)).toBe('some');
    actor.send({ type: 'brand.toggle', brandId: 2 });
    expect(selected(actor)).toEqual([4, 5]);
    expect(selectBrandSelection(actor.getSnapshot(), 2)).toBe('all');
    actor.send({ type: 'brand.toggle', brandId: 2 });
    expect(selected(actor)).toEqual([]);
    expect(selectBrandSelection(actor.getSnapshot(), 2)).toBe('none');
  });

  it('toggles single products and ignores unknown ids', async () => {
    const { actor } = await ready();
    actor.send({ type: 'product.toggle', productId: 6 });
    actor.send({ type: 'product.toggle', productId: 999 });
    expect(selected(actor)).toEqual([6]);
    expect(brands(actor)).toEqual([]);
    actor.send({ type: 'product.toggle', productId: 6 });
    expect(selected(actor)).toEqual([]);
  });
});

describe('filter and Select/Deselect All Products', () => {
  it('filters by name or SKU, case-insensitive', async () => {
    const { actor } = await ready();
    actor.send({ type: 'filter.change', value: '  MAGNESIUM ' });
    expect(actor.getSnapshot().context.filteredIds).toEqual([1, 2, 5]);
    actor.send({ type: 'filter.change', value: 'bb-' });
    expect(actor.getSnapshot().context.filteredIds).toEqual([4, 5]);
    actor.send({ type: 'filter.change', value: '' });
    expect(actor.getSnapshot().context.filteredIds).toHaveLength(6);
  });

  it('selects all filtered products, leaving the others, then deselects just them', async () => {
    const { actor } = await ready();
    actor.send({ type: 'product.toggle', productId: 4 });
    actor.send({ type: 'product.toggle', productId: 1 });
    actor.send({ type: 'filter.change', value: 'magnesium' });
    expect(selectAllFilteredSelected(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'products.toggleFiltered' });
    expect(selected(actor)).toEqual([1, 2, 4, 5]);
    expect(selectAllFilteredSelected(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'products.toggleFiltered' });
    expect(selected(actor)).toEqual([4]);
  });

  it('does nothing on an empty filter result', async () => {
    const { actor } = await ready();
    actor.send({ type: 'filter.change', value: 'nothing like this' });
    actor.send({ type: 'products.toggleFiltered' });
    expect(selected(actor)).toEqual([]);
    expect(selectAllFilteredSelected(actor.getSnapshot())).toBe(false);
  });
});

describe('SKU import', () => {
  it('selects every product whose SKU is listed, case-insensitive, says how many and keeps the unmatched SKUs', async () => {
    const { actor, emitted } = await ready();
    actor.send({ type: 'product.toggle', productId: 1 });
    actor.send({ type: 'sku.change', value: 'sh-mag-60, SH-MAG-60\nbb-o3-60sg UNKNOWN\tother' });
    actor.send({ type: 'sku.import' });
    expect(selected(actor)).toEqual([1, 4]);
    expect(emitted).toEqual([uiToast('success', 'Imported 2 products')]);
    expect(actor.getSnapshot().context.skuText).toBe('UNKNOWN, other');
    expect(actor.getSnapshot().context.skuReport).toEqual({
      imported: 2,
      unmatched: [
        { sku: 'UNKNOWN', reason: null },
        { sku: 'other', reason: null },
      ],
    });
  });

  it('reports no match, names the SKUs and selects nothing', async () => {
    const { actor, emitted } = await ready();
    actor.send({ type: 'sku.change', value: 'nope\n none,NOPE' });
    actor.send({ type: 'sku.import' });
    expect(emitted).toEqual([uiToast('error', NO_MATCHING_SKUS)]);
    expect(selected(actor)).toEqual([]);
    expect(actor.getSnapshot().context.skuText).toBe('nope, none');
    expect(actor.getSnapshot().context.skuReport).toEqual({
      imported: 0,
      unmatched: [
        { sku: 'nope', reason: null },
        { sku: 'none', reason: null },
      ],
    });
    expect(selectIsDirty(actor.getSnapshot())).toBe(false);
  });
});

describe('feed form rules (spec §5 "Feed save")', () => {
  // A submit touches both fields, so each shows what its rule says of the values.
  it.each<[string, number | null, { name: string | null; customer: string | null }]>([
    ['', null, { name: 'Please enter a feed name', customer: 'Please select a customer' }],
    ['   ', 10, { name: 'Please enter a feed name', customer: null }],
    [' Acme ', null, { name: null, customer: 'Please select a customer' }],
    ['Acme', 10, { name: null, customer: null }],
  ])('name %j, customer %j → %j', async (name, userId, errors) => {
    const { actor } = await ready({ save: () => new Promise(() => undefined) });
    actor.send({ type: 'name.change', value: name });
    actor.send({ type: 'customer.change', userId });
    actor.send({ type: 'submit' });
    expect({
      name: selectFieldView(actor.getSnapshot(), 'name').error,
      customer: selectFieldView(actor.getSnapshot(), 'customer').error,
    }).toEqual(errors);
  });
});

describe('validation, saving and dirty tracking', () => {
  it('shows both spec messages on an empty submit and clears each as it is fixed', async () => {
    const { actor, calls, emitted } = await ready();
    expect(selectCanSave(actor.getSnapshot()), 'spec §5: Save is disabled until valid').toBe(false);
    expect(selectFieldView(actor.getSnapshot(), 'name')).toEqual({ state: 'neutral', error: null });
    actor.send({ type: 'submit' });
    expect(actor.getSnapshot().context.errors).toEqual({
      name: FEED_NAME_REQUIRED,
      customer: FEED_CUSTOMER_REQUIRED,
    });
    expect(emitted, 'the first invalid field gets focus').toEqual([uiFocus('feed-name')]);
    expect(selectFieldView(actor.getSnapshot(), 'name')).toEqual({
      state: 'error',
      error: FEED_NAME_REQUIRED,
    });
    actor.send({ type: 'name.change', value: '   ' });
    expect(actor.getSnapshot().context.errors.name).toBe(FEED_NAME_REQUIRED);
    actor.send({ type: 'name.change', value: 'Acme' });
    expect(actor.getSnapshot().context.errors).toEqual({ name: null, customer: FEED_CUSTOMER_REQUIRED });
    actor.send({ type: 'customer.change', userId: 10 });
    expect(actor.getSnapshot().context.errors).toEqual({ name: null, customer: null });
    expect(selectFieldView(actor.getSnapshot(), 'customer')).toEqual({ state: 'valid', error: null });
    expect(selectCanSave(actor.getSnapshot())).toBe(true);
    expect(calls.saved).toEqual([]);
  });

  it('shows a field valid or in error once it is left, and focuses the customer when only it is missing', async () => {
    const { actor, emitted } = await ready();
    actor.send({ type: 'name.change', value: '' });
    expect(actor.getSnapshot().context.errors, 'untouched fields stay neutral').toEqual({
      name: null,
      customer: null,
    });
    actor.send({ type: 'field.blur', field: 'name' });
    expect(actor.getSnapshot().context.errors).toEqual({ name: FEED_NAME_REQUIRED, customer: null });
    actor.send({ type: 'name.change', value: 'Acme' });
    expect(selectFieldView(actor.getSnapshot(), 'name')).toEqual({ state: 'valid', error: null });
    expect(selectFieldView(actor.getSnapshot(), 'customer')).toEqual({ state: 'neutral', error: null });
    actor.send({ type: 'submit' });
    expect(emitted).toEqual([uiFocus('feed-customer')]);
  });

  it('creates the feed with the trimmed name and sorted ids, toasts, goes to the feeds list and is clean after', async () => {
    let finish!: (feed: FeedDetail) => void;
    const { actor, emitted, calls } = await ready({
      save: () => new Promise((resolve) => (finish = resolve)),
    });
    actor.send({ type: 'name.change', value: '  Acme main ' });
    actor.send({ type: 'customer.change', userId: 10 });
    actor.send({ type: 'product.toggle', productId: 4 });
    actor.send({ type: 'product.toggle', productId: 1 });
    expect(selectIsDirty(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'submit' });
    expect(selectIsSaving(actor.getSnapshot())).toBe(true);
    expect(calls.saved).toEqual([
      {
        feedId: null,
        feed: { name: 'Acme main', user_id: 10, products: [1, 4], include_unpublished: false },
      },
    ]);
    // Edits wait while saving.
    actor.send({ type: 'product.toggle', productId: 2 });
    expect(selected(actor)).toEqual([1, 4]);

    finish({ id: 77, name: 'Acme main', user_id: 10, include_unpublished: false, products: [1, 4] });
    await waitFor(actor, (snapshot) => snapshot.matches({ ready: 'editing' }));
    expect(emitted, "a toast, then the new feed's page").toEqual([
      uiToast('success', 'Feed created!', 'Acme main (customer #10)'),
      uiNavigate('/dashboard/feeds/77/edit', { replace: true }),
    ]);
    expect(actor.getSnapshot().context.savedFeed).toEqual({
      id: 77,
      name: 'Acme main',
      user_id: 10,
      include_unpublished: false,
      products: [1, 4],
    });
    expect(selectIsDirty(actor.getSnapshot())).toBe(false);
    expect(actor.getSnapshot().context.feedId).toBe(77);
  });

  it('updates an edited feed and says so', async () => {
    const { actor, emitted, calls } = await ready({ feedId: 5 });
    actor.send({ type: 'brand.toggle', brandId: 2 });
    actor.send({ type: 'submit' });
    await waitFor(actor, (snapshot) => snapshot.matches({ ready: 'editing' }) && calls.saved.length === 1);
    expect(calls.saved).toEqual([
      { feedId: 5, feed: { name: 'Loaded', user_id: 10, products: [1, 4, 5], include_unpublished: false } },
    ]);
    expect(emitted).toContainEqual(uiToast('success', 'Feed updated!', 'Loaded (customer #10)'));
  });

  it('shows the create or update error toast and keeps the changes', async () => {
    const failing = async () => {
      throw new ApiError('boom', { kind: 'http', status: 500 });
    };
    const create = await ready({ save: failing });
    create.actor.send({ type: 'name.change', value: 'A' });
    create.actor.send({ type: 'customer.change', userId: 11 });
    create.actor.send({ type: 'submit' });
    await waitFor(create.actor, () => create.emitted.some((event) => event.type === 'ui.toast'));
    expect(create.emitted, "the spec's text and the server's reason").toEqual([
      uiToast('error', 'Failed to create feed. See console for details.', 'boom'),
    ]);
    expect(selectIsDirty(create.actor.getSnapshot())).toBe(true);

    const update = await ready({ feedId: 5, save: failing });
    update.actor.send({ type: 'submit' });
    await waitFor(update.actor, () => update.emitted.length > 0);
    expect(update.emitted).toEqual([
      uiToast('error', 'Failed to update feed. See console for details.', 'boom'),
    ]);
  });

  it('is clean again when the changes are undone', async () => {
    const { actor } = await ready({ feedId: 5 });
    actor.send({ type: 'product.toggle', productId: 2 });
    actor.send({ type: 'name.change', value: 'Other' });
    expect(selectIsDirty(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'product.toggle', productId: 2 });
    actor.send({ type: 'name.change', value: 'Loaded' });
    expect(selectIsDirty(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'customer.change', userId: 11 });
    expect(selectIsDirty(actor.getSnapshot())).toBe(true);
  });
});

describe('a real store: variants, shared SKUs, products that cannot be added (issue 11)', () => {
  const reasons = (actor: ReturnType<typeof start>['actor']) =>
    actor
      .getSnapshot()
      .context.skuReport?.unmatched.map((item): [string, ExclusionReason | null] => [item.sku, item.reason]);

  it('keeps a draft the loaded feed holds, counts only deliverable products, and lets the admin remove it', async () => {
    const { actor } = await ready({
      products: STORE,
      feedId: 5,
      feed: { id: 5, name: 'Store', user_id: 10, include_unpublished: false, products: [11, 14, 16, 17] },
    });
    expect(selected(actor)).toEqual([11, 14, 16, 17]);
    expect(actor.getSnapshot().context.deliverableCount).toBe(1);
    expect(selectIsDirty(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'product.toggle', productId: 14 });
    expect(selected(actor)).toEqual([11, 16, 17]);
    expect(selectIsDirty(actor.getSnapshot())).toBe(true);
    // Once removed, it cannot come back.
    actor.send({ type: 'product.toggle', productId: 14 });
    expect(selected(actor)).toEqual([11, 16, 17]);
    actor.send({ type: 'product.toggle', productId: 12 });
    expect(actor.getSnapshot().context.deliverableCount).toBe(2);
  });

  it('adds gift cards and zero-priced products, which are selected but not deliverable', async () => {
    const { actor } = await ready({ products: STORE });
    actor.send({ type: 'product.toggle', productId: 16 });
    actor.send({ type: 'product.toggle', productId: 17 });
    expect(selected(actor)).toEqual([16, 17]);
    expect(actor.getSnapshot().context.deliverableCount).toBe(0);
  });

  it("skips what cannot be added on a brand toggle, and removes all of a selected brand's products", async () => {
    const { actor } = await ready({
      products: STORE,
      feedId: 5,
      feed: { id: 5, name: 'Store', user_id: 10, include_unpublished: false, products: [15] },
    });
    actor.send({ type: 'brand.toggle', brandId: 1 });
    expect(selected(actor)).toEqual([11, 12, 13, 15]);
    expect(brands(actor)).toEqual([1, 2]);
    // Brand 2 counts as selected through its archived product, but only partly: its toggle adds the
    // rest, then removes all of it, the archived product included.
    actor.send({ type: 'brand.toggle', brandId: 2 });
    expect(selected(actor)).toEqual([11, 12, 13, 15, 16, 17]);
    actor.send({ type: 'brand.toggle', brandId: 2 });
    expect(selected(actor)).toEqual([11, 12, 13]);
  });

  it("skips what cannot be added on 'Select/Deselect All Products' and deselects every filtered product", async () => {
    const { actor } = await ready({
      products: STORE,
      feedId: 5,
      feed: { id: 5, name: 'Store', user_id: 10, include_unpublished: false, products: [14] },
    });
    actor.send({ type: 'filter.change', value: 'shorts' });
    expect(actor.getSnapshot().context.filteredIds).toEqual([11, 14]);
    expect(selectAllFilteredSelected(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'products.toggleFiltered' });
    expect(selected(actor)).toEqual([11, 14]);
    expect(selectAllFilteredSelected(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'products.toggleFiltered' });
    expect(selected(actor)).toEqual([]);
    // Only products that cannot be added pass the filter: nothing to select.
    actor.send({ type: 'filter.change', value: 'draft' });
    actor.send({ type: 'products.toggleFiltered' });
    expect(selected(actor)).toEqual([]);
    expect(selectAllFilteredSelected(actor.getSnapshot())).toBe(false);
  });

  it("filters on any variant's SKU", async () => {
    const { actor } = await ready({ products: STORE });
    actor.send({ type: 'filter.change', value: 'shorts-l' });
    expect(actor.getSnapshot().context.filteredIds).toEqual([11]);
    actor.send({ type: 'filter.change', value: 'style-1' });
    expect(actor.getSnapshot().context.filteredIds).toEqual([11, 12, 15]);
  });

  it('imports by any variant SKU, adds every addable product an SKU names, and names the SKUs that added nothing and why', async () => {
    const { actor, emitted } = await ready({ products: STORE });
    actor.send({ type: 'sku.change', value: 'style-1 shorts-l DRAFT-1 gift-10 missing' });
    actor.send({ type: 'sku.import' });
    // STYLE-1 names 11, 12 and the archived 15; SHORTS-L names 11 again; GIFT-10 names 16.
    expect(selected(actor)).toEqual([11, 12, 16]);
    expect(emitted).toEqual([uiToast('success', 'Imported 3 products')]);
    expect(actor.getSnapshot().context.skuText).toBe('DRAFT-1, missing');
    expect(reasons(actor)).toEqual([
      ['DRAFT-1', 'status_draft'],
      ['missing', null],
    ]);
  });

  it('answers an import that only names products that cannot be added as no match, with the reason', async () => {
    const { actor, emitted } = await ready({ products: STORE });
    actor.send({ type: 'sku.change', value: 'draft-1' });
    actor.send({ type: 'sku.import' });
    expect(emitted).toEqual([uiToast('error', NO_MATCHING_SKUS)]);
    expect(selected(actor)).toEqual([]);
    expect(reasons(actor)).toEqual([['draft-1', 'status_draft']]);
  });
});

describe('the Delivery panel (issue 12)', () => {
  it("asks for the edited feed's diagnostics as the editor starts, shows them once ready, and loads them again after each save", async () => {
    const { actor, calls } = start({ feedId: 5 });
    expect(actor.getSnapshot().matches('loading')).toBe(true);
    expect(calls.diagnostics).toEqual([5]);
    expect(selectDiagnosticsActor(actor.getSnapshot())).toBeUndefined();
    await waitFor(actor, (snapshot) => snapshot.matches('ready'));
    expect(selectDiagnosticsActor(actor.getSnapshot())?.getSnapshot().context.feedId).toBe(5);
    expect(calls.diagnostics).toEqual([5]);
    actor.send({ type: 'name.change', value: 'Renamed' });
    actor.send({ type: 'submit' });
    await waitFor(actor, () => calls.diagnostics.length === 2);
    expect(calls.diagnostics).toEqual([5, 5]);
    expect(actor.getSnapshot().children.diagnostics?.getSnapshot().context.feedId).toBe(5);
  });

  it('waits for a new feed to be created, then loads it', async () => {
    const { actor, calls } = await ready();
    expect(actor.getSnapshot().children.diagnostics?.getSnapshot().value).toBe('idle');
    actor.send({ type: 'name.change', value: 'New' });
    actor.send({ type: 'customer.change', userId: 10 });
    actor.send({ type: 'submit' });
    await waitFor(actor, () => calls.diagnostics.length === 1);
    expect(calls.diagnostics).toEqual([77]);
  });
});

describe('Undo of bulk selection changes (issue 15)', () => {
  it('takes back a brand toggle, Select/Deselect All and an SKU import, each to the selection before it', async () => {
    const { actor } = await ready({ feedId: 5 });
    expect(selectUndoMessage(actor.getSnapshot())).toBeNull();
    actor.send({ type: 'brand.toggle', brandId: 1 });
    expect(selectUndoMessage(actor.getSnapshot())).toBe('Added 2 products of Seeking Health');
    actor.send({ type: 'selection.undo' });
    expect(selected(actor)).toEqual([1, 4]);
    expect(selectUndoMessage(actor.getSnapshot())).toBeNull();
    expect(selectIsDirty(actor.getSnapshot())).toBe(false);

    actor.send({ type: 'products.toggleFiltered' });
    expect(selected(actor)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(selectUndoMessage(actor.getSnapshot())).toBe('Added 4 products');
    actor.send({ type: 'products.toggleFiltered' });
    expect(selectUndoMessage(actor.getSnapshot()), 'the last change is the one offered').toBe(
      'Removed 6 products',
    );
    actor.send({ type: 'selection.undo' });
    expect(selected(actor)).toEqual([1, 2, 3, 4, 5, 6]);

    actor.send({ type: 'brand.toggle', brandId: 2 });
    actor.send({ type: 'sku.change', value: 'bb-o3-60sg nope' });
    actor.send({ type: 'sku.import' });
    expect(selectUndoMessage(actor.getSnapshot())).toBe('Added 1 product');
    actor.send({ type: 'selection.undo' });
    expect(selected(actor)).toEqual([1, 2, 3, 6]);
    expect(actor.getSnapshot().context.skuText, 'the unmatched SKUs stay in the box').toBe('nope');
  });

  it('is no longer offered after a single product click, and a change that changed nothing keeps the offer', async () => {
    const { actor } = await ready();
    actor.send({ type: 'brand.toggle', brandId: 2 });
    actor.send({ type: 'filter.change', value: 'zzz' });
    actor.send({ type: 'products.toggleFiltered' });
    expect(selectUndoMessage(actor.getSnapshot())).toBe('Added 2 products of Bare Biology');
    actor.send({ type: 'product.toggle', productId: 6 });
    expect(selectUndoMessage(actor.getSnapshot())).toBeNull();
    actor.send({ type: 'selection.undo' });
    expect(selected(actor)).toEqual([4, 5, 6]);
  });

  it('words what a change did', () => {
    expect(selectionChangeMessage(new Set([1]), new Set([2, 3]), 'Risewell')).toBe(
      'Added 2 products, removed 1 product of Risewell',
    );
  });
});

describe('draft restore (issue 15)', () => {
  it('puts kept values back as if typed: unknown customers and products that cannot be added are left out', async () => {
    const { actor } = await ready({
      products: STORE,
      feedId: 5,
      feed: { id: 5, name: 'Store', user_id: 10, include_unpublished: false, products: [14] },
    });
    actor.send({
      type: 'draft.restore',
      values: { name: 'Kept name', userId: 11, selected: [11, 14, 15, 999] },
    });
    // 14 is a draft the feed held, so it stays; 15 is archived and was not in the feed; 999 is gone.
    expect(selected(actor)).toEqual([11, 14]);
    expect(actor.getSnapshot().context).toMatchObject({ name: 'Kept name', userId: 11, dirty: true });
    expect(selectDraftValues(actor.getSnapshot())).toEqual({
      name: 'Kept name',
      userId: 11,
      selected: [11, 14],
      includeUnpublished: false,
    });

    actor.send({ type: 'draft.restore', values: { name: 'Other', userId: 99, selected: [] } });
    expect(actor.getSnapshot().context.userId, 'not a customer of the list').toBeNull();
  });

  it('ignores values that are not a feed draft', async () => {
    const { actor } = await ready({ feedId: 5 });
    const before = actor.getSnapshot().context;
    for (const values of [
      null,
      'x',
      { name: 1, userId: null, selected: [] },
      { name: 'x', userId: 10, selected: ['1'] },
    ]) {
      actor.send({ type: 'draft.restore', values });
    }
    expect(actor.getSnapshot().context).toBe(before);
  });
});

describe('products not on the online store (issue 26)', () => {
  /** Product 7 is active but not published on the online store; 8 too, and its only variant is priced 0. */
  const CATALOGUE: ShopProduct[] = [
    ...PRODUCTS,
    product(7, 2, 'BB-HIDDEN', 'Hidden Omega', { exclusion: 'not_published' }),
    withVariants(product(8, 2, null, 'Hidden Sample', { exclusion: 'not_published' }), [
      variant(81, 'BB-FREE', { price: 0, exclusion: 'price_zero' }),
    ]),
  ];

  it("loads the feed's choice, counts them as deliverable while it is on, and saves it", async () => {
    const { actor, calls } = await ready({
      products: CATALOGUE,
      feedId: 5,
      feed: { id: 5, name: 'Store', user_id: 10, include_unpublished: true, products: [1, 7, 8] },
    });
    expect(selectIncludeUnpublished(actor.getSnapshot())).toBe(true);
    expect(actor.getSnapshot().context.deliverableCount, 'product 8 has no variant to deliver').toBe(2);
    expect(selectIsDirty(actor.getSnapshot())).toBe(false);

    actor.send({ type: 'includeUnpublished.change', value: false });
    expect(selectIncludeUnpublished(actor.getSnapshot())).toBe(false);
    expect(actor.getSnapshot().context.deliverableCount).toBe(1);
    expect(selectIsDirty(actor.getSnapshot())).toBe(true);
    expect(selectDraftValues(actor.getSnapshot()).includeUnpublished).toBe(false);

    actor.send({ type: 'includeUnpublished.change', value: true });
    expect(selectIsDirty(actor.getSnapshot()), 'back as loaded').toBe(false);
    actor.send({ type: 'includeUnpublished.change', value: false });
    actor.send({ type: 'submit' });
    await waitFor(actor, (snapshot) => snapshot.matches({ ready: 'editing' }) && calls.saved.length === 1);
    expect(calls.saved).toEqual([
      { feedId: 5, feed: { name: 'Store', user_id: 10, products: [1, 7, 8], include_unpublished: false } },
    ]);
    expect(selectIsDirty(actor.getSnapshot()), 'the saved choice is the new baseline').toBe(false);
  });

  it('leaves them out of a new feed until the admin includes them', async () => {
    const { actor, calls } = await ready({ products: CATALOGUE });
    expect(selectIncludeUnpublished(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'brand.toggle', brandId: 2 });
    expect(selected(actor), 'they can be added').toEqual([4, 5, 7, 8]);
    expect(actor.getSnapshot().context.deliverableCount).toBe(2);
    actor.send({ type: 'includeUnpublished.change', value: true });
    expect(actor.getSnapshot().context.deliverableCount).toBe(3);
    expect(selectUndoMessage(actor.getSnapshot()), 'not a selection change: the Undo offer stays').toBe(
      'Added 4 products of Bare Biology',
    );
    actor.send({ type: 'name.change', value: 'With hidden' });
    actor.send({ type: 'customer.change', userId: 10 });
    actor.send({ type: 'submit' });
    expect(calls.saved).toEqual([
      {
        feedId: null,
        feed: { name: 'With hidden', user_id: 10, products: [4, 5, 7, 8], include_unpublished: true },
      },
    ]);
  });

  it('restores the choice from a draft, and a draft kept before the option as left out', async () => {
    const { actor } = await ready({ products: CATALOGUE });
    actor.send({
      type: 'draft.restore',
      values: { name: 'Kept', userId: 10, selected: [7], includeUnpublished: true },
    });
    expect(actor.getSnapshot().context).toMatchObject({ includeUnpublished: true, deliverableCount: 1 });
    actor.send({ type: 'draft.restore', values: { name: 'Older', userId: 10, selected: [7] } });
    expect(actor.getSnapshot().context).toMatchObject({ includeUnpublished: false, deliverableCount: 0 });
    actor.send({
      type: 'draft.restore',
      values: { name: 'Bad', userId: 10, selected: [7], includeUnpublished: 'yes' },
    });
    expect(actor.getSnapshot().context.name, 'not a draft: ignored').toBe('Older');
  });
});
