/**
 * The dashboard lists' order values (issue 30): read, written, the next one of a header press, and
 * what a list sends for a hand-edited one.
 */
import { describe, expect, it } from 'vitest';
import { ORDER_SORT_COLUMNS, knownListSort, listSortText, nextListSort, parseListSort } from './dashboard';

describe('list sort values', () => {
  it("reads a column, '-' first for descending, '' as the default; nothing else", () => {
    expect(parseListSort(ORDER_SORT_COLUMNS, 'id')).toEqual({ column: 'id', descending: false });
    expect(parseListSort(ORDER_SORT_COLUMNS, '-date')).toEqual({ column: 'date', descending: true });
    expect(parseListSort(ORDER_SORT_COLUMNS, '')).toBeNull();
    for (const bad of ['total', '--date', 'DATE', ' id', '-'])
      expect(parseListSort(ORDER_SORT_COLUMNS, bad), bad).toBeUndefined();
    expect(listSortText({ column: 'customer_name', descending: true })).toBe('-customer_name');
    expect(listSortText(null)).toBe('');
  });

  it('turns a pressed column ascending first, then descending, then ascending again', () => {
    expect(nextListSort(ORDER_SORT_COLUMNS, '', 'date')).toBe('date');
    expect(nextListSort(ORDER_SORT_COLUMNS, 'date', 'date')).toBe('-date');
    expect(nextListSort(ORDER_SORT_COLUMNS, '-date', 'date')).toBe('date');
    expect(nextListSort(ORDER_SORT_COLUMNS, '-date', 'id')).toBe('id');
    expect(nextListSort(ORDER_SORT_COLUMNS, 'nonsense', 'id')).toBe('id');
  });

  it('sends a known order as it is and an unknown one as the default', () => {
    expect(knownListSort(ORDER_SORT_COLUMNS, '-number_of_items')).toBe('-number_of_items');
    expect(knownListSort(ORDER_SORT_COLUMNS, 'amount')).toBe('');
  });
});
