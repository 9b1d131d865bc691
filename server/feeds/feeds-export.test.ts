import { parse } from 'csv-parse/sync';
import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { aFeed } from '@test-support/builders';
import { FEEDS_CSV_HEADER, feedsCsvFilename, feedsCsvStream } from './feeds-export';

/** Feed `id` named `name`, without a customer, with `id` products (so the products sort is the id's). */
const feed = (id: number, name: string) => aFeed({ id, name, products_count: id });

describe('feedsCsvStream', () => {
  it('writes the header, then every row the search lets through, in the sort, without a customer as empty cells', async () => {
    const feeds = Array.from({ length: 2000 }, (_, i) => feed(i + 1, i % 2 === 0 ? `Even ${i}` : `Odd ${i}`));
    const rows = parse(await text(feedsCsvStream(feeds, { query: 'odd', sort: 'products' }))) as string[][];
    expect(rows[0]).toEqual([...FEEDS_CSV_HEADER]);
    expect(rows).toHaveLength(1001);
    expect(rows[1]).toEqual(['2', 'Odd 1', '', '0', '2', '', '', '']);
    expect(rows.at(-1)?.[0]).toBe('2000');
  });

  it('neutralises text cells a spreadsheet would run as a formula', async () => {
    const risky = { ...feed(1, '=HYPERLINK("x")'), user_details: '@Acme', user_discount: -5 };
    const rows = parse(await text(feedsCsvStream([risky], { query: '', sort: '-id' }))) as string[][];
    expect(rows[1]).toEqual(['1', `'=HYPERLINK("x")`, '', '0', '1', "'@Acme", '-5', '']);
  });

  it('ends lines with CRLF (RFC 4180)', async () => {
    expect(await text(feedsCsvStream([feed(1, 'A')], { query: '', sort: '-id' }))).toBe(
      'ID,Name,Brands,Brands count,Products,Customer,Discount (%),Shipping discount (%)\r\n1,A,,0,1,,,\r\n',
    );
  });
});

describe('feedsCsvFilename', () => {
  it("names London's day", () => {
    expect(feedsCsvFilename(new Date('2026-11-23T23:59:00Z'))).toBe('feeds-2026-11-23.csv');
    expect(feedsCsvFilename(new Date('2026-06-01T23:30:00Z'))).toBe('feeds-2026-06-02.csv');
  });
});
