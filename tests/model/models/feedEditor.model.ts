/**
 * Model of feedEditorMachine (spec §2 "Feed editor", §5 "Feed save" and "SKU import", §8 feed
 * toasts, §9 "Shop products cache 24 hours"), walked from both inputs: a new feed, and feed 7.
 *
 * Path explosion, on purpose:
 * - The three loading regions are independent, so they settle in one order (products, then customers
 *   and brands, then the feed): every outcome of every region is walked, not every interleaving. The
 *   products come first because the cache read is synchronous: in a browser it always settles before
 *   any call is answered, so the UI model tests (tests/e2e/model) can follow this order.
 * - The serializer keeps the state, whether a feed id is held, whether name and customer are set,
 *   whether the SKU box is empty, names a known product or only unknown ones, and whether a save was
 *   tried: what the guards read.
 *   The product selection only matters to the checks, which work it out from the spec's rules.
 * - Selection events and SKU text are offered before the first save attempt or save only, with an
 *   empty SKU box; a SKU import only with text in the box.
 */
import { expect } from 'vitest';
import { ApiError } from '@/api/client';
import type { FeedDetail } from '@/api/schemas/feeds';
import type { ShopProduct } from '@/api/schemas/shop';
import { feedEditorMachine } from '@/machines/feedEditor.machine';
import type { FeedEditorContext, FeedEditorSnapshot } from '@/machines/feedEditor.machine';
import { defineModel } from '../harness';
import type { ExecutedStep } from '../harness';

/** The simulated clock of every path, in ms since the epoch. */
const NOW = Date.UTC(2025, 0, 15, 12);
const DAY_MS = 24 * 60 * 60 * 1000;

function product(id: number, name: string, brandId: number | null, sku: string): ShopProduct {
  return {
    id,
    name,
    brand: brandId === null ? null : { id: brandId },
    variant: { sku, price: 1999 },
    assets: [],
  };
}

const SEEKING_HEALTH = { id: 1, name: 'Seeking Health' };
const RISEWELL = { id: 2, name: 'Risewell' };
const PRODUCTS: ShopProduct[] = [
  product(101, 'Vitamin D3', SEEKING_HEALTH.id, 'SH-D3'),
  product(102, 'Vitamin B12', SEEKING_HEALTH.id, 'SH-B12'),
  product(201, 'Toothpaste', RISEWELL.id, 'RW-TP'),
  product(301, 'Gift card', null, 'GIFT'),
];
const CUSTOMERS = [
  { id: 10, company_name: 'Acme Ltd' },
  { id: 11, company_name: 'Hopper Health' },
];
/** Feed 7 as the server has it; product 999 left the catalogue since. */
const FEED_7: FeedDetail = { id: 7, name: 'Spring feed', user_id: 10, products: [101, 999] };

const failure = new ApiError('Internal Server Error', { kind: 'http', status: 500 });
const noMessage = new Error('');

type FeedEditorStep = ExecutedStep<typeof feedEditorMachine>;
type Selection = Pick<FeedEditorContext, 'selected' | 'selectedBrands'>;

function brandOf(id: number): number | undefined {
  return PRODUCTS.find((item) => item.id === id)?.brand?.id;
}

/** Spec §2: a brand counts as selected when it has at least one selected product. */
function selection(ids: Iterable<number>): Selection {
  const selected = new Set(ids);
  const brands = [...selected].map(brandOf).filter((brand) => brand !== undefined);
  return { selected, selectedBrands: new Set(brands) };
}

/** Whether the SKU box names a known product (case-insensitive). */
function skusMatch(context: FeedEditorContext): boolean {
  return matchedIds(context.skuText).length > 0;
}

/** Spec §2 "SKU import": split on commas or whitespace, matched case-insensitively, no repeats. */
function matchedIds(text: string): number[] {
  const skus = text.split(/[\s,]+/).map((sku) => sku.toLowerCase());
  return [
    ...new Set(
      PRODUCTS.filter((item) => skus.includes(item.variant.sku.toLowerCase())).map((item) => item.id),
    ),
  ];
}

function isDirty(context: FeedEditorContext): boolean {
  const { baseline } = context;
  return (
    context.name !== baseline.name ||
    context.userId !== baseline.userId ||
    context.selected.size !== baseline.selected.size ||
    [...context.selected].some((id) => !baseline.selected.has(id))
  );
}

/** Spec §5 "Feed save". */
function validation(context: Pick<FeedEditorContext, 'name' | 'userId'>) {
  return {
    name: context.name.trim() === '' ? 'Please enter a feed name' : null,
    customer: context.userId === null ? 'Please select a customer' : null,
  };
}

function regionOf(
  snapshot: FeedEditorSnapshot,
  region: 'categories' | 'products' | 'feed',
): string | undefined {
  const value = snapshot.value as { loading?: Record<string, string> };
  return value.loading?.[region];
}

function checkLoading(step: FeedEditorStep): void {
  const { before, event, after } = step;
  if (before === null) throw new Error('not a loading step');
  if ('error' in event) {
    const fromCache = regionOf(before, 'products') === 'readingCache' && event.type.includes('readingCache');
    if (fromCache) {
      expect(regionOf(after, 'products'), 'an unreadable cache is no cache').toBe('fetching');
      return;
    }
    expect(after.value).toBe('failed');
    expect(after.context.loadError).toBe((event.error as Error).message || 'Failed to load the feed editor');
    expect(step.actions).toContainEqual({ type: 'reportFailure', params: { error: event.error } });
    return;
  }
  if (!('output' in event)) return;
  if (event.type.includes('categories')) {
    expect(after.context).toMatchObject({ customers: CUSTOMERS, brands: [SEEKING_HEALTH, RISEWELL] });
  } else if (event.type.includes('readingCache')) {
    const cache = event.output as { savedAt: number; products: ShopProduct[] } | null;
    const fresh = cache !== null && NOW - cache.savedAt < DAY_MS;
    if (fresh) {
      expect(after.context.products, 'spec §9: a cache younger than 24 hours is used').toEqual(
        cache.products,
      );
      expect(step.started.map((actor) => actor.src)).not.toContain('loadProducts');
    } else {
      expect(regionOf(after, 'products') ?? 'left loading', 'an old or missing cache means a fetch').not.toBe(
        'done',
      );
      expect(step.started.map((actor) => actor.src)).toEqual(['loadProducts']);
    }
  } else if (event.type.includes('products')) {
    expect(after.context.products).toEqual(event.output);
    expect(step.actions, 'the fetched products refresh the cache').toContainEqual({
      type: 'storeProductsCache',
      params: { products: event.output, savedAt: NOW },
    });
  }
  if (after.matches('ready')) {
    const feed = after.context.feedId === null ? null : FEED_7;
    expect(after.value).toEqual({ ready: 'editing' });
    expect(after.context).toMatchObject({
      name: feed?.name ?? '',
      userId: feed?.user_id ?? null,
      ...selection(feed ? [101] : []),
      dirty: false,
      filteredIds: PRODUCTS.map((item) => item.id),
    });
  }
}

function checkEdit(step: FeedEditorStep): void {
  const { before, event, after } = step;
  if (before === null) throw new Error('not an edit');
  const b = before.context;
  switch (event.type) {
    case 'name.change':
      expect(after.context.name).toBe(event.value);
      break;
    case 'customer.change':
      expect(after.context.userId).toBe(event.userId);
      break;
    case 'product.toggle': {
      const ids = new Set(b.selected);
      if (!ids.delete(event.productId)) ids.add(event.productId);
      expect(after.context).toMatchObject(selection(ids));
      break;
    }
    case 'brand.toggle': {
      const ofBrand = PRODUCTS.filter((item) => item.brand?.id === event.brandId).map((item) => item.id);
      const ids = b.selectedBrands.has(event.brandId)
        ? [...b.selected].filter((id) => !ofBrand.includes(id))
        : [...b.selected, ...ofBrand];
      expect(after.context, "a brand toggle adds or removes all of that brand's products").toMatchObject(
        selection(ids),
      );
      break;
    }
    case 'filter.change': {
      const query = event.value.toLowerCase();
      expect(after.context.filteredIds, 'by name or SKU, case-insensitive').toEqual(
        PRODUCTS.filter((item) => `${item.name} ${item.variant.sku}`.toLowerCase().includes(query)).map(
          (item) => item.id,
        ),
      );
      expect(after.context.selected).toEqual(b.selected);
      break;
    }
    case 'products.toggleFiltered': {
      const all = b.filteredIds.every((id) => b.selected.has(id));
      const ids = all
        ? [...b.selected].filter((id) => !b.filteredIds.includes(id))
        : [...b.selected, ...b.filteredIds];
      expect(after.context, 'acts on the filtered products').toMatchObject(selection(ids));
      break;
    }
    case 'sku.change':
      expect(after.context.skuText).toBe(event.value);
      break;
    case 'sku.import': {
      const matched = matchedIds(b.skuText);
      if (matched.length === 0) {
        expect(step.emitted).toEqual([
          { type: 'notify', tone: 'error', message: 'No matching products found for provided SKUs' },
        ]);
        expect(after.context).toEqual(b);
      } else {
        expect(step.emitted).toEqual([
          { type: 'notify', tone: 'success', message: `Imported ${matched.length} products` },
        ]);
        expect(after.context).toMatchObject({ ...selection([...b.selected, ...matched]), skuText: '' });
      }
      return;
    }
    default:
      return;
  }
  expect(step.emitted).toEqual([]);
  expect(after.context.dirty, 'unsaved changes are tracked against the last load or save').toBe(
    isDirty(after.context),
  );
  expect(after.context.errors, 'after the first save attempt every edit re-validates').toEqual(
    b.submitted ? validation(after.context) : b.errors,
  );
}

function checkStep(step: FeedEditorStep): void {
  const { input, before, event, after } = step;
  if (before === null) {
    expect(after.matches('loading')).toBe(true);
    expect(step.started.map((actor) => actor.src).sort()).toEqual(
      input?.feedId === null
        ? ['loadCategories', 'readProductsCache']
        : ['loadCategories', 'loadFeed', 'readProductsCache'],
    );
    return;
  }
  if (before.matches('loading')) {
    checkLoading(step);
    return;
  }
  if (event.type === 'retry') {
    expect(after.matches('loading')).toBe(true);
    expect(after.context.loadError).toBeNull();
    expect(step.started.map((actor) => actor.src)).toContain('loadCategories');
    return;
  }
  if (event.type === 'submit') {
    const errors = validation(before.context);
    expect(after.context.submitted).toBe(true);
    if (errors.name === null && errors.customer === null) {
      expect(after.value).toEqual({ ready: 'saving' });
      expect(step.started).toEqual([
        {
          src: 'saveFeed',
          id: expect.any(String),
          input: {
            feedId: before.context.feedId,
            feed: {
              name: before.context.name.trim(),
              user_id: before.context.userId,
              products: [...before.context.selected].sort((a, b) => a - b),
            },
          },
        },
      ]);
    } else {
      expect(after.value).toEqual({ ready: 'editing' });
      expect(after.context.errors).toEqual(errors);
    }
    return;
  }
  if (before.matches({ ready: 'saving' })) {
    expect(after.value).toEqual({ ready: 'editing' });
    const created = before.context.feedId === null;
    if ('output' in event) {
      const saved = event.output as FeedDetail;
      expect(step.emitted).toEqual([
        {
          type: 'notify',
          tone: 'success',
          message: `${created ? 'Feed created!' : 'Feed updated!'} ${saved.name} (customer #${saved.user_id})`,
        },
      ]);
      expect(after.context).toMatchObject({ savedFeed: saved, feedId: saved.id, dirty: false });
    } else if ('error' in event) {
      expect(step.emitted).toEqual([
        {
          type: 'notify',
          tone: 'error',
          message: created
            ? 'Failed to create feed. See console for details.'
            : 'Failed to update feed. See console for details.',
        },
      ]);
      expect(step.actions[0]).toEqual({ type: 'reportFailure', params: { error: event.error } });
      expect(after.context.savedFeed).toBe(before.context.savedFeed);
    }
    return;
  }
  checkEdit(step);
}

const SELECTION_EVENTS = new Set([
  'product.toggle',
  'brand.toggle',
  'filter.change',
  'products.toggleFiltered',
]);

export default defineModel({
  machine: feedEditorMachine,
  inputs: { 'new feed': { feedId: null, now: () => NOW }, 'feed 7': { feedId: FEED_7.id, now: () => NOW } },
  events: {
    'name.change': [
      { type: 'name.change', value: '  Summer feed ' },
      { type: 'name.change', value: '   ' },
    ],
    'customer.change': [
      { type: 'customer.change', userId: 11 },
      { type: 'customer.change', userId: null },
    ],
    'brand.toggle': [{ type: 'brand.toggle', brandId: SEEKING_HEALTH.id }],
    'product.toggle': [{ type: 'product.toggle', productId: 102 }],
    'filter.change': [{ type: 'filter.change', value: 'VITAMIN' }],
    'products.toggleFiltered': [{ type: 'products.toggleFiltered' }],
    'sku.change': [
      { type: 'sku.change', value: 'rw-tp, RW-TP\nGIFT unknown' },
      { type: 'sku.change', value: 'NOPE-1 NOPE-2' },
    ],
    'sku.import': [{ type: 'sku.import' }],
    submit: [{ type: 'submit' }],
    retry: [{ type: 'retry' }],
  },
  outcomes: {
    loadCategories: {
      done: [{ customers: CUSTOMERS, brands: [SEEKING_HEALTH, RISEWELL] }],
      error: [failure],
    },
    readProductsCache: {
      done: [
        { savedAt: NOW - DAY_MS + 1, products: PRODUCTS },
        { savedAt: NOW - DAY_MS, products: PRODUCTS.slice(0, 1) },
        null,
      ],
      error: [new SyntaxError('Unexpected token in JSON')],
    },
    loadProducts: { done: [PRODUCTS], error: [noMessage] },
    loadFeed: { done: [FEED_7], error: [new ApiError('Feed not found', { kind: 'http', status: 404 })] },
    saveFeed: {
      done: [{ ...FEED_7, name: 'Summer feed', user_id: 11 }],
      error: [failure],
    },
  },
  stubActions: ['storeProductsCache', 'reportFailure'],
  serialize: ({ value, context }) => ({
    value,
    feedId: context.feedId !== null,
    name: context.name.trim() !== '',
    customer: context.userId !== null,
    skus: context.skuText === '' ? 'empty' : skusMatch(context) ? 'known' : 'unknown',
    submitted: context.submitted,
  }),
  filterEvents: (snapshot, event) => {
    if (snapshot.matches('loading') && (event.type.includes('.done.') || event.type.includes('.error.'))) {
      // One order of the independent regions: the first one still loading settles next.
      const next = (['products', 'categories', 'feed'] as const).find(
        (region) => regionOf(snapshot, region) !== 'done',
      );
      return next !== undefined && event.type.includes(`.loading.${next}.`);
    }
    // Selection and the SKU box are walked on the form as loaded or being filled in; once a save was
    // tried or done they change nothing the guards read.
    const { submitted, skuText, savedFeed } = snapshot.context;
    if (SELECTION_EVENTS.has(event.type)) return !submitted && savedFeed === null && skuText === '';
    if (event.type === 'sku.change') return !submitted && savedFeed === null && skuText === '';
    if (event.type === 'sku.import') return skuText !== '';
    // Name and customer are walked between set and unset; set to another value reads the same.
    if (event.type === 'name.change')
      return (event.value.trim() === '') === (snapshot.context.name.trim() !== '');
    if (event.type === 'customer.change')
      return (event.userId === null) === (snapshot.context.userId !== null);
    return true;
  },
  check: checkStep,
});
