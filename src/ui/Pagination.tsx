/**
 * The reusable pagination control (spec §2 "Reusable pagination control"): Previous and Next, the
 * page items of `paginationItems` (first and last always, 2 pages each side of the current one,
 * ellipses for gaps), the current page highlighted and marked `aria-current="page"`. Every control
 * is a native button, so it is reachable with Tab and pressed with Enter or Space.
 */
import { Box, Button, HStack } from '@chakra-ui/react';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { paginationItems } from './pagination';

/** What the control reports: the page asked for (spec §2, "page change reported as an object"). */
export interface PageChange {
  page: number;
}

/** Props of {@link Pagination}. */
export interface PaginationProps {
  /** The page shown, 1-based. */
  currentPage: number;
  totalPages: number;
  /** Called with `{ page }` when another page is asked for; never for the current page. */
  onPageChange: (change: PageChange) => void;
  /** Accessible name of the navigation landmark; default 'Pagination'. */
  label?: string;
}

/**
 * Renders `nav` with Previous, the page buttons and Next; renders nothing when there is at most one
 * page (every list of the spec shows pagination only when total pages exceed 1).
 */
export function Pagination({ currentPage, totalPages, onPageChange, label = 'Pagination' }: PaginationProps) {
  if (totalPages <= 1) return null;
  const items = paginationItems(currentPage, totalPages);
  const go = (page: number) => {
    if (page !== currentPage && page >= 1 && page <= totalPages) onPageChange({ page });
  };
  return (
    <Box as="nav" aria-label={label} py="3">
      <HStack as="ul" gap="1" justify="center" wrap="wrap" listStyleType="none" m="0" p="0">
        <li>
          <Button size="sm" variant="outline" disabled={currentPage <= 1} onClick={() => go(currentPage - 1)}>
            <ChevronLeft aria-hidden />
            Previous
          </Button>
        </li>
        {items.map((item) =>
          item.type === 'ellipsis' ? (
            <Box as="li" key={`ellipsis-${item.position}`} aria-hidden px="1" color="fg.muted">
              …
            </Box>
          ) : (
            <li key={item.page}>
              <Button
                size="sm"
                minW="9"
                colorPalette={item.current ? 'brand' : 'gray'}
                variant={item.current ? 'solid' : 'ghost'}
                aria-label={`Page ${item.page}`}
                aria-current={item.current ? 'page' : undefined}
                onClick={() => go(item.page)}
              >
                {item.page}
              </Button>
            </li>
          ),
        )}
        <li>
          <Button
            size="sm"
            variant="outline"
            disabled={currentPage >= totalPages}
            onClick={() => go(currentPage + 1)}
          >
            Next
            <ChevronRight aria-hidden />
          </Button>
        </li>
      </HStack>
    </Box>
  );
}
