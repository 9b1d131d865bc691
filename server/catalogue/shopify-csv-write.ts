/**
 * Writes Shopify's classic product CSV export (issue 11): what the demo seed, the benches and the
 * catalogue tests import through the same reader as a merchant's file (shopify-csv.ts).
 */

/**
 * Shopify's classic product export columns, in Shopify's order (what `toShopifyCsv` writes). The
 * parser reads every one it needs from this header; the others are accepted and ignored.
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
  'Google Shopping / Google Product Category',
  'Google Shopping / Gender',
  'Google Shopping / Age Group',
  'Google Shopping / MPN',
  'Google Shopping / Condition',
  'Google Shopping / Custom Product',
  'Google Shopping / Custom Label 0',
  'Google Shopping / Custom Label 1',
  'Google Shopping / Custom Label 2',
  'Google Shopping / Custom Label 3',
  'Google Shopping / Custom Label 4',
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
 * Writes rows as Shopify writes its classic export: the SHOPIFY_COLUMNS header, fields quoted only
 * when they hold a comma, quote or line break (quotes doubled), lines ending in \n.
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
