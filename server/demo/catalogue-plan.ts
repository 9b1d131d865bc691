/**
 * The demo catalogue's plan (issue 2 "Demo data", issue 11): the products of each brand with their
 * variants, barcodes, prices and stock, as Shopify's export rows would hold them, and the images
 * they need. Part of generator.ts's plan, drawn in its order.
 */
import type { Faker } from '@faker-js/faker';
import { subDays, subMonths } from 'date-fns';
import type { products, productVariants } from '../db/schema';
import {
  BRANDS,
  DIETARY_TAGS,
  FLAVOURED_FORMS,
  FLAVOURS,
  FORMS,
  INGREDIENTS,
  TYPE_BLURBS,
} from './demo-data';
import type { FormCode } from './demo-data';
import { between, createFaker, escapeHtml, slugify } from './plan-helpers';
import type { ProductImageSpec } from './seed-images';

/** Its own seed, so the variants added for issue 11 leave every other demo row as it was. */
const VARIANT_FAKER_SEED = 20_261_123;

/** One variant of a demo product, as its export row says it (prices in pence). */
export type VariantPlan = Omit<typeof productVariants.$inferInsert, 'product_id' | 'option_key'> & {
  price: number;
  sku: string;
};

/** A demo product: its row, its variants, its image and how often it is ordered. */
export interface ProductPlan {
  brandIndex: number;
  imageKey: string;
  form: FormCode;
  product: Omit<typeof products.$inferInsert, 'brand_id'>;
  /** The default variant (position 1): the one orders are drawn for. */
  variant: VariantPlan;
  /** Further variants (flavours), in position order; empty for most products. */
  extraVariants: VariantPlan[];
  /** Relative share of order lines this product gets. */
  popularity: number;
}

/**
 * One image per brand and product type the catalogue uses, in first-use order, for
 * renderProductImages (seed-images.ts).
 */
export function imageSpecs(catalogue: ProductPlan[]): ProductImageSpec[] {
  const specs = new Map<string, ProductImageSpec>();
  for (const plan of catalogue) {
    const brand = BRANDS[plan.brandIndex];
    if (brand && !specs.has(plan.imageKey)) {
      specs.set(plan.imageKey, {
        key: plan.imageKey,
        brand: brand.name,
        label: plan.product.product_type ?? '',
        colour: brand.colour,
      });
    }
  }
  return [...specs.values()];
}

/** A valid EAN-13 with the UK's GS1 prefix 50. */
function ean13(faker: Faker): string {
  const body = '50' + faker.string.numeric(10);
  const sum = [...body].reduce((total, digit, index) => total + Number(digit) * (index % 2 === 0 ? 1 : 3), 0);
  return body + String((10 - (sum % 10)) % 10);
}

/** The demo catalogue: for each brand, products of the ingredients and forms it sells, priced and stocked. */
export function planCatalogue(faker: Faker, now: Date): ProductPlan[] {
  const plans: ProductPlan[] = [];
  BRANDS.forEach((brand, brandIndex) => {
    const combinations = INGREDIENTS.filter((item) => brand.types.includes(item.type)).flatMap((item) =>
      item.forms.map((form) => ({ item, form })),
    );
    const chosen = faker.helpers.arrayElements(combinations, Math.min(brand.products, combinations.length));
    for (const { item, form } of chosen) {
      const name = `${item.name} ${FORMS[form].label}`;
      const status = faker.helpers.weightedArrayElement([
        { weight: 90, value: 'active' },
        { weight: 6, value: 'draft' },
        { weight: 4, value: 'archived' },
      ]);
      const rawPrice =
        item.base * FORMS[form].factor * brand.premium * faker.number.float({ min: 0.92, max: 1.08 });
      // Shelf prices end in 99p.
      const price = Math.min(6999, Math.max(499, Math.round(rawPrice / 100) * 100 - 1));
      const createdAt = between(faker, subMonths(now, 24), subDays(now, 1));
      const dietary = faker.helpers.arrayElements(DIETARY_TAGS, { min: 1, max: 3 });
      plans.push({
        brandIndex,
        imageKey: `${slugify(brand.name)}-${slugify(item.type)}`,
        form,
        popularity: 0.05 + faker.number.float({ min: 0, max: 1 }) ** 3,
        product: {
          handle: slugify(`${brand.name} ${name}`),
          name,
          description_html:
            `<p><strong>${escapeHtml(brand.name)} ${escapeHtml(name)}</strong>. ${escapeHtml(TYPE_BLURBS[item.type])}</p>` +
            `<ul><li>${escapeHtml(FORMS[form].label)}</li><li>${dietary.map(escapeHtml).join(', ')}</li></ul>`,
          product_type: item.type,
          tags: [item.type.toLowerCase(), ...item.tags, ...dietary].join(', '),
          status,
          published: status === 'active',
          created_at: createdAt,
          updated_at: faker.datatype.boolean({ probability: 0.4 }) ? between(faker, createdAt, now) : null,
        },
        variant: {
          sku: `${brand.code}-${item.code}-${form}`,
          price,
          barcode: ean13(faker),
          option1: FORMS[form].label,
          position: 1,
          inventory_quantity: faker.helpers.weightedArrayElement([
            { weight: 1, value: 0 },
            { weight: 9, value: faker.number.int({ min: 5, max: 400 }) },
          ]),
          inventory_tracker: 'shopify',
          inventory_policy: 'deny',
        },
        extraVariants: [],
      });
    }
  });
  return plans;
}

/**
 * Gives the catalogue what real Shopify stores have (issue 11): flavours as a second option on
 * powders, gummies and liquids (2–3 variants sharing the product), a few sale prices (compare-at
 * above the price), variants that keep selling when out of stock, and variants whose stock is not
 * tracked. Draws from its own faker so the rest of the demo data is unchanged.
 */
export function planVariants(plans: ProductPlan[]): void {
  const faker = createFaker(VARIANT_FAKER_SEED);
  for (const plan of plans) {
    const first = plan.variant;
    if (FLAVOURED_FORMS.has(plan.form)) {
      const flavours = faker.helpers.arrayElements(FLAVOURS, { min: 2, max: 3 });
      first.option2 = flavours[0]?.name ?? null;
      plan.extraVariants = flavours.slice(1).map((flavour, index) => ({
        sku: `${first.sku}-${flavour.code}`,
        price: first.price,
        barcode: ean13(faker),
        option1: first.option1,
        option2: flavour.name,
        position: index + 2,
        inventory_quantity: faker.number.int({ min: 0, max: 200 }),
        inventory_tracker: 'shopify',
        inventory_policy: 'deny',
      }));
    }
    for (const variant of [first, ...plan.extraVariants]) {
      const stock = faker.helpers.weightedArrayElement([
        { weight: 85, value: 'tracked' },
        { weight: 10, value: 'continue' },
        { weight: 5, value: 'untracked' },
      ]);
      if (stock === 'continue') variant.inventory_policy = 'continue';
      if (stock === 'untracked') variant.inventory_tracker = null;
      if (faker.datatype.boolean({ probability: 0.08 })) {
        // A sale: the shelf price before it, also ending in 99p.
        variant.compare_at_price = Math.round((variant.price * 1.25) / 100) * 100 - 1;
      }
    }
  }
}
