import { parse } from 'csv-parse/sync';
import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { csvStream, exportFilename, periodFilename, spreadsheetSafe } from './csv';

describe('spreadsheetSafe', () => {
  it.each([
    ['=1+1', "'=1+1"],
    ['+44 20 7946 0000', "'+44 20 7946 0000"],
    ['+1', "'+1"],
    ['-cmd', "'-cmd"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tTAB', "'\tTAB"],
    ['\t=1', "'\t=1"],
    ['\rCR', "'\rCR"],
    ['\r=1', "'\r=1"],
  ])('prefixes %j with an apostrophe', (value, safe) => {
    expect(spreadsheetSafe(value)).toBe(safe);
  });

  it.each(['-12.50', '-1', 'Payment from Acme', 'a=b', '', ' =1', "'quoted", '1-2'])(
    'leaves %j as it is',
    (value) => {
      expect(spreadsheetSafe(value)).toBe(value);
    },
  );
});

describe('exportFilename', () => {
  it("names the file after London's day of the export", () => {
    expect(exportFilename('users', new Date('2025-06-01T23:30:00Z'))).toBe('users-2025-06-02.csv');
    expect(exportFilename('feeds', new Date('2026-11-23T23:59:00Z'))).toBe('feeds-2026-11-23.csv');
  });
});

describe('csvStream', () => {
  it('writes a header row, then array records in its order, with CRLF line ends', async () => {
    const csv = await text(
      csvStream(
        ['A', 'B'],
        [
          ['1', 2],
          ['x, "y"', null],
        ],
      ),
    );
    expect(csv).toBe('A,B\r\n1,2\r\n"x, ""y""",\r\n');
  });

  it('writes object records by key under their headers, from an async iterable', async () => {
    async function* records() {
      yield { b: 'two', a: 'one' };
      yield { a: 'three', b: undefined };
    }
    const csv = await text(
      csvStream(
        [
          { key: 'a', header: 'A' },
          { key: 'b', header: 'B' },
        ],
        records(),
      ),
    );
    expect(parse(csv)).toEqual([
      ['A', 'B'],
      ['one', 'two'],
      ['three', ''],
    ]);
  });

  it('makes every text cell spreadsheet-safe, but not the header', async () => {
    const csv = await text(csvStream(['=Header'], [['=1+1'], ['-12.50'], ['@x']]));
    expect(parse(csv)).toEqual([['=Header'], ["'=1+1"], ['-12.50'], ["'@x"]]);
  });

  it('casts other values as asked', async () => {
    const csv = await text(csvStream(['flag'], [[true], [false]], { boolean: (value) => String(value) }));
    expect(parse(csv)).toEqual([['flag'], ['true'], ['false']]);
  });

  it('with nothing to write is the header alone', async () => {
    expect(await text(csvStream(['A', 'B'], []))).toBe('A,B\r\n');
  });

  it('is destroyed when reading the records fails', async () => {
    async function* failing() {
      yield ['1'];
      throw new Error('query failed');
    }
    await expect(text(csvStream(['A'], failing()))).rejects.toThrow('query failed');
  });
});

describe('periodFilename', () => {
  it('names the file after its period (issue 30), open ends and no days included', () => {
    const name = (filter: { start_date?: string; end_date?: string }) => periodFilename('transactions', filter);
    expect(name({ start_date: '2026-11-01', end_date: '2026-11-26' })).toBe(
      'transactions-2026-11-01_to_2026-11-26.csv',
    );
    expect(name({ start_date: '2026-11-01' })).toBe('transactions-from_2026-11-01.csv');
    expect(name({ end_date: '2026-11-26' })).toBe('transactions-until_2026-11-26.csv');
    expect(name({})).toBe('transactions-all-dates.csv');
  });
});
