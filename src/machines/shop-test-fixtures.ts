/**
 * Test fixtures for the feed editor's chart and its selection logic: shop products and variants in the
 * wire shape (`src/api/schemas/shop.ts`), with every field the tests do not care about at a neutral
 * value. Test-only; no production module imports it.
 */
import type { ShopProduct, ShopVariant } from '@/api/schemas/shop';

/** A variant `id` with `sku`, priced 1000 + id minor units, in stock, not excluded. */
export function variant(id: number, sku: string | null, overrides: Partial<ShopVariant> = {}): ShopVariant {
  return {
    id,
    sku,
    option1: null,
    option2: null,
    option3: null,
    price: 1000 + id,
    compare_at_price: null,
    availability: 'in_stock',
    barcode: null,
    exclusion: null,
    ...overrides,
  };
}

/** An active product `id` of brand `brandId` with one variant (`id * 10`) carrying `sku`. */
export function product(
  id: number,
  brandId: number | null,
  sku: string | null,
  name = `Product ${id}`,
  overrides: Partial<ShopProduct> = {},
): ShopProduct {
  const first = variant(id * 10, sku);
  return {
    id,
    name,
    brand: brandId === null ? null : { id: brandId },
    status: 'active',
    exclusion: null,
    option_names: [],
    variant: first,
    variants: [first],
    assets: [],
    ...overrides,
  };
}

/** `base` with these variants (the first becomes `variant`). */
export function withVariants(base: ShopProduct, variants: ShopVariant[]): ShopProduct {
  const [first] = variants;
  if (!first) throw new Error('a product has at least one variant');
  return { ...base, variant: first, variants };
}

/** `base` in a non-active status, excluded for it as the server does. */
export function withStatus(base: ShopProduct, status: 'draft' | 'archived' | 'unlisted'): ShopProduct {
  return { ...base, status, exclusion: `status_${status}` };
}
