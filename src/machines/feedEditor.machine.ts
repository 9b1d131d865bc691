/**
 * The feed editor's statechart (spec §2 "Feed editor", §5 "Feed save" and "SKU import", §8 feed
 * toasts, §9 "Shop products cache 24 hours"; issue 4). It owns everything the Create Feed and Edit
 * Feed screens show: loading the customers, brands and products (the products from the
 * 'shopProducts' cache while it is younger than 24 hours, else from the server, which refreshes the
 * cache) and, when editing, the feed; the name, customer and product selection; brand toggles;
 * the product filter and 'Select/Deselect All Products' on the filtered products; SKU import;
 * validation; saving; and whether there are unsaved changes. Toasts are emitted for the screen to
 * show; the saved feed is kept in the context for the screen to leave the editor.
 */
import { assign, emit, fromPromise, setup } from 'xstate';
import type { SnapshotFrom } from 'xstate';
import { ApiError } from '@/api/client';
import { createFeed, fetchFeed, updateFeed } from '@/api/feeds';
import type { FeedDetail, FeedSaveRequest } from '@/api/schemas/feeds';
import { FEED_CUSTOMER_REQUIRED, FEED_NAME_REQUIRED } from '@/api/schemas/feeds';
import type { Brand, CustomerListItem, ShopCategories, ShopProduct } from '@/api/schemas/shop';
import {
  fetchShopCategories,
  fetchShopProducts,
  readShopProductsCache,
  writeShopProductsCache,
} from '@/api/shop';
import type { ShopProductsCache } from '@/api/shop';

/** Spec §9: how long the cached shop products are used, in ms (24 hours). */
export const SHOP_PRODUCTS_CACHE_MS = 24 * 60 * 60 * 1000;
/** Spec §8: the create error toast. */
export const FEED_CREATE_FAILED = 'Failed to create feed. See console for details.';
/** Spec §8: the update error toast. */
export const FEED_UPDATE_FAILED = 'Failed to update feed. See console for details.';
/** Spec §5: the SKU import found nothing. */
export const NO_MATCHING_SKUS = 'No matching products found for provided SKUs';
/** Shown when loading fails without a message of its own. */
export const EDITOR_LOAD_FAILED = 'Failed to load the feed editor';

/** Spec §8: the SKU import's success toast, 'Imported N products'. */
export function importedMessage(count: number): string {
  return `Imported ${count} products`;
}

/** Spec §8: 'Feed created!' / 'Feed updated!' with the feed's name and the customer number. */
export function savedMessage(created: boolean, name: string, userId: number): string {
  return `${created ? 'Feed created!' : 'Feed updated!'} ${name} (customer #${userId})`;
}

/**
 * Spec §2 "SKU import": the SKUs of `text`, split on commas or whitespace, de-duplicated
 * case-insensitively (the first spelling is kept), in order.
 */
export function parseSkus(text: string): string[] {
  const seen = new Set<string>();
  const skus: string[] = [];
  for (const sku of text.split(/[\s,]+/)) {
    const key = sku.toLowerCase();
    if (sku === '' || seen.has(key)) continue;
    seen.add(key);
    skus.push(sku);
  }
  return skus;
}

/** Validation messages of the save (spec §5 "Feed save"); null when the field is fine. */
export interface FeedFormErrors {
  name: string | null;
  customer: string | null;
}

/** The selection the editor compares against to know whether there are unsaved changes. */
interface Baseline {
  name: string;
  userId: number | null;
  selected: ReadonlySet<number>;
}

/** Lookups built once per load, so that toggles, filtering and SKU import stay fast on 10,000 products. */
interface CatalogueIndex {
  byId: ReadonlyMap<number, ShopProduct>;
  /** Lower-cased `name sku` of each product, in product order. */
  searchKeys: readonly string[];
  idsByBrand: ReadonlyMap<number, readonly number[]>;
  idBySku: ReadonlyMap<string, number>;
}

export interface FeedEditorContext {
  /** The feed being edited; null while creating (until the first save). */
  feedId: number | null;
  /** The clock, in ms since the epoch (tests pass a simulated one). */
  now: () => number;
  customers: CustomerListItem[];
  brands: Brand[];
  products: ShopProduct[];
  index: CatalogueIndex;
  /** The feed as loaded, kept until the catalogue is ready to apply it. */
  loadedFeed: FeedDetail | null;
  name: string;
  userId: number | null;
  selected: ReadonlySet<number>;
  /** Brands with at least one selected product (spec §2: such a brand counts as selected). */
  selectedBrands: ReadonlySet<number>;
  filter: string;
  /** Ids of the products the filter lets through, in product order. */
  filteredIds: readonly number[];
  skuText: string;
  errors: FeedFormErrors;
  /** Set by the first save attempt; from then on every edit re-validates. */
  submitted: boolean;
  baseline: Baseline;
  dirty: boolean;
  loadError: string | null;
  /** The feed as last saved (the screen leaves the editor once it is set); null before. */
  savedFeed: FeedDetail | null;
}

export interface FeedEditorInput {
  feedId: number | null;
  now?: () => number;
}

export type FeedEditorEvent =
  | { type: 'name.change'; value: string }
  | { type: 'customer.change'; userId: number | null }
  | { type: 'brand.toggle'; brandId: number }
  | { type: 'product.toggle'; productId: number }
  | { type: 'filter.change'; value: string }
  | { type: 'products.toggleFiltered' }
  | { type: 'sku.change'; value: string }
  | { type: 'sku.import' }
  | { type: 'submit' }
  | { type: 'retry' };

/** For the screen: a toast to show. */
export type FeedEditorEmitted = { type: 'notify'; tone: 'success' | 'error'; message: string };

const EMPTY_INDEX: CatalogueIndex = {
  byId: new Map(),
  searchKeys: [],
  idsByBrand: new Map(),
  idBySku: new Map(),
};

function buildIndex(products: ShopProduct[]): CatalogueIndex {
  const byId = new Map<number, ShopProduct>();
  const idsByBrand = new Map<number, number[]>();
  const idBySku = new Map<string, number>();
  const searchKeys: string[] = [];
  for (const product of products) {
    byId.set(product.id, product);
    searchKeys.push(`${product.name} ${product.variant.sku}`.toLowerCase());
    idBySku.set(product.variant.sku.toLowerCase(), product.id);
    if (product.brand) {
      const ids = idsByBrand.get(product.brand.id);
      if (ids) ids.push(product.id);
      else idsByBrand.set(product.brand.id, [product.id]);
    }
  }
  return { byId, searchKeys, idsByBrand, idBySku };
}

function filterIds(products: readonly ShopProduct[], index: CatalogueIndex, filter: string): number[] {
  const query = filter.trim().toLowerCase();
  if (query === '') return products.map((product) => product.id);
  const ids: number[] = [];
  index.searchKeys.forEach((key, position) => {
    if (key.includes(query)) ids.push(products[position]?.id ?? 0);
  });
  return ids;
}

function sameSet(a: ReadonlySet<number>, b: ReadonlySet<number>): boolean {
  if (a.size !== b.size) return false;
  for (const id of a) if (!b.has(id)) return false;
  return true;
}

function validate(name: string, userId: number | null): FeedFormErrors {
  return {
    name: name.trim() === '' ? FEED_NAME_REQUIRED : null,
    customer: userId === null ? FEED_CUSTOMER_REQUIRED : null,
  };
}

/** The context after an edit: brands, dirtiness and (after the first submit) errors follow. */
function edited(
  context: FeedEditorContext,
  changes: Partial<Pick<FeedEditorContext, 'name' | 'userId' | 'selected'>>,
): Partial<FeedEditorContext> {
  const name = changes.name ?? context.name;
  const userId = changes.userId === undefined ? context.userId : changes.userId;
  const selected = changes.selected ?? context.selected;
  let selectedBrands = context.selectedBrands;
  if (changes.selected) {
    const brands = new Set<number>();
    for (const id of selected) {
      const brandId = context.index.byId.get(id)?.brand?.id;
      if (brandId !== undefined) brands.add(brandId);
    }
    selectedBrands = brands;
  }
  const { baseline } = context;
  return {
    name,
    userId,
    selected,
    selectedBrands,
    dirty: name !== baseline.name || userId !== baseline.userId || !sameSet(selected, baseline.selected),
    errors: context.submitted ? validate(name, userId) : context.errors,
  };
}

function messageOf(error: unknown, fallback: string): string {
  return error instanceof ApiError || error instanceof Error ? error.message || fallback : fallback;
}

/** Ids of the products whose SKU the SKU box names (case-insensitive), without repeats. */
function matchSkus(context: FeedEditorContext): number[] {
  const ids = new Set<number>();
  for (const sku of parseSkus(context.skuText)) {
    const id = context.index.idBySku.get(sku.toLowerCase());
    if (id !== undefined) ids.add(id);
  }
  return [...ids];
}

/** The feed editor statechart; see the module comment. Start it with `input: { feedId }`. */
export const feedEditorMachine = setup({
  types: {
    context: {} as FeedEditorContext,
    events: {} as FeedEditorEvent,
    emitted: {} as FeedEditorEmitted,
    input: {} as FeedEditorInput,
  },
  actors: {
    loadCategories: fromPromise<ShopCategories>(({ signal }) => fetchShopCategories(signal)),
    readProductsCache: fromPromise<ShopProductsCache | null>(async () => readShopProductsCache()),
    loadProducts: fromPromise<ShopProduct[]>(({ signal }) => fetchShopProducts(signal)),
    loadFeed: fromPromise<FeedDetail, { feedId: number }>(({ input, signal }) =>
      fetchFeed(input.feedId, signal),
    ),
    saveFeed: fromPromise<FeedDetail, { feedId: number | null; feed: FeedSaveRequest }>(
      ({ input, signal }) =>
        input.feedId === null ? createFeed(input.feed, signal) : updateFeed(input.feedId, input.feed, signal),
    ),
  },
  actions: {
    storeProductsCache: (_, params: { products: ShopProduct[]; savedAt: number }) =>
      writeShopProductsCache(params.products, params.savedAt),
    reportFailure: (_, params: { error: unknown }) => {
      console.error('Feed editor call failed', params.error);
    },
    emitNotify: emit((_, params: { tone: 'success' | 'error'; message: string }) => ({
      type: 'notify' as const,
      ...params,
    })),
  },
  guards: {
    isEditing: ({ context }) => context.feedId !== null,
    cacheIsFresh: ({ context }, params: { cache: ShopProductsCache | null }) => {
      if (!params.cache) return false;
      const age = context.now() - params.cache.savedAt;
      return age >= 0 && age < SHOP_PRODUCTS_CACHE_MS;
    },
    skusMatch: ({ context }) => matchSkus(context).length > 0,
    formIsValid: ({ context }) => {
      const errors = validate(context.name, context.userId);
      return errors.name === null && errors.customer === null;
    },
  },
}).createMachine({
  id: 'feedEditor',
  context: ({ input }) => ({
    feedId: input.feedId,
    now: input.now ?? (() => Date.now()),
    customers: [],
    brands: [],
    products: [],
    index: EMPTY_INDEX,
    loadedFeed: null,
    name: '',
    userId: null,
    selected: new Set(),
    selectedBrands: new Set(),
    filter: '',
    filteredIds: [],
    skuText: '',
    errors: { name: null, customer: null },
    submitted: false,
    baseline: { name: '', userId: null, selected: new Set() },
    dirty: false,
    loadError: null,
    savedFeed: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      type: 'parallel',
      entry: assign({ loadError: null }),
      states: {
        categories: {
          initial: 'fetching',
          states: {
            fetching: {
              invoke: {
                src: 'loadCategories',
                onDone: {
                  target: 'done',
                  actions: assign(({ event }) => ({
                    customers: event.output.customers,
                    brands: event.output.brands,
                  })),
                },
                onError: {
                  target: '#feedEditor.failed',
                  actions: [
                    { type: 'reportFailure', params: ({ event }) => ({ error: event.error }) },
                    assign(({ event }) => ({ loadError: messageOf(event.error, EDITOR_LOAD_FAILED) })),
                  ],
                },
              },
            },
            done: { type: 'final' },
          },
        },
        products: {
          initial: 'readingCache',
          states: {
            readingCache: {
              invoke: {
                src: 'readProductsCache',
                onDone: [
                  {
                    guard: { type: 'cacheIsFresh', params: ({ event }) => ({ cache: event.output }) },
                    target: 'done',
                    actions: assign(({ event }) => ({ products: event.output?.products ?? [] })),
                  },
                  { target: 'fetching' },
                ],
                // An unreadable cache is no cache.
                onError: { target: 'fetching' },
              },
            },
            fetching: {
              invoke: {
                src: 'loadProducts',
                onDone: {
                  target: 'done',
                  actions: [
                    assign(({ event }) => ({ products: event.output })),
                    {
                      type: 'storeProductsCache',
                      params: ({ context, event }) => ({ products: event.output, savedAt: context.now() }),
                    },
                  ],
                },
                onError: {
                  target: '#feedEditor.failed',
                  actions: [
                    { type: 'reportFailure', params: ({ event }) => ({ error: event.error }) },
                    assign(({ event }) => ({ loadError: messageOf(event.error, EDITOR_LOAD_FAILED) })),
                  ],
                },
              },
            },
            done: { type: 'final' },
          },
        },
        feed: {
          initial: 'checking',
          states: {
            checking: {
              always: [{ guard: 'isEditing', target: 'fetching' }, { target: 'done' }],
            },
            fetching: {
              invoke: {
                src: 'loadFeed',
                input: ({ context }) => ({ feedId: context.feedId ?? 0 }),
                onDone: { target: 'done', actions: assign(({ event }) => ({ loadedFeed: event.output })) },
                onError: {
                  target: '#feedEditor.failed',
                  actions: [
                    { type: 'reportFailure', params: ({ event }) => ({ error: event.error }) },
                    assign(({ event }) => ({ loadError: messageOf(event.error, EDITOR_LOAD_FAILED) })),
                  ],
                },
              },
            },
            done: { type: 'final' },
          },
        },
      },
      onDone: {
        target: 'ready',
        actions: assign(({ context }) => {
          const index = buildIndex(context.products);
          const feed = context.loadedFeed;
          const name = feed?.name ?? '';
          const userId = feed?.user_id ?? null;
          const selected = new Set(feed?.products.filter((id) => index.byId.has(id)) ?? []);
          const prepared = { ...context, index, baseline: { name, userId, selected } };
          return {
            index,
            baseline: prepared.baseline,
            filteredIds: filterIds(context.products, index, context.filter),
            ...edited(prepared, { name, userId, selected }),
          };
        }),
      },
    },
    failed: {
      on: { retry: 'loading' },
    },
    ready: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            'name.change': {
              actions: assign(({ context, event }) => edited(context, { name: event.value })),
            },
            'customer.change': {
              actions: assign(({ context, event }) => edited(context, { userId: event.userId })),
            },
            'product.toggle': {
              actions: assign(({ context, event }) => {
                const selected = new Set(context.selected);
                if (!selected.delete(event.productId) && context.index.byId.has(event.productId)) {
                  selected.add(event.productId);
                }
                return edited(context, { selected });
              }),
            },
            'brand.toggle': {
              actions: assign(({ context, event }) => {
                const ids = context.index.idsByBrand.get(event.brandId) ?? [];
                const selected = new Set(context.selected);
                // A brand with any selected product counts as selected, so toggling it removes them all.
                if (context.selectedBrands.has(event.brandId)) for (const id of ids) selected.delete(id);
                else for (const id of ids) selected.add(id);
                return edited(context, { selected });
              }),
            },
            'filter.change': {
              actions: assign(({ context, event }) => ({
                filter: event.value,
                filteredIds: filterIds(context.products, context.index, event.value),
              })),
            },
            'products.toggleFiltered': {
              actions: assign(({ context }) => {
                const selected = new Set(context.selected);
                const allSelected = context.filteredIds.every((id) => selected.has(id));
                if (allSelected) for (const id of context.filteredIds) selected.delete(id);
                else for (const id of context.filteredIds) selected.add(id);
                return edited(context, { selected });
              }),
            },
            'sku.change': { actions: assign(({ event }) => ({ skuText: event.value })) },
            'sku.import': [
              {
                guard: 'skusMatch',
                actions: [
                  {
                    type: 'emitNotify',
                    params: ({ context }) => ({
                      tone: 'success',
                      message: importedMessage(matchSkus(context).length),
                    }),
                  },
                  assign(({ context }) => {
                    const selected = new Set(context.selected);
                    for (const id of matchSkus(context)) selected.add(id);
                    return { ...edited(context, { selected }), skuText: '' };
                  }),
                ],
              },
              { actions: { type: 'emitNotify', params: { tone: 'error', message: NO_MATCHING_SKUS } } },
            ],
            submit: [
              {
                guard: 'formIsValid',
                target: 'saving',
                actions: assign({ submitted: true, errors: { name: null, customer: null } }),
              },
              {
                actions: assign(({ context }) => ({
                  submitted: true,
                  errors: validate(context.name, context.userId),
                })),
              },
            ],
          },
        },
        saving: {
          invoke: {
            src: 'saveFeed',
            input: ({ context }) => ({
              feedId: context.feedId,
              feed: {
                name: context.name.trim(),
                user_id: context.userId ?? 0,
                products: [...context.selected].sort((a, b) => a - b),
              },
            }),
            onDone: {
              target: 'editing',
              actions: [
                {
                  type: 'emitNotify',
                  params: ({ context, event }) => ({
                    tone: 'success',
                    message: savedMessage(
                      context.feedId === null,
                      event.output.name,
                      event.output.user_id ?? 0,
                    ),
                  }),
                },
                assign(({ context, event }) => ({
                  savedFeed: event.output,
                  feedId: event.output.id,
                  name: event.output.name,
                  baseline: { name: event.output.name, userId: context.userId, selected: context.selected },
                  dirty: false,
                })),
              ],
            },
            onError: {
              target: 'editing',
              actions: [
                { type: 'reportFailure', params: ({ event }) => ({ error: event.error }) },
                {
                  type: 'emitNotify',
                  params: ({ context }) => ({
                    tone: 'error',
                    message: context.feedId === null ? FEED_CREATE_FAILED : FEED_UPDATE_FAILED,
                  }),
                },
              ],
            },
          },
        },
      },
    },
  },
});

/** A snapshot of a feed editor actor. */
export type FeedEditorSnapshot = SnapshotFrom<typeof feedEditorMachine>;

/** True while the customers, brands, products or feed are loading. */
export function selectIsLoading(snapshot: FeedEditorSnapshot): boolean {
  return snapshot.matches('loading');
}

/** The loading failure to show, or null. */
export function selectLoadError(snapshot: FeedEditorSnapshot): string | null {
  return snapshot.matches('failed') ? snapshot.context.loadError : null;
}

/** True while the feed is being saved (the Save button is disabled). */
export function selectIsSaving(snapshot: FeedEditorSnapshot): boolean {
  return snapshot.matches({ ready: 'saving' });
}

/** True when name, customer or selection differ from what was loaded or last saved. */
export function selectIsDirty(snapshot: FeedEditorSnapshot): boolean {
  return snapshot.context.dirty;
}

/** True when every filtered product is selected (and there is at least one). */
export function selectAllFilteredSelected(snapshot: FeedEditorSnapshot): boolean {
  const { filteredIds, selected } = snapshot.context;
  return filteredIds.length > 0 && filteredIds.every((id) => selected.has(id));
}
