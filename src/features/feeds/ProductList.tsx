/**
 * The feed editor's product list (spec §2 "Feed editor"; issue 11): one row per filtered product
 * with its checkbox, primary thumbnail (thumbnail_50), name, its Shopify status when not active,
 * its variants' SKUs and count, their price range in € (price / 100, 2 decimals), and why it is
 * not delivered by this feed (issue 26: a product not on the online store only while the feed leaves
 * such products out). A product that cannot be added has its checkbox disabled unless it is selected
 * (a feed that holds one may remove it). Virtualised with @tanstack/react-virtual, so only the
 * visible rows exist in the page whatever the catalogue size.
 */
import { Badge, Box, Checkbox, Text } from '@chakra-ui/react';
import type { SystemStyleObject } from '@chakra-ui/react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useRef } from 'react';
import { formatCataloguePrice } from '@/api/format';
import { EXCLUSION_TEXTS } from '@/api/schemas/shop';
import type { ProductStatus, ShopProduct } from '@/api/schemas/shop';
import { deliveryIn } from '@/machines/feed-selection';
import type { CatalogueIndex, ProductDelivery } from '@/machines/feed-selection';

/** Height of one row in px (a 50 px thumbnail, or three lines of text, plus padding). */
export const PRODUCT_ROW_HEIGHT = 68;
/** Height of the scrolling list in px. */
const LIST_HEIGHT = 480;

/**
 * The lowest and highest variant price in `currency` as '€12.00–€18.00', or one price when all
 * are equal (spec §9: price / 100, 2 decimals).
 */
export function formatPriceRange(product: ShopProduct, currency: string): string {
  let low = product.variant.price;
  let high = low;
  for (const variant of product.variants) {
    low = Math.min(low, variant.price);
    high = Math.max(high, variant.price);
  }
  const [from, to] = [low, high].map((price) => formatCataloguePrice(price, currency));
  return low === high ? `${from}` : `${from}–${to}`;
}

/** '1 variant', '3 variants'. */
export function variantCount(count: number): string {
  return count === 1 ? '1 variant' : `${count} variants`;
}

/** The accessible name of a product's checkbox: its name and default variant's SKU when it has one. */
export function productCheckboxLabel(product: ShopProduct): string {
  return product.variant.sku === null
    ? `Select ${product.name}`
    : `Select ${product.name} (${product.variant.sku})`;
}

/** The SKUs of a product's variants, each once, in variant order; 'No SKU' when none has one. */
export function skuSummary(product: ShopProduct): string {
  const skus = new Set<string>();
  for (const variant of product.variants) if (variant.sku !== null) skus.add(variant.sku);
  return skus.size === 0 ? 'No SKU' : [...skus].join(', ');
}

/**
 * Why a row's product or some of its variants are not delivered, or null when all are; `delivery`
 * as this feed delivers it (`deliveryIn`: issue 26's choice applied).
 */
export function deliveryNotice(product: ShopProduct, delivery: ProductDelivery): string | null {
  if (delivery.reason !== null) return `Not delivered: ${EXCLUSION_TEXTS[delivery.reason]}`;
  if (delivery.excludedVariants > 0) {
    return `${delivery.excludedVariants} of ${product.variants.length} variants not delivered`;
  }
  return null;
}

const STATUS_LABELS: Record<ProductStatus, string> = {
  active: 'Active',
  draft: 'Draft',
  archived: 'Archived',
  unlisted: 'Unlisted',
};

function thumbnailOf(product: ShopProduct): string | null {
  const primary = product.assets.find((asset) => asset.is_primary) ?? product.assets[0];
  return primary?.thumbnails.thumbnail_50 ?? null;
}

/** Class names of a product row's parts, styled once on the list by {@link PRODUCT_ROWS_STYLES}. */
const PART = {
  item: 'pf-product',
  row: 'pf-product__row',
  thumbnail: 'pf-product__thumbnail',
  noThumbnail: 'pf-product__no-thumbnail',
  text: 'pf-product__text',
  line: 'pf-product__line',
  name: 'pf-product__name',
  facts: 'pf-product__facts',
  truncated: 'pf-product__truncated',
  fixed: 'pf-product__fixed',
  notice: 'pf-product__notice',
  price: 'pf-product__price',
} as const;

/**
 * The rows are plain elements styled here once, on the list: the looks of the Chakra components they
 * replace (an `HStack` row of a 50 px `Image`, a `Box` of two `HStack` lines of `Text`, the price).
 * Issue 31: the 16 rows a list first draws were about 200 Chakra components, and resolving their
 * styles was most of the 1.1 s (at 4× CPU) between the catalogue's answer and the first rows; the
 * checkbox and the status badge stay Chakra's.
 */
const PRODUCT_ROWS_STYLES: Record<string, SystemStyleObject> = {
  [`& .${PART.item}`]: { position: 'absolute', top: '0', left: '0', w: 'full' },
  [`& .${PART.row}`]: {
    display: 'flex',
    alignItems: 'center',
    h: `${PRODUCT_ROW_HEIGHT}px`,
    px: '3',
    gap: '3',
    borderBottomWidth: '1px',
  },
  [`& .${PART.thumbnail}`]: { boxSize: '50px', objectFit: 'cover', rounded: 'sm' },
  [`& .${PART.noThumbnail}`]: { boxSize: '50px', bg: 'bg.muted', rounded: 'sm' },
  [`& .${PART.text}`]: { flex: '1', minW: '0' },
  [`& .${PART.line}`]: { display: 'flex', alignItems: 'center', gap: '2', minW: '0' },
  [`& .${PART.facts}`]: { fontSize: 'xs', color: 'fg.muted' },
  [`& .${PART.name}`]: { fontWeight: 'medium' },
  [`& .${PART.truncated}`]: { truncate: true },
  [`& .${PART.fixed}`]: { flexShrink: '0' },
  [`& .${PART.notice}`]: { fontSize: 'xs', color: 'fg.warning' },
  [`& .${PART.price}`]: { fontVariantNumeric: 'tabular-nums' },
};

const ProductRow = memo(function ProductRow({
  product,
  delivery,
  checked,
  currency,
  onToggle,
}: {
  product: ShopProduct;
  delivery: ProductDelivery;
  checked: boolean;
  currency: string;
  onToggle: (productId: number) => void;
}) {
  const thumbnail = thumbnailOf(product);
  const notice = deliveryNotice(product, delivery);
  return (
    <div className={PART.row} data-testid="product-row">
      <Checkbox.Root
        checked={checked}
        disabled={!checked && !delivery.addable}
        onCheckedChange={() => onToggle(product.id)}
      >
        <Checkbox.HiddenInput aria-label={productCheckboxLabel(product)} />
        <Checkbox.Control />
      </Checkbox.Root>
      {thumbnail ? (
        <img src={thumbnail} alt="" className={PART.thumbnail} loading="lazy" />
      ) : (
        <div className={PART.noThumbnail} />
      )}
      <div className={PART.text}>
        <div className={PART.line}>
          <p className={`${PART.name} ${PART.truncated}`}>{product.name}</p>
          {product.status !== 'active' && (
            <Badge size="sm" colorPalette="orange" flexShrink="0">
              {STATUS_LABELS[product.status]}
            </Badge>
          )}
        </div>
        <div className={`${PART.line} ${PART.facts}`}>
          <p className={PART.truncated}>{skuSummary(product)}</p>
          <p className={PART.fixed}>{variantCount(product.variants.length)}</p>
        </div>
        {notice !== null && <p className={`${PART.notice} ${PART.truncated}`}>{notice}</p>}
      </div>
      <p className={`${PART.price} ${PART.fixed}`}>{formatPriceRange(product, currency)}</p>
    </div>
  );
});

/**
 * Props: the filtered ids in order, the catalogue's index, whether the feed delivers products not
 * on the online store (issue 26), the selection and the toggle callback.
 */
export interface ProductListProps {
  ids: readonly number[];
  index: CatalogueIndex;
  includeUnpublished: boolean;
  selected: ReadonlySet<number>;
  /** ISO 4217 code of the catalogue's prices. */
  currency: string;
  onToggle: (productId: number) => void;
}

/** Renders the visible slice of `ids`; an empty list says so. */
export function ProductList({
  ids,
  index,
  includeUnpublished,
  selected,
  currency,
  onToggle,
}: ProductListProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: ids.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => PRODUCT_ROW_HEIGHT,
    overscan: 8,
    // The list's own height, so its first render already draws the rows that show, rather than
    // only the overscan until the scroll element is measured.
    initialRect: { width: 0, height: LIST_HEIGHT },
  });
  if (ids.length === 0) return <Text color="fg.muted">No products found.</Text>;
  return (
    <Box
      ref={scroller}
      h={`${LIST_HEIGHT}px`}
      overflowY="auto"
      borderWidth="1px"
      rounded="md"
      role="list"
      aria-label="Products"
      css={PRODUCT_ROWS_STYLES}
    >
      <Box position="relative" h={`${virtualizer.getTotalSize()}px`}>
        {virtualizer.getVirtualItems().map((item) => {
          const id = ids[item.index] ?? 0;
          const product = index.byId.get(id);
          const facts = deliveryIn(index, id, includeUnpublished);
          if (!product || !facts) return null;
          return (
            <div
              key={id}
              role="listitem"
              className={PART.item}
              style={{ transform: `translateY(${item.start}px)` }}
            >
              <ProductRow
                product={product}
                delivery={facts}
                checked={selected.has(id)}
                currency={currency}
                onToggle={onToggle}
              />
            </div>
          );
        })}
      </Box>
    </Box>
  );
}
