/**
 * One sync of a customer's store (issue 29): the connection checked again, then every product of the
 * customer's feeds looked up by handle (HANDLES_PER_QUERY at a time, the products connection paged
 * with cursors), each found product's variants read to the end (VARIANTS_PAGE_SIZE a page after the
 * first FIRST_VARIANTS), matched to ours by option values (variant-match.ts) and stored as the
 * customer's mapping, replacing the last one. The caller holds the lease (sync-lease.ts).
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/open';
import {
  feedProducts,
  feeds,
  products,
  productVariants,
  shopifyProducts,
  shopifyVariants,
} from '../db/schema';
import {
  ESTIMATED_COST,
  FIRST_VARIANTS,
  HANDLES_PER_QUERY,
  handleSearch,
  PRODUCT_VARIANTS_QUERY,
  ProductsByHandleData,
  PRODUCTS_BY_HANDLE_QUERY,
  ProductVariantsData,
  VARIANTS_PAGE_SIZE,
} from './queries';
import type { VariantPage } from './queries';
import { ShopifyCallError } from './store-client';
import type { StoreSession } from './store-session';
import { matchVariants, ourOptionPairs } from './variant-match';

/** Rows written per insert (well under PostgreSQL's 65,535 bound parameters). */
const INSERT_CHUNK = 1000;

/** A store product as the sync reads it: its GID, whether published, every variant. */
interface StoreProduct {
  id: string;
  published: boolean;
  variants: VariantPage['nodes'];
}

/** Every variant of a product whose first page came with it, paging on by cursor. */
async function allVariants(
  session: StoreSession,
  productId: string,
  first: VariantPage,
): Promise<VariantPage['nodes']> {
  const variants = [...first.nodes];
  let page = first.pageInfo;
  while (page.hasNextPage) {
    const data = await session.query(
      PRODUCT_VARIANTS_QUERY,
      { id: productId, first: VARIANTS_PAGE_SIZE, after: page.endCursor },
      ProductVariantsData,
      ESTIMATED_COST.variantsPage,
    );
    // Deleted between two pages: what was read is what the store has.
    if (data.product === null) break;
    variants.push(...data.product.variants.nodes);
    page = data.product.variants.pageInfo;
  }
  return variants;
}

/**
 * The store's products of `handles`, by handle (lower-cased, as Shopify keeps handles). Search
 * matches loosely, so only exact handles count. `onBatch` runs after each batch (the lease's renewal).
 */
async function storeProducts(
  session: StoreSession,
  handles: readonly string[],
  onBatch: () => Promise<void>,
): Promise<Map<string, StoreProduct>> {
  const found = new Map<string, StoreProduct>();
  const wanted = new Set(handles.map((handle) => handle.toLowerCase()));
  for (let start = 0; start < handles.length; start += HANDLES_PER_QUERY) {
    const batch = handles.slice(start, start + HANDLES_PER_QUERY);
    let after: string | null = null;
    do {
      const data: ProductsByHandleData = await session.query(
        PRODUCTS_BY_HANDLE_QUERY,
        { query: handleSearch(batch), first: HANDLES_PER_QUERY, after, variantsFirst: FIRST_VARIANTS },
        ProductsByHandleData,
        ESTIMATED_COST.productsByHandle,
      );
      for (const node of data.products.nodes) {
        const handle = node.handle.toLowerCase();
        if (!wanted.has(handle) || found.has(handle)) continue;
        found.set(handle, {
          id: node.id,
          published: node.onlineStoreUrl !== null,
          variants: await allVariants(session, node.id, node.variants),
        });
      }
      after = data.products.pageInfo.hasNextPage ? data.products.pageInfo.endCursor : null;
    } while (after !== null);
    await onBatch();
  }
  return found;
}

/** What a sync stored, for the log. */
export interface SyncSummary {
  products: number;
  found: number;
  variantsMapped: number;
}

/**
 * Syncs customer `userId`'s mapping through `session`, seen at `now`. Rejects with ShopifyCallError
 * for a failed call (nothing stored then: the last mapping stays), or with `leaseLost` when
 * `renew` says the lease was lost.
 */
export async function syncStore(
  db: Db,
  session: StoreSession,
  userId: number,
  options: { now: () => Date; renew: () => Promise<boolean> },
): Promise<SyncSummary> {
  const productRows = await db
    .selectDistinct({
      id: products.id,
      handle: products.handle,
      option1Name: products.option1_name,
      option2Name: products.option2_name,
      option3Name: products.option3_name,
    })
    .from(feedProducts)
    .innerJoin(feeds, eq(feeds.id, feedProducts.feed_id))
    .innerJoin(products, eq(products.id, feedProducts.product_id))
    .where(eq(feeds.user_id, userId))
    .orderBy(asc(products.id));
  const variantRows =
    productRows.length === 0
      ? []
      : await db
          .select({
            id: productVariants.id,
            productId: productVariants.product_id,
            option1: productVariants.option1,
            option2: productVariants.option2,
            option3: productVariants.option3,
          })
          .from(productVariants)
          .where(
            and(
              inArray(
                productVariants.product_id,
                productRows.map((row) => row.id),
              ),
              eq(productVariants.archived, false),
            ),
          );
  const store = await storeProducts(
    session,
    productRows.map((row) => row.handle),
    async () => {
      if (!(await options.renew())) throw leaseLost();
    },
  );

  const seenAt = options.now();
  const productValues = productRows.map((row) => {
    const found = store.get(row.handle.toLowerCase());
    return {
      user_id: userId,
      product_id: row.id,
      found: found !== undefined,
      published: found?.published ?? false,
      seen_at: seenAt,
    };
  });
  const variantValues = productRows.flatMap((row) => {
    const found = store.get(row.handle.toLowerCase());
    if (!found) return [];
    const names = [row.option1Name, row.option2Name, row.option3Name];
    const ours = variantRows
      .filter((variant) => variant.productId === row.id)
      .map((variant) => ({
        id: variant.id,
        options: ourOptionPairs(names, [variant.option1, variant.option2, variant.option3]),
      }));
    const matches = matchVariants(
      ours,
      found.variants.map((variant) => ({ id: variant.id, options: variant.selectedOptions })),
    );
    return [...matches].map(([variantId, storeVariantId]) => ({
      user_id: userId,
      variant_id: variantId,
      shopify_variant_id: storeVariantId,
      shopify_product_id: found.id,
      published: found.published,
      seen_at: seenAt,
    }));
  });
  await db.transaction(async (tx) => {
    await tx.delete(shopifyVariants).where(eq(shopifyVariants.user_id, userId));
    await tx.delete(shopifyProducts).where(eq(shopifyProducts.user_id, userId));
    for (let i = 0; i < productValues.length; i += INSERT_CHUNK)
      await tx.insert(shopifyProducts).values(productValues.slice(i, i + INSERT_CHUNK));
    for (let i = 0; i < variantValues.length; i += INSERT_CHUNK)
      await tx.insert(shopifyVariants).values(variantValues.slice(i, i + INSERT_CHUNK));
  });
  return { products: productRows.length, found: store.size, variantsMapped: variantValues.length };
}

/** The failure of a run whose lease lapsed and was taken by another: that run's result stands. */
function leaseLost(): ShopifyCallError {
  return new ShopifyCallError({
    code: 'unreachable',
    message: 'The sync took longer than its lease and another run took over',
    retry_after_seconds: null,
  });
}
