/**
 * The GraphQL Admin API operations the product sends to a customer's store (issue 29), with
 * valibot schemas of their answers. Each field is Shopify's own (shopify.dev/docs/api/admin-graphql):
 * - `shop { name }`: QueryRoot.shop (…/latest/queries/shop), Shop.name;
 * - `currentAppInstallation { accessScopes { handle } }`: QueryRoot.currentAppInstallation
 *   (…/latest/queries/currentAppInstallation), AppInstallation.accessScopes, AccessScope.handle;
 * - `products(first:, after:, query: "handle:a OR handle:b")`: QueryRoot.products
 *   (…/latest/queries/products; search syntax shopify.dev/docs/api/usage/search-syntax), a
 *   ProductConnection with `nodes` and `pageInfo { hasNextPage endCursor }`
 *   (shopify.dev/docs/api/usage/pagination-graphql);
 * - Product.handle, Product.onlineStoreUrl (…/latest/objects/Product: null when the product is not
 *   published on the Online Store), Product.variants (a ProductVariantConnection, `first` at most 250);
 * - ProductVariant.selectedOptions { name value } (…/latest/objects/ProductVariant, SelectedOption);
 * - `product(id:)`: QueryRoot.product (…/latest/queries/product), for a product's further variant pages.
 */
import * as v from 'valibot';

/** The shop's name and the key's access scopes: the connection check. */
export const CONNECTION_QUERY = `query ShopConnection {
  shop { name }
  currentAppInstallation { accessScopes { handle } }
}`;

export const ConnectionData = v.object({
  shop: v.object({ name: v.string() }),
  currentAppInstallation: v.object({ accessScopes: v.array(v.object({ handle: v.string() })) }),
});
export type ConnectionData = v.InferOutput<typeof ConnectionData>;

/** The scope a sync needs: reading products (shopify.dev/docs/api/usage/access-scopes). */
export const REQUIRED_SCOPE = 'read_products';

/** Handles asked for in one products query. */
export const HANDLES_PER_QUERY = 10;
/**
 * Variants read with each product in the products query. Shopify counts an object 1 point and a
 * connection 2 plus its objects (docs/api/usage/limits, "Cost calculation"), and refuses a query over
 * 1,000 points: a product with FIRST_VARIANTS variants of one `selectedOptions` each costs
 * 4 + 2 × FIRST_VARIANTS, so ten of them some 540 points. The rest of a longer product's variants
 * come VARIANTS_PAGE_SIZE at a time (some 504 points a page).
 */
export const FIRST_VARIANTS = 25;
/** Variants per further page: Shopify's most for `first`. */
export const VARIANTS_PAGE_SIZE = 250;

const VariantPage = v.object({
  nodes: v.array(
    v.object({
      id: v.string(),
      selectedOptions: v.array(v.object({ name: v.string(), value: v.string() })),
    }),
  ),
  pageInfo: v.object({ hasNextPage: v.boolean(), endCursor: v.nullable(v.string()) }),
});
export type VariantPage = v.InferOutput<typeof VariantPage>;

const VARIANT_FIELDS = `nodes { id selectedOptions { name value } }
      pageInfo { hasNextPage endCursor }`;

/** Products by handle, with their first variants. Variables: query, first, after, variantsFirst. */
export const PRODUCTS_BY_HANDLE_QUERY = `query ProductsByHandle($query: String!, $first: Int!, $after: String, $variantsFirst: Int!) {
  products(first: $first, after: $after, query: $query) {
    nodes {
      id
      handle
      onlineStoreUrl
      variants(first: $variantsFirst) {
      ${VARIANT_FIELDS}
      }
    }
    pageInfo { hasNextPage endCursor }
  }
}`;

export const ProductsByHandleData = v.object({
  products: v.object({
    nodes: v.array(
      v.object({
        id: v.string(),
        handle: v.string(),
        onlineStoreUrl: v.nullable(v.string()),
        variants: VariantPage,
      }),
    ),
    pageInfo: v.object({ hasNextPage: v.boolean(), endCursor: v.nullable(v.string()) }),
  }),
});
export type ProductsByHandleData = v.InferOutput<typeof ProductsByHandleData>;

/** A product's variants after a cursor. Variables: id, first, after. */
export const PRODUCT_VARIANTS_QUERY = `query ProductVariantsPage($id: ID!, $first: Int!, $after: String) {
  product(id: $id) {
    variants(first: $first, after: $after) {
      ${VARIANT_FIELDS}
    }
  }
}`;

export const ProductVariantsData = v.object({ product: v.nullable(v.object({ variants: VariantPage })) });

/** Points a query is expected to cost before Shopify says (its first answer tells the real cost). */
export const ESTIMATED_COST = {
  connection: 3,
  productsByHandle: HANDLES_PER_QUERY * (4 + 2 * FIRST_VARIANTS) + 3,
  variantsPage: 2 * VARIANTS_PAGE_SIZE + 4,
} as const;

/**
 * The search query of `handles`: `handle:a OR handle:b`. A handle other than letters, digits, `-` and
 * `_` is quoted (with `\` and `"` escaped) so it stays one term (search syntax: quoting values).
 */
export function handleSearch(handles: readonly string[]): string {
  return handles
    .map((handle) =>
      /^[\p{L}\p{N}_-]+$/u.test(handle) ? `handle:${handle}` : `handle:"${handle.replace(/[\\"]/g, '\\$&')}"`,
    )
    .join(' OR ');
}
