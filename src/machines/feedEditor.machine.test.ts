import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError } from '@/api/client';
import type { FeedDetail, FeedSaveRequest } from '@/api/schemas/feeds';
import type { ShopCategories, ShopProduct } from '@/api/schemas/shop';
import type { ShopProductsCache } from '@/api/shop';
import {
  FEED_CREATE_FAILED,
  FEED_UPDATE_FAILED,
  NO_MATCHING_SKUS,
  SHOP_PRODUCTS_CACHE_MS,
  feedEditorMachine,
  parseSkus,
  selectAllFilteredSelected,
  selectIsDirty,
  selectIsLoading,
  selectIsSaving,
  selectLoadError,
} from './feedEditor.machine';
import type { FeedEditorEmitted } from './feedEditor.machine';

const NOW = Date.parse('2025-06-11T10:00:00Z');

function product(id: number, brandId: number | null, sku: string, name = `Product ${id}`): ShopProduct {
  return {
    id,
    name,
    brand: brandId === null ? null : { id: brandId },
    variant: { sku, price: 1000 + id },
    assets: [],
  };
}

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
};

interface Options {
  feedId?: number | null;
  cache?: ShopProductsCache | null;
  feed?: FeedDetail;
  save?: (input: { feedId: number | null; feed: FeedSaveRequest }) => Promise<FeedDetail>;
  categoriesError?: unknown;
  feedError?: unknown;
}

function start(options: Options = {}) {
  const calls = {
    products: 0,
    stored: [] as { products: ShopProduct[]; savedAt: number }[],
    saved: [] as unknown[],
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
        return PRODUCTS;
      }),
      loadFeed: fromPromise(async ({ input }: { input: { feedId: number } }) => {
        if (options.feedError) throw options.feedError;
        return options.feed ?? { id: input.feedId, name: 'Loaded', user_id: 10, products: [1, 4] };
      }),
      saveFeed: fromPromise(
        async ({ input }: { input: { feedId: number | null; feed: FeedSaveRequest } }) => {
          calls.saved.push(input);
          if (options.save) return options.save(input);
          return { id: input.feedId ?? 77, ...input.feed };
        },
      ),
    },
    actions: {
      storeProductsCache: (_, params: { products: ShopProduct[]; savedAt: number }) => {
        calls.stored.push(params);
      },
      reportFailure: () => {},
    },
  });
  const actor = createActor(machine, { input: { feedId: options.feedId ?? null, now: () => NOW } });
  actor.on('*', (event) => emitted.push(event as FeedEditorEmitted));
  actor.start();
  return { actor, calls, emitted };
}

async function ready(options: Options = {}) {
  const started = start(options);
  await waitFor(started.actor, (snapshot) => snapshot.matches('ready') || snapshot.matches('failed'));
  return started;
}

const selected = (actor: ReturnType<typeof start>['actor']) =>
  [...actor.getSnapshot().context.selected].sort();
const brands = (actor: ReturnType<typeof start>['actor']) =>
  [...actor.getSnapshot().context.selectedBrands].sort();

describe('parseSkus', () => {
  it('splits on commas or whitespace and drops repeats case-insensitively', () => {
    expect(parseSkus(' sh-mag-60,SH-MAG-60\nBB-O3-60SG\t, ,x  y,,X ')).toEqual([
      'sh-mag-60',
      'BB-O3-60SG',
      'x',
      'y',
    ]);
    expect(parseSkus('  ,\n ')).toEqual([]);
  });
});

describe('loading', () => {
  it('is loading, then ready with customers, brands and every product listed', async () => {
    const { actor } = start();
    expect(selectIsLoading(actor.getSnapshot())).toBe(true);
    await waitFor(actor, (snapshot) => snapshot.matches('ready'));
    const { context } = actor.getSnapshot();
    expect(context.customers).toEqual(CATEGORIES.customers);
    expect(context.brands).toEqual(CATEGORIES.brands);
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
      feed: { id: 5, name: 'Acme', user_id: 10, products: [1, 4, 999] },
    });
    const { context } = actor.getSnapshot();
    expect([context.name, context.userId]).toEqual(['Acme', 10]);
    // Product 999 no longer exists in the catalogue: dropped.
    expect(selected(actor)).toEqual([1, 4]);
    expect(brands(actor)).toEqual([1, 2]);
    expect(selectIsDirty(actor.getSnapshot())).toBe(false);
  });

  it('fails with the server message, or the fallback, and retries', async () => {
    const { actor } = await ready({
      feedId: 5,
      feedError: new ApiError('Feed not found', { kind: 'http', status: 404 }),
    });
    expect(selectLoadError(actor.getSnapshot())).toBe('Feed not found');
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

  it('counts a brand with one selected product as selected, so its toggle removes that product', async () => {
    const { actor } = await ready();
    actor.send({ type: 'product.toggle', productId: 5 });
    expect(brands(actor)).toEqual([2]);
    actor.send({ type: 'brand.toggle', brandId: 2 });
    expect(selected(actor)).toEqual([]);
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
  it('selects every product whose SKU is listed, case-insensitive, and says how many', async () => {
    const { actor, emitted } = await ready();
    actor.send({ type: 'product.toggle', productId: 1 });
    actor.send({ type: 'sku.change', value: 'sh-mag-60, SH-MAG-60\nbb-o3-60sg UNKNOWN' });
    actor.send({ type: 'sku.import' });
    expect(selected(actor)).toEqual([1, 4]);
    expect(emitted).toContainEqual({ type: 'notify', tone: 'success', message: 'Imported 2 products' });
    expect(actor.getSnapshot().context.skuText).toBe('');
  });

  it('reports no match and changes nothing', async () => {
    const { actor, emitted } = await ready();
    actor.send({ type: 'sku.change', value: 'nope, none' });
    actor.send({ type: 'sku.import' });
    expect(emitted).toContainEqual({ type: 'notify', tone: 'error', message: NO_MATCHING_SKUS });
    expect(selected(actor)).toEqual([]);
    expect(actor.getSnapshot().context.skuText).toBe('nope, none');
    expect(selectIsDirty(actor.getSnapshot())).toBe(false);
  });
});

describe('validation, saving and dirty tracking', () => {
  it('shows both spec messages on an empty submit and clears each as it is fixed', async () => {
    const { actor, calls } = await ready();
    actor.send({ type: 'submit' });
    expect(actor.getSnapshot().context.errors).toEqual({
      name: 'Please enter a feed name',
      customer: 'Please select a customer',
    });
    actor.send({ type: 'name.change', value: '   ' });
    expect(actor.getSnapshot().context.errors.name).toBe('Please enter a feed name');
    actor.send({ type: 'name.change', value: 'Acme' });
    expect(actor.getSnapshot().context.errors).toEqual({ name: null, customer: 'Please select a customer' });
    actor.send({ type: 'customer.change', userId: 10 });
    expect(actor.getSnapshot().context.errors).toEqual({ name: null, customer: null });
    expect(calls.saved).toEqual([]);
  });

  it('creates the feed with the trimmed name and sorted ids, toasts, emits saved and is clean after', async () => {
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
      { feedId: null, feed: { name: 'Acme main', user_id: 10, products: [1, 4] } },
    ]);
    // Edits wait while saving.
    actor.send({ type: 'product.toggle', productId: 2 });
    expect(selected(actor)).toEqual([1, 4]);

    finish({ id: 77, name: 'Acme main', user_id: 10, products: [1, 4] });
    await waitFor(actor, (snapshot) => snapshot.matches({ ready: 'editing' }));
    expect(emitted).toContainEqual({
      type: 'notify',
      tone: 'success',
      message: 'Feed created! Acme main (customer #10)',
    });
    expect(actor.getSnapshot().context.savedFeed).toEqual({
      id: 77,
      name: 'Acme main',
      user_id: 10,
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
    expect(calls.saved).toEqual([{ feedId: 5, feed: { name: 'Loaded', user_id: 10, products: [1] } }]);
    expect(emitted).toContainEqual({
      type: 'notify',
      tone: 'success',
      message: 'Feed updated! Loaded (customer #10)',
    });
  });

  it('shows the create or update error toast and keeps the changes', async () => {
    const failing = async () => {
      throw new ApiError('boom', { kind: 'http', status: 500 });
    };
    const create = await ready({ save: failing });
    create.actor.send({ type: 'name.change', value: 'A' });
    create.actor.send({ type: 'customer.change', userId: 11 });
    create.actor.send({ type: 'submit' });
    await waitFor(create.actor, () => create.emitted.some((event) => event.type === 'notify'));
    expect(create.emitted).toEqual([{ type: 'notify', tone: 'error', message: FEED_CREATE_FAILED }]);
    expect(selectIsDirty(create.actor.getSnapshot())).toBe(true);

    const update = await ready({ feedId: 5, save: failing });
    update.actor.send({ type: 'submit' });
    await waitFor(update.actor, () => update.emitted.length > 0);
    expect(update.emitted).toEqual([{ type: 'notify', tone: 'error', message: FEED_UPDATE_FAILED }]);
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
