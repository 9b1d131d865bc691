/**
 * Reads a Shopify product CSV export as Shopify writes it (issue 4, "Catalogue"; ARCHITECTURE.md §4,
 * "Catalogue source"): one header row of Shopify's standard columns (unknown columns ignored), then
 * products spread over several rows that share the Handle — the first row carries the product
 * (Title, Body (HTML), Vendor, ...) and its first variant, later rows add variants and images.
 * Pure: no database, so a malformed file is rejected before anything is written.
 */
import { parse } from 'csv-parse/sync';
import { CsvError } from 'csv-parse/sync';

/** Columns without which a file is not a Shopify product export. */
export const REQUIRED_COLUMNS = ['Handle', 'Title', 'Vendor', 'Variant SKU', 'Variant Price'] as const;

/** The file cannot be imported at all (not CSV, wrong header); nothing was written. */
export class CatalogueFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CatalogueFileError';
  }
}

/** A row (or a product) left out of the import: the file's line number (header = 1) and why. */
export interface ImportSkip {
  line: number;
  handle: string;
  reason: string;
}

export interface ParsedVariant {
  line: number;
  sku: string;
  /** Minor units (pence), from the export's major units. */
  price: number;
  barcode: string | null;
  option1: string | null;
  option2: string | null;
  option3: string | null;
  /** 1-based order of the variant within its product, as listed in the file. */
  position: number;
  /** Variant Inventory Qty when the export has it, else 0. */
  inventoryQuantity: number;
}

export interface ParsedImage {
  src: string;
  position: number;
  alt: string | null;
}

export interface ParsedProduct {
  /** Line of the product's first row. */
  line: number;
  handle: string;
  name: string;
  descriptionHtml: string;
  /** The Vendor column; null when blank. */
  vendor: string | null;
  productType: string;
  tags: string;
  /** Shopify's Status column (active, draft, archived); 'active' when the export has none. */
  status: string;
  published: boolean;
  variants: ParsedVariant[];
  /** Sorted by position. */
  images: ParsedImage[];
}

export interface ParsedCatalogue {
  products: ParsedProduct[];
  /** Every row or product left out, by line. */
  skipped: ImportSkip[];
  /** How many products were left out as a whole. */
  skippedProducts: number;
}

type Row = (column: string) => string;

const PRICE_PATTERN = /^\d+(\.\d{1,2})?$/;
const STATUSES = new Set(['active', 'draft', 'archived']);

/**
 * Shopify's standard product export columns, in Shopify's order (what `toShopifyCsv` writes).
 * Only some are read on import; the others are accepted and ignored.
 */
export const SHOPIFY_COLUMNS = [
  'Handle',
  'Title',
  'Body (HTML)',
  'Vendor',
  'Product Category',
  'Type',
  'Tags',
  'Published',
  'Option1 Name',
  'Option1 Value',
  'Option2 Name',
  'Option2 Value',
  'Option3 Name',
  'Option3 Value',
  'Variant SKU',
  'Variant Grams',
  'Variant Inventory Tracker',
  'Variant Inventory Qty',
  'Variant Inventory Policy',
  'Variant Fulfillment Service',
  'Variant Price',
  'Variant Compare At Price',
  'Variant Requires Shipping',
  'Variant Taxable',
  'Variant Barcode',
  'Image Src',
  'Image Position',
  'Image Alt Text',
  'Gift Card',
  'SEO Title',
  'SEO Description',
  'Variant Image',
  'Variant Weight Unit',
  'Variant Tax Code',
  'Cost per item',
  'Status',
] as const;
export type ShopifyColumn = (typeof SHOPIFY_COLUMNS)[number];

/** One export row; absent columns are written empty. */
export type ShopifyRow = Partial<Record<ShopifyColumn, string>>;

function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/**
 * Writes rows as Shopify writes its export: the SHOPIFY_COLUMNS header, fields quoted only when
 * they hold a comma, quote or newline (quotes doubled), lines ending in \n.
 */
export function toShopifyCsv(rows: readonly ShopifyRow[]): string {
  const lines = [SHOPIFY_COLUMNS.join(',')];
  for (const row of rows) lines.push(SHOPIFY_COLUMNS.map((column) => csvField(row[column] ?? '')).join(','));
  return lines.join('\n') + '\n';
}

/** Minor units (pence) to the export's major-unit text: 1499 → '14.99', 2200 → '22.00'. */
export function formatPrice(minor: number): string {
  return `${Math.floor(minor / 100)}.${String(minor % 100).padStart(2, '0')}`;
}

/** Major-unit price text ('12.5', '12.50', '12') to minor units, or null when it is not one. */
export function parsePrice(text: string): number | null {
  const trimmed = text.trim();
  if (!PRICE_PATTERN.test(trimmed)) return null;
  const [whole = '0', fraction = ''] = trimmed.split('.');
  const pence = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return Number.isSafeInteger(pence) ? pence : null;
}

function newlines(fields: string[]): number {
  let count = 0;
  for (const field of fields) for (const char of field) if (char === '\n') count++;
  return count;
}

function orNull(text: string): string | null {
  return text === '' ? null : text;
}

function readRecords(text: string): { fields: string[]; line: number }[] {
  try {
    const records = parse(text, {
      bom: true,
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
    }) as unknown as { record: string[]; info: { lines: number } }[];
    // `info.lines` is the record's last line; quoted newlines inside it give its first.
    return records.map(({ record, info }) => ({ fields: record, line: info.lines - newlines(record) }));
  } catch (error) {
    if (error instanceof CsvError) {
      throw new CatalogueFileError(`The file is not valid CSV: ${error.message}`);
    }
    throw error;
  }
}

/**
 * Parses the export's text into products. Rows whose variant cannot be imported (missing SKU,
 * bad price, SKU already used by an earlier row) are listed in `skipped` with their line; a product
 * left with no importable variant, or whose first row has no Title, is skipped as a whole.
 * @throws CatalogueFileError when the text is not CSV or the header lacks a REQUIRED_COLUMNS entry
 */
export function parseShopifyCsv(text: string): ParsedCatalogue {
  const [header, ...records] = readRecords(text);
  if (!header) throw new CatalogueFileError('The file is empty; expected a Shopify product CSV export.');
  const columns = new Map(header.fields.map((name, index) => [name.trim(), index]));
  const missing = REQUIRED_COLUMNS.filter((name) => !columns.has(name));
  if (missing.length > 0) {
    throw new CatalogueFileError(
      `The file is not a Shopify product CSV export: the header lacks ${missing.join(', ')}.`,
    );
  }

  const byHandle = new Map<string, ParsedProduct>();
  const skipped: ImportSkip[] = [];
  const skuLines = new Map<string, number>();
  const productErrors = new Map<string, ImportSkip>();

  for (const { fields, line } of records) {
    const cell: Row = (column) => {
      const index = columns.get(column);
      return index === undefined ? '' : (fields[index] ?? '').trim();
    };
    const handle = cell('Handle');
    if (handle === '') {
      skipped.push({ line, handle, reason: 'missing Handle' });
      continue;
    }

    let product = byHandle.get(handle);
    if (!product) {
      const status = cell('Status').toLowerCase();
      product = {
        line,
        handle,
        name: cell('Title'),
        // Bodies keep their inner whitespace; only the cell read trims the ends.
        descriptionHtml: cell('Body (HTML)'),
        vendor: orNull(cell('Vendor')),
        productType: cell('Type'),
        tags: cell('Tags'),
        status: STATUSES.has(status) ? status : 'active',
        published: cell('Published').toLowerCase() !== 'false',
        variants: [],
        images: [],
      };
      byHandle.set(handle, product);
      if (product.name === '') productErrors.set(handle, { line, handle, reason: 'missing Title' });
    }

    const imageSrc = cell('Image Src');
    if (imageSrc !== '') {
      const position = Number.parseInt(cell('Image Position'), 10);
      product.images.push({
        src: imageSrc,
        position: Number.isFinite(position) && position > 0 ? position : product.images.length + 1,
        alt: orNull(cell('Image Alt Text')),
      });
    }

    const sku = cell('Variant SKU');
    const priceText = cell('Variant Price');
    const isVariantRow = sku !== '' || priceText !== '' || cell('Option1 Value') !== '';
    if (!isVariantRow) continue;
    if (sku === '') {
      skipped.push({ line, handle, reason: 'missing SKU' });
      continue;
    }
    const price = parsePrice(priceText);
    if (price === null) {
      skipped.push({ line, handle, reason: `bad price '${priceText}'` });
      continue;
    }
    const firstLine = skuLines.get(sku.toLowerCase());
    if (firstLine !== undefined) {
      skipped.push({ line, handle, reason: `duplicate SKU ${sku} (first on line ${firstLine})` });
      continue;
    }
    skuLines.set(sku.toLowerCase(), line);
    const quantity = Number.parseInt(cell('Variant Inventory Qty'), 10);
    product.variants.push({
      line,
      sku,
      price,
      barcode: orNull(cell('Variant Barcode')),
      option1: orNull(cell('Option1 Value')),
      option2: orNull(cell('Option2 Value')),
      option3: orNull(cell('Option3 Value')),
      position: product.variants.length + 1,
      inventoryQuantity: Number.isFinite(quantity) ? quantity : 0,
    });
  }

  const products: ParsedProduct[] = [];
  let skippedProducts = 0;
  for (const product of byHandle.values()) {
    const error = productErrors.get(product.handle);
    if (error) {
      skipped.push(error);
      skippedProducts++;
    } else if (product.variants.length === 0) {
      skipped.push({ line: product.line, handle: product.handle, reason: 'no importable variant' });
      skippedProducts++;
    } else {
      product.images.sort((a, b) => a.position - b.position);
      products.push(product);
    }
  }
  skipped.sort((a, b) => a.line - b.line);
  return { products, skipped, skippedProducts };
}
