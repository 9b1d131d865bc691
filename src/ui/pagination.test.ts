import { describe, expect, it } from 'vitest';
import { PAGINATION_SIBLINGS, paginationItems } from './pagination';
import type { PaginationItem } from './pagination';

/** Items as text: pages by number, the current one in brackets, ellipses as '…'. */
function show(items: PaginationItem[]): string {
  return items
    .map((item) => (item.type === 'ellipsis' ? '…' : item.current ? `[${item.page}]` : String(item.page)))
    .join(' ');
}

const row = (current: number, total: number) => show(paginationItems(current, total));

describe('paginationItems', () => {
  it('shows 2 pages on each side (spec §9)', () => {
    expect(PAGINATION_SIBLINGS).toBe(2);
  });

  it('no pages: nothing', () => {
    expect(paginationItems(1, 0)).toEqual([]);
  });

  it('1 page', () => {
    expect(row(1, 1)).toBe('[1]');
  });

  it('2 pages, every position', () => {
    expect([1, 2].map((current) => row(current, 2))).toEqual(['[1] 2', '1 [2]']);
  });

  it('7 pages, every position', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map((current) => row(current, 7))).toEqual([
      '[1] 2 3 … 7',
      '1 [2] 3 4 … 7',
      '1 2 [3] 4 5 6 7',
      '1 2 3 [4] 5 6 7',
      '1 2 3 4 [5] 6 7',
      '1 … 4 5 [6] 7',
      '1 … 5 6 [7]',
    ]);
  });

  it('8 pages, every position', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8].map((current) => row(current, 8))).toEqual([
      '[1] 2 3 … 8',
      '1 [2] 3 4 … 8',
      '1 2 [3] 4 5 … 8',
      '1 2 3 [4] 5 6 7 8',
      '1 2 3 4 [5] 6 7 8',
      '1 … 4 5 [6] 7 8',
      '1 … 5 6 [7] 8',
      '1 … 6 7 [8]',
    ]);
  });

  it('50 pages, the edges and the middle', () => {
    expect(row(1, 50)).toBe('[1] 2 3 … 50');
    expect(row(2, 50)).toBe('1 [2] 3 4 … 50');
    expect(row(3, 50)).toBe('1 2 [3] 4 5 … 50');
    expect(row(4, 50)).toBe('1 2 3 [4] 5 6 … 50');
    expect(row(5, 50)).toBe('1 2 3 4 [5] 6 7 … 50');
    expect(row(6, 50)).toBe('1 … 4 5 [6] 7 8 … 50');
    expect(row(25, 50)).toBe('1 … 23 24 [25] 26 27 … 50');
    expect(row(45, 50)).toBe('1 … 43 44 [45] 46 47 … 50');
    expect(row(46, 50)).toBe('1 … 44 45 [46] 47 48 49 50');
    expect(row(47, 50)).toBe('1 … 45 46 [47] 48 49 50');
    expect(row(48, 50)).toBe('1 … 46 47 [48] 49 50');
    expect(row(49, 50)).toBe('1 … 47 48 [49] 50');
    expect(row(50, 50)).toBe('1 … 48 49 [50]');
  });

  it('50 pages, every position: first, last, current ± 2 shown, ascending, gaps only as ellipses', () => {
    for (let current = 1; current <= 50; current += 1) {
      const items = paginationItems(current, 50);
      const pages = items.flatMap((item) => (item.type === 'page' ? [item.page] : []));
      expect(pages[0]).toBe(1);
      expect(pages.at(-1)).toBe(50);
      for (let page = Math.max(1, current - 2); page <= Math.min(50, current + 2); page += 1) {
        expect(pages).toContain(page);
      }
      expect(items.filter((item) => item.type === 'page' && item.current)).toEqual([
        { type: 'page', page: current, current: true },
      ]);
      // Between two neighbours: consecutive pages, or an ellipsis standing for at least two pages.
      items.forEach((item, index) => {
        if (item.type !== 'page' || index === 0) return;
        const before = items[index - 1]!;
        if (before.type === 'page') expect(item.page).toBe(before.page + 1);
        else {
          const pageBefore = items[index - 2]!;
          expect(pageBefore.type).toBe('page');
          if (pageBefore.type === 'page') expect(item.page - pageBefore.page).toBeGreaterThan(2);
          expect(before.position).toBe(item.page <= current ? 'before' : 'after');
        }
      });
      // Never more than first + last + 5 + 2 ellipses.
      expect(items.length).toBeLessThanOrEqual(9);
    }
  });

  it('clamps a current page outside the range', () => {
    expect(row(0, 5)).toBe('[1] 2 3 4 5');
    expect(row(9, 5)).toBe('1 2 3 4 [5]');
  });
});
