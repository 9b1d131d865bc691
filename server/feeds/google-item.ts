/**
 * A delivered item as Google Merchant Center reads it (product data specification,
 * https://support.google.com/merchants/answer/7052112): attribute name → text. The CSV and XML
 * renderers and the feed validator all read items through this one mapping.
 */
import type { DeliveredItem } from '@/api/schemas/feed-delivery';

/** Columns of the CSV form and elements of the XML form, named as Google names its attributes. */
export const GOOGLE_ATTRIBUTES = [
  'id',
  'item_group_id',
  'title',
  'description',
  'link',
  'image_link',
  'additional_image_link',
  'availability',
  'price',
  'sale_price',
  'brand',
  'gtin',
  'identifier_exists',
  'condition',
  'size',
  'color',
  'material',
  'pattern',
  'age_group',
  'gender',
  'product_type',
  'google_product_category',
] as const;
export type GoogleAttribute = (typeof GOOGLE_ATTRIBUTES)[number];

/** Minor units as Google's price text: 1234 → '12.34 EUR'. */
export function googlePrice(minor: number, currency: string): string {
  return `${Math.floor(minor / 100)}.${String(minor % 100).padStart(2, '0')} ${currency}`;
}

/**
 * An item as Google reads it: each attribute that has a value as text (prices as '12.34 EUR',
 * identifier_exists 'yes' or 'no'), additional_image_link as a list; attributes without a value
 * are absent.
 */
export function googleAttributes(item: DeliveredItem): Partial<Record<GoogleAttribute, string | string[]>> {
  const present = (value: string | null) => value ?? undefined;
  return {
    id: item.id,
    item_group_id: present(item.item_group_id),
    title: item.title,
    description: item.description,
    link: item.link,
    image_link: item.image_link,
    additional_image_link: item.additional_image_links.length > 0 ? item.additional_image_links : undefined,
    availability: item.availability,
    price: googlePrice(item.price, item.currency),
    sale_price: item.sale_price === null ? undefined : googlePrice(item.sale_price, item.currency),
    brand: present(item.brand),
    gtin: present(item.gtin),
    identifier_exists: item.identifier_exists ? 'yes' : 'no',
    condition: item.condition,
    size: present(item.size),
    color: present(item.color),
    material: present(item.material),
    pattern: present(item.pattern),
    age_group: present(item.age_group),
    gender: present(item.gender),
    product_type: present(item.product_type),
    google_product_category: present(item.google_product_category),
  };
}
