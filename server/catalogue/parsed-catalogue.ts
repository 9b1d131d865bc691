/**
 * What a Shopify product CSV export holds once read (issue 11): the parser (shopify-csv.ts)
 * produces it from the file alone, the importer (import.ts) writes it to the catalogue. Money is
 * in minor units (pence); line numbers are the file's physical lines (header = 1).
 */
import type { ProductStatus } from '@/api/schemas/shop';
import type { InventoryPolicy } from '../db/schema';

/** A row (or a product) left out of the import: the file's line number and why. */
export interface ImportSkip {
  line: number;
  handle: string;
  reason: string;
}

/** Something the merchant should know although nothing was lost. */
export interface ImportWarning {
  code: 'encoding' | 'no_inventory_quantities' | 'barcode_apostrophe' | 'shared_sku' | 'sku_moved';
  /** One line of text, as the summary prints it. */
  message: string;
}

export interface ParsedVariant {
  /** The variant's row. */
  line: number;
  /** Null when the cell is blank. */
  sku: string | null;
  /** Option1/2/3 Value; null when blank. */
  option1: string | null;
  option2: string | null;
  option3: string | null;
  /** optionKey([option1, option2, option3]) (variant-key.ts): the variant's identity in its product. */
  optionKey: string;
  /** Minor units. */
  price: number;
  /** Minor units; null when blank. */
  compareAtPrice: number | null;
  /** Null when blank; without a spreadsheet's leading apostrophe (issue 26). */
  barcode: string | null;
  /**
   * 1-based order of the variant within its product, as listed in the file. A row skipped for a bad
   * value keeps its place, so the variants after it keep theirs while it is left as it was.
   */
  position: number;
  /** 'shopify' or a service name; null when blank (not tracked). */
  inventoryTracker: string | null;
  /** `continue` also from the current export's 'Continue selling when out of stock' = TRUE. */
  inventoryPolicy: InventoryPolicy;
  /** Null when the file has no quantity column or the cell is blank: unknown, not 0. */
  inventoryQuantity: number | null;
  grams: number | null;
  weightUnit: string | null;
  /** The variant's own image URL; null when blank. */
  imageSrc: string | null;
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
  /** The Vendor column, trimmed; null when blank. */
  vendor: string | null;
  productType: string;
  tags: string;
  /** Shopify's Product Category; '' when absent. */
  productCategory: string;
  /** `Google Shopping / Google Product Category`; null when absent. */
  googleProductCategory: string | null;
  /** Every other non-empty `Google Shopping / X` cell, keyed by X as the header spells it. */
  googleShopping: Record<string, string>;
  giftCard: boolean;
  seoTitle: string | null;
  seoDescription: string | null;
  /** 'active' when the export has no Status column. */
  status: ProductStatus;
  published: boolean;
  option1Name: string | null;
  option2Name: string | null;
  option3Name: string | null;
  /** In file order; at least one. */
  variants: ParsedVariant[];
  /**
   * Option keys of the product's rows skipped for a bad value (e.g. an unreadable price) and of no
   * kept variant: the importer leaves the stored variants with these keys as they were, neither
   * updated nor archived (issue 26, "a row skipped for a bad value leaves that variant as it was").
   */
  skippedOptionKeys: string[];
  /** Sorted by position; the product's images, variant images included once. */
  images: ParsedImage[];
}

export interface ParsedCatalogue {
  products: ParsedProduct[];
  /** Every row or product left out, by line. */
  skipped: ImportSkip[];
  /** Products left out as a whole. */
  skippedProducts: number;
  /**
   * Handles of the products left out as a whole (e.g. an unknown status): they are in the file, so
   * a full import must not archive them as absent (issue 26).
   */
  skippedHandles: string[];
  /** Variant rows left out (including those of skipped products). */
  skippedVariants: number;
  /** File-level and SKU warnings (encoding, no inventory quantities, shared SKUs). */
  warnings: ImportWarning[];
  /** Whether the header has an inventory quantity column. */
  hasInventoryQuantities: boolean;
  /** Data rows read (not counting the header or blank lines). */
  rowCount: number;
  /** Kept variants whose barcode lost a spreadsheet's leading apostrophe ('7350177880121). */
  barcodesCleaned: number;
}

/**
 * How far an import has got, for a command to print on large files: `read` every PROGRESS_ROWS
 * data rows parsed, `write` after each batch of products written (`products` of `total`).
 */
export type ImportProgress =
  { stage: 'read'; rows: number } | { stage: 'write'; products: number; total: number };
