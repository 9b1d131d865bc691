/**
 * The feed editor's product list (spec §2 "Feed editor"): one row per filtered product with its
 * checkbox, primary thumbnail (thumbnail_50), name, SKU and price in € (price / 100, 2 decimals).
 * Virtualised with @tanstack/react-virtual, so only the visible rows exist in the page whatever the
 * catalogue size.
 */
import { Box, Checkbox, HStack, Image, Text } from '@chakra-ui/react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useRef } from 'react';
import type { ShopProduct } from '@/api/schemas/shop';

/** Height of one row in px (a 50 px thumbnail plus padding). */
export const PRODUCT_ROW_HEIGHT = 60;
/** Height of the scrolling list in px. */
const LIST_HEIGHT = 480;

const euros = new Intl.NumberFormat('en-GB', {
  style: 'currency',
  currency: 'EUR',
  minimumFractionDigits: 2,
});

/** Spec §9: a feed product price, minor units / 100 with 2 decimals, in €. */
export function formatFeedPrice(price: number): string {
  return euros.format(price / 100);
}

function thumbnailOf(product: ShopProduct): string | null {
  const primary = product.assets.find((asset) => asset.is_primary) ?? product.assets[0];
  return primary?.thumbnails.thumbnail_50 ?? null;
}

const ProductRow = memo(function ProductRow({
  product,
  checked,
  onToggle,
}: {
  product: ShopProduct;
  checked: boolean;
  onToggle: (productId: number) => void;
}) {
  const thumbnail = thumbnailOf(product);
  return (
    <HStack h={`${PRODUCT_ROW_HEIGHT}px`} px="3" gap="3" borderBottomWidth="1px" data-testid="product-row">
      <Checkbox.Root checked={checked} onCheckedChange={() => onToggle(product.id)}>
        <Checkbox.HiddenInput aria-label={`Select ${product.name} (${product.variant.sku})`} />
        <Checkbox.Control />
      </Checkbox.Root>
      {thumbnail ? (
        <Image src={thumbnail} alt="" boxSize="50px" objectFit="cover" rounded="sm" loading="lazy" />
      ) : (
        <Box boxSize="50px" bg="bg.muted" rounded="sm" />
      )}
      <Box flex="1" minW="0">
        <Text truncate fontWeight="medium">
          {product.name}
        </Text>
        <Text fontSize="xs" color="fg.muted">
          {product.variant.sku}
        </Text>
      </Box>
      <Text fontVariantNumeric="tabular-nums">{formatFeedPrice(product.variant.price)}</Text>
    </HStack>
  );
});

/** Props: the filtered ids in order, the catalogue by id, the selection and the toggle callback. */
export interface ProductListProps {
  ids: readonly number[];
  byId: ReadonlyMap<number, ShopProduct>;
  selected: ReadonlySet<number>;
  onToggle: (productId: number) => void;
}

/** Renders the visible slice of `ids`; an empty list says so. */
export function ProductList({ ids, byId, selected, onToggle }: ProductListProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: ids.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => PRODUCT_ROW_HEIGHT,
    overscan: 8,
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
    >
      <Box position="relative" h={`${virtualizer.getTotalSize()}px`}>
        {virtualizer.getVirtualItems().map((item) => {
          const id = ids[item.index] ?? 0;
          const product = byId.get(id);
          if (!product) return null;
          return (
            <Box
              key={id}
              role="listitem"
              position="absolute"
              top="0"
              left="0"
              w="full"
              style={{ transform: `translateY(${item.start}px)` }}
            >
              <ProductRow product={product} checked={selected.has(id)} onToggle={onToggle} />
            </Box>
          );
        })}
      </Box>
    </Box>
  );
}
