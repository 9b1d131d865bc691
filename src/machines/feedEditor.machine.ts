/**
 * The feed editor's statechart (spec §2 "Feed editor", §5 "Feed save" and "SKU import", §8 feed
 * toasts, §9 "Shop products cache 24 hours"; issue 4). It owns everything the Create Feed and Edit
 * Feed screens show: loading the customers, brands and products (the products from the
 * 'shopProducts' cache while it is younger than 24 hours, else from the server, which refreshes the
 * cache) and, when editing, the feed; the name, customer and product selection; brand toggles;
 * the product filter and 'Select/Deselect All Products' on the filtered products; SKU import;
 * validation with the spec's field states (§4: a field shows valid or its error once touched, i.e.
 * left or submitted); saving; and whether there are unsaved changes. It asks the screen for toasts,
 * for the new feed's page after a create and the feeds list after an update (`uiNavigate`), and for
 * focus on the page's heading once loaded, on the feeds list's heading after an update and on the
 * first invalid field after an invalid submit (`uiFocus`), all through src/machines/ui-effects.ts (issue 14).
 *
 * The selection rules themselves (what can be added, brands, filter, SKU matching, counts; issue
 * 11) are pure functions in feed-selection.ts; this chart decides when they apply. SKU import keeps
 * the SKUs that added nothing in the box and says why. Issue 12: the Delivery panel's statechart
 * (feedDiagnostics.machine.ts) runs as the child `diagnostics` and is reloaded after every save; it
 * starts with the editor, so an edited feed's diagnostics are asked for beside its own data rather
 * than after them (issue 31), and the panel shows it once the editor is ready.
 *
 * Issue 15: a partly selected brand's toggle selects all of it first (a second click deselects it);
 * each bulk selection change (brand toggle, 'Select/Deselect All Products', SKU import) can be taken
 * back exactly with `selection.undo` until another selection change; input kept across a sign-out
 * comes back with `draft.restore`, checked (valibot) and applied as if typed; a failed save's toast
 * is the spec's text with the server's reason (`failureText`).
 *
 * Issue 26: the feed's `include_unpublished` ("Also deliver products that are not on the online
 * store") is a form value like the name: loaded, part of the unsaved changes and the draft, saved;
 * the deliverable count follows it.
 */
import { assign, emit, enqueueActions, fromPromise, sendTo, setup } from 'xstate';
import type { SnapshotFrom } from 'xstate';
import * as v from 'valibot';
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
import { paths } from '@/routes/paths';
import {
  EMPTY_INDEX,
  allFilteredSelected,
  brandSelection,
  buildIndex,
  filterIds,
  isAddable,
  matchSkus,
  sameSet,
  selectionFacts,
  toggleBrand,
  toggleFiltered,
  toggleProduct,
} from './feed-selection';
import type { CatalogueIndex, SkuImportReport } from './feed-selection';
import { failureReason, failureText } from './failure-text';
import { feedDiagnosticsMachine } from './feedDiagnostics.machine';
import { fieldElementId, fieldView } from './form-fields';
import type { FieldView } from './form-fields';
import { uiFocus, uiNavigate, uiToast } from './ui-effects';
import type { UiEffect } from './ui-effects';

/** Spec §9: how long the cached shop products are used, in ms (24 hours). */
export const SHOP_PRODUCTS_CACHE_MS = 24 * 60 * 60 * 1000;
/**
 * Spec §8: the create error toast, word for word; the server's reason is the toast's detail (issue 30),
 * so "See console for details." stays although the person reads the reason right below it.
 */
export const FEED_CREATE_FAILED = 'Failed to create feed. See console for details.';
/** Spec §8: the update error toast, as {@link FEED_CREATE_FAILED}. */
export const FEED_UPDATE_FAILED = 'Failed to update feed. See console for details.';
/** Spec §5: the SKU import found nothing. */
export const NO_MATCHING_SKUS = 'No matching products found for provided SKUs';
/** Shown when loading fails without a message of its own. */
export const EDITOR_LOAD_FAILED = 'Failed to load the feed editor';

/** Spec §8: the SKU import's success toast, 'Imported N products'. */
export function importedMessage(count: number): string {
  return `Imported ${count} products`;
}

/**
 * Spec §8: 'Feed created!' / 'Feed updated!' as the toast's title, word for word, and the feed's name
 * with the customer number as its detail, e.g. `{ message: 'Feed created!', detail: 'Acme (customer #10)' }`.
 */
export function savedToast(
  created: boolean,
  name: string,
  userId: number,
): { message: string; detail: string } {
  return { message: created ? 'Feed created!' : 'Feed updated!', detail: `${name} (customer #${userId})` };
}

/** '1 product', '12 products'. */
function products(count: number): string {
  return count === 1 ? '1 product' : `${count} products`;
}

/**
 * What a bulk change did to the selection, for its Undo offer: 'Added 12 products', 'Removed 3
 * products', or both, followed by ` of <subject>` when it concerned one brand.
 */
export function selectionChangeMessage(
  before: ReadonlySet<number>,
  after: ReadonlySet<number>,
  subject?: string,
): string {
  let added = 0;
  let removed = 0;
  for (const id of after) if (!before.has(id)) added++;
  for (const id of before) if (!after.has(id)) removed++;
  const parts = [
    ...(added > 0 ? [`Added ${products(added)}`] : []),
    ...(removed > 0 ? [`${added > 0 ? 'removed' : 'Removed'} ${products(removed)}`] : []),
  ];
  return `${parts.join(', ')}${subject ? ` of ${subject}` : ''}`;
}

/**
 * The last bulk selection change (a brand toggle, 'Select/Deselect All Products', an SKU import),
 * offered back with Undo (issue 15): the selection before it, and what it did.
 */
export interface SelectionUndo {
  selected: ReadonlySet<number>;
  message: string;
}

/**
 * The feed form's values as kept across a sign-out (issue 15, `UnsavedChangesPrompt`'s draft):
 * checked again when offered back, as if typed, since session storage is anyone's to edit.
 */
export const FeedDraftValues = v.object({
  name: v.pipe(v.string(), v.maxLength(200)),
  userId: v.nullable(v.pipe(v.number(), v.integer(), v.minValue(1))),
  selected: v.pipe(v.array(v.pipe(v.number(), v.integer(), v.minValue(1))), v.maxLength(100_000)),
  // Issue 26; optional so that a draft kept before the option existed still restores.
  includeUnpublished: v.optional(v.boolean(), false),
});
export type FeedDraftValues = v.InferOutput<typeof FeedDraftValues>;

/** Validation messages of the save (spec §5 "Feed save"); null when the field is fine. */
export interface FeedFormErrors {
  name: string | null;
  customer: string | null;
}

/** The form values the editor compares against to know whether there are unsaved changes. */
interface Baseline {
  name: string;
  userId: number | null;
  selected: ReadonlySet<number>;
  includeUnpublished: boolean;
}

/** The form's fields, in the order the screen shows them (the first invalid one gets focus). */
export const FEED_FORM_FIELDS = ['name', 'customer'] as const;
/** A field of the feed form. */
export type FeedFormField = (typeof FEED_FORM_FIELDS)[number];
/**
 * The id of the editor page's heading ('Create Feed' / 'Edit Feed'): focused once the editor has
 * loaded, so a keyboard or screen-reader user starts on the page just opened, or on the feed just
 * created (issue 30, as the user page does).
 */
export const FEED_PAGE_HEADING_ID = 'feed-page-heading';

/** The id of the feeds list page's heading: focused after a feed update returns there (issue 30). */
export const FEEDS_PAGE_HEADING_ID = 'feeds-page-heading';

/** The form id of the feed editor's fields (`fieldElementId(FEED_FORM, field)`). */
export const FEED_FORM = 'feed';

/** The context of the feed editor; see the module comment. */
export interface FeedEditorContext {
  /** The feed being edited; null while creating (until the first save). */
  feedId: number | null;
  /**
   * When creating, the customer to start with: kept once the customers have loaded if it is one of
   * them, as where the form starts (not an unsaved change); null for none.
   */
  customerId: number | null;
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
  /** Whether the feed delivers products not published on the online store too (issue 26). */
  includeUnpublished: boolean;
  /** How many selected products deliver at least one item (issues 11 and 26). */
  deliverableCount: number;
  /** Brands with at least one selected product (spec §2: such a brand counts as selected). */
  selectedBrands: ReadonlySet<number>;
  filter: string;
  /** Ids of the products the filter lets through, in product order. */
  filteredIds: readonly number[];
  skuText: string;
  /** The last SKU import's outcome; null before the first. */
  skuReport: SkuImportReport | null;
  /** The errors shown: a field's current error once it is touched, else null. */
  errors: FeedFormErrors;
  /** Fields left by the user or submitted; from then on every edit re-validates them (spec §4). */
  touched: Record<FeedFormField, boolean>;
  baseline: Baseline;
  dirty: boolean;
  loadError: string | null;
  /** The feed as last saved (leaving the editor after it asks no confirmation); null before. */
  savedFeed: FeedDetail | null;
  /** The last bulk selection change while it can be undone; null when there is none. */
  undo: SelectionUndo | null;
}

/** Input: the feed to edit (null to create one) and the clock (default the system's). */
export interface FeedEditorInput {
  feedId: number | null;
  /** When creating, the customer the new feed starts with (the customer page's Add feed, issue 30). */
  customerId?: number | null;
  now?: () => number;
}

/** Events the screen sends. */
export type FeedEditorEvent =
  | { type: 'name.change'; value: string }
  | { type: 'customer.change'; userId: number | null }
  | { type: 'field.blur'; field: FeedFormField }
  | { type: 'brand.toggle'; brandId: number }
  | { type: 'product.toggle'; productId: number }
  | { type: 'filter.change'; value: string }
  | { type: 'products.toggleFiltered' }
  | { type: 'sku.change'; value: string }
  | { type: 'sku.import' }
  | { type: 'selection.undo' }
  | { type: 'includeUnpublished.change'; value: boolean }
  | { type: 'draft.restore'; values: unknown }
  | { type: 'submit' }
  | { type: 'retry' };

/** What the editor asks of the screen: toasts, the feeds list after a save, focus on a field. */
export type FeedEditorEmitted = UiEffect;

function validate(name: string, userId: number | null): FeedFormErrors {
  return {
    name: name.trim() === '' ? FEED_NAME_REQUIRED : null,
    customer: userId === null ? FEED_CUSTOMER_REQUIRED : null,
  };
}

/** The errors shown for the touched fields (spec §4: untouched fields show none). */
function shownErrors(errors: FeedFormErrors, touched: Record<FeedFormField, boolean>): FeedFormErrors {
  return { name: touched.name ? errors.name : null, customer: touched.customer ? errors.customer : null };
}

const UNTOUCHED: Record<FeedFormField, boolean> = { name: false, customer: false };
const ALL_TOUCHED: Record<FeedFormField, boolean> = { name: true, customer: true };

/** The context after an edit: brands, the deliverable count, dirtiness and the touched fields' errors follow. */
function edited(
  context: FeedEditorContext,
  changes: Partial<Pick<FeedEditorContext, 'name' | 'userId' | 'selected' | 'includeUnpublished'>>,
): Partial<FeedEditorContext> {
  const name = changes.name ?? context.name;
  const userId = changes.userId === undefined ? context.userId : changes.userId;
  const selected = changes.selected ?? context.selected;
  const includeUnpublished = changes.includeUnpublished ?? context.includeUnpublished;
  const { selectedBrands, deliverableCount } =
    changes.selected || changes.includeUnpublished !== undefined
      ? selectionFacts(context.index, selected, includeUnpublished)
      : context;
  const { baseline } = context;
  return {
    name,
    userId,
    selected,
    includeUnpublished,
    selectedBrands,
    deliverableCount,
    dirty:
      name !== baseline.name ||
      userId !== baseline.userId ||
      includeUnpublished !== baseline.includeUnpublished ||
      !sameSet(selected, baseline.selected),
    errors: shownErrors(validate(name, userId), context.touched),
  };
}

/**
 * The context after a bulk change of the selection to `selected`, with its Undo offer; a change that
 * changed nothing keeps the offer there was.
 */
function bulkEdited(
  context: FeedEditorContext,
  selected: ReadonlySet<number>,
  subject?: string,
): Partial<FeedEditorContext> {
  if (sameSet(selected, context.selected)) return {};
  return {
    ...edited(context, { selected }),
    undo: {
      selected: context.selected,
      message: selectionChangeMessage(context.selected, selected, subject),
    },
  };
}

/**
 * The context after restoring draft `values` as if typed: a customer that is not in the list is no
 * customer, and products that are not in the catalogue or cannot be added (unless the feed held them)
 * are left out.
 */
function restored(context: FeedEditorContext, values: FeedDraftValues): Partial<FeedEditorContext> {
  const { index, baseline } = context;
  const userId = context.customers.some((customer) => customer.id === values.userId) ? values.userId : null;
  const selected = new Set(
    values.selected.filter((id) => index.byId.has(id) && (isAddable(index, id) || baseline.selected.has(id))),
  );
  const { name, includeUnpublished } = values;
  return { ...edited(context, { name, userId, selected, includeUnpublished }), undo: null };
}

/** The feed editor statechart; see the module comment. Start it with `input: { feedId }`. */
export const feedEditorMachine = setup({
  // Stryker disable next-line ObjectLiteral: XState ignores `types` at run time (only TypeScript reads it)
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
    toast: emit((_, params: { tone: 'success' | 'error'; message: string; detail?: string | null }) =>
      uiToast(params.tone, params.message, params.detail),
    ),
    // Issue 30: a new feed lands on its own page, where the Delivery panel sets up Google at once;
    // replacing the create form's entry, so Back does not reopen an empty form.
    // An update returns to the feeds list, its heading focused (the page loads after the request).
    showSaved: enqueueActions(({ enqueue }, params: { created: boolean; feedId: number }) => {
      if (params.created) {
        enqueue.emit(uiNavigate(paths.editFeed(params.feedId), { replace: true }));
        return;
      }
      enqueue.emit(uiNavigate(paths.feeds));
      enqueue.emit(uiFocus(FEEDS_PAGE_HEADING_ID));
    }),
    focusHeading: emit(uiFocus(FEED_PAGE_HEADING_ID)),
    focusFirstInvalid: enqueueActions(({ context, enqueue }) => {
      const errors = validate(context.name, context.userId);
      const field = FEED_FORM_FIELDS.find((name) => errors[name] !== null);
      if (field !== undefined) enqueue.emit(uiFocus(fieldElementId(FEED_FORM, field)));
    }),
  },
  guards: {
    isEditing: ({ context }) => context.feedId !== null,
    cacheIsFresh: ({ context }, params: { cache: ShopProductsCache | null }) => {
      if (!params.cache) return false;
      const age = context.now() - params.cache.savedAt;
      return age >= 0 && age < SHOP_PRODUCTS_CACHE_MS;
    },
    skusMatch: ({ context }) => matchSkus(context.index, context.skuText).ids.length > 0,
    hasUndo: ({ context }) => context.undo !== null,
    isDraft: (_, params: { values: unknown }) => v.is(FeedDraftValues, params.values),
    formIsValid: ({ context }) => {
      const errors = validate(context.name, context.userId);
      return errors.name === null && errors.customer === null;
    },
  },
}).createMachine({
  id: 'feedEditor',
  context: ({ input }) => ({
    feedId: input.feedId,
    customerId: input.customerId ?? null,
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
    includeUnpublished: false,
    deliverableCount: 0,
    selectedBrands: new Set(),
    filter: '',
    filteredIds: [],
    skuText: '',
    skuReport: null,
    errors: { name: null, customer: null },
    touched: UNTOUCHED,
    baseline: { name: '', userId: null, selected: new Set(), includeUnpublished: false },
    dirty: false,
    loadError: null,
    savedFeed: null,
    undo: null,
  }),
  invoke: {
    id: 'diagnostics',
    src: 'diagnostics',
    input: ({ context }) => ({ feedId: context.feedId }),
  },
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
                    assign(({ event }) => ({ loadError: failureText(EDITOR_LOAD_FAILED, event.error) })),
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
                    assign(({ event }) => ({ loadError: failureText(EDITOR_LOAD_FAILED, event.error) })),
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
                    assign(({ event }) => ({ loadError: failureText(EDITOR_LOAD_FAILED, event.error) })),
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
        actions: [
          assign(({ context }) => {
            const index = buildIndex(context.products);
            const feed = context.loadedFeed;
            const name = feed?.name ?? '';
            const preset = context.customers.some((customer) => customer.id === context.customerId)
              ? context.customerId
              : null;
            const userId = feed ? feed.user_id : preset;
            const selected = new Set(feed?.products.filter((id) => index.byId.has(id)) ?? []);
            const includeUnpublished = feed?.include_unpublished ?? false;
            const baseline = { name, userId, selected, includeUnpublished };
            const prepared = { ...context, index, baseline };
            return {
              index,
              baseline,
              filteredIds: filterIds(context.products, index, context.filter),
              ...edited(prepared, { name, userId, selected, includeUnpublished }),
            };
          }),
          'focusHeading',
        ],
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
            'field.blur': {
              actions: assign(({ context, event }) => {
                const touched = { ...context.touched, [event.field]: true };
                return { touched, errors: shownErrors(validate(context.name, context.userId), touched) };
              }),
            },
            // A click on one product is its own undo; the bulk change before it is no longer the last.
            'product.toggle': {
              actions: assign(({ context, event }) => ({
                ...edited(context, {
                  selected: toggleProduct(context.index, context.selected, event.productId),
                }),
                undo: null,
              })),
            },
            'brand.toggle': {
              actions: assign(({ context, event }) =>
                bulkEdited(
                  context,
                  toggleBrand(context.index, context.selected, event.brandId),
                  context.brands.find((brand) => brand.id === event.brandId)?.name,
                ),
              ),
            },
            'includeUnpublished.change': {
              actions: assign(({ context, event }) => edited(context, { includeUnpublished: event.value })),
            },
            'selection.undo': {
              guard: 'hasUndo',
              actions: assign(({ context }) => ({
                ...edited(context, { selected: context.undo?.selected ?? context.selected }),
                undo: null,
              })),
            },
            'draft.restore': {
              guard: { type: 'isDraft', params: ({ event }) => ({ values: event.values }) },
              actions: assign(({ context, event }) =>
                restored(context, v.parse(FeedDraftValues, event.values)),
              ),
            },
            'filter.change': {
              actions: assign(({ context, event }) => ({
                filter: event.value,
                filteredIds: filterIds(context.products, context.index, event.value),
              })),
            },
            'products.toggleFiltered': {
              actions: assign(({ context }) =>
                bulkEdited(context, toggleFiltered(context.index, context.selected, context.filteredIds)),
              ),
            },
            'sku.change': { actions: assign(({ event }) => ({ skuText: event.value })) },
            'sku.import': [
              {
                guard: 'skusMatch',
                actions: [
                  {
                    type: 'toast',
                    params: ({ context }) => ({
                      tone: 'success',
                      message: importedMessage(matchSkus(context.index, context.skuText).ids.length),
                    }),
                  },
                  assign(({ context }) => {
                    const { ids, unmatched } = matchSkus(context.index, context.skuText);
                    const selected = new Set(context.selected);
                    for (const id of ids) selected.add(id);
                    return {
                      ...bulkEdited(context, selected),
                      skuText: unmatched.map((item) => item.sku).join(', '),
                      skuReport: { imported: ids.length, unmatched },
                    };
                  }),
                ],
              },
              {
                actions: [
                  { type: 'toast', params: { tone: 'error', message: NO_MATCHING_SKUS } },
                  assign(({ context }) => {
                    const { unmatched } = matchSkus(context.index, context.skuText);
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
                actions: assign({ touched: ALL_TOUCHED, errors: { name: null, customer: null } }),
              },
              {
                actions: [
                  assign(({ context }) => ({
                    touched: ALL_TOUCHED,
                    errors: validate(context.name, context.userId),
                  })),
                  'focusFirstInvalid',
                ],
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
                include_unpublished: context.includeUnpublished,
              },
            }),
            onDone: {
              target: 'editing',
              actions: [
                {
                  type: 'toast',
                  params: ({ context, event }) => ({
                    tone: 'success',
                    ...savedToast(context.feedId === null, event.output.name, event.output.user_id ?? 0),
                  }),
                },
                // Before the assign below, which gives a created feed its id.
                {
                  type: 'showSaved',
                  params: ({ context, event }) => ({
                    created: context.feedId === null,
                    feedId: event.output.id,
                  }),
                },
                assign(({ context, event }) => ({
                  savedFeed: event.output,
                  feedId: event.output.id,
                  name: event.output.name,
                  baseline: {
                    name: event.output.name,
                    userId: context.userId,
                    selected: context.selected,
                    includeUnpublished: context.includeUnpublished,
                  },
                  dirty: false,
                  undo: null,
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
                  type: 'toast',
                  params: ({ context, event }) => ({
                    tone: 'error',
                    message: context.feedId === null ? FEED_CREATE_FAILED : FEED_UPDATE_FAILED,
                    detail: failureReason(event.error),
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

/**
 * The loading failure to show, or null. Only the edges into `failed` set it and every way out of
 * `failed` (retry) clears it on entering `loading`, so it is null in every other state.
 */
export function selectLoadError(snapshot: FeedEditorSnapshot): string | null {
  return snapshot.context.loadError;
}

/** True while the feed is being saved (the Save button is disabled). */
export function selectIsSaving(snapshot: FeedEditorSnapshot): boolean {
  return snapshot.matches({ ready: 'saving' });
}

/**
 * True when name, customer, selection or whether unpublished products are delivered (issue 26)
 * differ from what was loaded or last saved.
 */
export function selectIsDirty(snapshot: FeedEditorSnapshot): boolean {
  return snapshot.context.dirty;
}

/**
 * True when every filtered product that can be added is selected (and there is at least one):
 * 'Select/Deselect All Products' then deselects the filtered products.
 */
export function selectAllFilteredSelected(snapshot: FeedEditorSnapshot): boolean {
  const { filteredIds, selected, index } = snapshot.context;
  return allFilteredSelected(index, filteredIds, selected);
}

/**
 * Spec §5: Save is enabled only while the form is valid (a name and a customer) and the editor is
 * not saving.
 */
export function selectCanSave(snapshot: FeedEditorSnapshot): boolean {
  const { name, userId } = snapshot.context;
  const errors = validate(name, userId);
  return snapshot.matches({ ready: 'editing' }) && errors.name === null && errors.customer === null;
}

/** The state of one field of the form (spec §4 "Form field states"), for `FormField`. */
export function selectFieldView(snapshot: FeedEditorSnapshot, field: FeedFormField): FieldView {
  const { touched, errors } = snapshot.context;
  return fieldView(touched[field], errors[field]);
}

/** The Delivery panel's actor (the `diagnostics` child) while the editor is ready, else undefined. */
export function selectDiagnosticsActor(snapshot: FeedEditorSnapshot) {
  return snapshot.matches('ready') ? snapshot.children.diagnostics : undefined;
}

/** The form's values for the unsaved-input draft (`FeedDraftValues`), JSON-serialisable. */
export function selectDraftValues(snapshot: FeedEditorSnapshot): FeedDraftValues {
  const { name, userId, selected, includeUnpublished } = snapshot.context;
  return { name, userId, selected: [...selected].sort((a, b) => a - b), includeUnpublished };
}

/** How much of brand `brandId` is selected ('none', 'some' or 'all'; see `brandSelection`). */
export function selectBrandSelection(snapshot: FeedEditorSnapshot, brandId: number): 'none' | 'some' | 'all' {
  const { index, selected, selectedBrands } = snapshot.context;
  return brandSelection(index, selected, selectedBrands, brandId);
}

/** Whether the feed delivers products not published on the online store too (issue 26), for its checkbox. */
export function selectIncludeUnpublished(snapshot: FeedEditorSnapshot): boolean {
  return snapshot.context.includeUnpublished;
}

/** What the last bulk selection change did, while Undo can take it back; null otherwise. */
export function selectUndoMessage(snapshot: FeedEditorSnapshot): string | null {
  return snapshot.matches({ ready: 'editing' }) ? (snapshot.context.undo?.message ?? null) : null;
}
