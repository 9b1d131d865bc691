import { describe, expect, it } from 'vitest';
import { parseShopifyCsv } from './shopify-csv';
import { SHOPIFY_COLUMNS, formatPrice, toShopifyCsv } from './shopify-csv-write';

describe('toShopifyCsv', () => {
  it('writes what parseShopifyCsv reads back, quoting only where needed', () => {
    const body = '<p>A "quoted", multi-line\nbody</p>';
    const text = toShopifyCsv([
      {
        Handle: 'a',
        Title: 'A',
        'Body (HTML)': body,
        Vendor: 'V',
        'Variant SKU': 'A-1',
        'Variant Price': formatPrice(1205),
        'Option1 Name': 'Size',
        'Option1 Value': 'S',
      },
      { Handle: 'a', 'Option1 Value': 'M', 'Variant SKU': 'A-2', 'Variant Price': formatPrice(7) },
    ]);
    const empty = (count: number) => ','.repeat(count);
    expect(text.split('\n')[2]).toBe(
      `body</p>",V${empty(5)}Size,S${empty(5)}A-1${empty(6)}12.05${empty(26)}`,
    );
    const [product] = parseShopifyCsv(text).products;
    expect(product?.descriptionHtml).toBe(body);
    expect(product?.variants.map((variant) => [variant.sku, variant.price, variant.line])).toEqual([
      ['A-1', 1205, 2],
      ['A-2', 7, 4],
    ]);
  });

  it('round-trips every column the parser reads in the classic style', () => {
    const row = {
      Handle: 'linen-throw',
      Title: 'Linen Throw',
      'Body (HTML)': '<p>Stonewashed.</p>',
      Vendor: 'Hay Loft',
      'Product Category': 'Home & Garden > Linens & Bedding > Bedding > Blankets',
      Type: 'Throws',
      Tags: 'linen, bedroom',
      Published: 'FALSE',
      'Option1 Name': 'Colour',
      'Option1 Value': 'Sage',
      'Option2 Name': 'Size',
      'Option2 Value': '130 x 180',
      'Option3 Name': 'Finish',
      'Option3 Value': 'Fringed',
      'Variant SKU': 'HL-THR-SG',
      'Variant Grams': '900',
      'Variant Inventory Tracker': 'shopify',
      'Variant Inventory Qty': '-2',
      'Variant Inventory Policy': 'continue',
      'Variant Price': '89.00',
      'Variant Compare At Price': '110.00',
      'Variant Barcode': '5060000000017',
      'Image Src': 'https://cdn.example.com/throw.jpg',
      'Image Position': '1',
      'Image Alt Text': 'Sage throw on a bed',
      'Gift Card': 'FALSE',
      'SEO Title': 'Sage linen throw',
      'SEO Description': 'A stonewashed linen throw.',
      'Google Shopping / Google Product Category': '505832',
      'Google Shopping / Condition': 'new',
      'Google Shopping / Custom Label 0': 'autumn',
      'Variant Image': 'https://cdn.example.com/throw-sage.jpg',
      'Variant Weight Unit': 'kg',
      Status: 'unlisted',
    } satisfies Record<string, string>;
    expect(Object.keys(row).every((column) => (SHOPIFY_COLUMNS as readonly string[]).includes(column))).toBe(
      true,
    );
    const parsed = parseShopifyCsv(toShopifyCsv([row]));
    expect(parsed.warnings).toEqual([]);
    expect(parsed.products).toEqual([
      {
        line: 2,
        handle: 'linen-throw',
        name: 'Linen Throw',
        descriptionHtml: '<p>Stonewashed.</p>',
        vendor: 'Hay Loft',
        productType: 'Throws',
        tags: 'linen, bedroom',
        productCategory: 'Home & Garden > Linens & Bedding > Bedding > Blankets',
        googleProductCategory: '505832',
        googleShopping: { Condition: 'new', 'Custom Label 0': 'autumn' },
        giftCard: false,
        seoTitle: 'Sage linen throw',
        seoDescription: 'A stonewashed linen throw.',
        status: 'unlisted',
        published: false,
        option1Name: 'Colour',
        option2Name: 'Size',
        option3Name: 'Finish',
        variants: [
          {
            line: 2,
            sku: 'HL-THR-SG',
            option1: 'Sage',
            option2: '130 x 180',
            option3: 'Fringed',
            optionKey: 'sage\u001f130 x 180\u001ffringed',
            price: 8900,
            compareAtPrice: 11000,
            barcode: '5060000000017',
            position: 1,
            inventoryTracker: 'shopify',
            inventoryPolicy: 'continue',
            inventoryQuantity: -2,
            grams: 900,
            weightUnit: 'kg',
            imageSrc: 'https://cdn.example.com/throw-sage.jpg',
          },
        ],
        skippedOptionKeys: [],
        images: [
          { src: 'https://cdn.example.com/throw.jpg', position: 1, alt: 'Sage throw on a bed' },
          { src: 'https://cdn.example.com/throw-sage.jpg', position: 2, alt: null },
        ],
      },
    ]);
  });
});
