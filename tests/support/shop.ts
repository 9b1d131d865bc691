/**
 * Shop products and variants in the wire shape (`src/api/schemas/shop.ts`) for the feed editor's
 * chart, its selection logic and the products cache, with every field the tests do not care about at
 * a neutral value. Moved out of src/machines (issue 28): test data is not product code.
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

/**
 * A real store's catalogue (issue 11): a multi-variant product whose sizes share one SKU with
 * another product, a product without any SKU, drafts and archived products, a gift card, and a
 * product whose only variant is priced 0. Brand 1: 11, 12, 13, 14; brand 2: 15, 16, 17.
 */
export const STORE: ShopProduct[] = [
  withVariants(product(11, 1, null, 'Swim Shorts', { option_names: ['Size'] }), [
    variant(111, 'STYLE-1', { option1: 'S', price: 3000 }),
    variant(112, 'STYLE-1', { option1: 'M', price: 3200 }),
    variant(113, 'SHORTS-L', { option1: 'L', price: 3400, exclusion: 'no_image' }),
  ]),
  product(12, 1, 'STYLE-1', 'Swim Shirt'),
  product(13, 1, null, 'Stoneware Vase'),
  withStatus(product(14, 1, 'DRAFT-1', 'Draft Shorts'), 'draft'),
  withStatus(product(15, 2, 'STYLE-1', 'Archived Style'), 'archived'),
  product(16, 2, 'GIFT-10', 'Gift Card', { exclusion: 'gift_card' }),
  withVariants(product(17, 2, null, 'Free Sample'), [
    variant(171, 'FREE-1', { price: 0, exclusion: 'price_zero' }),
  ]),
];
