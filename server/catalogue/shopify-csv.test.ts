import { describe, expect, it } from 'vitest';
import { readFixture } from '@test-support/catalogue-exports';
import { outline, variantsOf } from '@test-support/parsed-catalogue';
import type { ImportProgress, ParsedCatalogue } from './parsed-catalogue';
import { parsePrice, parseShopifyCsv, PROGRESS_ROWS, readBarcode } from './shopify-csv';
import { optionKey } from './variant-key';

describe('parsePrice', () => {
  it('turns major units into minor units and refuses anything else', () => {
    expect(parsePrice('14.99')).toBe(1499);
    expect(parsePrice('7.5')).toBe(750);
    expect(parsePrice('22')).toBe(2200);
    expect(parsePrice(' 0.05 ')).toBe(5);
    expect(parsePrice('21474836.47')).toBe(2_147_483_647);
    for (const bad of ['9,99', '£9.99', '-1', '1.999', '', 'abc', '21474836.48', '99999999999.99']) {
      expect(parsePrice(bad)).toBeNull();
    }
  });
});

describe('parseShopifyCsv on the original fixture', () => {
  it('reads multi-row products, quoted HTML bodies with newlines and doubled quotes', () => {
    const parsed = parseShopifyCsv(readFixture('shopify-products.csv'));
    const magnesium = parsed.products.find((product) => product.handle === 'magnesium-glycinate');
    expect(magnesium?.descriptionHtml).toBe(
      '<p>Our "gentle" magnesium, bound to glycine.</p>\n<ul>\n<li>Chelated &amp; well absorbed</li>\n<li>Suitable for vegans</li>\n</ul>',
    );
    expect(magnesium?.variants.map((variant) => [variant.sku, variant.price, variant.line])).toEqual([
      ['SH-MAG-60', 1499, 2],
      ['SH-MAG-120', 2499, 7],
    ]);
    expect(magnesium?.images.map((image) => [image.position, image.alt])).toEqual([
      [1, 'Magnesium Glycinate bottle'],
      [2, 'Label, "back" view'],
      [3, null],
    ]);
    expect(outline(parsed)).toEqual({
      products: 5,
      variants: 8,
      skippedProducts: 0,
      skippedVariants: 1,
      rowCount: 10,
      skipped: [
        "11 vitamin-d3: price '9,99' is not a price (write it as 9.99: digits, a point, two decimals)",
      ],
      warnings: [],
    });
  });
});

/** Every variant of every product, flattened, with its handle. */
describe('parseShopifyCsv on real-world export patterns', () => {
  it('keeps every variant of a 2016 export without SKUs, quantities or a Status column', () => {
    const parsed = parseShopifyCsv(readFixture('ceramics-2016-no-sku.csv'));
    expect(outline(parsed)).toEqual({
      products: 5,
      variants: 11,
      skippedProducts: 0,
      skippedVariants: 0,
      rowCount: 12,
      skipped: [],
      warnings: [
        'no_inventory_quantities: The file has no inventory quantity column: quantities unknown; availability will follow the inventory policy.',
      ],
    });
    expect(parsed.hasInventoryQuantities).toBe(false);
    const variants = variantsOf(parsed);
    expect(variants.every((variant) => variant.sku === null && variant.inventoryQuantity === null)).toBe(
      true,
    );
    expect(parsed.products.every((product) => product.status === 'active')).toBe(true);
    expect(
      variants.map((variant) => [variant.handle, variant.option1, variant.price, variant.position]),
    ).toEqual([
      ['speckled-mug', 'Oat', 2400, 1],
      ['speckled-mug', 'Charcoal', 2400, 2],
      ['speckled-mug', 'Sea Green', 2600, 3],
      ['serving-bowl-large', 'Default Title', 5800, 1],
      ['espresso-cup-set', 'Matte White', 4800, 1],
      ['espresso-cup-set', 'Gloss Black', 4800, 2],
      ['gift-card', '£25', 2500, 1],
      ['gift-card', '£50', 5000, 2],
      ['gift-card', '£100', 10000, 3],
      ['bud-vase', 'Small', 1800, 1],
      ['bud-vase', 'Tall', 2200, 2],
    ]);
    const [mug, bowl, espresso, giftCard, vase] = parsed.products;
    // The image-only row adds the product's third image.
    expect(mug?.images.map((image) => [image.position, image.alt])).toEqual([
      [1, 'Oat speckled mug'],
      [2, 'Charcoal speckled mug'],
      [3, null],
    ]);
    expect(bowl?.variants[0]).toMatchObject({ compareAtPrice: 6500, inventoryTracker: null, grams: 1850 });
    expect(espresso?.variants.map((variant) => variant.inventoryPolicy)).toEqual(['continue', 'continue']);
    // The black glaze's variant image is only a variant image: it joins the product's images once.
    expect(espresso?.images.map((image) => image.src.replace(/^.*\//, ''))).toEqual([
      'espresso-white.jpg?v=1475071400',
      'espresso-black.jpg?v=1475071400',
    ]);
    expect(espresso?.variants[1]?.imageSrc).toMatch(/espresso-black\.jpg/);
    expect(giftCard).toMatchObject({ giftCard: true, name: 'Kiln & Co Gift Card' });
    expect(vase).toMatchObject({
      published: false,
      seoTitle: 'Stoneware bud vase',
      googleProductCategory: 'Home & Garden > Decor > Vases',
      googleShopping: { Condition: 'new', 'Custom Label 0': 'bestseller' },
    });
    expect(mug?.googleShopping).toEqual({ Condition: 'new', 'Custom Product': 'TRUE' });
  });

  it('keeps every size of a style that shares one SKU, warns once per SKU and skips a repeated row', () => {
    const parsed = parseShopifyCsv(readFixture('swimwear-shared-sku.csv'));
    const kept = 'Each is kept as its own variant.';
    expect(outline(parsed)).toEqual({
      products: 4,
      variants: 27,
      skippedProducts: 0,
      skippedVariants: 1,
      rowCount: 33,
      skipped: ['5 aurora-bikini-top: same options as line 4 (Black / 12)'],
      warnings: [
        `shared_sku: SKU AUR-TOP-BLK is shared by 5 variants: aurora-bikini-top (lines 2–4, 6–7). ${kept}`,
        `shared_sku: SKU AUR-TOP-CRL is shared by 5 variants: aurora-bikini-top (lines 8–12). ${kept}`,
        `shared_sku: SKU AUR-BTM-BLK is shared by 5 variants: aurora-bikini-bottom (lines 15–19). ${kept}`,
        `shared_sku: SKU AUR-BTM-CRL is shared by 5 variants: aurora-bikini-bottom (lines 20–24). ${kept}`,
        `shared_sku: SKU TIDE-01 is shared by 7 variants: tide-swimsuit (lines 27–31), tide-swimsuit-long-torso (lines 33–34). ${kept}`,
      ],
    });
    const [top, , tide, longTorso] = parsed.products;
    expect(top).toMatchObject({ option1Name: 'Colour', option2Name: 'Size', vendor: 'Saltwater Studio' });
    expect(top?.variants.map((variant) => `${variant.option1}/${variant.option2}`)).toEqual([
      'Black/8',
      'Black/10',
      'Black/12',
      'Black/14',
      'Black/16',
      'Coral/8',
      'Coral/10',
      'Coral/12',
      'Coral/14',
      'Coral/16',
    ]);
    // The first of the two Black / 12 rows wins.
    expect(top?.variants[2]).toMatchObject({
      line: 4,
      inventoryQuantity: 5,
      optionKey: 'black\u001f12\u001f',
    });
    // Colour images are listed once each, although every variant names one.
    expect(top?.images.map((image) => [image.position, image.alt])).toEqual([
      [1, 'Aurora Bikini Top in Black'],
      [2, 'Aurora Bikini Top in Coral'],
    ]);
    expect(top?.variants[7]?.imageSrc).toMatch(/aurora-bikini-top-coral\.jpg/);
    // The vendor spelled in capitals with a trailing space is trimmed; brands match it case-insensitively.
    expect(tide?.vendor).toBe('SALTWATER STUDIO');
    expect(tide?.variants.map((variant) => [variant.inventoryPolicy, variant.compareAtPrice])).toEqual([
      ['continue', 9500],
      ['continue', null],
      ['continue', null],
      ['continue', null],
      ['continue', null],
    ]);
    expect(longTorso?.name).toBe('Tide Swimsuit – Long Torso');
  });

  it('reads the current (2024+) header: statuses, TRUE/FALSE selling policy, untracked stock, Google columns', () => {
    const parsed = parseShopifyCsv(readFixture('plants-current.csv'));
    expect(outline(parsed)).toEqual({
      products: 7,
      variants: 16,
      skippedProducts: 1,
      skippedVariants: 2,
      rowCount: 18,
      skipped: [
        "9 olive-tree-standard: unknown status 'Pending' (Shopify's are active, draft, archived and unlisted)",
      ],
      warnings: [],
    });
    expect(parsed.products.map((product) => [product.handle, product.status, product.giftCard])).toEqual([
      ['monstera-deliciosa', 'active', false],
      ['string-of-pearls', 'draft', false],
      ['fiddle-leaf-fig-xl', 'archived', false],
      ['mystery-plant-box', 'unlisted', false],
      ['terracotta-pot', 'active', false],
      ['plant-care-gift-card', 'active', true],
      ['pilea-peperomioides', 'active', false],
    ]);
    const [monstera, , , box, pot, , pilea] = parsed.products;
    expect(monstera).toMatchObject({
      name: 'Monstera Deliciosa',
      descriptionHtml: '<p>The Swiss cheese plant. Bright, indirect light.</p>',
      productCategory: 'Home & Garden > Plants > Indoor & Outdoor Plants',
      googleProductCategory: 'Home & Garden > Plants > Indoor & Outdoor Plants',
      googleShopping: { Condition: 'new', 'Custom label 0': 'houseplants' },
      seoTitle: 'Monstera Deliciosa | Leaf & Root',
      option1Name: 'Pot size',
    });
    expect(
      monstera?.variants.map((variant) => [
        variant.sku,
        variant.price,
        variant.compareAtPrice,
        variant.inventoryQuantity,
        variant.grams,
      ]),
    ).toEqual([
      ['LR-MON-12', 1800, null, 14, 900],
      ['LR-MON-17', 3200, null, 6, 2100],
      ['LR-MON-21', 5500, 6000, 0, 4500],
    ]);
    expect(box?.variants[0]).toMatchObject({ sku: null, inventoryTracker: null, inventoryQuantity: null });
    expect(
      pot?.variants.map((variant) => [variant.option1, variant.option2, variant.inventoryPolicy]),
    ).toEqual([
      ['Small', 'Natural', 'deny'],
      ['Small', 'Whitewash', 'continue'],
      ['Medium', 'Natural', 'deny'],
      ['Medium', 'Whitewash', 'continue'],
      ['Large', 'Natural', 'deny'],
      ['Large', 'Whitewash', 'continue'],
    ]);
    expect(pot?.images.map((image) => [image.position, image.src.replace(/^.*\//, '')])).toEqual([
      [1, 'terracotta-natural.jpg?v=1718000000'],
      [2, 'terracotta-whitewash.jpg?v=1718000000'],
    ]);
    expect(pilea?.variants[0]).toMatchObject({
      inventoryPolicy: 'continue',
      inventoryQuantity: -3,
      inventoryTracker: 'shopify',
    });
  });

  it('reads a later full export with one variant and one product gone', () => {
    const v1 = parseShopifyCsv(readFixture('homeware-v1.csv'));
    const v2 = parseShopifyCsv(readFixture('homeware-v2.csv'));
    expect(
      [outline(v1), outline(v2)].map(({ products, variants, skipped, warnings }) => [
        products,
        variants,
        skipped,
        warnings,
      ]),
    ).toEqual([
      [4, 9, [], []],
      [4, 7, [], []],
    ]);
    const options = (parsed: ParsedCatalogue) =>
      variantsOf(parsed).map((variant) => `${variant.handle}:${variant.option1}`);
    expect(options(v1).filter((key) => !options(v2).includes(key))).toEqual([
      'linen-cushion-cover:Rust',
      'jute-rug:60 x 90 cm',
      'jute-rug:120 x 170 cm',
    ]);
    expect(options(v2).filter((key) => !options(v1).includes(key))).toEqual(['cotton-throw:Default Title']);
    const bathPrice = (parsed: ParsedCatalogue) =>
      variantsOf(parsed).find((variant) => variant.sku === 'CM-TWL-B')?.price;
    expect([bathPrice(v1), bathPrice(v2)]).toEqual([3200, 3400]);
  });

  it('sums per-location stock when the export has no quantity column (Matrixify-like)', () => {
    const parsed = parseShopifyCsv(readFixture('matrixify-locations.csv'));
    expect(outline(parsed)).toEqual({
      products: 3,
      variants: 6,
      skippedProducts: 0,
      skippedVariants: 0,
      rowCount: 6,
      skipped: [],
      warnings: [],
    });
    expect(parsed.hasInventoryQuantities).toBe(true);
    // 4 + 20; blank + 7; 0 + 0; -1 + 12; both blank (unknown); 2 + 0.
    expect(variantsOf(parsed).map((variant) => variant.inventoryQuantity)).toEqual([24, 7, 0, 11, null, 2]);
    expect(parsed.products.map((product) => [product.status, product.descriptionHtml])).toEqual([
      ['active', '<p>High strength, 3-in-1.</p>'],
      ['active', '<p>Zero sugar, 20 sachets.</p>'],
      ['draft', '<p>Arctic cod, lemon flavoured.</p>'],
    ]);
  });
});

describe('parseShopifyCsv rows and headers', () => {
  const minimal = 'Handle,Title,Variant Price,Option1 Value,Variant SKU,Image Src';

  it('matches header names ignoring case and surrounding spaces, and ignores unknown columns', () => {
    const text =
      ' url HANDLE ,title,  PRICE,Metafield: custom.ingredients [list.single_line_text_field],Inventory Quantity\nx,X,1.50,"oats, honey",3\n';
    const parsed = parseShopifyCsv(text);
    expect(variantsOf(parsed)).toMatchObject([{ handle: 'x', price: 150, inventoryQuantity: 3 }]);
    expect(parsed.products[0]?.name).toBe('X');
  });

  it('names the missing columns when the file is not a product export', () => {
    const woocommerce = 'ID,Type,SKU,Name,Regular price\n1,simple,SH-MAG-60,Magnesium,9.99\n';
    expect(() => parseShopifyCsv(woocommerce)).toThrow(
      'The file does not look like a Shopify product CSV export: its header has no Handle or URL handle, no Title, no Variant Price or Price column. Export the products from Shopify (Products → Export → CSV for Excel, Numbers, or other spreadsheet programs) and import that file.',
    );
    expect(() => parseShopifyCsv('Handle,Title\na,A\n')).toThrow(
      /header has no Variant Price or Price column/,
    );
  });

  it('refuses an empty file; reads a header without rows as no rows', () => {
    for (const empty of ['', '  \n', new Uint8Array()]) {
      expect(() => parseShopifyCsv(empty)).toThrow(
        'The file is empty; expected a Shopify product CSV export.',
      );
    }
    expect(outline(parseShopifyCsv(`${minimal}\n`))).toMatchObject({ products: 0, rowCount: 0, skipped: [] });
  });

  it('skips rows without a handle, products without a variant, and rows without a price, by line', () => {
    const text = [
      minimal,
      'a,A,1.00,S,A-1,https://img.example/a.jpg',
      ',,2.00,M,A-2,',
      'a,,,M,A-2,',
      'img-only,Image Only,,,,https://img.example/b.jpg',
      'bad,Bad,abc,S,,',
      'untitled,,3.00,,,',
    ].join('\n');
    const parsed = parseShopifyCsv(text);
    expect(outline(parsed)).toEqual({
      products: 2,
      variants: 2,
      skippedProducts: 2,
      skippedVariants: 3,
      rowCount: 6,
      skipped: [
        '3 : no handle: the row belongs to no product',
        '4 a: no price',
        '5 img-only: no variant: none of its rows has a price, option value or SKU',
        "6 bad: price 'abc' is not a price (write it as 9.99: digits, a point, two decimals)",
        '6 bad: no importable variant: every variant row was skipped',
      ],
      warnings: [
        'no_inventory_quantities: The file has no inventory quantity column: quantities unknown; availability will follow the inventory policy.',
      ],
    });
    // A product without a title is kept: the feed rules exclude it, by name, where it can be fixed.
    expect(parsed.products[1]).toMatchObject({ handle: 'untitled', name: '', status: 'active' });
  });

  it('treats option values as the variant key: case and spaces do not make a new variant', () => {
    const text = [minimal, 'a,A,1.00,Small,A-1,', 'a,,1.00, small ,A-2,', 'a,,1.00,Large,A-1,'].join('\n');
    const parsed = parseShopifyCsv(text);
    expect(parsed.skipped).toEqual([{ line: 3, handle: 'a', reason: 'same options as line 2 (small)' }]);
    expect(parsed.warnings.map((warning) => warning.message)).toContain(
      'SKU A-1 is shared by 2 variants: a (lines 2, 4). Each is kept as its own variant.',
    );
  });

  it('reads blank statuses as active and statuses in any case', () => {
    const text = [
      'Handle,Title,Variant Price,Status',
      'a,A,1.00,',
      'b,B,1.00,UNLISTED',
      'c,C,1.00,Archived',
    ].join('\n');
    expect(parseShopifyCsv(text).products.map((product) => product.status)).toEqual([
      'active',
      'unlisted',
      'archived',
    ]);
  });
});

describe('parseShopifyCsv on issue 26 details', () => {
  it.each([
    ["'7350177880121", '7350177880121', true],
    [" ' 7350177880121 ", '7350177880121', true],
    ["''7350177880121", "'7350177880121", true],
    ["'", null, true],
    ['7350177880121', '7350177880121', false],
    ['', null, false],
  ])('reads barcode cell %j as %j (cleaned: %s)', (cell, barcode, cleaned) => {
    expect(readBarcode(cell)).toEqual({ barcode, cleaned });
  });

  it("removes a spreadsheet's apostrophe from every barcode of a store that has them, leaving valid GTINs, and says how many", () => {
    const bytes = readFixture('supplements-se-current.csv');
    const marked = bytes.toString('utf8').match(/,'\d{8,14},/g) ?? [];
    const parsed = parseShopifyCsv(bytes);
    const barcodes = variantsOf(parsed).map((variant) => variant.barcode ?? '');
    const validGtin = (code: string) => {
      const digits = [...code].map(Number).reverse();
      const sum = digits
        .slice(1)
        .reduce((total, digit, index) => total + digit * (index % 2 === 0 ? 3 : 1), 0);
      return /^\d{8}(\d{4,6})?$/.test(code) && (10 - (sum % 10)) % 10 === digits[0];
    };
    expect(marked.length).toBeGreaterThan(0);
    expect(barcodes.filter((code) => !validGtin(code))).toEqual([]);
    expect(parsed.barcodesCleaned).toBe(marked.length);
    expect(parsed.warnings.map((warning) => warning.message)).toEqual([
      `Barcodes: ${marked.length} had a spreadsheet's leading apostrophe (first on line 2: ${marked[0]?.slice(1, -1) ?? ''}), removed. Shopify still stores them with it; correct them there too.`,
    ]);
  });

  it('keeps the place of a row skipped for a bad value and names its options, so the importer leaves its variant alone', () => {
    const [fig] = parseShopifyCsv(readFixture('candles-v2-price-typo.csv')).products;
    expect(fig?.variants.map((variant) => [variant.option1, variant.position])).toEqual([
      ['Travel tin 100 g', 1],
      ['Three-wick 500 g', 3],
    ]);
    expect(fig?.skippedOptionKeys).toEqual([optionKey(['Glass jar 220 g'])]);
  });

  it(`reports rows read every ${PROGRESS_ROWS}`, () => {
    const rows = Array.from({ length: 2 * PROGRESS_ROWS + 1 }, (_, index) => `p${index},P,1.00`);
    const reports: ImportProgress[] = [];
    parseShopifyCsv(['Handle,Title,Variant Price', ...rows].join('\n'), {
      onProgress: (p) => reports.push(p),
    });
    expect(reports).toEqual([
      { stage: 'read', rows: PROGRESS_ROWS },
      { stage: 'read', rows: 2 * PROGRESS_ROWS },
    ]);
  });
});
