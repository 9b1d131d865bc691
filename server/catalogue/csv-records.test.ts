/**
 * The export read as a file, through parseShopifyCsv: its encoding (decode.ts), its delimiter, its
 * physical line numbers and the refusal of a damaged or truncated file (csv-records.ts).
 */
import { describe, expect, it } from 'vitest';
import { readFixture } from '@test-support/catalogue-exports';
import { outline, variantsOf } from '@test-support/parsed-catalogue';
import { CatalogueFileError } from './decode';
import { parseShopifyCsv } from './shopify-csv';
import { toShopifyCsv } from './shopify-csv-write';

describe('parseShopifyCsv on encodings, delimiters and line endings', () => {
  const accented = {
    names: ['Café Latte Collagen', 'Crème Brûlée Whey', 'Açaí Berry Capsules'],
    vendors: ['Nature’s Answer', 'nature’s answer', 'Nature’s Answer'],
  };

  it('reads a Windows-1252 file as Windows-1252 and says so', () => {
    const bytes = readFixture('supplements-windows-1252.csv');
    // The file really is Windows-1252: é is the single byte 0xE9, £ is 0xA3 and ’ is 0x92.
    expect([0xe9, 0xa3, 0x92].every((byte) => bytes.includes(byte))).toBe(true);
    const parsed = parseShopifyCsv(bytes);
    expect(outline(parsed)).toMatchObject({ products: 3, variants: 4, skipped: [] });
    expect(parsed.products.map((product) => product.name)).toEqual(accented.names);
    expect(parsed.products.map((product) => product.vendor)).toEqual(accented.vendors);
    expect(parsed.products[0]?.descriptionHtml).toBe(
      '<p>Collagen peptides with real café flavour – only £1.10 a serving.</p>',
    );
    expect(parsed.warnings).toEqual([
      {
        code: 'encoding',
        message:
          'The file is not UTF-8; it was read as Windows-1252 (Excel\'s "CSV" on Windows). Check accented letters and symbols such as £ in the shop, and next time save as "CSV UTF-8".',
      },
    ]);
  });

  it('reads UTF-16 LE with a byte order mark exactly like the same export in Windows-1252, without a warning', () => {
    const utf16 = parseShopifyCsv(readFixture('supplements-utf16le.csv'));
    expect(utf16.warnings).toEqual([]);
    expect(utf16.products).toEqual(parseShopifyCsv(readFixture('supplements-windows-1252.csv')).products);
  });

  it('reads UTF-16 BE and UTF-8 with a byte order mark, as bytes or as text', () => {
    const text = toShopifyCsv([{ Handle: 'creme', Title: 'Crème', 'Variant Price': '5.00' }]);
    const utf16be = Buffer.from(text, 'utf16le').swap16();
    const variants = [
      Buffer.concat([Buffer.from([0xfe, 0xff]), utf16be]),
      Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text, 'utf8')]),
      `\uFEFF${text}`,
    ];
    for (const input of variants) {
      const parsed = parseShopifyCsv(input);
      expect(parsed.products.map((product) => product.name)).toEqual(['Crème']);
      expect(parsed.warnings).toEqual([]);
    }
  });

  it('refuses UTF-16 without a byte order mark', () => {
    const text = toShopifyCsv([{ Handle: 'a', Title: 'A', 'Variant Price': '5.00' }]);
    expect(() => parseShopifyCsv(Buffer.from(text, 'utf16le'))).toThrow(
      /UTF-16 text without a byte order mark.*CSV UTF-8/,
    );
  });

  it('refuses semicolon- and tab-separated files, naming the delimiter', () => {
    expect(() => parseShopifyCsv(readFixture('supplements-semicolon.csv'))).toThrow(CatalogueFileError);
    expect(() => parseShopifyCsv(readFixture('supplements-semicolon.csv'))).toThrow(
      'The file is semicolon-separated; Shopify product exports are comma-separated. Re-save it as comma-separated CSV ("CSV UTF-8 (Comma delimited)") or export it from Shopify again.',
    );
    expect(() => parseShopifyCsv(readFixture('supplements-tab.txt'))).toThrow(/^The file is tab-separated;/);
  });

  it('numbers physical lines in a CRLF file whose quoted cells hold CRLF, and skips an overflowing price', () => {
    const bytes = readFixture('supplements-crlf.csv');
    expect(bytes.toString('utf8')).toContain('<p>Root extract, 600 mg.</p>\r\n<ul>\r\n');
    const parsed = parseShopifyCsv(bytes);
    expect(outline(parsed)).toEqual({
      products: 3,
      variants: 4,
      skippedProducts: 0,
      skippedVariants: 2,
      rowCount: 6,
      skipped: [
        '10 omega-3-algae-oil: price 99999999999.99 out of range (at most 21474836.47)',
        "11 omega-3-algae-oil: compare-at price '4,900.00' is not a price (write it as 9.99)",
      ],
      warnings: [],
    });
    expect(variantsOf(parsed).map((variant) => [variant.line, variant.sku])).toEqual([
      [2, 'WN-ASH-60'],
      [6, 'WN-ASH-120'],
      [7, 'WN-ALG-100'],
      [12, 'WN-VTC-250'],
    ]);
    expect(parsed.products[1]?.descriptionHtml).toBe(
      '<p>Plant-based EPA &amp; DHA.</p>\r\n<p>Keep refrigerated\r\nafter opening.</p>',
    );
  });

  it('counts a lone CR as a line end, blank lines included, in cells and between rows', () => {
    const header = 'Handle,Title,Body (HTML),Variant Price';
    const text = [header, 'a,A,"one\rtwo",1.00', '', 'b,B,x,2.00', 'b,,,abc'].join('\r');
    const parsed = parseShopifyCsv(text);
    expect(variantsOf(parsed).map((variant) => [variant.handle, variant.line])).toEqual([
      ['a', 2],
      ['b', 5],
    ]);
    expect(parsed.skipped.map((skip) => skip.line)).toEqual([6]);
    expect(parsed.rowCount).toBe(3);
  });
});

/** The physical line (1-based) of the first line of `text` that starts with `prefix`. */
function lineStarting(text: string, prefix: string): number {
  return text.split('\n').findIndex((line) => line.startsWith(prefix)) + 1;
}

describe('parseShopifyCsv refuses a damaged file whole (issue 26)', () => {
  // The three damaged files are garden-classic.csv cut or broken: their lines are read off it.
  const intact = readFixture('garden-classic.csv').toString('utf8');
  const header = (intact.split('\n')[0] ?? '').split(',');
  const bench = lineStarting(intact, 'oak-potting-bench,');
  const truncated = `The file looks truncated (an interrupted download or copy?):`;
  const exportAgain = 'Export the products from Shopify again and import the new file.';

  it.each([
    [
      'refused-truncated-in-description.csv',
      `${truncated} it ends inside a quoted cell of the row that starts on line ${bench}, or that cell's closing quote is missing. ${exportAgain}`,
    ],
    [
      // Cut just after the 9 of the row's price 90.00: its cells end with the price cell.
      'refused-truncated-mid-row.csv',
      `${truncated} its last row, line ${bench}, has ${header.indexOf('Variant Price') + 1} of the header's ${header.length} cells. ${exportAgain}`,
    ],
    [
      'refused-missing-cell.csv',
      `The file is damaged: a row does not have the header's ${header.length} cells, so values may sit under the wrong columns, even another product's. Fix it or export the file from Shopify again.\n` +
        `  line ${lineStarting(intact, 'ash-handled-trowel,')}: ${header.length - 1} cells`,
    ],
    [
      'a quote never closed',
      `${truncated} it ends inside a quoted cell of the row that starts on line 2, or that cell's closing quote is missing. ${exportAgain}`,
    ],
  ])('%s', (name, message) => {
    const input = name.endsWith('.csv') ? readFixture(name) : 'Handle,Title,Variant Price\na,"A,1.00\n';
    expect(() => parseShopifyCsv(input)).toThrow(new CatalogueFileError(message));
  });

  it('lists every row with another cell count than the header, at most 20, even when the last row is short', () => {
    const rows = Array.from({ length: 50 }, (_, index) =>
      index % 2 === 0 ? `p${index},P,1.00,x` : `p${index},P,1.00`,
    );
    const text = ['Handle,Title,Variant Price', ...rows, 'q,Q'].join('\n');
    const listed = Array.from({ length: 20 }, (_, index) => `  line ${2 + 2 * index}: 4 cells`);
    expect(() => parseShopifyCsv(text)).toThrow(
      new CatalogueFileError(
        [
          `The file looks truncated (an interrupted download or copy?): its last row, line 52, has 2 of the header's 3 cells. Export the products from Shopify again and import the new file.`,
          'Other rows with the wrong number of cells:',
          ...listed,
          '  and 5 more',
        ].join('\n'),
      ),
    );
  });
});
