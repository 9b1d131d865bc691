import { describe, expect, it } from 'vitest';
import { groupProductItems } from './item-groups';
import type { ProductForGrouping } from './item-groups';

/** A product of `variants` option-value lists under `optionNames`, ids 1, 2, 3... */
function product(
  optionNames: (string | null)[],
  variants: (string | null)[][],
  extra: Partial<ProductForGrouping> = {},
): ProductForGrouping {
  return {
    id: 7,
    name: 'Whey Protein',
    optionNames,
    ageGroup: null,
    gender: null,
    variants: variants.map((options, index) => ({ id: index + 1, options })),
    ...extra,
  };
}

/** Each variant's group id, or '-' when it goes out on its own. */
function groups(input: ProductForGrouping): string[] {
  return groupProductItems(input).map((item) => item.itemGroupId ?? '-');
}

describe('groupProductItems', () => {
  it.each([
    ['sizes under an English plural', ['Sizes'], [['S'], ['M']], ['p7', 'p7']],
    ['colours in Portuguese', ['Cor'], [['Azul'], ['Verde']], ['p7', 'p7']],
    [
      'sizes in Polish beside colours',
      ['Rozmiar', 'Kolor'],
      [
        ['S', 'Czarny'],
        ['M', 'Czarny'],
      ],
      ['p7', 'p7'],
    ],
    ['a ring size', ['Ring size'], [['6'], ['7']], ['p7', 'p7']],
    ['flavours only: separate products', ['Flavour'], [['Lemon'], ['Berry']], ['-', '-']],
    ['a Portuguese "variation": separate products', ['Variação'], [['A'], ['B']], ['-', '-']],
  ])('groups %s', (_, names, variants, expected) => {
    expect(groups(product(names, variants))).toEqual(expected);
  });

  it('splits by the options Google has no attribute for, grouping the sizes of each flavour', () => {
    const ids = groups(
      product(
        ['Flavor', 'Size'],
        [
          ['Chocolate', '1 kg'],
          ['Chocolate', '2 kg'],
          ['Vanilla', '1 kg'],
          ['Strawberry', '1 kg'],
        ],
      ),
    );
    expect(ids[0]).toMatch(/^p7-[0-9a-f]{8}$/);
    expect(ids).toEqual([ids[0], ids[0], '-', '-']);
    // The group id depends on the values, not on the variants' order or case.
    expect(
      groups(
        product(
          ['Flavor', 'Size'],
          [
            ['CHOCOLATE', '2 kg'],
            ['chocolate', '1 kg'],
          ],
        ),
      )[0],
    ).toBe(ids[0]);
  });

  it('leaves out of a group the variants whose attributes a sibling repeats', () => {
    // 'Size' and 'Sizes' name one attribute: the second option splits, so each S goes out alone.
    expect(
      groups(
        product(
          ['Size', 'Sizes'],
          [
            ['S', 'A'],
            ['S', 'B'],
          ],
        ),
      ),
    ).toEqual(['-', '-']);
    // A cut to 100 characters makes two sizes equal for Google.
    const long = 'x'.repeat(100);
    expect(groups(product(['Size'], [[`${long} 1`], [`${long} 2`], ['M'], ['L']]))).toEqual([
      '-',
      '-',
      'p7',
      'p7',
    ]);
  });

  it("takes age group and gender from options with Google's values, or from the product", () => {
    const [kids, adults] = groupProductItems(
      product(['Age group'], [['Kids'], ['Adults']], { gender: 'unisex' }),
    ).map((item) => item.attributes);
    expect(kids).toMatchObject({ age_group: 'kids', gender: 'unisex', size: null });
    expect(adults).toMatchObject({ age_group: 'adult' });
    // A gender option whose values are not Google's cannot be the attribute: it splits instead.
    expect(groups(product(['Gender'], [['Style A'], ['Style B']]))).toEqual(['-', '-']);
  });

  it('titles each item with its option values after one cut of the product title, unique in its group', () => {
    const name = `${'Sterling Silver Handmade Ring with Natural Gemstone '.repeat(4)}Edition`;
    const items = groupProductItems(
      product(
        ['Ring size', 'Pick a colour and material'],
        Array.from({ length: 100 }, (_, index) => [`${4 + (index % 10)}`, `Stone ${Math.floor(index / 10)}`]),
        { name },
      ),
    );
    const bases = new Set(items.map((item) => item.title.split(' - ')[0]));
    expect(bases.size).toBe(1);
    expect(items[0]?.title).toMatch(/ - 4 \/ Stone 0$/);
    expect(new Set(items.map((item) => item.title)).size).toBe(100);
    expect(items.every((item) => Array.from(item.title).length <= 150 && item.titleCut)).toBe(true);
    expect(new Set(items.map((item) => item.itemGroupId))).toEqual(new Set(['p7']));
  });

  it('adds no option values to the title of a product delivered as one item', () => {
    expect(groupProductItems(product(['Title'], [['Default Title']]))[0]).toMatchObject({
      title: 'Whey Protein',
      itemGroupId: null,
      titleCut: false,
    });
  });
});
