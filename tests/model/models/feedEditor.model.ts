/**
 * Model of feedEditorMachine (spec §2 "Feed editor", §5 "Feed save" and "SKU import", §8 feed
 * toasts, §9 "Shop products cache 24 hours"), walked from three inputs: a new feed, one started on customer 11, and feed 7.
 *
 * Path explosion, on purpose:
 * - The three loading regions are independent, so they settle in one order (products, then customers
 *   and brands, then the feed): every outcome of every region is walked, not every interleaving. The
 *   products come first because the cache read needs no server: in a browser it settles within
 *   milliseconds of the start, before any call is answered, so the UI model tests
 *   (tests/e2e/model) can follow this order.
 * - The serializer keeps the state and what the guards read: whether a feed id is held, the first
 *   field the form fails on (name, then customer: the save's guard and the focus it asks for),
 *   whether the SKU box is empty, adds a product, names only products already selected (the import
 *   then changes nothing, and keeps the Undo offer there was) or names none. Which fields are
 *   touched, their texts and the product selection only matter to the checks, which work them out
 *   from the spec's rules (issue 28: the rules are table-tested in feedEditor.machine.test.ts).
 * - Selection events and SKU text are offered before any field is touched and before a save only,
 *   with an empty SKU box; with text in the box only its import; leaving a field only while it is
 *   untouched.
 * - After every step the screens' selectors (`select*`) are checked against the state reached and
 *   the spec, and the message helpers against the spec's texts.
 * - Effects (issue 14): toasts are `ui.toast`, a save goes back to the feeds list (`ui.navigate`),
 *   an invalid submit focuses the first invalid field (`ui.focus`).
 * - Issue 15: the serializer also keeps whether a bulk selection change is offered back (Undo, walked
 *   only while offered); a partly selected brand's toggle selects all of it first; drafts kept across a
 *   sign-out are restored on the form as loaded, valid ones as if typed and others ignored; a failed
 *   load or save says the server's reason after the spec's text.
 * - Issue 26: whether the feed delivers products not on the online store is left out of the
 *   serializer (no guard reads it; the checks work out the counts and dirtiness from the context).
 *   Its toggle is offered where selection events are, and only to the other value: a new feed starts
 *   without it, feed 7 with it, so both fixtures are walked and a save sends each.
 *
 * The catalogue is a real store's (issue 11): a product with two variants, a gift card (can be added,
 * not delivered), a draft (cannot be added) and a product not on the online store with one variant
 * priced 0 (issue 26: can be added, delivered only while the feed includes such products); feed 7
 * holds the draft, which stays selected until removed, and the unpublished product. The Delivery panel's child (issue 12) is started with the editor, beside its loads (issue 31), and told to reload
 * after a save; its own paths are feedDiagnostics.model.ts.
 */
import { expect } from 'vitest';
import { ApiError } from '@/api/client';
import type { FeedDetail } from '@/api/schemas/feeds';
import type { ShopProduct, ShopVariant } from '@/api/schemas/shop';
import {
  feedEditorMachine,
  FEED_PAGE_HEADING_ID,
  FEEDS_PAGE_HEADING_ID,
  importedMessage,
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
} from '@/machines/feedEditor.machine';
import type { FeedEditorContext, FeedEditorSnapshot, FeedFormField } from '@/machines/feedEditor.machine';
import { uiFocus, uiNavigate, uiToast } from '@/machines/ui-effects';
import { defineModel } from '../harness';
import type { ExecutedStep } from '../harness';

/** The simulated clock of every path, in ms since the epoch. */
const NOW = Date.UTC(2025, 0, 15, 12);
const DAY_MS = 24 * 60 * 60 * 1000;

function variant(id: number, sku: string, price: number, option1: string | null = null): ShopVariant {
  return {
    id,
    sku,
    option1,
    option2: null,
    option3: null,
    price,
    compare_at_price: null,
    availability: 'in_stock',
    barcode: null,
    exclusion: null,
  };
}

function product(
  id: number,
  name: string,
  brandId: number | null,
  variants: ShopVariant[],
  overrides: Partial<ShopProduct> = {},
): ShopProduct {
  const [first] = variants;
  if (!first) throw new Error('a product has a variant');
  return {
    id,
    name,
    brand: brandId === null ? null : { id: brandId },
    status: 'active',
    exclusion: null,
    option_names: variants.length > 1 ? ['Size'] : [],
    variant: first,
    variants,
    assets: [],
    ...overrides,
  };
}

const SEEKING_HEALTH = { id: 1, name: 'Seeking Health' };
const RISEWELL = { id: 2, name: 'Risewell' };
const PRODUCTS: ShopProduct[] = [
  product(101, 'Vitamin D3', SEEKING_HEALTH.id, [
    variant(1011, 'SH-D3', 1999, '60 capsules'),
    variant(1012, 'SH-D3-120', 2999, '120 capsules'),
  ]),
  product(102, 'Vitamin B12', SEEKING_HEALTH.id, [variant(1021, 'SH-B12', 1999)]),
  product(201, 'Toothpaste', RISEWELL.id, [variant(2011, 'RW-TP', 1999)]),
  product(301, 'Gift card', null, [variant(3011, 'GIFT', 1999)], { exclusion: 'gift_card' }),
  product(401, 'Old formula', SEEKING_HEALTH.id, [variant(4011, 'SH-OLD', 1999)], {
    status: 'draft',
    exclusion: 'status_draft',
  }),
  product(
    501,
    'Vitamin K2',
    SEEKING_HEALTH.id,
    [
      variant(5011, 'SH-K2', 2499, '60 capsules'),
      { ...variant(5012, 'SH-K2-S', 0, 'Sample'), exclusion: 'price_zero' },
    ],
    { exclusion: 'not_published' },
  ),
];
const CUSTOMERS = [
  { id: 10, company_name: 'Acme Ltd' },
  { id: 11, company_name: 'Hopper Health' },
];
/**
 * Feed 7 as the server has it: a draft it held before issue 11, 999 that left the catalogue, and a
 * product not on the online store that it delivers on purpose (issue 26).
 */
const FEED_7: FeedDetail = {
  id: 7,
  name: 'Spring feed',
  user_id: 10,
  include_unpublished: true,
  products: [101, 401, 501, 999],
};

const failure = new ApiError('Internal Server Error', { kind: 'http', status: 500 });
const noMessage = new Error('');

type FeedEditorStep = ExecutedStep<typeof feedEditorMachine>;
type Selection = Pick<FeedEditorContext, 'selected' | 'selectedBrands' | 'deliverableCount'>;

function productOf(id: number): ShopProduct | undefined {
  return PRODUCTS.find((item) => item.id === id);
}

/** Issue 11: a product that is not active in the shop cannot be added. */
function addable(id: number): boolean {
  return productOf(id)?.status === 'active';
}

/**
 * Spec §2: a brand counts as selected when it has at least one selected product; issue 11: a
 * selected product is deliverable when it is not excluded and one of its variants is not either;
 * issue 26: a product excluded only for not being on the online store is not excluded by a feed
 * that includes such products.
 */
function selection(ids: Iterable<number>, includeUnpublished: boolean): Selection {
  const selected = new Set(ids);
  const products = [...selected].map(productOf);
  const brands = products.map((item) => item?.brand?.id).filter((brand) => brand !== undefined);
  const deliverable = products.filter(
    (item) =>
      item !== undefined &&
      (item.exclusion === null || (includeUnpublished && item.exclusion === 'not_published')) &&
      item.variants.some((one) => one.exclusion === null),
  );
  return { selected, selectedBrands: new Set(brands), deliverableCount: deliverable.length };
}

/**
 * What importing the SKU box would do (case-insensitive, any variant's SKU, only products that can be
 * added): nothing to import, add products, match only products already selected, or match none.
 */
function skuBox(text: string, selected: ReadonlySet<number>): 'empty' | 'adds' | 'selected' | 'unknown' {
  if (text === '') return 'empty';
  const { ids } = skuImport(text);
  if (ids.length === 0) return 'unknown';
  return ids.every((id) => selected.has(id)) ? 'selected' : 'adds';
}

/**
 * Spec §2 "SKU import": split on commas or whitespace, matched case-insensitively, no repeats;
 * issue 11: against every variant's SKU, adding only products that can be added; the SKUs that
 * added nothing stay, with the reason when they name only products that cannot be added.
 */
function skuImport(text: string) {
  const seen = new Set<string>();
  const skus = text.split(/[\s,]+/).filter((sku) => {
    const fresh = sku !== '' && !seen.has(sku.toLowerCase());
    seen.add(sku.toLowerCase());
    return fresh;
  });
  const named = (sku: string) =>
    PRODUCTS.filter((item) => item.variants.some((one) => one.sku?.toLowerCase() === sku.toLowerCase()));
  const ids = new Set(
    skus.flatMap((sku) =>
      named(sku)
        .filter((item) => addable(item.id))
        .map((item) => item.id),
    ),
  );
  const unmatched = skus
    .filter((sku) => !named(sku).some((item) => addable(item.id)))
    .map((sku) => ({ sku, reason: named(sku)[0]?.exclusion ?? null }));
  return { ids: [...ids], unmatched };
}

function isDirty(context: FeedEditorContext): boolean {
  const { baseline } = context;
  return (
    context.name !== baseline.name ||
    context.userId !== baseline.userId ||
    context.includeUnpublished !== baseline.includeUnpublished ||
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

/** Spec §4: a field shows its error once touched; untouched fields show none. */
function shown(errors: ReturnType<typeof validation>, touched: FeedEditorContext['touched']) {
  return { name: touched.name ? errors.name : null, customer: touched.customer ? errors.customer : null };
}

function regionOf(
  snapshot: FeedEditorSnapshot,
  region: 'categories' | 'products' | 'feed',
): string | undefined {
  const value = snapshot.value as { loading?: Record<string, string> };
  return value.loading?.[region];
}

function checkLoading(step: FeedEditorStep): void {
  const { input, before, event, after } = step;
  if (before === null) throw new Error('not a loading step');
  if ('error' in event) {
    const fromCache = regionOf(before, 'products') === 'readingCache' && event.type.includes('readingCache');
    if (fromCache) {
      expect(regionOf(after, 'products'), 'an unreadable cache is no cache').toBe('fetching');
      return;
    }
    expect(after.value).toBe('failed');
    expect(after.context.loadError, "the editor's failure, then the server's reason").toBe(
      event.error instanceof ApiError
        ? `Failed to load the feed editor: ${event.error.message}`
        : 'Failed to load the feed editor',
    );
    expect(step.actions).toContainEqual({ type: 'reportFailure', params: { error: event.error } });
    return;
  }
  if (!('output' in event)) return;
  if (event.type.includes('categories')) {
    expect(after.context).toMatchObject({
      customers: CUSTOMERS,
      brands: [SEEKING_HEALTH, RISEWELL],
      currency: 'GBP',
    });
  } else if (event.type.includes('readingCache')) {
    const cache = event.output as { savedAt: number; products: ShopProduct[] } | null;
    // A cache stamped later than now (a clock set back since) has no age to trust.
    const fresh = cache !== null && NOW - cache.savedAt >= 0 && NOW - cache.savedAt < DAY_MS;
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
    // Customers 10 and 11 are loaded: 11 is one of them, 99 is not.
    const preset = input?.customerId === 11 ? 11 : null;
    // The draft stays selected; the product that left the catalogue is dropped.
    const selected = new Set(feed ? [101, 401, 501] : []);
    // Issue 26: a new feed leaves products not on the online store out.
    const includeUnpublished = feed?.include_unpublished ?? false;
    expect(after.value).toEqual({ ready: 'editing' });
    expect(after.context).toMatchObject({
      loadedFeed: feed,
      name: feed?.name ?? '',
      userId: feed ? feed.user_id : preset,
      includeUnpublished,
      ...selection(selected, includeUnpublished),
      dirty: false,
      filteredIds: PRODUCTS.map((item) => item.id),
    });
    expect(after.context.baseline, 'unsaved changes are measured against the form as loaded').toEqual({
      name: feed?.name ?? '',
      userId: feed ? feed.user_id : preset,
      selected,
      includeUnpublished,
    });
    expect(step.emitted, "issue 30: the loaded editor focuses its page's heading").toEqual([
      uiFocus(FEED_PAGE_HEADING_ID),
    ]);
    expect(
      step.started.map((actor) => actor.src),
      'the Delivery panel, started with the editor, is not started again',
    ).not.toContain('diagnostics');
  }
}

/** '1 product', '3 products'. */
function productCount(count: number): string {
  return `${String(count)} ${count === 1 ? 'product' : 'products'}`;
}

/**
 * Issue 15: what a change did to the selection, as its Undo offer says it ('Added 12 products',
 * 'Removed 1 product', 'Added 2 products, removed 1 product', then ' of <brand>' for a brand's); ''
 * when it changed nothing.
 */
function changeText(before: ReadonlySet<number>, after: ReadonlySet<number>, brand?: string): string {
  const added = [...after].filter((id) => !before.has(id)).length;
  const removed = [...before].filter((id) => !after.has(id)).length;
  if (added + removed === 0) return '';
  const what =
    added > 0 && removed > 0
      ? `Added ${productCount(added)}, removed ${productCount(removed)}`
      : added > 0
        ? `Added ${productCount(added)}`
        : `Removed ${productCount(removed)}`;
  return brand === undefined ? what : `${what} of ${brand}`;
}

/**
 * Issue 15: a bulk change that changed the selection offers Undo back to the selection before it,
 * saying what it did (`changeText`); one that changed nothing keeps the offer there was.
 */
function checkUndoOffer(before: FeedEditorContext, after: FeedEditorContext, brand?: string): void {
  const message = changeText(before.selected, after.selected, brand);
  if (message === '') {
    expect(after.undo, 'a bulk change that changed nothing keeps the offer there was').toBe(before.undo);
    return;
  }
  expect(after.undo).toEqual({ selected: before.selected, message });
}

/** The form's values an edit leaves: what the event changed, the rest as before. */
interface FormValues {
  name: string;
  userId: number | null;
  selected: Iterable<number>;
  includeUnpublished: boolean;
}

function checkEdit(step: FeedEditorStep): void {
  const { before, event, after } = step;
  if (before === null) throw new Error('not an edit');
  const b = before.context;
  let values: FormValues = {
    name: b.name,
    userId: b.userId,
    selected: b.selected,
    includeUnpublished: b.includeUnpublished,
  };
  let emitted: unknown[] = [];
  let brand: string | undefined;
  switch (event.type) {
    case 'name.change':
      values = { ...values, name: event.value };
      break;
    case 'customer.change':
      values = { ...values, userId: event.userId };
      break;
    case 'field.blur':
      expect(after.context.touched, 'a field left is touched').toEqual({ ...b.touched, [event.field]: true });
      break;
    case 'includeUnpublished.change':
      values = { ...values, includeUnpublished: event.value };
      expect(after.context.undo, 'not a selection change: the Undo offer stays').toBe(b.undo);
      break;
    case 'product.toggle': {
      const ids = new Set(b.selected);
      if (!ids.delete(event.productId) && addable(event.productId)) ids.add(event.productId);
      // A product not active in the shop can be removed, never added.
      values = { ...values, selected: ids };
      expect(
        after.context.undo,
        'a single click ends the Undo offer of the bulk change before it',
      ).toBeNull();
      break;
    }
    case 'brand.toggle': {
      const ofBrand = PRODUCTS.filter((item) => item.brand?.id === event.brandId).map((item) => item.id);
      const allSelected = ofBrand.filter(addable).every((id) => b.selected.has(id));
      // Issue 15: a brand not wholly selected gets all its products that can be added; a whole one
      // loses all.
      values = {
        ...values,
        selected: allSelected
          ? [...b.selected].filter((id) => !ofBrand.includes(id))
          : [...b.selected, ...ofBrand.filter(addable)],
      };
      brand = [SEEKING_HEALTH, RISEWELL].find((one) => one.id === event.brandId)?.name;
      checkUndoOffer(b, after.context, brand);
      break;
    }
    case 'selection.undo':
      // Undo restores the selection before the bulk change exactly.
      values = { ...values, selected: b.undo?.selected ?? [] };
      expect(after.context.undo, 'an offer is taken once').toBeNull();
      break;
    case 'draft.restore': {
      const draft = event.values as {
        name?: unknown;
        userId?: unknown;
        selected?: unknown;
        includeUnpublished?: unknown;
      } | null;
      if (draft === null || typeof draft.name !== 'string') {
        expect(after.context, 'values that are not a draft change nothing').toBe(b);
        return;
      }
      // Restored as if typed: only what could have been chosen.
      values = {
        name: draft.name,
        userId: CUSTOMERS.some((customer) => customer.id === draft.userId) ? (draft.userId as number) : null,
        selected: (draft.selected as number[]).filter(
          (id) => productOf(id) !== undefined && (addable(id) || b.baseline.selected.has(id)),
        ),
        // Issue 26: a draft kept before the option existed leaves such products out.
        includeUnpublished: draft.includeUnpublished === true,
      };
      expect(after.context.undo, 'a restored draft offers no Undo').toBeNull();
      break;
    }
    case 'filter.change': {
      const query = event.value.toLowerCase();
      expect(after.context.filteredIds, "by name or any variant's SKU, case-insensitive").toEqual(
        PRODUCTS.filter((item) =>
          [item.name, ...item.variants.map((one) => one.sku)].join(' ').toLowerCase().includes(query),
        ).map((item) => item.id),
      );
      expect(after.context.filter).toBe(event.value);
      break;
    }
    case 'products.toggleFiltered': {
      const addableIds = b.filteredIds.filter(addable);
      const all = addableIds.every((id) => b.selected.has(id));
      // Acts on the filtered products, adding only those that can be added.
      values = {
        ...values,
        selected: all
          ? [...b.selected].filter((id) => !b.filteredIds.includes(id))
          : [...b.selected, ...addableIds],
      };
      checkUndoOffer(b, after.context);
      break;
    }
    case 'sku.change':
      expect(after.context.skuText).toBe(event.value);
      break;
    case 'sku.import': {
      const { ids, unmatched } = skuImport(b.skuText);
      // Spec §8 'Imported N products'; spec §5 when none match.
      emitted = [
        ids.length === 0
          ? uiToast('error', 'No matching products found for provided SKUs')
          : uiToast('success', `Imported ${ids.length} products`),
      ];
      if (ids.length > 0) expect(importedMessage(ids.length)).toBe(`Imported ${ids.length} products`);
      values = { ...values, selected: [...b.selected, ...ids] };
      expect(
        after.context,
        'the SKUs that added nothing stay in the box, named with the reason',
      ).toMatchObject({
        skuText: unmatched.map((item) => item.sku).join(', '),
        skuReport: { imported: ids.length, unmatched },
      });
      checkUndoOffer(b, after.context);
      break;
    }
    default:
      return;
  }
  expect(step.emitted).toEqual(emitted);
  expect(after.context, 'an edit changes what it edits and nothing else of the form').toMatchObject({
    name: values.name,
    userId: values.userId,
    includeUnpublished: values.includeUnpublished,
    ...selection(values.selected, values.includeUnpublished),
  });
  expect(
    selectionChangeMessage(b.selected, after.context.selected, brand),
    'what the edit did to the selection',
  ).toBe(changeText(b.selected, after.context.selected, brand));
  expect(after.context.dirty, 'unsaved changes are tracked against the last load or save').toBe(
    isDirty(after.context),
  );
  expect(after.context.errors, 'every touched field re-validates on each edit, others show nothing').toEqual(
    shown(validation(after.context), after.context.touched),
  );
}

/** Spec §4 "Form field states": neutral until touched, then valid or in error with its §5 message. */
function fieldViewOf(touched: boolean, error: string | null) {
  if (!touched) return { state: 'neutral', error: null };
  return error === null ? { state: 'valid', error: null } : { state: 'error', error };
}

/**
 * Spec §2 (a brand with a selected product counts as selected) and issue 15 (a partly selected
 * brand's toggle completes it): 'none' without a selected product, 'all' when every product of it
 * that can be added is selected, else 'some'.
 */
function brandState(selected: ReadonlySet<number>, brandId: number): 'none' | 'some' | 'all' {
  const ofBrand = PRODUCTS.filter((item) => item.brand?.id === brandId);
  if (!ofBrand.some((item) => selected.has(item.id))) return 'none';
  return ofBrand.filter((item) => addable(item.id)).every((item) => selected.has(item.id)) ? 'all' : 'some';
}

/** The state reached: 'loading', 'failed', 'ready.editing' or 'ready.saving'. */
function stateOf({ value }: FeedEditorSnapshot): string {
  if (typeof value === 'string') return value;
  if ('loading' in value) return 'loading';
  return `ready.${String(value.ready)}`;
}

/**
 * What the screens read (the module's `select*`), after every step, from the state reached and the
 * context the other checks hold to the spec.
 */
function checkSelectors({ after }: FeedEditorStep): void {
  const { context } = after;
  const stateName = stateOf(after);
  const editing = stateName === 'ready.editing';
  expect(selectIsLoading(after), 'loading until all three loads are in').toBe(
    stateName.startsWith('loading'),
  );
  expect(selectIsSaving(after)).toBe(stateName === 'ready.saving');
  expect(selectLoadError(after), 'a load failure shows only while failed').toBe(
    stateName === 'failed' ? context.loadError : null,
  );
  if (stateName === 'failed') expect(context.loadError).toMatch(/^Failed to load the feed editor/);
  expect(selectIsDirty(after)).toBe(isDirty(context));
  const valid = context.name.trim() !== '' && context.userId !== null;
  expect(selectCanSave(after), 'spec §5: Save only on a valid form, not while saving').toBe(editing && valid);
  const errors = validation(context);
  for (const field of ['name', 'customer'] as const satisfies readonly FeedFormField[]) {
    expect(selectFieldView(after, field), `the ${field} field`).toEqual(
      fieldViewOf(context.touched[field], errors[field]),
    );
  }
  expect(selectDiagnosticsActor(after) !== undefined, 'the Delivery panel runs while ready').toBe(
    stateName.startsWith('ready'),
  );
  expect(selectDraftValues(after), 'the draft kept across a sign-out').toEqual({
    name: context.name,
    userId: context.userId,
    selected: [...context.selected].sort((a, b) => a - b),
    includeUnpublished: context.includeUnpublished,
  });
  expect(selectIncludeUnpublished(after), "issue 26: the checkbox shows the feed's choice").toBe(
    context.includeUnpublished,
  );
  for (const brand of [SEEKING_HEALTH, RISEWELL]) {
    expect(selectBrandSelection(after, brand.id), brand.name).toBe(brandState(context.selected, brand.id));
  }
  expect(selectUndoMessage(after), 'Undo is offered on the form only').toBe(
    editing ? (context.undo?.message ?? null) : null,
  );
  const addableFiltered = context.filteredIds.filter(addable);
  expect(
    selectAllFilteredSelected(after),
    "'Select/Deselect All Products' deselects once every filtered product that can be added is",
  ).toBe(addableFiltered.length > 0 && addableFiltered.every((id) => context.selected.has(id)));
}

function checkStep(step: FeedEditorStep): void {
  checkSelectors(step);
  const { input, before, event, after } = step;
  if (before === null) {
    expect(after.matches('loading')).toBe(true);
    const { now, index, ...rest } = after.context;
    expect(now(), "the input's clock").toBe(NOW);
    expect(index.byId.size, 'no catalogue before it is loaded').toBe(0);
    expect(rest, 'an empty form until everything is loaded').toEqual({
      feedId: input?.feedId ?? null,
      customerId: input?.customerId ?? null,
      customers: [],
      brands: [],
      // Spec §9: feed product prices are in €, until the server names its currency.
      currency: 'EUR',
      products: [],
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
      touched: { name: false, customer: false },
      baseline: { name: '', userId: null, selected: new Set(), includeUnpublished: false },
      dirty: false,
      loadError: null,
      savedFeed: null,
      undo: null,
    });
    expect(step.started.map((actor) => actor.src).sort()).toEqual(
      input?.feedId === null
        ? ['diagnostics', 'loadCategories', 'readProductsCache']
        : ['diagnostics', 'loadCategories', 'loadFeed', 'readProductsCache'],
    );
    // Issue 31: the Delivery panel asks for its diagnostics beside the editor's loads, not after them.
    expect(step.started, 'the Delivery panel starts with the editor').toContainEqual({
      src: 'diagnostics',
      id: 'diagnostics',
      input: { feedId: input?.feedId ?? null },
    });
    if (input?.feedId === FEED_7.id) {
      expect(step.started, 'Edit Feed loads its feed').toContainEqual({
        src: 'loadFeed',
        id: expect.any(String),
        input: { feedId: FEED_7.id },
      });
    }
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
    expect(
      step.started.map((actor) => actor.src),
      'a retry keeps the Delivery panel',
    ).not.toContain('diagnostics');
    return;
  }
  if (event.type === 'submit') {
    const errors = validation(before.context);
    expect(after.context.touched, 'a submit touches every field').toEqual({ name: true, customer: true });
    if (errors.name === null && errors.customer === null) {
      expect(step.emitted).toEqual([]);
      expect(after.value).toEqual({ ready: 'saving' });
      expect(after.context.errors, 'a valid form shows no error').toEqual({ name: null, customer: null });
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
              include_unpublished: before.context.includeUnpublished,
            },
          },
        },
      ]);
    } else {
      expect(after.value).toEqual({ ready: 'editing' });
      expect(after.context.errors).toEqual(errors);
      expect(step.emitted, 'the first invalid field gets focus').toEqual([
        uiFocus(errors.name === null ? 'feed-customer' : 'feed-name'),
      ]);
    }
    return;
  }
  if (before.matches({ ready: 'saving' })) {
    expect(after.value).toEqual({ ready: 'editing' });
    const created = before.context.feedId === null;
    if ('output' in event) {
      const saved = event.output as FeedDetail;
      // Spec §8: 'Feed created!' / 'Feed updated!' word for word, the name and customer number beside.
      const detail = `${saved.name} (customer #${saved.user_id})`;
      expect(
        step.emitted,
        "spec §8: the toast, then the new feed's page (issue 30) or the feeds list with its heading focused",
      ).toEqual([
        uiToast('success', created ? 'Feed created!' : 'Feed updated!', detail),
        ...(created
          ? [uiNavigate(`/dashboard/feeds/${saved.id}/edit`, { replace: true })]
          : [uiNavigate('/dashboard/feeds'), uiFocus(FEEDS_PAGE_HEADING_ID)]),
      ]);
      expect(after.context).toMatchObject({
        savedFeed: saved,
        feedId: saved.id,
        name: saved.name,
        userId: before.context.userId,
        selected: before.context.selected,
        includeUnpublished: before.context.includeUnpublished,
        dirty: false,
        undo: null,
      });
      expect(after.context.baseline, 'the saved form is what later changes are measured against').toEqual({
        name: saved.name,
        userId: before.context.userId,
        selected: before.context.selected,
        includeUnpublished: before.context.includeUnpublished,
      });
      expect(step.actions, 'the Delivery panel reloads what was saved').toContainEqual({
        type: 'xstate.sendTo',
        params: { to: 'diagnostics', event: { type: 'diagnostics.reload', feedId: saved.id } },
      });
    } else if ('error' in event) {
      expect(step.emitted).toEqual([
        uiToast(
          'error',
          // Spec §8's text word for word, the server's reason as the detail (issue 30).
          created
            ? 'Failed to create feed. See console for details.'
            : 'Failed to update feed. See console for details.',
          'Internal Server Error',
        ),
      ]);
      expect(step.actions[0]).toEqual({ type: 'reportFailure', params: { error: event.error } });
      expect(after.context.savedFeed).toBe(before.context.savedFeed);
    }
    return;
  }
  checkEdit(step);
  expect(after.context.baseline, 'only a load or a save sets what unsaved changes are measured against').toBe(
    before.context.baseline,
  );
}

/**
 * The SKU box's texts: one that adds products (repeats, case, an SKU of a second variant, one that
 * cannot be added, an unknown one), one that adds none, one naming a product the feed may hold.
 */
const SKU_TEXTS = ['rw-tp, RW-TP\nGIFT sh-d3-120 sh-old unknown', 'NOPE-1 sh-old', 'sh-d3'];

const SELECTION_EVENTS = new Set([
  'product.toggle',
  'brand.toggle',
  'filter.change',
  'products.toggleFiltered',
]);

export default defineModel({
  machine: feedEditorMachine,
  // Issue 30: a new feed from a customer's page starts on that customer (11), one from anywhere else
  // on none; an id that is not a customer's (99) is no customer; editing keeps the feed's own.
  inputs: {
    'new feed': { feedId: null, customerId: 99, now: () => NOW },
    'new feed for customer 11': { feedId: null, customerId: 11, now: () => NOW },
    'feed 7': { feedId: FEED_7.id, customerId: 11, now: () => NOW },
  },
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
    'product.toggle': [
      { type: 'product.toggle', productId: 102 },
      { type: 'product.toggle', productId: 401 },
    ],
    'filter.change': [{ type: 'filter.change', value: 'VITAMIN' }],
    'products.toggleFiltered': [{ type: 'products.toggleFiltered' }],
    'sku.change': SKU_TEXTS.map((value) => ({ type: 'sku.change', value }) as const),
    'sku.import': [{ type: 'sku.import' }],
    'field.blur': [
      { type: 'field.blur', field: 'name' },
      { type: 'field.blur', field: 'customer' },
    ],
    'selection.undo': [{ type: 'selection.undo' }],
    'includeUnpublished.change': [
      { type: 'includeUnpublished.change', value: true },
      { type: 'includeUnpublished.change', value: false },
    ],
    'draft.restore': [
      {
        type: 'draft.restore',
        values: { name: 'Kept feed', userId: 11, selected: [102, 401, 999], includeUnpublished: true },
      },
      { type: 'draft.restore', values: { name: 'Kept feed', userId: 99, selected: [201] } },
      { type: 'draft.restore', values: { name: 7, userId: null, selected: [] } },
      { type: 'draft.restore', values: null },
    ],
    submit: [{ type: 'submit' }],
    retry: [{ type: 'retry' }],
  },
  outcomes: {
    loadCategories: {
      done: [{ customers: CUSTOMERS, brands: [SEEKING_HEALTH, RISEWELL], currency: 'GBP' }],
      error: [failure],
    },
    readProductsCache: {
      done: [
        { savedAt: NOW - DAY_MS + 1, products: PRODUCTS },
        { savedAt: NOW, products: PRODUCTS },
        { savedAt: NOW - DAY_MS, products: PRODUCTS.slice(0, 1) },
        { savedAt: NOW + 1, products: PRODUCTS.slice(0, 1) },
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
  // The two new feeds differ only until the editor has loaded (where the customer given is kept or
  // not); from there on they reach the same states, walked once (`shareStates`).
  shareStates: true,
  serialize: ({ value, context }) => {
    const errors = validation(context);
    return {
      value,
      feedId: context.feedId !== null,
      ...(typeof value === 'object' && 'loading' in value ? { given: context.customerId } : {}),
      firstInvalid: errors.name !== null ? 'name' : errors.customer !== null ? 'customer' : null,
      skus: skuBox(context.skuText, context.selected),
      undo: context.undo !== null,
    };
  },
  filterEvents: (snapshot, event) => {
    if (snapshot.matches('loading') && (event.type.includes('.done.') || event.type.includes('.error.'))) {
      // One order of the independent regions: the first one still loading settles next.
      const next = (['products', 'categories', 'feed'] as const).find(
        (region) => regionOf(snapshot, region) !== 'done',
      );
      return next !== undefined && event.type.includes(`.loading.${next}.`);
    }
    // Selection and the SKU box are walked on the form as loaded or being filled in; once a field was
    // touched or a save done they change nothing the guards read.
    const { touched, skuText, savedFeed } = snapshot.context;
    const untouched = !touched.name && !touched.customer;
    // Text in the SKU box is there for its import; other events read as with an empty box.
    if (skuText !== '') return event.type === 'sku.import' || event.type.startsWith('xstate.');
    if (SELECTION_EVENTS.has(event.type)) return untouched && savedFeed === null && skuText === '';
    // Issue 26: the checkbox only ever sends the other value.
    if (event.type === 'includeUnpublished.change') {
      const other = event.value !== snapshot.context.includeUnpublished;
      return other && untouched && savedFeed === null && skuText === '';
    }
    if (event.type === 'sku.change') {
      // Of the texts that would fill the box alike (`skuBox`), the first is walked.
      const kind = skuBox(event.value, snapshot.context.selected);
      const first = SKU_TEXTS.find((text) => skuBox(text, snapshot.context.selected) === kind);
      return untouched && savedFeed === null && skuText === '' && event.value === first;
    }
    // Undo only while a bulk change is offered back; a draft is offered on the form as loaded.
    if (event.type === 'selection.undo') return snapshot.context.undo !== null;
    if (event.type === 'draft.restore')
      return untouched && savedFeed === null && skuText === '' && snapshot.context.undo === null;
    // Leaving a field again changes nothing.
    if (event.type === 'field.blur') return !touched[event.field];
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
