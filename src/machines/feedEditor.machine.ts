/**
 * The feed editor's statechart (spec §2 "Feed editor", §5 "Feed save" and "SKU import", §8 feed
 * toasts, §9 "Shop products cache 24 hours"; issue 4). It owns everything the Create Feed and Edit
 * Feed screens show: loading the customers, brands and products (the products from the
 * 'shopProducts' cache while it is younger than 24 hours, else from the server, which refreshes the
 * cache) and, when editing, the feed; the name, customer and product selection; brand toggles;
 * the product filter and 'Select/Deselect All Products' on the filtered products; SKU import;
 * validation; saving; and whether there are unsaved changes. Toasts are emitted for the screen to
 * show; the saved feed is kept in the context for the screen to leave the editor.
 *
 * Issue 11: products whose Shopify status is not active (draft, archived, unlisted) cannot be
 * added, by a click, a brand, 'Select/Deselect All Products' or an SKU import; a feed that already
 * holds one keeps it until the admin removes it. Gift cards and products whose every variant is
 * priced 0 or has no image can be added (the catalogue may be fixed later) and are counted as not
 * deliverable. SKU import matches any current variant's SKU, keeps the SKUs that added nothing in
 * the box and says why. Issue 12: while ready, the Delivery panel's statechart
 * (feedDiagnostics.machine.ts) runs as the child `diagnostics` and is reloaded after every save.
 */
import { assign, emit, fromPromise, sendTo, setup } from 'xstate';
import type { SnapshotFrom } from 'xstate';
import { ApiError } from '@/api/client';
import { createFeed, fetchFeed, updateFeed } from '@/api/feeds';
import type { FeedDetail, FeedSaveRequest } from '@/api/schemas/feeds';
import { FEED_CUSTOMER_REQUIRED, FEED_NAME_REQUIRED } from '@/api/schemas/feeds';
import type {
  Brand,
  CustomerListItem,
  ExclusionReason,
  ShopCategories,
  ShopProduct,
} from '@/api/schemas/shop';
import {
  fetchShopCategories,
  fetchShopProducts,
  readShopProductsCache,
  writeShopProductsCache,
} from '@/api/shop';
import type { ShopProductsCache } from '@/api/shop';
import { feedDiagnosticsMachine } from './feedDiagnostics.machine';

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

/** Product exclusions that mean the product cannot be added to a feed (issue 11). */
const NOT_ADDABLE: ReadonlySet<ExclusionReason> = new Set([
  'status_draft',
  'status_archived',
  'status_unlisted',
]);

/**
 * Whether and how a catalogue product is delivered (issues 11 and 12), as the shop API's exclusion
 * reasons say: `reason` is why nothing of it is delivered (the product's own reason, else the
 * reason of its first variant when every variant is left out), null when at least one variant is;
 * `addable` is false for a product that is not active in the shop; `excludedVariants` counts the
 * variants left out of a product that is delivered otherwise.
 */
export interface ProductDelivery {
  reason: ExclusionReason | null;
  addable: boolean;
  excludedVariants: number;
}

/** The ProductDelivery of `product`; see there. */
export function deliveryOf(product: ShopProduct): ProductDelivery {
  const addable = product.exclusion === null || !NOT_ADDABLE.has(product.exclusion);
  if (product.exclusion !== null) return { reason: product.exclusion, addable, excludedVariants: 0 };
  const excluded = product.variants.filter((variant) => variant.exclusion !== null);
  if (excluded.length === product.variants.length) {
    return { reason: excluded[0]?.exclusion ?? null, addable, excludedVariants: 0 };
  }
  return { reason: null, addable, excludedVariants: excluded.length };
}

/** An SKU of the box that added nothing: not in the catalogue, or only on products that cannot be added. */
export interface UnmatchedSku {
  sku: string;
  /** The status reason of a product it names (e.g. status_draft), or null when no product has it. */
  reason: ExclusionReason | null;
}

/** The outcome of the last SKU import, for the screen to name what was not imported. */
export interface SkuImportReport {
  imported: number;
  unmatched: UnmatchedSku[];
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
  /** Per product: whether it can be added and why it is not delivered (see deliveryOf). */
  delivery: ReadonlyMap<number, ProductDelivery>;
  /** Lower-cased name and every variant's SKU of each product, in product order. */
  searchKeys: readonly string[];
  /** The products of each brand that can be added, in product order. */
  addableIdsByBrand: ReadonlyMap<number, readonly number[]>;
  /** Products by the lower-cased SKU of any of their variants (an SKU may name several). */
  idsBySku: ReadonlyMap<string, readonly number[]>;
}

export interface FeedEditorContext {
  /** The feed being edited; null while creating (until the first save). */
  feedId: number | null;
  /** The clock, in ms since the epoch (tests pass a simulated one). */
  now: () => number;
  customers: CustomerListItem[];
  brands: Brand[];
  /** ISO 4217 code the catalogue's prices are in (from the server; the spec's € is EUR). */
  currency: string;
  products: ShopProduct[];
  index: CatalogueIndex;
  /** The feed as loaded, kept until the catalogue is ready to apply it. */
  loadedFeed: FeedDetail | null;
  name: string;
  userId: number | null;
  selected: ReadonlySet<number>;
  /** How many selected products deliver at least one item (issue 11). */
  deliverableCount: number;
  /** Brands with at least one selected product (spec §2: such a brand counts as selected). */
  selectedBrands: ReadonlySet<number>;
  filter: string;
  /** Ids of the products the filter lets through, in product order. */
  filteredIds: readonly number[];
  skuText: string;
  /** The last SKU import's outcome; null before the first. */
  skuReport: SkuImportReport | null;
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
  delivery: new Map(),
  searchKeys: [],
  addableIdsByBrand: new Map(),
  idsBySku: new Map(),
};

function pushTo<K>(map: Map<K, number[]>, key: K, id: number): void {
  const ids = map.get(key);
  if (!ids) map.set(key, [id]);
  else if (ids.at(-1) !== id) ids.push(id);
}

function buildIndex(products: ShopProduct[]): CatalogueIndex {
  const byId = new Map<number, ShopProduct>();
  const delivery = new Map<number, ProductDelivery>();
  const addableIdsByBrand = new Map<number, number[]>();
  const idsBySku = new Map<string, number[]>();
  const searchKeys: string[] = [];
  for (const product of products) {
    byId.set(product.id, product);
    const facts = deliveryOf(product);
    delivery.set(product.id, facts);
    let key = product.name;
    for (const variant of product.variants) {
      if (variant.sku === null) continue;
      key += ` ${variant.sku}`;
      pushTo(idsBySku, variant.sku.toLowerCase(), product.id);
    }
    searchKeys.push(key.toLowerCase());
    if (product.brand && facts.addable) pushTo(addableIdsByBrand, product.brand.id, product.id);
  }
  return { byId, delivery, searchKeys, addableIdsByBrand, idsBySku };
}

function isAddable(index: CatalogueIndex, id: number): boolean {
  return index.delivery.get(id)?.addable ?? false;
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

/** The context after an edit: brands, the deliverable count, dirtiness and (after the first submit) errors follow. */
function edited(
  context: FeedEditorContext,
  changes: Partial<Pick<FeedEditorContext, 'name' | 'userId' | 'selected'>>,
): Partial<FeedEditorContext> {
  const name = changes.name ?? context.name;
  const userId = changes.userId === undefined ? context.userId : changes.userId;
  const selected = changes.selected ?? context.selected;
  let { selectedBrands, deliverableCount } = context;
  if (changes.selected) {
    const brands = new Set<number>();
    deliverableCount = 0;
    for (const id of selected) {
      const brandId = context.index.byId.get(id)?.brand?.id;
      if (brandId !== undefined) brands.add(brandId);
      if (context.index.delivery.get(id)?.reason === null) deliverableCount++;
    }
    selectedBrands = brands;
  }
  const { baseline } = context;
  return {
    name,
    userId,
    selected,
    selectedBrands,
    deliverableCount,
    dirty: name !== baseline.name || userId !== baseline.userId || !sameSet(selected, baseline.selected),
    errors: context.submitted ? validate(name, userId) : context.errors,
  };
}

function messageOf(error: unknown, fallback: string): string {
  return error instanceof ApiError || error instanceof Error ? error.message || fallback : fallback;
}

/**
 * The SKU box matched against every current variant's SKU (case-insensitive): the products that
 * can be added, without repeats, and the SKUs that added none, each with the reason when it names
 * only products that cannot be added.
 */
function matchSkus(context: FeedEditorContext): { ids: number[]; unmatched: UnmatchedSku[] } {
  const ids = new Set<number>();
  const unmatched: UnmatchedSku[] = [];
  for (const sku of parseSkus(context.skuText)) {
    const named = context.index.idsBySku.get(sku.toLowerCase()) ?? [];
    const addable = named.filter((id) => isAddable(context.index, id));
    for (const id of addable) ids.add(id);
    if (addable.length === 0) {
      const reason = named.length === 0 ? null : (context.index.delivery.get(named[0] ?? 0)?.reason ?? null);
      unmatched.push({ sku, reason });
    }
  }
  return { ids: [...ids], unmatched };
}

/** The feed editor statechart; see the module comment. Start it with `input: { feedId }`. */
export const feedEditorMachine = setup({
  types: {
    context: {} as FeedEditorContext,
    events: {} as FeedEditorEvent,
    emitted: {} as FeedEditorEmitted,
    input: {} as FeedEditorInput,
    children: {} as { diagnostics: 'diagnostics' },
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
    diagnostics: feedDiagnosticsMachine,
  },
  actions: {
    // Fire and forget: writing never fails (a full storage only means no cache next time).
    storeProductsCache: (_, params: { products: ShopProduct[]; savedAt: number }) => {
      void writeShopProductsCache(params.products, params.savedAt);
    },
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
    skusMatch: ({ context }) => matchSkus(context).ids.length > 0,
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
    currency: 'EUR',
    products: [],
    index: EMPTY_INDEX,
    loadedFeed: null,
    name: '',
    userId: null,
    selected: new Set(),
    deliverableCount: 0,
    selectedBrands: new Set(),
    filter: '',
    filteredIds: [],
    skuText: '',
    skuReport: null,
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
                    currency: event.output.currency,
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
      invoke: {
        id: 'diagnostics',
        src: 'diagnostics',
        input: ({ context }) => ({ feedId: context.feedId }),
      },
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
                // Removing is always allowed: that is how a feed sheds a product gone draft.
                if (!selected.delete(event.productId) && isAddable(context.index, event.productId)) {
                  selected.add(event.productId);
                }
                return edited(context, { selected });
              }),
            },
            'brand.toggle': {
              actions: assign(({ context, event }) => {
                const selected = new Set(context.selected);
                // A brand with any selected product counts as selected, so toggling it removes them
                // all, those that could not be added again included.
                if (context.selectedBrands.has(event.brandId)) {
                  for (const id of context.selected) {
                    if (context.index.byId.get(id)?.brand?.id === event.brandId) selected.delete(id);
                  }
                } else {
                  for (const id of context.index.addableIdsByBrand.get(event.brandId) ?? []) selected.add(id);
                }
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
                const addable = context.filteredIds.filter((id) => isAddable(context.index, id));
                if (addable.every((id) => selected.has(id)))
                  for (const id of context.filteredIds) selected.delete(id);
                else for (const id of addable) selected.add(id);
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
                      message: importedMessage(matchSkus(context).ids.length),
                    }),
                  },
                  assign(({ context }) => {
                    const { ids, unmatched } = matchSkus(context);
                    const selected = new Set(context.selected);
                    for (const id of ids) selected.add(id);
                    return {
                      ...edited(context, { selected }),
                      skuText: unmatched.map((item) => item.sku).join(', '),
                      skuReport: { imported: ids.length, unmatched },
                    };
                  }),
                ],
              },
              {
                actions: [
                  { type: 'emitNotify', params: { tone: 'error', message: NO_MATCHING_SKUS } },
                  assign(({ context }) => {
                    const { unmatched } = matchSkus(context);
                    return {
                      skuText: unmatched.map((item) => item.sku).join(', '),
                      skuReport: { imported: 0, unmatched },
                    };
                  }),
                ],
              },
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
                sendTo('diagnostics', ({ event }) => ({
                  type: 'diagnostics.reload' as const,
                  feedId: event.output.id,
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

/**
 * True when every filtered product that can be added is selected (and there is at least one):
 * 'Select/Deselect All Products' then deselects the filtered products.
 */
export function selectAllFilteredSelected(snapshot: FeedEditorSnapshot): boolean {
  const { filteredIds, selected, index } = snapshot.context;
  let addable = 0;
  for (const id of filteredIds) {
    if (!isAddable(index, id)) continue;
    if (!selected.has(id)) return false;
    addable++;
  }
  return addable > 0;
}

/** The Delivery panel's actor (the `diagnostics` child) while the editor is ready, else undefined. */
export function selectDiagnosticsActor(snapshot: FeedEditorSnapshot) {
  return snapshot.children.diagnostics;
}
