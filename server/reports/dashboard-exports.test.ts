import { describe, expect, it } from 'vitest';
import { csvDateTime, csvMoney, exportFilename, spreadsheetSafe } from './dashboard-exports';

describe('CSV cells of the dashboard exports', () => {
  it.each([
    ['=1+1', "'=1+1"],
    ['+44 20 7946 0000', "'+44 20 7946 0000"],
    ['-cmd', "'-cmd"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tTAB', "'\tTAB"],
    ['\rCR', "'\rCR"],
    ['-12.50', '-12.50'],
    ['Payment from Acme', 'Payment from Acme'],
    ['a=b', 'a=b'],
    ['', ''],
  ])('spreadsheetSafe(%j) is %j', (value, safe) => {
    expect(spreadsheetSafe(value)).toBe(safe);
  });

  it('writes money as major units with 2 decimals, no symbol', () => {
    expect(csvMoney(123456)).toBe('1234.56');
    expect(csvMoney(5)).toBe('0.05');
    expect(csvMoney(0)).toBe('0.00');
  });

  it("writes instants as London's wall clock, in summer and winter", () => {
    expect(csvDateTime(new Date('2025-06-01T23:30:05Z'))).toBe('2025-06-02 00:30:05');
    expect(csvDateTime(new Date('2025-01-01T23:30:05Z'))).toBe('2025-01-01 23:30:05');
  });

  it("names the file after London's day of the export", () => {
    expect(exportFilename('transactions', new Date('2025-06-01T23:30:00Z'))).toBe(
      'transactions-2025-06-02.csv',
    );
  });
});
