import { parse } from 'csv-parse/sync';
import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import type { FeedListItem } from '@/api/schemas/feeds';
import { FEEDS_CSV_HEADER, feedsCsvFilename, feedsCsvStream, neutraliseFormula } from './feeds-export';

function feed(id: number, name: string): FeedListItem {
  return {
    id,
    name,
    user_id: null,
    brands: [],
    products_count: id,
    user_details: null,
    user_discount: null,
    shipping_user_discount: null,
  };
}

describe('neutraliseFormula', () => {
  it.each(['=1+1', '+1', '-1', '@SUM(A1)', '\t=1', '\r=1'])('prefixes %j with an apostrophe', (cell) => {
    expect(neutraliseFormula(cell)).toBe(`'${cell}`);
  });

  it.each(['Acme', '', ' =1', "'quoted", '1-2'])('leaves %j as it is', (cell) => {
    expect(neutraliseFormula(cell)).toBe(cell);
  });
});

describe('feedsCsvStream', () => {
  it('writes the header, then every row the search lets through, in the sort, without a customer as empty cells', async () => {
    const feeds = Array.from({ length: 2000 }, (_, i) => feed(i + 1, i % 2 === 0 ? `Even ${i}` : `Odd ${i}`));
    const rows = parse(await text(feedsCsvStream(feeds, { query: 'odd', sort: 'products' }))) as string[][];
    expect(rows[0]).toEqual([...FEEDS_CSV_HEADER]);
    expect(rows).toHaveLength(1001);
    expect(rows[1]).toEqual(['2', 'Odd 1', '', '0', '2', '', '', '']);
    expect(rows.at(-1)?.[0]).toBe('2000');
  });

  it('ends lines with CRLF (RFC 4180)', async () => {
    expect(await text(feedsCsvStream([feed(1, 'A')], { query: '', sort: '-id' }))).toBe(
      'ID,Name,Brands,Brands count,Products,Customer,Discount (%),Shipping discount (%)\r\n1,A,,0,1,,,\r\n',
    );
  });
});

describe('feedsCsvFilename', () => {
  it('names the UTC day', () => {
    expect(feedsCsvFilename(new Date('2026-11-23T23:59:00Z'))).toBe('feeds-2026-11-23.csv');
  });
});
