/**
 * Which page items the pagination control shows (spec §2 "Reusable pagination control", §9
 * "Pagination shows 2 pages each side"): the first and last page always, the current page with
 * `PAGINATION_SIBLINGS` pages on each side, and an ellipsis for every gap. A gap of a single page shows
 * that page instead, since an ellipsis standing for one page hides nothing and takes the same room.
 */

/** Pages shown on each side of the current page (spec §9). */
export const PAGINATION_SIBLINGS = 2;

/** One item of the control: a page button, or an ellipsis before or after the current page. */
export type PaginationItem =
  { type: 'page'; page: number; current: boolean } | { type: 'ellipsis'; position: 'before' | 'after' };

/**
 * The items for `currentPage` of `totalPages` (both 1-based; a current page outside 1..totalPages is
 * clamped into it). Returns [] when there are no pages. Pure.
 */
export function paginationItems(currentPage: number, totalPages: number): PaginationItem[] {
  const total = Math.max(0, Math.floor(totalPages));
  if (total === 0) return [];
  const current = Math.min(Math.max(1, Math.floor(currentPage)), total);
  const shown = new Set<number>([1, total]);
  const from = Math.max(1, current - PAGINATION_SIBLINGS);
  const to = Math.min(total, current + PAGINATION_SIBLINGS);
  for (let page = from; page <= to; page += 1) shown.add(page);
  const pages = [...shown].sort((a, b) => a - b);

  const items: PaginationItem[] = [];
  let previous = 0;
  for (const page of pages) {
    if (page - previous === 2) {
      items.push({ type: 'page', page: page - 1, current: false });
    } else if (page - previous > 2) {
      items.push({ type: 'ellipsis', position: page < current ? 'before' : 'after' });
    }
    items.push({ type: 'page', page, current: page === current });
    previous = page;
  }
  return items;
}
