import { describe, expect, it } from 'vitest';
import type { ShopProduct } from '@/api/schemas/shop';
import {
  allFilteredSelected,
  brandSelection,
  buildIndex,
  deliveryOf,
  filterIds,
  matchSkus,
  parseSkus,
  selectionFacts,
  toggleBrand,
  toggleFiltered,
  toggleProduct,
} from './feed-selection';
import { STORE, withStatus } from './shop-test-fixtures';

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
    expect(deliveryOf(shorts)).toEqual({ reason: null, addable: true, excludedVariants: 1 });
    expect(deliveryOf(shirt)).toEqual({ reason: null, addable: true, excludedVariants: 0 });
    expect(deliveryOf(vase)).toEqual({ reason: null, addable: true, excludedVariants: 0 });
  });

  it('cannot add a product that is not active in the shop', () => {
    expect(deliveryOf(draft)).toEqual({ reason: 'status_draft', addable: false, excludedVariants: 0 });
    expect(deliveryOf(archived)).toEqual({ reason: 'status_archived', addable: false, excludedVariants: 0 });
    const unlisted = withStatus(vase, 'unlisted');
    expect(deliveryOf(unlisted).addable).toBe(false);
  });

  it('can add a gift card or a product whose every variant is left out, with the reason it is not delivered', () => {
    expect(deliveryOf(gift)).toEqual({ reason: 'gift_card', addable: true, excludedVariants: 0 });
    expect(deliveryOf(free)).toEqual({ reason: 'price_zero', addable: true, excludedVariants: 0 });
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
    expect(brandSelection(index, partly, selectionFacts(index, partly).selectedBrands, 1)).toBe('some');
    const all = toggleBrand(index, partly, 1);
    expect(sorted(all)).toEqual([11, 12, 13, 16]);
    expect(brandSelection(index, all, selectionFacts(index, all).selectedBrands, 1)).toBe('all');
    const none = toggleBrand(index, all, 1);
    expect(sorted(none)).toEqual([16]);
    expect(brandSelection(index, none, selectionFacts(index, none).selectedBrands, 1)).toBe('none');
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
    const facts = selectionFacts(index, new Set([11, 14, 16, 17]));
    expect(sorted(facts.selectedBrands)).toEqual([1, 2]);
    expect(facts.deliverableCount).toBe(1);
  });
});
