/**
 * Shopify's global ids (GIDs): `gid://shopify/ProductVariant/44012345678901`. A storefront selects a
 * variant by the number alone (`/products/{handle}?variant=44012345678901`). Source: Shopify,
 * "Global IDs in Shopify APIs" (shopify.dev/docs/api/usage/gids).
 */

/** The numeric id at the end of `gid`, or null when it is not a GID of digits. */
export function numericId(gid: string): string | null {
  return /^gid:\/\/shopify\/[A-Za-z]+\/(\d+)(\?.*)?$/.exec(gid)?.[1] ?? null;
}
