import { describe, expect, it } from 'vitest';
import { chartDayLabel, percentChange, weekTotal } from './figures';

describe('dashboard figures', () => {
  it('computes the change in percent to 1 decimal, null without a previous figure', () => {
    expect(percentChange(150, 100)).toBe(50);
    expect(percentChange(2, 3)).toBe(-33.3);
    expect(percentChange(5, 5)).toBe(0);
    expect(percentChange(5, 0)).toBeNull();
  });

  it('totals the week in pence', () => {
    expect(weekTotal([{ total_price: 0.1 }, { total_price: 0.2 }, { total_price: 1234.56 }])).toBe(1234.86);
  });

  it('labels chart days by weekday and date', () => {
    expect(chartDayLabel('2025-06-02')).toBe('Mon 2');
  });
});
