import { describe, expect, it } from 'vitest';
import { csvDateTime, csvMoney } from './dashboard-exports';

describe('CSV cells of the dashboard exports', () => {
  it('writes money as major units with 2 decimals, no symbol', () => {
    expect(csvMoney(123456)).toBe('1234.56');
    expect(csvMoney(5)).toBe('0.05');
    expect(csvMoney(0)).toBe('0.00');
  });

  it("writes instants as London's wall clock, in summer and winter", () => {
    expect(csvDateTime(new Date('2025-06-01T23:30:05Z'))).toBe('2025-06-02 00:30:05');
    expect(csvDateTime(new Date('2025-01-01T23:30:05Z'))).toBe('2025-01-01 23:30:05');
  });
});
