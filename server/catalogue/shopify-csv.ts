/**
 * Reads a Shopify product CSV export (issue 11: "Read both header styles", "Keep what a feed
 * needs", "Status", "Input hygiene"; ARCHITECTURE.md §4 "Catalogue source", "Variants").
 *
 * Layout, as Shopify writes it: one header row, then products spread over rows that share the
 * handle. A product's first row carries the product (title, description, vendor, status, ...) and
 * usually its first variant; later rows add variants (a row with a price, an option value or a SKU)
 * and images (a row with only an image). A variant is its product's handle plus its option values;
 * the SKU is an attribute that may be blank or repeated.
 *
 * Both header styles are read: the classic one (`Handle`, `Body (HTML)`, `Variant SKU`,
 * `Variant Price`, `Variant Inventory Qty`, `Image Src`, ...) and the one Shopify exports since 2024
 * (`URL handle`, `Description`, `SKU`, `Price`, `Inventory quantity`, `Product image URL`, ...).
 * Header names match ignoring case and surrounding spaces; unknown columns are ignored.
 *
 * Odd input, and how it is answered:
 * - encodings: see decode.ts (UTF-8 with or without BOM, UTF-16 with BOM, else Windows-1252 with a
 *   warning);
 * - a semicolon- or tab-separated file, a file that is not CSV, a header without a handle, title or
 *   price column: CatalogueFileError, nothing imported;
 * - a damaged file (issue 26): a data row with more or fewer cells than the header, or a file that
 *   ends inside a quoted cell or with a short row (truncated), is refused whole with a
 *   CatalogueFileError naming the lines, since a shifted row can carry another product's values;
 * - a barcode written with a spreadsheet's leading apostrophe ('7350177880121) loses it, counted and
 *   warned about (issue 26);
 * - a row that cannot be a variant (no or unreadable price or compare-at price, a price beyond
 *   PostgreSQL's integer, the same options as an earlier row of its product): a skip line; a row
 *   skipped for a bad value keeps its position and its options are handed to the importer, which
 *   leaves that stored variant as it was (ParsedProduct.skippedOptionKeys); a product
 *   whose status is not active, draft, archived or unlisted, or that is left with no variant: a skip
 *   line for the product, its variant rows counted as skipped;
 * - line numbers are the file's physical lines (CRLF, LF or a lone CR each end one), also when
 *   quoted cells hold line breaks.
 *
 * Pure: no database, so a malformed file is refused before anything is written.
 */
import { checkDelimiter, readRecords } from './csv-records';
import { CatalogueFileError, decodeCatalogue } from './decode';
import type {
  ImportProgress,
  ImportSkip,
  ImportWarning,
  ParsedCatalogue,
  ParsedImage,
  ParsedProduct,
  ParsedVariant,
} from './parsed-catalogue';
import { optionKey } from './variant-key';
import type { InventoryPolicy } from '../db/schema';
import type { ProductStatus } from '@/api/schemas/shop';

export { CatalogueFileError } from './decode';

/** PostgreSQL `integer`, the type of the price columns: the largest price is 21,474,836.47. */
const MAX_MINOR_UNITS = 2_147_483_647;

/**
 * The columns a file needs to be read as a product export: each entry lists the spellings of one
 * column (classic first, then current).
 */
export const REQUIRED_COLUMNS = [['Handle', 'URL handle'], ['Title'], ['Variant Price', 'Price']] as const;

/** The columns read, each with its classic and current spellings (Matrixify's `Body HTML` too). */
const FIELD_NAMES = {
  handle: ['Handle', 'URL handle'],
  title: ['Title'],
  body: ['Body (HTML)', 'Description', 'Body HTML'],
  vendor: ['Vendor'],
  productCategory: ['Product Category'],
  type: ['Type'],
  tags: ['Tags'],
  published: ['Published', 'Published on online store'],
  status: ['Status'],
  option1Name: ['Option1 Name'],
  option1Value: ['Option1 Value'],
  option2Name: ['Option2 Name'],
  option2Value: ['Option2 Value'],
  option3Name: ['Option3 Name'],
  option3Value: ['Option3 Value'],
  sku: ['Variant SKU', 'SKU'],
  grams: ['Variant Grams', 'Weight value (grams)'],
  tracker: ['Variant Inventory Tracker', 'Inventory tracker'],
  quantity: ['Variant Inventory Qty', 'Inventory quantity'],
  policy: ['Variant Inventory Policy', 'Continue selling when out of stock'],
  price: ['Variant Price', 'Price'],
  compareAt: ['Variant Compare At Price', 'Compare-at price'],
  barcode: ['Variant Barcode', 'Barcode'],
  imageSrc: ['Image Src', 'Product image URL'],
  imagePosition: ['Image Position'],
  imageAlt: ['Image Alt Text'],
  variantImage: ['Variant Image', 'Variant image URL'],
  weightUnit: ['Variant Weight Unit', 'Weight unit for display'],
  giftCard: ['Gift Card'],
  seoTitle: ['SEO Title'],
  seoDescription: ['SEO Description'],
  googleProductCategory: ['Google Shopping / Google Product Category'],
} as const satisfies Record<string, readonly string[]>;
type Field = keyof typeof FIELD_NAMES;

const GOOGLE_SHOPPING_PREFIX = 'google shopping /';
/** Per-location stock columns of multi-location and Matrixify exports, e.g. `Inventory Available: Shop`. */
const LOCATION_QUANTITY = /^inventory available\s*:/;
const PRICE_PATTERN = /^\d+(\.\d{1,2})?$/;
const STATUSES: ReadonlySet<string> = new Set<ProductStatus>(['active', 'draft', 'archived', 'unlisted']);
/** Policy cells that mean "continue selling when out of stock", in either header style. */
const CONTINUE_VALUES = new Set(['continue', 'true', 'yes']);

/** Minor units of major-unit text, or why it is none: 'format' (not digits[.dd]) or 'range'. */
function readMoney(text: string): number | 'format' | 'range' {
  const trimmed = text.trim();
  if (!PRICE_PATTERN.test(trimmed)) return 'format';
  const [whole = '0', fraction = ''] = trimmed.split('.');
  const minor = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return Number.isSafeInteger(minor) && minor <= MAX_MINOR_UNITS ? minor : 'range';
}

/**
 * Major-unit price text ('12.5', '12.50', '12') to minor units, or null when it is not one: a
 * comma, a currency sign, a minus, a third decimal, or more than PostgreSQL's integer holds
 * (above 21474836.47).
 */
export function parsePrice(text: string): number | null {
  const minor = readMoney(text);
  return typeof minor === 'number' ? minor : null;
}

/** Where each field sits in the header (absent fields are missing from `index`). */
interface Columns {
  index: Partial<Record<Field, number>>;
  /** `Inventory Available: <Location>` columns, summed when there is no quantity column. */
  locations: number[];
  /** Other `Google Shopping / X` columns: index and X as the header spells it. */
  googleShopping: { index: number; key: string }[];
}

function normalise(name: string): string {
  return name.trim().replace(/\s+/g, ' ').toLowerCase();
}

function findColumns(header: readonly string[]): Columns {
  const byName = new Map<string, number>();
  header.forEach((name, index) => {
    if (!byName.has(normalise(name))) byName.set(normalise(name), index);
  });
  const index: Partial<Record<Field, number>> = {};
  for (const [field, names] of Object.entries(FIELD_NAMES) as [Field, readonly string[]][]) {
    const found = names.map((name) => byName.get(normalise(name))).find((at) => at !== undefined);
    if (found !== undefined) index[field] = found;
  }
  const locations: number[] = [];
  const googleShopping: Columns['googleShopping'] = [];
  header.forEach((name, at) => {
    if (byName.get(normalise(name)) !== at) return;
    if (LOCATION_QUANTITY.test(normalise(name))) locations.push(at);
    else if (normalise(name).startsWith(GOOGLE_SHOPPING_PREFIX) && at !== index.googleProductCategory) {
      googleShopping.push({ index: at, key: name.trim().slice(GOOGLE_SHOPPING_PREFIX.length).trim() });
    }
  });
  return { index, locations, googleShopping };
}

function orNull(text: string): string | null {
  return text === '' ? null : text;
}

/** Whole number in `text` within PostgreSQL's integer, or null ('12.0' from spreadsheets included). */
function readInteger(text: string): number | null {
  if (!/^[-+]?\d+(\.0*)?$/.test(text)) return null;
  const value = Number.parseInt(text, 10);
  return Math.abs(value) <= MAX_MINOR_UNITS ? value : null;
}

/** Grams: a whole or decimal number ≥ 0, rounded to whole grams; null when blank or unreadable. */
function readGrams(text: string): number | null {
  if (!/^\d+(\.\d+)?$/.test(text)) return null;
  const grams = Math.round(Number(text));
  return grams <= MAX_MINOR_UNITS ? grams : null;
}

/**
 * A barcode cell without the leading apostrophe (and the spaces around it) that spreadsheets use
 * to mark a cell as text and Shopify's export keeps ('7350177880121, seen in six unrelated stores;
 * issue 26). Only one is removed: a second would be part of what the merchant typed.
 */
export function readBarcode(text: string): { barcode: string | null; cleaned: boolean } {
  const trimmed = text.trim();
  if (!trimmed.startsWith("'")) return { barcode: orNull(trimmed), cleaned: false };
  return { barcode: orNull(trimmed.slice(1).trim()), cleaned: true };
}

/** A product while its rows are read. */
interface Draft {
  product: ParsedProduct;
  /** Why the whole product is left out, found on its first row; null when it is not. */
  productError: string | null;
  /** Rows of the product that are variant rows, kept or not. */
  variantRows: number;
  /** Line of the variant already read for each option key. */
  keyLines: Map<string, number>;
  /** Option keys of rows skipped for a bad value; those of kept variants are dropped at the end. */
  skippedKeys: Set<string>;
  /** Position of each option key met in a variant row, kept or skipped for a bad value. */
  positions: Map<string, number>;
}

/** What parseShopifyCsv takes besides the file. */
export interface ParseOptions {
  /** Called with `read` progress every PROGRESS_ROWS data rows. */
  onProgress?: (progress: ImportProgress) => void;
}

/** Data rows between two `read` progress reports. */
export const PROGRESS_ROWS = 5000;

/**
 * Reads an export's bytes (or text) into products, variants, skips and warnings.
 *
 * Inventory quantity: the `Variant Inventory Qty` / `Inventory quantity` column; an export without
 * it but with per-location `Inventory Available: <Location>` columns gets the sum of the locations
 * that have a number (what the shop can sell across locations). A blank or absent quantity is null
 * (unknown), never 0, and the `no_inventory_quantities` warning says when the file has none at all.
 * Policy: `continue` when the policy cell is `continue`, `TRUE` or `yes` (the classic column holds
 * deny/continue, the current one TRUE/FALSE), else `deny`. Status: a blank cell or no Status
 * column means active. A product with an empty title is kept (the feed rules exclude it by name).
 * Barcodes lose a spreadsheet's leading apostrophe, counted in `barcodesCleaned` and warned about.
 * @throws CatalogueFileError when the file is empty, not comma-separated, not CSV, UTF-16 without
 *   a byte order mark, truncated, has a row whose cell count differs from the header's, or its
 *   header lacks a handle, title or price column
 */
export function parseShopifyCsv(input: string | Uint8Array, options: ParseOptions = {}): ParsedCatalogue {
  const { text, warning: encodingWarning } = decodeCatalogue(input);
  if (text.trim() === '') {
    throw new CatalogueFileError('The file is empty; expected a Shopify product CSV export.');
  }
  checkDelimiter(text);

  let columns = null as Columns | null;
  const drafts = new Map<string, Draft>();
  const skipped: ImportSkip[] = [];
  let skippedVariants = 0;
  let rowCount = 0;
  let barcodesCleaned = 0;
  let firstCleaned = null as { line: number; text: string } | null;

  const readRow = (fields: string[], line: number, columns: Columns) => {
    const cellAt = (at: number | undefined) => (at === undefined ? '' : (fields[at] ?? '').trim());
    const cell = (field: Field) => cellAt(columns.index[field]);
    const handle = cell('handle');
    const imageSrc = cell('imageSrc');
    const isVariantRow =
      cell('price') !== '' ||
      cell('sku') !== '' ||
      [1, 2, 3].some((n) => cell(`option${n}Value` as Field) !== '');

    if (handle === '') {
      skipped.push({ line, handle, reason: 'no handle: the row belongs to no product' });
      if (isVariantRow) skippedVariants++;
      return;
    }
    let draft = drafts.get(handle);
    if (!draft) {
      draft = newDraft(handle, line, cell, cellAt, columns);
      drafts.set(handle, draft);
    }
    if (imageSrc !== '') addImage(draft.product, imageSrc, cell('imagePosition'), orNull(cell('imageAlt')));
    if (!isVariantRow) return;
    draft.variantRows++;
    if (draft.productError !== null) return;

    const key = optionKey([cell('option1Value'), cell('option2Value'), cell('option3Value')]);
    const position = draft.positions.get(key) ?? draft.positions.size + 1;
    draft.positions.set(key, position);
    const variant = readVariant(cell, cellAt, columns, line, position);
    if (typeof variant === 'string') {
      skipped.push({ line, handle, reason: variant });
      skippedVariants++;
      if (!draft.keyLines.has(key)) draft.skippedKeys.add(key);
      return;
    }
    const firstLine = draft.keyLines.get(variant.optionKey);
    if (firstLine !== undefined) {
      skipped.push({
        line,
        handle,
        reason: `same options as line ${firstLine} (${describeOptions(variant)})`,
      });
      skippedVariants++;
      return;
    }
    draft.keyLines.set(variant.optionKey, line);
    draft.product.variants.push(variant);
    if (readBarcode(cell('barcode')).cleaned) {
      barcodesCleaned++;
      firstCleaned ??= { line, text: cell('barcode') };
    }
  };

  readRecords(text, ({ fields, line }) => {
    if (columns === null) {
      columns = headerColumns(fields);
      return;
    }
    readRow(fields, line, columns);
    rowCount++;
    if (rowCount % PROGRESS_ROWS === 0) options.onProgress?.({ stage: 'read', rows: rowCount });
  });
  const header = columns;
  if (header === null) {
    throw new CatalogueFileError('The file is empty; expected a Shopify product CSV export.');
  }
  const hasInventoryQuantities = header.index.quantity !== undefined || header.locations.length > 0;

  const products: ParsedProduct[] = [];
  const skippedHandles: string[] = [];
  let skippedProducts = 0;
  for (const { product, productError, variantRows, keyLines, skippedKeys } of drafts.values()) {
    if (productError !== null) {
      skipped.push({ line: product.line, handle: product.handle, reason: productError });
      skippedHandles.push(product.handle);
      skippedProducts++;
      skippedVariants += variantRows;
    } else if (product.variants.length === 0) {
      const reason =
        variantRows === 0
          ? 'no variant: none of its rows has a price, option value or SKU'
          : 'no importable variant: every variant row was skipped';
      skipped.push({ line: product.line, handle: product.handle, reason });
      skippedHandles.push(product.handle);
      skippedProducts++;
    } else {
      product.skippedOptionKeys = [...skippedKeys].filter((key) => !keyLines.has(key));
      addVariantImages(product);
      products.push(product);
    }
  }
  skipped.sort((a, b) => a.line - b.line);

  const warnings: ImportWarning[] = [];
  if (encodingWarning) warnings.push(encodingWarning);
  if (!hasInventoryQuantities) {
    warnings.push({
      code: 'no_inventory_quantities',
      message:
        'The file has no inventory quantity column: quantities unknown; availability will follow the inventory policy.',
    });
  }
  const cleaned = firstCleaned;
  if (cleaned !== null) {
    warnings.push({
      code: 'barcode_apostrophe',
      message:
        `Barcodes: ${barcodesCleaned} had a spreadsheet's leading apostrophe (first on line ${cleaned.line}: ${cleaned.text}), removed. ` +
        'Shopify still stores them with it; correct them there too.',
    });
  }
  warnings.push(...sharedSkuWarnings(products));

  return {
    products,
    skipped,
    skippedProducts,
    skippedHandles,
    skippedVariants,
    warnings,
    hasInventoryQuantities,
    rowCount,
    barcodesCleaned,
  };
}

/**
 * Where each field sits in the header `fields`.
 * @throws CatalogueFileError when it lacks a handle, title or price column
 */
function headerColumns(fields: readonly string[]): Columns {
  const missing = REQUIRED_COLUMNS.filter((names) =>
    names.every((name) => !fields.some((column) => normalise(column) === normalise(name))),
  ).map((names) => names.join(' or '));
  if (missing.length > 0) {
    throw new CatalogueFileError(
      `The file does not look like a Shopify product CSV export: its header has no ${missing.join(', no ')} column. ` +
        'Export the products from Shopify (Products → Export → CSV for Excel, Numbers, or other spreadsheet programs) and import that file.',
    );
  }
  return findColumns(fields);
}

type Cell = (field: Field) => string;
type CellAt = (index: number | undefined) => string;

function newDraft(handle: string, line: number, cell: Cell, cellAt: CellAt, columns: Columns): Draft {
  const statusText = cell('status');
  const status = statusText === '' ? 'active' : statusText.toLowerCase();
  const googleShopping: Record<string, string> = {};
  for (const { index, key } of columns.googleShopping) {
    const value = cellAt(index);
    if (value !== '') googleShopping[key] = value;
  }
  const product: ParsedProduct = {
    line,
    handle,
    name: cell('title'),
    // Descriptions keep their inner line breaks and spacing; only the ends are trimmed.
    descriptionHtml: cell('body'),
    vendor: orNull(cell('vendor')),
    productType: cell('type'),
    tags: cell('tags'),
    productCategory: cell('productCategory'),
    googleProductCategory: orNull(cell('googleProductCategory')),
    googleShopping,
    giftCard: cell('giftCard').toLowerCase() === 'true',
    seoTitle: orNull(cell('seoTitle')),
    seoDescription: orNull(cell('seoDescription')),
    status: STATUSES.has(status) ? (status as ProductStatus) : 'active',
    // Shopify publishes a product whose Published cell is blank.
    published: cell('published').toLowerCase() !== 'false',
    option1Name: orNull(cell('option1Name')),
    option2Name: orNull(cell('option2Name')),
    option3Name: orNull(cell('option3Name')),
    variants: [],
    skippedOptionKeys: [],
    images: [],
  };
  const productError = STATUSES.has(status)
    ? null
    : `unknown status '${statusText}' (Shopify's are active, draft, archived and unlisted)`;
  return {
    product,
    productError,
    variantRows: 0,
    keyLines: new Map(),
    skippedKeys: new Set(),
    positions: new Map(),
  };
}

function addImage(product: ParsedProduct, src: string, positionText: string, alt: string | null): void {
  if (product.images.some((image) => image.src === src)) return;
  const position = readInteger(positionText);
  product.images.push({
    src,
    position: position !== null && position > 0 ? position : nextImagePosition(product.images),
    alt,
  });
}

function nextImagePosition(images: readonly ParsedImage[]): number {
  return images.reduce((highest, image) => Math.max(highest, image.position), 0) + 1;
}

/** Variant images join the product's images once, after its own, then all are sorted by position. */
function addVariantImages(product: ParsedProduct): void {
  for (const variant of product.variants) {
    if (variant.imageSrc === null || product.images.some((image) => image.src === variant.imageSrc)) continue;
    product.images.push({ src: variant.imageSrc, position: nextImagePosition(product.images), alt: null });
  }
  product.images.sort((a, b) => a.position - b.position);
}

/** The row's variant, or why the row cannot be one (the skip reason). */
function readVariant(
  cell: Cell,
  cellAt: CellAt,
  columns: Columns,
  line: number,
  position: number,
): ParsedVariant | string {
  const priceText = cell('price');
  if (priceText === '') return 'no price';
  const price = readMoney(priceText);
  if (price === 'format')
    return `price '${priceText}' is not a price (write it as 9.99: digits, a point, two decimals)`;
  if (price === 'range') return `price ${priceText} out of range (at most 21474836.47)`;
  const compareAtText = cell('compareAt');
  const compareAt = compareAtText === '' ? null : readMoney(compareAtText);
  if (compareAt === 'format') return `compare-at price '${compareAtText}' is not a price (write it as 9.99)`;
  if (compareAt === 'range') return `compare-at price ${compareAtText} out of range (at most 21474836.47)`;

  const options = [cell('option1Value'), cell('option2Value'), cell('option3Value')];
  return {
    line,
    sku: orNull(cell('sku')),
    option1: orNull(options[0] ?? ''),
    option2: orNull(options[1] ?? ''),
    option3: orNull(options[2] ?? ''),
    optionKey: optionKey(options),
    price,
    compareAtPrice: compareAt,
    barcode: readBarcode(cell('barcode')).barcode,
    position,
    inventoryTracker: orNull(cell('tracker')),
    inventoryPolicy: readPolicy(cell('policy')),
    inventoryQuantity: readQuantity(cell, cellAt, columns),
    grams: readGrams(cell('grams')),
    weightUnit: orNull(cell('weightUnit')),
    imageSrc: orNull(cell('variantImage')),
  };
}

function readPolicy(text: string): InventoryPolicy {
  return CONTINUE_VALUES.has(text.toLowerCase()) ? 'continue' : 'deny';
}

function readQuantity(cell: Cell, cellAt: CellAt, columns: Columns): number | null {
  if (columns.index.quantity !== undefined) return readInteger(cell('quantity'));
  const counts = columns.locations.map((at) => readInteger(cellAt(at))).filter((count) => count !== null);
  if (counts.length === 0) return null;
  const sum = counts.reduce((total, count) => total + count, 0);
  return Math.max(-MAX_MINOR_UNITS, Math.min(MAX_MINOR_UNITS, sum));
}

function describeOptions(variant: ParsedVariant): string {
  const values = [variant.option1, variant.option2, variant.option3].filter((value) => value !== null);
  return values.length === 0 ? 'no option values' : values.join(' / ');
}

/** '2–4, 7' for lines [2, 3, 4, 7]: consecutive lines as ranges. */
function lineRanges(lines: readonly number[]): string {
  const parts: string[] = [];
  let index = 0;
  while (index < lines.length) {
    const first = lines[index] ?? 0;
    let last = first;
    while (lines[index + 1] === last + 1) {
      last++;
      index++;
    }
    parts.push(last === first ? `${first}` : `${first}–${last}`);
    index++;
  }
  return parts.join(', ');
}

/** One warning per SKU (compared case-insensitively) that several kept variants carry. */
function sharedSkuWarnings(products: readonly ParsedProduct[]): ImportWarning[] {
  const bySku = new Map<string, { sku: string; uses: { handle: string; line: number }[] }>();
  for (const product of products) {
    for (const variant of product.variants) {
      if (variant.sku === null) continue;
      const key = variant.sku.toLowerCase();
      const entry = bySku.get(key) ?? { sku: variant.sku, uses: [] };
      entry.uses.push({ handle: product.handle, line: variant.line });
      bySku.set(key, entry);
    }
  }
  const warnings: ImportWarning[] = [];
  for (const { sku, uses } of bySku.values()) {
    if (uses.length < 2) continue;
    const handles = [...new Set(uses.map((use) => use.handle))].map((handle) => {
      const lines = uses.filter((use) => use.handle === handle).map((use) => use.line);
      return `${handle} (line${lines.length > 1 ? 's' : ''} ${lineRanges(lines)})`;
    });
    warnings.push({
      code: 'shared_sku',
      message: `SKU ${sku} is shared by ${uses.length} variants: ${handles.join(', ')}. Each is kept as its own variant.`,
    });
  }
  return warnings;
}
