/**
 * What a delivered feed holds (issue 12 "Delivery"): one item per deliverable variant with Google's
 * attributes, exclusions, prices and sales, availability, identifiers, text hygiene, links and self
 * links. Every item of the JSON, XML and CSV forms goes through the feed validator; the XML is read
 * with a real XML parser.
 */
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeliveredFeed } from '@/api/schemas/feed-delivery';
import type { DeliveredItem } from '@/api/schemas/feed-delivery';
import { GOOGLE_ATTRIBUTES, googleAttributes } from '../../server/feeds/google-item';
import { charLength, hasXmlForbidden } from '../../server/feeds/feed-text';
import { validateFeedItems } from '../../server/feeds/feed-validator';
import { insertFeed, insertProduct, parseFeedCsv, parseFeedXml } from './feed-content-fixtures';
import { insertCustomer, issueToken } from './feed-fixtures';
import { createTestApp } from './helpers';
import type { TestApp } from './helpers';

const PUBLIC_URL = 'https://feeds.example.com';
const LONG_NAME =
  'Ultra Premium Grass Fed Whey Protein Isolate with Digestive Enzymes, Added Vitamins and Minerals, ' +
  'Naturally Sweetened, Gluten Free, Soy Free, Suitable for Vegetarians, Large Resealable Pouch 2.27 kg';
const HOSTILE_HTML =
  '<style>p { color: red }</style><script>document.write("pwned")</script>' +
  '<div>Sunscreen</div><div>Broad spectrum<br data-x="1">SPF&nbsp;50</div></div>' +
  '<p>It&rsquo;s reef\u0007 safe</p>';

let t: TestApp;
let token: string;
let feedId: number;
let ids: Record<
  'shorts' | 'vitamin' | 'magnesium' | 'long' | 'sampler' | 'bare' | 'ownImage' | 'gift' | 'draft',
  { id: number; variants: number[] }
>;
let items: DeliveredItem[];

function pull(format: 'json' | 'csv' | 'xml', headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'GET',
    url: `/api/feed/v1/feeds/${feedId}.${format}`,
    headers: { authorization: `Bearer ${token}`, ...headers },
  });
}

function itemOf(variantId: number | undefined): DeliveredItem {
  const item = items.find((candidate) => candidate.variant_id === variantId);
  if (!item) throw new Error(`variant ${variantId} is not delivered`);
  return item;
}

beforeAll(async () => {
  t = await createTestApp({ publicUrl: PUBLIC_URL, catalogueCurrency: 'GBP' });
  const customer = await insertCustomer(t.db, {
    email: 'shore@test.example',
    company_name: 'Shore Ltd',
    discount_rate: 10,
    // Pasted from the browser's address bar before the form normalised the field.
    shopify_domain: 'https://www.shop.co.uk/',
  });
  const shorts = await insertProduct(t.db, {
    handle: 'swim-shorts',
    name: 'Swim Shorts',
    brand: 'Wave',
    productType: 'Swimwear',
    googleProductCategory: '208',
    optionNames: ['Size', 'colour'],
    images: Array.from({ length: 12 }, (_, index) => `https://cdn.example.com/shorts-${index + 1}.jpg`),
    variants: [
      {
        options: ['S', 'Red'],
        price: 2000,
        compareAtPrice: 2500,
        barcode: '4006381333931',
        image: 'https://cdn.example.com/shorts-red-s.jpg',
      },
      { options: ['M', 'Red'], price: 2000 },
      { options: ['L', 'Blue'], price: 2000, compareAtPrice: 1500 },
      { options: ['XL', 'Red'], archivedAt: new Date('2026-03-02T09:00:00Z') },
    ],
  });
  const vitamin = await insertProduct(t.db, {
    handle: 'vitamin-c',
    name: 'Vitamin\u0001 C\u000B 1000 mg',
    html: HOSTILE_HTML,
    brand: 'Sunny',
    images: ['/uploads/products/vitamin-c.png'],
    variants: [{ tracker: null, quantity: 0, barcode: '4006381333932' }],
  });
  const magnesium = await insertProduct(t.db, {
    handle: 'magnesium',
    name: 'Magnesium',
    optionNames: ['Flavour'],
    images: ['https://cdn.example.com/magnesium.jpg'],
    variants: [
      { options: ['Lemon'], policy: 'continue', quantity: 0 },
      { options: ['Berry'], policy: 'deny', quantity: 0 },
      { options: ['Plain'], policy: 'deny', quantity: null },
    ],
  });
  const long = await insertProduct(t.db, {
    handle: 'whey',
    name: LONG_NAME,
    images: ['https://cdn.example.com/whey.jpg'],
    variants: [{}],
  });
  const sampler = await insertProduct(t.db, {
    handle: 'sampler',
    name: 'Sampler',
    optionNames: ['Size'],
    images: ['https://cdn.example.com/sampler.jpg'],
    variants: [
      { options: ['Free'], price: 0 },
      { options: ['Trial'], price: 500 },
    ],
  });
  const bare = await insertProduct(t.db, { handle: 'bare', name: 'Bare', variants: [{}] });
  const ownImage = await insertProduct(t.db, {
    handle: 'own-image',
    name: 'Own Image',
    variants: [{ image: 'https://cdn.example.com/own.jpg' }],
  });
  const gift = await insertProduct(t.db, {
    handle: 'gift-card',
    name: 'Gift Card',
    giftCard: true,
    images: ['https://cdn.example.com/gift.jpg'],
    variants: [{ price: 2500 }],
  });
  const draft = await insertProduct(t.db, {
    handle: 'draft',
    name: 'Draft',
    status: 'draft',
    images: ['https://cdn.example.com/draft.jpg'],
    variants: [{}],
  });
  ids = { shorts, vitamin, magnesium, long, sampler, bare, ownImage, gift, draft };
  feedId = await insertFeed(
    t.db,
    'Shore\u0002 feed',
    customer,
    Object.values(ids).map((product) => product.id),
  );
  token = (await issueToken(t, customer)).token;
  const response = await pull('json');
  expect(response.statusCode).toBe(200);
  items = v.parse(DeliveredFeed, response.json()).items;
});

afterAll(async () => {
  await t?.close();
});

describe('items', () => {
  it('sends one item per deliverable variant, by product then position, and nothing excluded', () => {
    expect(items.map((item) => item.variant_id)).toEqual([
      ...ids.shorts.variants.slice(0, 3),
      ...ids.vitamin.variants,
      ...ids.magnesium.variants,
      ...ids.long.variants,
      ids.sampler.variants[1],
      ...ids.ownImage.variants,
    ]);
    for (const item of items) expect(item.id).toBe(`v${item.variant_id}`);
  });

  it('groups the variants of a product delivered as several items, with size and colour from its options', () => {
    const [small, medium, large] = ids.shorts.variants.slice(0, 3).map(itemOf);
    expect(small).toMatchObject({
      item_group_id: `p${ids.shorts.id}`,
      title: 'Swim Shorts - S / Red',
      size: 'S',
      color: 'Red',
      material: null,
      pattern: null,
      brand: 'Wave',
      product_type: 'Swimwear',
      google_product_category: '208',
      currency: 'GBP',
    });
    expect(medium).toMatchObject({ item_group_id: `p${ids.shorts.id}`, size: 'M', color: 'Red' });
    expect(large).toMatchObject({ title: 'Swim Shorts - L / Blue', size: 'L', color: 'Blue' });
    // Flavours are none of Google's variant attributes: each goes out as its own product, its
    // title telling it apart.
    expect(itemOf(ids.magnesium.variants[0])).toMatchObject({
      item_group_id: null,
      title: 'Magnesium - Lemon',
      size: null,
      color: null,
    });
  });

  it('does not group a product with only one deliverable variant', () => {
    expect(itemOf(ids.sampler.variants[1])).toMatchObject({
      item_group_id: null,
      title: 'Sampler',
      size: 'Trial',
    });
  });

  it("uses the variant's own image, else the primary one, and at most 10 others", () => {
    const [small, medium] = ids.shorts.variants.slice(0, 3).map(itemOf);
    const shot = (n: number) => `https://cdn.example.com/shorts-${n}.jpg`;
    expect(small?.image_link).toBe('https://cdn.example.com/shorts-red-s.jpg');
    expect(small?.additional_image_links).toEqual(Array.from({ length: 10 }, (_, index) => shot(index + 1)));
    expect(medium?.image_link).toBe(shot(1));
    expect(medium?.additional_image_links).toEqual(Array.from({ length: 10 }, (_, index) => shot(index + 2)));
    expect(itemOf(ids.vitamin.variants[0]).image_link).toBe(`${PUBLIC_URL}/uploads/products/vitamin-c.png`);
    expect(itemOf(ids.ownImage.variants[0])).toMatchObject({
      image_link: 'https://cdn.example.com/own.jpg',
      additional_image_links: [],
    });
  });

  it('sends the discounted compare-at price as price and the discounted price as sale_price', () => {
    const [small, , large] = ids.shorts.variants.slice(0, 3).map(itemOf);
    expect(small).toMatchObject({ price: 2250, sale_price: 1800 });
    // A compare-at price below the price is no sale.
    expect(large).toMatchObject({ price: 1800, sale_price: null });
  });

  it("takes availability from Shopify's rule", () => {
    expect(itemOf(ids.vitamin.variants[0]).availability).toBe('in_stock');
    expect(ids.magnesium.variants.map((id) => itemOf(id).availability)).toEqual([
      'in_stock',
      'out_of_stock',
      'in_stock',
    ]);
  });

  it('sends a GTIN only when the check digit is right, and identifier_exists false without one', () => {
    expect(itemOf(ids.shorts.variants[0])).toMatchObject({ gtin: '4006381333931', identifier_exists: true });
    expect(itemOf(ids.vitamin.variants[0])).toMatchObject({ gtin: null, identifier_exists: false });
    expect(itemOf(ids.shorts.variants[1])).toMatchObject({ gtin: null, identifier_exists: false });
    expect(Object.keys(items[0] ?? {})).not.toContain('mpn');
  });

  it('cleans titles and descriptions', () => {
    const vitamin = itemOf(ids.vitamin.variants[0]);
    expect(vitamin.title).toBe('Vitamin C 1000 mg');
    expect(vitamin.description).toBe('Sunscreen\nBroad spectrum\nSPF 50\n\nIt’s reef safe');
    const long = itemOf(ids.long.variants[0]);
    expect(charLength(long.title)).toBeLessThanOrEqual(150);
    expect(LONG_NAME.startsWith(long.title)).toBe(true);
    expect(LONG_NAME[long.title.length]).toMatch(/[\s,]/);
  });

  it("links the product's page in the store, reduced to the host of a pasted URL, selecting no variant by our id", () => {
    const item = itemOf(ids.shorts.variants[1]);
    expect(item.link).toBe('https://www.shop.co.uk/products/swim-shorts');
  });
});

describe('every form passes the feed validator', () => {
  it('JSON', () => {
    expect(validateFeedItems(items.map(googleAttributes))).toEqual([]);
  });

  it('XML: well-formed RSS 2.0 in the g: namespace, no forbidden characters, every item valid', async () => {
    const response = await pull('xml');
    expect(hasXmlForbidden(response.body)).toBe(false);
    const feed = parseFeedXml(response.body);
    expect(feed.items).toHaveLength(items.length);
    expect(validateFeedItems(feed.items)).toEqual([]);
    expect(feed.channel.title).toBe('Shore feed');
    const small = feed.items[0];
    expect(small).toMatchObject({
      id: `v${ids.shorts.variants[0]}`,
      item_group_id: `p${ids.shorts.id}`,
      price: '22.50 GBP',
      sale_price: '18.00 GBP',
      gtin: '4006381333931',
      identifier_exists: 'yes',
      size: 'S',
      color: 'Red',
    });
    expect(small?.additional_image_link).toHaveLength(10);
    const vitamin = feed.items.find((item) => item.id === `v${ids.vitamin.variants[0]}`);
    expect(vitamin).toMatchObject({ identifier_exists: 'no', title: 'Vitamin C 1000 mg' });
    expect(vitamin?.gtin).toBeUndefined();
    expect(vitamin?.description).toBe('Sunscreen\nBroad spectrum\nSPF 50\n\nIt’s reef safe');
  });

  it('CSV: a header of Google attribute names, every row valid', async () => {
    const response = await pull('csv');
    expect(hasXmlForbidden(response.body)).toBe(false);
    expect(response.body.split('\r\n')[0]).toBe(GOOGLE_ATTRIBUTES.join(','));
    const rows = parseFeedCsv(response.body);
    expect(rows).toHaveLength(items.length);
    expect(validateFeedItems(rows)).toEqual([]);
    expect(rows[0]).toMatchObject({ price: '22.50 GBP', sale_price: '18.00 GBP' });
    expect(String(rows[0]?.additional_image_link).split(',')).toHaveLength(10);
  });

  it('JSON body: no forbidden characters anywhere, the feed name cleaned', async () => {
    const response = await pull('json');
    expect(hasXmlForbidden(response.body)).toBe(false);
    expect(response.json().name).toBe('Shore feed');
  });
});

describe('self links', () => {
  it('come from PUBLIC_URL whatever Host the request names', async () => {
    const response = await pull('xml', { host: 'evil.example', 'x-forwarded-host': 'evil.example' });
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain('evil.example');
    const { channel } = parseFeedXml(response.body);
    const self = `${PUBLIC_URL}/api/feed/v1/feeds/${feedId}.xml`;
    expect(channel.link).toBe(self);
    expect(channel['atom:link']).toMatchObject({ '@_href': self, '@_rel': 'self' });
  });
});
