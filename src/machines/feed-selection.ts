/**
 * The feed editor's selection rules as pure functions over the catalogue (spec §2 "Feed editor",
 * §5 "SKU import"; issues 11 and 12): which products can be added and why one is not delivered,
 * the lookups built once per load, the product filter, brand toggles, 'Select/Deselect All
 * Products', SKU import matching and the counts the editor shows. The statechart
 * (feedEditor.machine.ts) decides when each applies; nothing here reads a clock or the network.
 *
 * Issue 11: products whose Shopify status is not active (draft, archived, unlisted) cannot be
 * added, by a click, a brand, 'Select/Deselect All Products' or an SKU import; a selection that
 * already holds one keeps it until the admin removes it. Gift cards and products whose every
 * variant is priced 0 or has no image can be added and are counted as not deliverable.
 *
 * Issue 26: a product not published on the online store (`not_published`, the last product reason)
 * can be added; it is delivered, as far as its variants go, only by a feed that includes such
 * products on purpose (`includeUnpublished`), as the server's productExclusion decides.
 */
import type { ExclusionReason, ShopProduct } from '@/api/schemas/shop';

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

/**
 * The ProductDelivery of `product` in a feed that delivers products not published on the online
 * store (`includeUnpublished`, issue 26) or leaves them out. The shop API's `not_published` comes
 * after every other product reason, so with it waived only the variants' reasons remain.
 */
export function deliveryOf(product: ShopProduct, includeUnpublished: boolean): ProductDelivery {
  const addable = product.exclusion === null || !NOT_ADDABLE.has(product.exclusion);
  const own = includeUnpublished && product.exclusion === 'not_published' ? null : product.exclusion;
  if (own !== null) return { reason: own, addable, excludedVariants: 0 };
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

/** Lookups built once per load, so that toggles, filtering and SKU import stay fast on 10,000 products. */
export interface CatalogueIndex {
  byId: ReadonlyMap<number, ShopProduct>;
  /**
   * Per product: whether it can be added and why it is not delivered (see deliveryOf) in a feed that
   * leaves products not published on the online store out.
   */
  delivery: ReadonlyMap<number, ProductDelivery>;
  /**
   * Per product left out as `not_published` only: its delivery in a feed that includes such products
   * (issue 26), so that the option's toggle looks up instead of recomputing.
   */
  unpublishedDelivery: ReadonlyMap<number, ProductDelivery>;
  /** Lower-cased name and every variant's SKU of each product, in product order. */
  searchKeys: readonly string[];
  /** The products of each brand that can be added, in product order. */
  addableIdsByBrand: ReadonlyMap<number, readonly number[]>;
  /** Products by the lower-cased SKU of any of their variants (an SKU may name several). */
  idsBySku: ReadonlyMap<string, readonly number[]>;
}

/** The index of an empty catalogue (before the products are loaded). */
export const EMPTY_INDEX: CatalogueIndex = {
  byId: new Map(),
  delivery: new Map(),
  unpublishedDelivery: new Map(),
  searchKeys: [],
  addableIdsByBrand: new Map(),
  idsBySku: new Map(),
};

function pushTo<K>(map: Map<K, number[]>, key: K, id: number): void {
  const ids = map.get(key);
  if (!ids) map.set(key, [id]);
  else if (ids.at(-1) !== id) ids.push(id);
}

/** The {@link CatalogueIndex} of `products`, in one pass. */
export function buildIndex(products: readonly ShopProduct[]): CatalogueIndex {
  const byId = new Map<number, ShopProduct>();
  const delivery = new Map<number, ProductDelivery>();
  const unpublishedDelivery = new Map<number, ProductDelivery>();
  const addableIdsByBrand = new Map<number, number[]>();
  const idsBySku = new Map<string, number[]>();
  const searchKeys: string[] = [];
  for (const product of products) {
    byId.set(product.id, product);
    const facts = deliveryOf(product, false);
    delivery.set(product.id, facts);
    if (facts.reason === 'not_published') unpublishedDelivery.set(product.id, deliveryOf(product, true));
    let key = product.name;
    for (const variant of product.variants) {
      if (variant.sku === null) continue;
      key += ` ${variant.sku}`;
      pushTo(idsBySku, variant.sku.toLowerCase(), product.id);
    }
    searchKeys.push(key.toLowerCase());
    if (product.brand && facts.addable) pushTo(addableIdsByBrand, product.brand.id, product.id);
  }
  return { byId, delivery, unpublishedDelivery, searchKeys, addableIdsByBrand, idsBySku };
}

/**
 * The ProductDelivery of product `id` in a feed that includes products not published on the online
 * store or not (`includeUnpublished`, issue 26); undefined for an id the catalogue does not hold.
 */
export function deliveryIn(
  index: CatalogueIndex,
  id: number,
  includeUnpublished: boolean,
): ProductDelivery | undefined {
  return (includeUnpublished ? index.unpublishedDelivery.get(id) : undefined) ?? index.delivery.get(id);
}

/** Whether product `id` can be added (false for an id the catalogue does not hold). */
export function isAddable(index: CatalogueIndex, id: number): boolean {
  return index.delivery.get(id)?.addable ?? false;
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

/**
 * Ids of the products whose name or any variant's SKU contains `filter` (trimmed, case-insensitive),
 * in product order; every product for a blank filter. `index` must be built from `products`.
 */
export function filterIds(products: readonly ShopProduct[], index: CatalogueIndex, filter: string): number[] {
  const query = filter.trim().toLowerCase();
  if (query === '') return products.map((product) => product.id);
  const ids: number[] = [];
  index.searchKeys.forEach((key, position) => {
    if (key.includes(query)) ids.push(products[position]?.id ?? 0);
  });
  return ids;
}

/** True when both sets hold the same ids. */
export function sameSet(a: ReadonlySet<number>, b: ReadonlySet<number>): boolean {
  if (a.size !== b.size) return false;
  for (const id of a) if (!b.has(id)) return false;
  return true;
}

/**
 * The SKU box `skuText` matched against every current variant's SKU (case-insensitive): the
 * products that can be added, without repeats, and the SKUs that added none, each with the reason
 * when it names only products that cannot be added.
 */
export function matchSkus(
  index: CatalogueIndex,
  skuText: string,
): { ids: number[]; unmatched: UnmatchedSku[] } {
  const ids = new Set<number>();
  const unmatched: UnmatchedSku[] = [];
  for (const sku of parseSkus(skuText)) {
    const named = index.idsBySku.get(sku.toLowerCase()) ?? [];
    const addable = named.filter((id) => isAddable(index, id));
    for (const id of addable) ids.add(id);
    if (addable.length === 0) {
      const reason = named.length === 0 ? null : (index.delivery.get(named[0] ?? 0)?.reason ?? null);
      unmatched.push({ sku, reason });
    }
  }
  return { ids: [...ids], unmatched };
}

/**
 * `selected` with product `productId` toggled: removing is always allowed (that is how a feed sheds
 * a product gone draft); adding only a product that can be added.
 */
export function toggleProduct(
  index: CatalogueIndex,
  selected: ReadonlySet<number>,
  productId: number,
): Set<number> {
  const next = new Set(selected);
  if (!next.delete(productId) && isAddable(index, productId)) next.add(productId);
  return next;
}

/**
 * How much of brand `brandId` is selected: 'none' (no product of it), 'all' (every product of it
 * that can be added, and at least one product) or 'some'. A brand with any selected product counts
 * as selected (spec §2); 'some' is what its toggle shows as partly pressed (issue 15).
 */
export function brandSelection(
  index: CatalogueIndex,
  selected: ReadonlySet<number>,
  selectedBrands: ReadonlySet<number>,
  brandId: number,
): 'none' | 'some' | 'all' {
  if (!selectedBrands.has(brandId)) return 'none';
  const addable = index.addableIdsByBrand.get(brandId) ?? [];
  return addable.every((id) => selected.has(id)) ? 'all' : 'some';
}

/**
 * `selected` with brand `brandId` toggled (issue 15: a partly selected brand's toggle selects all of
 * it first). While any product of the brand that can be added is not selected, all of them are added;
 * once all are, the toggle removes every selected product of the brand, those that could not be
 * added again included.
 */
export function toggleBrand(
  index: CatalogueIndex,
  selected: ReadonlySet<number>,
  brandId: number,
): Set<number> {
  const next = new Set(selected);
  const addable = index.addableIdsByBrand.get(brandId) ?? [];
  if (addable.some((id) => !selected.has(id))) {
    for (const id of addable) next.add(id);
  } else {
    for (const id of selected) if (index.byId.get(id)?.brand?.id === brandId) next.delete(id);
  }
  return next;
}

/**
 * True when every product of `filteredIds` that can be added is selected (and there is at least
 * one): 'Select/Deselect All Products' then deselects the filtered products.
 */
export function allFilteredSelected(
  index: CatalogueIndex,
  filteredIds: readonly number[],
  selected: ReadonlySet<number>,
): boolean {
  let addable = 0;
  for (const id of filteredIds) {
    if (!isAddable(index, id)) continue;
    if (!selected.has(id)) return false;
    addable++;
  }
  return addable > 0;
}

/**
 * `selected` after 'Select/Deselect All Products' on `filteredIds`: when every addable filtered
 * product is selected, every filtered product is removed; otherwise the addable ones are added.
 */
export function toggleFiltered(
  index: CatalogueIndex,
  selected: ReadonlySet<number>,
  filteredIds: readonly number[],
): Set<number> {
  const next = new Set(selected);
  const addable = filteredIds.filter((id) => isAddable(index, id));
  if (addable.every((id) => next.has(id))) for (const id of filteredIds) next.delete(id);
  else for (const id of addable) next.add(id);
  return next;
}

/**
 * What the editor shows of a selection: the brands with at least one selected product (spec §2:
 * such a brand counts as selected) and how many selected products deliver at least one item in a
 * feed that includes products not published on the online store or not (`includeUnpublished`,
 * issue 26).
 */
export function selectionFacts(
  index: CatalogueIndex,
  selected: ReadonlySet<number>,
  includeUnpublished: boolean,
): { selectedBrands: Set<number>; deliverableCount: number } {
  const selectedBrands = new Set<number>();
  let deliverableCount = 0;
  for (const id of selected) {
    const brandId = index.byId.get(id)?.brand?.id;
    if (brandId !== undefined) selectedBrands.add(brandId);
    if (deliveryIn(index, id, includeUnpublished)?.reason === null) deliverableCount++;
  }
  return { selectedBrands, deliverableCount };
}
