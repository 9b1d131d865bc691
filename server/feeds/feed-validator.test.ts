import { describe, expect, it } from 'vitest';
import type { GoogleItem } from './feed-validator';
import { validateFeedItems } from './feed-validator';

/** An item Google accepts; each test breaks one thing. */
const GOOD = {
  id: 'v1',
  title: 'Whey protein',
  description: 'Pure whey.',
  link: 'https://shop.example.com/products/whey?variant=1',
  image_link: 'https://cdn.example.com/whey.jpg',
  availability: 'in_stock',
  price: '12.34 EUR',
  condition: 'new',
  gtin: '4006381333931',
  identifier_exists: 'yes',
} satisfies GoogleItem;

function errorsOf(...items: GoogleItem[]) {
  return validateFeedItems(items).map(({ item_id, attribute }) => `${item_id} ${attribute}`);
}

describe('validateFeedItems', () => {
  it('accepts a complete item', () => {
    expect(validateFeedItems([GOOD])).toEqual([]);
  });

  it('requires id, title, description, link, image_link, availability and price', () => {
    const errors = validateFeedItems([{ identifier_exists: 'no' }]);
    expect(errors.map((error) => error.attribute)).toEqual([
      'id',
      'title',
      'description',
      'link',
      'image_link',
      'availability',
      'price',
    ]);
    expect(errors[0]).toEqual({ item_id: '#1', attribute: 'id', message: 'id is required' });
    expect(errorsOf({ ...GOOD, title: '   ' })).toEqual(['v1 title']);
  });

  it("checks Google's lengths in characters", () => {
    expect(errorsOf({ ...GOOD, id: 'x'.repeat(51) })).toEqual([`${'x'.repeat(51)} id`]);
    expect(errorsOf({ ...GOOD, title: 'x'.repeat(150) })).toEqual([]);
    expect(errorsOf({ ...GOOD, title: '😀'.repeat(150) })).toEqual([]);
    expect(validateFeedItems([{ ...GOOD, title: 'x'.repeat(213) }])[0]?.message).toBe(
      'title is 213 characters; at most 150',
    );
    expect(errorsOf({ ...GOOD, description: 'x'.repeat(5001) })).toEqual(['v1 description']);
    expect(errorsOf({ ...GOOD, brand: 'x'.repeat(71) })).toEqual(['v1 brand']);
    expect(errorsOf({ ...GOOD, item_group_id: 'x'.repeat(51) })).toEqual(['v1 item_group_id']);
  });

  it('requires absolute http(s) URLs and at most 10 additional images', () => {
    expect(errorsOf({ ...GOOD, link: '/products/whey' })).toEqual(['v1 link']);
    expect(errorsOf({ ...GOOD, link: 'https://https://shop.example.com//products/whey' })).toEqual([
      'v1 link',
    ]);
    expect(errorsOf({ ...GOOD, link: 'http://127.0.0.1:3000/products/whey' })).toEqual([]);
    expect(errorsOf({ ...GOOD, image_link: '' })).toEqual(['v1 image_link']);
    expect(errorsOf({ ...GOOD, image_link: 'ftp://cdn.example.com/a.jpg' })).toEqual(['v1 image_link']);
    expect(errorsOf({ ...GOOD, image_link: 'https://cdn.example.com/a b.jpg' })).toEqual(['v1 image_link']);
    const eleven = Array.from({ length: 11 }, (_, index) => `https://cdn.example.com/${index}.jpg`);
    expect(errorsOf({ ...GOOD, additional_image_link: eleven })).toEqual(['v1 additional_image_link']);
    expect(errorsOf({ ...GOOD, additional_image_link: eleven.slice(0, 10).join(',') })).toEqual([]);
    expect(errorsOf({ ...GOOD, additional_image_link: ['uploads/a.jpg'] })).toEqual([
      'v1 additional_image_link',
    ]);
  });

  it('checks availability and condition values', () => {
    expect(errorsOf({ ...GOOD, availability: 'in stock' })).toEqual(['v1 availability']);
    expect(errorsOf({ ...GOOD, availability: 'backorder' })).toEqual([]);
    expect(errorsOf({ ...GOOD, condition: 'mint' })).toEqual(['v1 condition']);
  });

  it('checks price text and that it is above 0, and a sale price below it in the same currency', () => {
    expect(errorsOf({ ...GOOD, price: '0.00 EUR' })).toEqual(['v1 price']);
    expect(errorsOf({ ...GOOD, price: '12,34 EUR' })).toEqual(['v1 price']);
    expect(errorsOf({ ...GOOD, price: '12.34' })).toEqual(['v1 price']);
    expect(errorsOf({ ...GOOD, price: '12 EUR' })).toEqual([]);
    expect(errorsOf({ ...GOOD, sale_price: '10.00 EUR' })).toEqual([]);
    expect(errorsOf({ ...GOOD, sale_price: '12.34 EUR' })).toEqual(['v1 sale_price']);
    expect(errorsOf({ ...GOOD, sale_price: '10.00 GBP' })).toEqual(['v1 sale_price']);
    expect(errorsOf({ ...GOOD, sale_price: '0.00 EUR' })).toEqual(['v1 sale_price']);
  });

  it('checks the GTIN and that identifier_exists agrees with it', () => {
    expect(validateFeedItems([{ ...GOOD, gtin: '4006381333932' }])).toEqual([
      { item_id: 'v1', attribute: 'gtin', message: 'gtin has a wrong check digit' },
    ]);
    expect(errorsOf({ ...GOOD, gtin: undefined, identifier_exists: 'no' })).toEqual([]);
    expect(errorsOf({ ...GOOD, gtin: undefined, identifier_exists: 'yes' })).toEqual([
      'v1 identifier_exists',
    ]);
    expect(errorsOf({ ...GOOD, gtin: undefined, identifier_exists: undefined })).toEqual([
      'v1 identifier_exists',
    ]);
    expect(errorsOf({ ...GOOD, identifier_exists: 'no' })).toEqual(['v1 identifier_exists']);
    expect(errorsOf({ ...GOOD, identifier_exists: 'false' })).toEqual(['v1 identifier_exists']);
  });

  it('finds characters XML 1.0 forbids in any attribute', () => {
    expect(errorsOf({ ...GOOD, title: 'Whey\u0001 protein', brand: 'Acme\uFFFF' })).toEqual([
      'v1 title',
      'v1 brand',
    ]);
  });

  it('refuses a single-valued attribute given twice', () => {
    expect(errorsOf({ ...GOOD, title: ['One', 'Two'] })).toEqual(['v1 title']);
  });

  it('requires unique ids, not told apart by case', () => {
    expect(errorsOf(GOOD, { ...GOOD, id: 'V1' }, { ...GOOD, id: 'v2' })).toEqual(['V1 id']);
  });

  describe('item groups (answer 6324507)', () => {
    const red = { ...GOOD, id: 'v1', item_group_id: 'p1', title: 'Tee - S / Red', color: 'Red', size: 'S' };
    const blue = { ...red, id: 'v2', title: 'Tee - S / Blue', color: 'Blue' };

    it('accepts members that differ by a variant attribute, in any group id case', () => {
      expect(errorsOf(red, { ...blue, item_group_id: 'P1' })).toEqual([]);
    });

    it.each([
      ['give another set of variant attributes', { size: undefined }, 'v2 item_group_id'],
      ['give the same attributes, in another case', { color: 'RED' }, 'v2 item_group_id'],
      ['repeat a title, in another case', { title: 'TEE - S / RED' }, 'v2 title'],
      ['carry another brand', { brand: 'Other' }, 'v2 brand'],
    ])('refuses members that %s', (_, change, error) => {
      expect(errorsOf(red, { ...blue, ...change })).toEqual([error]);
    });

    it('names what two indistinguishable members share', () => {
      expect(validateFeedItems([red, { ...red, id: 'v2', title: 'Other' }])[0]?.message).toBe(
        'item of group p1 has the same variant attributes as v1 (s red); Google cannot tell them apart',
      );
    });

    it('requires color and size of apparel variants, by category path or id', () => {
      const shirt = {
        ...red,
        color: undefined,
        google_product_category: 'Apparel & Accessories > Clothing > Shirts & Tops',
      };
      expect(errorsOf(shirt, { ...shirt, id: 'v2', title: 'Tee - M', size: 'M' })).toEqual([
        'v1 color',
        'v2 color',
      ]);
      const shoe = { ...red, size: undefined, google_product_category: '187' };
      expect(errorsOf(shoe, { ...shoe, ...blue, size: undefined })).toEqual(['v1 size', 'v2 size']);
      const bag = { ...red, size: undefined, google_product_category: 'Apparel & Accessories > Handbags' };
      expect(errorsOf(bag, { ...bag, ...blue, size: undefined })).toEqual([]);
    });
  });

  it("takes only Google's values for age_group and gender", () => {
    expect(errorsOf({ ...GOOD, age_group: 'kids', gender: 'unisex' })).toEqual([]);
    expect(errorsOf({ ...GOOD, age_group: '3-4 years', gender: 'men' })).toEqual([
      'v1 age_group',
      'v1 gender',
    ]);
  });
});
