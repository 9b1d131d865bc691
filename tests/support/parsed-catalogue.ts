/**
 * Views of a parsed catalogue (`server/catalogue/parsed-catalogue.ts`) that the catalogue reader's
 * tests compare (shopify-csv.test.ts, csv-records.test.ts).
 */
import type { ParsedCatalogue } from '../../server/catalogue/parsed-catalogue';

/** Counts, skip lines and warnings of `parsed`, the shape most assertions compare. */
export function outline(parsed: ParsedCatalogue) {
  return {
    products: parsed.products.length,
    variants: parsed.products.reduce((total, product) => total + product.variants.length, 0),
    skippedProducts: parsed.skippedProducts,
    skippedVariants: parsed.skippedVariants,
    rowCount: parsed.rowCount,
    skipped: parsed.skipped.map((skip) => `${skip.line} ${skip.handle}: ${skip.reason}`),
    warnings: parsed.warnings.map((warning) => `${warning.code}: ${warning.message}`),
  };
}

/** Every variant of `parsed` with its product's handle, in file order. */
export function variantsOf(parsed: ParsedCatalogue) {
  return parsed.products.flatMap((product) =>
    product.variants.map((variant) => ({ handle: product.handle, ...variant })),
  );
}
