import { describe, expect, it } from 'vitest';
import type { ShopProduct } from '@/api/schemas/shop';
import {
  allFilteredSelected,
  brandSelection,
  buildIndex,
  deliveryIn,
  deliveryOf,
  filterIds,
  matchSkus,
  parseSkus,
  selectionFacts,
  toggleBrand,
  toggleFiltered,
  toggleProduct,
} from './feed-selection';
import { STORE, product, variant, withStatus, withVariants } from '@test-support/shop';

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

describe('deliveryOf', () => {
  const [shorts, shirt, vase, draft, archived, gift, free] = STORE as [
    ShopProduct,
    ShopProduct,
    ShopProduct,
    ShopProduct,
    ShopProduct,
    ShopProduct,
    ShopProduct,
  ];

  it('delivers a product with at least one variant left in, counting the variants left out', () => {
    expect(deliveryOf(shorts, false)).toEqual({ reason: null, addable: true, excludedVariants: 1 });
    expect(deliveryOf(shirt, false)).toEqual({ reason: null, addable: true, excludedVariants: 0 });
    expect(deliveryOf(vase, false)).toEqual({ reason: null, addable: true, excludedVariants: 0 });
  });

  it('cannot add a product that is not active in the shop', () => {
    expect(deliveryOf(draft, false)).toEqual({ reason: 'status_draft', addable: false, excludedVariants: 0 });
    expect(deliveryOf(archived, false)).toEqual({
      reason: 'status_archived',
      addable: false,
      excludedVariants: 0,
    });
    const unlisted = withStatus(vase, 'unlisted');
    expect(deliveryOf(unlisted, false).addable).toBe(false);
  });

  it('can add a gift card or a product whose every variant is left out, with the reason it is not delivered', () => {
    expect(deliveryOf(gift, false)).toEqual({ reason: 'gift_card', addable: true, excludedVariants: 0 });
    expect(deliveryOf(free, false)).toEqual({ reason: 'price_zero', addable: true, excludedVariants: 0 });
  });

  it('leaves a product not on the online store out unless the feed includes such products, then only its variants count (issue 26)', () => {
    const hidden = withVariants(product(18, 1, null, 'Hidden Shorts', { exclusion: 'not_published' }), [
      variant(181, 'HIDDEN-S'),
      variant(182, 'HIDDEN-M', { price: 0, exclusion: 'price_zero' }),
    ]);
    expect(deliveryOf(hidden, false)).toEqual({
      reason: 'not_published',
      addable: true,
      excludedVariants: 0,
    });
    expect(deliveryOf(hidden, true)).toEqual({ reason: null, addable: true, excludedVariants: 1 });
    const hiddenFree = { ...free, exclusion: 'not_published' as const };
    expect(deliveryOf(hiddenFree, true).reason, 'its variants left out all the same').toBe('price_zero');
    expect(deliveryOf(gift, true).reason, 'only not_published is waived').toBe('gift_card');
    expect(deliveryOf(draft, true)).toEqual(deliveryOf(draft, false));
  });
});

describe('selection on the catalogue index (issue 11)', () => {
  const index = buildIndex(STORE);
  const sorted = (ids: Iterable<number>) => [...ids].sort((a, b) => a - b);

  it('indexes the addable products of each brand and every variant SKU', () => {
    expect(index.addableIdsByBrand.get(1)).toEqual([11, 12, 13]);
    expect(index.addableIdsByBrand.get(2)).toEqual([16, 17]);
    expect(index.idsBySku.get('style-1')).toEqual([11, 12, 15]);
  });

  it('filters by name or any variant SKU, trimmed and case-insensitive', () => {
    expect(filterIds(STORE, index, '  shorts-l ')).toEqual([11]);
    expect(filterIds(STORE, index, 'SWIM')).toEqual([11, 12]);
    expect(filterIds(STORE, index, ' ')).toEqual(STORE.map((item) => item.id));
  });

  it('adds only addable products on a click and always removes', () => {
    expect(sorted(toggleProduct(index, new Set(), 14))).toEqual([]);
    expect(sorted(toggleProduct(index, new Set([14]), 14))).toEqual([]);
    expect(sorted(toggleProduct(index, new Set(), 16))).toEqual([16]);
  });

  it("adds a brand's addable products, and removes all of a fully selected brand's products", () => {
    const added = toggleBrand(index, new Set(), 1);
    expect(sorted(added)).toEqual([11, 12, 13]);
    expect(sorted(toggleBrand(index, new Set([11, 12, 13, 14, 16]), 1))).toEqual([16]);
    expect(sorted(toggleBrand(index, new Set([14, 16]), 1)), 'only a draft of it: selects the rest').toEqual([
      11, 12, 13, 14, 16,
    ]);
  });

  it('selects all of a partly selected brand first, then deselects it (issue 15)', () => {
    const partly = new Set([12, 16]);
    expect(brandSelection(index, partly, selectionFacts(index, partly, false).selectedBrands, 1)).toBe(
      'some',
    );
    const all = toggleBrand(index, partly, 1);
    expect(sorted(all)).toEqual([11, 12, 13, 16]);
    expect(brandSelection(index, all, selectionFacts(index, all, false).selectedBrands, 1)).toBe('all');
    const none = toggleBrand(index, all, 1);
    expect(sorted(none)).toEqual([16]);
    expect(brandSelection(index, none, selectionFacts(index, none, false).selectedBrands, 1)).toBe('none');
  });

  it("selects the addable filtered products, then 'Select/Deselect All' deselects every filtered one", () => {
    const filtered = [11, 14, 15];
    const once = toggleFiltered(index, new Set([14]), filtered);
    expect(sorted(once)).toEqual([11, 14]);
    expect(allFilteredSelected(index, filtered, once)).toBe(true);
    expect(sorted(toggleFiltered(index, once, filtered))).toEqual([]);
    expect(allFilteredSelected(index, [14, 15], new Set([14, 15])), 'nothing addable').toBe(false);
  });

  it('matches SKUs to addable products and names the others with their reason', () => {
    expect(matchSkus(index, 'style-1, DRAFT-1 nope')).toEqual({
      ids: [11, 12],
      unmatched: [
        { sku: 'DRAFT-1', reason: 'status_draft' },
        { sku: 'nope', reason: null },
      ],
    });
  });

  it('counts the brands of a selection and its deliverable products', () => {
    const facts = selectionFacts(index, new Set([11, 14, 16, 17]), false);
    expect(sorted(facts.selectedBrands)).toEqual([1, 2]);
    expect(facts.deliverableCount).toBe(1);
  });
});

describe('products not on the online store (issue 26)', () => {
  const hidden = product(21, 3, 'HIDDEN-1', 'Hidden Candle', { exclusion: 'not_published' });
  const hiddenFree = withVariants(product(22, 3, null, 'Hidden Sample', { exclusion: 'not_published' }), [
    variant(221, 'HIDDEN-FREE', { price: 0, exclusion: 'price_zero' }),
  ]);
  const index = buildIndex([...STORE, hidden, hiddenFree]);

  it('can be added, by a click or with their brand', () => {
    expect([...toggleProduct(index, new Set(), 21)]).toEqual([21]);
    expect(index.addableIdsByBrand.get(3)).toEqual([21, 22]);
  });

  it('are deliverable only in a feed that includes them, as far as their variants go', () => {
    const selection = new Set([11, 21, 22]);
    expect(selectionFacts(index, selection, false).deliverableCount).toBe(1);
    expect(selectionFacts(index, selection, true).deliverableCount).toBe(2);
    expect(deliveryIn(index, 21, false)?.reason).toBe('not_published');
    expect(deliveryIn(index, 21, true)?.reason).toBeNull();
    expect(deliveryIn(index, 22, true)?.reason).toBe('price_zero');
    expect(deliveryIn(index, 11, true), 'a published product is the same either way').toBe(
      index.delivery.get(11),
    );
    expect(deliveryIn(index, 999, true)).toBeUndefined();
  });
});
