import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import type { DeliveredFeed, DeliveredItem } from '@/api/schemas/feed-delivery';
import { discounted } from './delivery';
import { googlePrice } from './google-item';
import { renderFeedCsv } from './render-csv';
import { renderFeedXml } from './render-xml';

const ITEM: DeliveredItem = {
  id: 'v1',
  item_group_id: 'p1',
  product_id: 1,
  variant_id: 1,
  sku: 'SKU-1',
  title: 'Fish & "Chips" <large>',
  description: 'Line one,\nline two',
  link: 'https://shop.example.com/products/fish',
  image_link: 'https://cdn.example.com/a.jpg',
  additional_image_links: ['https://cdn.example.com/b.jpg', 'https://cdn.example.com/c.jpg'],
  availability: 'in_stock',
  price: 1205,
  sale_price: 999,
  currency: 'GBP',
  brand: null,
  gtin: null,
  identifier_exists: false,
  condition: 'new',
  size: 'L',
  color: null,
  material: null,
  pattern: null,
  age_group: null,
  gender: null,
  product_type: null,
  google_product_category: null,
};
const FEED: DeliveredFeed = {
  id: 3,
  name: 'Fish\u0001 & co',
  discount_rate: 0,
  currency: 'GBP',
  items: [ITEM],
};

describe('prices', () => {
  it('discounts to the nearest minor unit and prints Google price text', () => {
    expect(discounted(1003, 15)).toBe(853);
    expect(discounted(1000, 0)).toBe(1000);
    expect(googlePrice(1205, 'EUR')).toBe('12.05 EUR');
    expect(googlePrice(7, 'GBP')).toBe('0.07 GBP');
  });
});

describe('renderFeedXml', () => {
  it('escapes text, repeats additional images, leaves absent attributes out, drops forbidden characters', () => {
    const body = renderFeedXml(FEED, 'https://feeds.example.com/api/feed/v1/feeds/3.xml');
    expect(XMLValidator.validate(body)).toBe(true);
    const doc = new XMLParser({ ignoreAttributes: false, parseTagValue: false }).parse(body);
    expect(doc.rss.channel.title).toBe('Fish & co');
    const item = doc.rss.channel.item;
    expect(item).toMatchObject({
      'g:title': 'Fish & "Chips" <large>',
      'g:description': 'Line one,\nline two',
      'g:price': '12.05 GBP',
      'g:sale_price': '9.99 GBP',
      'g:identifier_exists': 'no',
      'g:additional_image_link': ['https://cdn.example.com/b.jpg', 'https://cdn.example.com/c.jpg'],
    });
    expect(Object.keys(item)).not.toContain('g:brand');
    expect(Object.keys(item)).not.toContain('g:gtin');
  });
});

describe('renderFeedCsv', () => {
  it('quotes as RFC 4180 needs and joins additional images with commas', () => {
    const body = renderFeedCsv(FEED);
    const [row] = parse(body, { columns: true }) as Record<string, string>[];
    expect(row).toMatchObject({
      title: 'Fish & "Chips" <large>',
      description: 'Line one,\nline two',
      additional_image_link: 'https://cdn.example.com/b.jpg,https://cdn.example.com/c.jpg',
      brand: '',
      sale_price: '9.99 GBP',
    });
    expect(body.endsWith('\r\n')).toBe(true);
  });
});
