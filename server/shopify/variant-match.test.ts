import { describe, expect, it } from 'vitest';
import { looseText, matchVariants, ourOptionPairs } from './variant-match';

const pairs = (...entries: [string, string][]) => entries.map(([name, value]) => ({ name, value }));

describe('matchVariants', () => {
  it('matches option pairs in any order, case and accents aside', () => {
    const ours = [
      { id: 1, options: pairs(['Size', 'Large'], ['Flavour', 'Crème Brûlée']) },
      { id: 2, options: pairs(['Size', 'Small'], ['Flavour', 'Crème Brûlée']) },
    ];
    const theirs = [
      { id: 'b', options: pairs(['FLAVOUR', 'creme  brulee'], ['size', 'small']) },
      { id: 'a', options: pairs(['flavour', 'CREME BRULEE'], ['Size', 'large ']) },
    ];
    expect(matchVariants(ours, theirs)).toEqual(
      new Map([
        [1, 'a'],
        [2, 'b'],
      ]),
    );
  });

  it("matches a single-variant product's Default Title however either side writes it", () => {
    expect(
      matchVariants([{ id: 1, options: [] }], [{ id: 'x', options: pairs(['Title', 'Default Title']) }]),
    ).toEqual(new Map([[1, 'x']]));
    expect(
      matchVariants([{ id: 1, options: pairs(['title', 'default title']) }], [{ id: 'x', options: [] }]),
    ).toEqual(new Map([[1, 'x']]));
  });

  it('falls back to the values alone when only one store variant has them; leaves the rest unmatched', () => {
    const ours = [
      { id: 1, options: pairs(['Colour', 'Red']) },
      { id: 2, options: pairs(['Colour', 'Green']) },
    ];
    const theirs = [
      { id: 'r', options: pairs(['Color', 'red']) },
      { id: 'b', options: pairs(['Color', 'blue']) },
    ];
    expect(matchVariants(ours, theirs)).toEqual(new Map([[1, 'r']]));
  });

  it('never gives one store variant to two of ours', () => {
    const ours = [
      { id: 1, options: pairs(['Size', 'M']) },
      { id: 2, options: pairs(['Size', 'm']) },
    ];
    expect(matchVariants(ours, [{ id: 'm', options: pairs(['Size', 'M']) }])).toEqual(new Map([[1, 'm']]));
  });
});

describe('ourOptionPairs and looseText', () => {
  it('pairs the names with the values by position, leaving out options the product lacks', () => {
    expect(ourOptionPairs(['Size', 'Colour', null], ['L', 'Red', null])).toEqual(
      pairs(['Size', 'L'], ['Colour', 'Red']),
    );
  });

  it('drops accents and case and collapses white space', () => {
    expect(looseText('  Crème\tBRÛLÉE ')).toBe('creme brulee');
  });
});
