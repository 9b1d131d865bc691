import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { UserType } from './common';
import {
  createUserFields,
  shopDomainHost,
  UpdateUserRequest,
  updateUserFields,
  USER_MESSAGES,
} from './users';

describe('shopDomainHost', () => {
  it.each([
    ['shop.example.com', 'shop.example.com'],
    ['name.myshopify.com', 'name.myshopify.com'],
    ['  Acme-Health.MyShopify.com  ', 'acme-health.myshopify.com'],
    ['https://www.shop.co.uk/', 'www.shop.co.uk'],
    ['HTTP://Shop.co.uk', 'shop.co.uk'],
    ['shop.co.uk/collections/x', 'shop.co.uk'],
    ['https://shop.co.uk/products/tea?variant=1#reviews', 'shop.co.uk'],
    ['shop.example.com.', 'shop.example.com'],
    ['bücher.de', 'xn--bcher-kva.de'],
    ['shop.xn--p1ai', 'shop.xn--p1ai'],
  ])('%j → %s', (input, host) => {
    expect(shopDomainHost(input)).toBe(host);
  });

  it.each([
    '',
    '   ',
    'my shop.com',
    'shop',
    'localhost',
    '/collections/x',
    'collections/x',
    '192.168.1.10',
    'https://10.0.0.1/',
    '[::1]',
    'ftp://shop.example.com',
    'mailto:owner@shop.example.com',
    'https://owner:secret@shop.example.com',
    'shop.example.com:8080',
    'shop_name.myshopify.com',
    '-shop.example.com',
    'shop..example.com',
    'shop.example.c0m',
    'https://',
    // What the old free-text field turned into links (issue 12).
    'https://https://www.shop.co.uk/',
  ])('refuses %j', (input) => {
    expect(shopDomainHost(input)).toBeNull();
  });
});

describe('the shopify_domain field', () => {
  it.each([
    ['create', createUserFields.shopify_domain],
    ['update', updateUserFields.shopify_domain],
  ])('%s: saves the bare host, or names the rule', (_mode, schema) => {
    expect(v.parse(schema, 'https://www.Shop.co.uk/')).toBe('www.shop.co.uk');
    const refused = v.safeParse(schema, 'not a domain');
    expect(refused.issues?.map((issue) => issue.message)).toEqual([USER_MESSAGES.shopDomain]);
    // Blank is a field-level '' (an admin needs none); the body check requires it of customers.
    expect(v.parse(schema, '  ')).toBe('');
  });
});

describe('the Shopify fields of a user body (issue 15 finding 4)', () => {
  const body = (user_type_id: number) => ({
    user_type_id,
    status: 1,
    first_name: 'Ada',
    last_name: 'Lovelace',
    company_name: 'Analytical Ltd',
    phone: '020 7946 0000',
    email: 'ada@example.com',
    shopify_id: ' ',
    shopify_domain: '',
    discount_rate: 0,
    shipping_discount_rate: 0,
  });

  it('are required of a customer, each on its own field', () => {
    const result = v.safeParse(UpdateUserRequest, body(UserType.Customer));
    expect(result.issues?.map((issue) => [v.getDotPath(issue), issue.message])).toEqual([
      ['shopify_id', USER_MESSAGES.required],
      ['shopify_domain', USER_MESSAGES.required],
    ]);
  });

  it('may be blank for an admin', () => {
    const result = v.safeParse(UpdateUserRequest, body(UserType.Admin));
    expect(result.issues).toBeUndefined();
    expect(result.output).toMatchObject({ shopify_id: '', shopify_domain: '' });
  });
});
