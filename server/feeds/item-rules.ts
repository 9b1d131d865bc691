/**
 * The rules that decide whether a catalogue variant goes out in a feed and as what (issues 11 and
 * 12), shared by the shop API (the feed editor marks what is not delivered) and the feed delivery,
 * so the editor and the feed never disagree.
 */
import type { Availability, ExclusionReason, ProductStatus } from '@/api/schemas/shop';
import type { InventoryPolicy } from '../db/schema';

/** What availability depends on: a variant's inventory fields as imported. */
export interface InventoryFacts {
  /** Null when stock is not tracked. */
  inventoryTracker: string | null;
  inventoryPolicy: InventoryPolicy;
  /** Null when the export carried no quantity (unknown). */
  inventoryQuantity: number | null;
}

/**
 * Shopify's own rule: out of stock only when stock is tracked, selling stops at zero (policy
 * `deny`) and the quantity is known to be ≤ 0. An unknown quantity counts as in stock (the
 * diagnostics say it is unknown) rather than withdrawing a whole store from Google.
 */
export function availabilityOf(variant: InventoryFacts): Availability {
  if (variant.inventoryTracker === null || variant.inventoryPolicy === 'continue') return 'in_stock';
  if (variant.inventoryQuantity === null || variant.inventoryQuantity > 0) return 'in_stock';
  return 'out_of_stock';
}

/** True when availability rests on a quantity the export did not carry. */
export function quantityUnknown(variant: InventoryFacts): boolean {
  return (
    variant.inventoryTracker !== null &&
    variant.inventoryPolicy === 'deny' &&
    variant.inventoryQuantity === null
  );
}

/**
 * Why a whole product is never delivered, or null, in this order: a status other than active
 * (draft, archived, unlisted), a gift card (Google forbids them), an empty title, and last not
 * published on the online store (issue 26: its /products/{handle} page is a 404, and Google checks
 * landing pages) unless the feed includes such products on purpose (`includeUnpublished`). Last, so
 * that `not_published` means the product would be delivered were it published (or included), which
 * the feed editor's catalogue (no feed) relies on.
 */
export function productExclusion(
  product: { status: ProductStatus; giftCard: boolean; name: string; published: boolean },
  feed: { includeUnpublished: boolean } = { includeUnpublished: false },
): ExclusionReason | null {
  if (product.status !== 'active') return `status_${product.status}`;
  if (product.giftCard) return 'gift_card';
  if (product.name.trim() === '') return 'no_title';
  if (!product.published && !feed.includeUnpublished) return 'not_published';
  return null;
}

/**
 * Why one variant of a deliverable product is never delivered, or null: a price of 0, or no image
 * at all (neither its own nor one of the product's). `price` in minor units.
 */
export function variantExclusion(
  variant: { price: number; imageSrc: string | null },
  productHasImage: boolean,
): ExclusionReason | null {
  if (variant.price <= 0) return 'price_zero';
  if (!productHasImage && !variant.imageSrc) return 'no_image';
  return null;
}
