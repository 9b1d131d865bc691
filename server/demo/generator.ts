/**
 * The faker-driven generator of the demo data set (issue 2, "Demo data"): from the fixed tables of
 * demo-data.ts and one privately seeded faker it plans every row the seed inserts (admins,
 * customers, the catalogue with its variants, orders over 120 days, transactions, feeds and API
 * tokens) as plain data that names related rows by their index in the plan; seed.ts inserts it.
 * Same faker seed + same `now` (and time zone) → the same plan; every date is relative to `now`.
 * Secrets stay unpredictable on purpose: API tokens and every AES-GCM IV come from the system's
 * random source, not from faker, and password hashes are passed in.
 */
import type { Faker } from '@faker-js/faker';
import { addMinutes, isWeekend, startOfDay, startOfMonth, subDays, subMonths } from 'date-fns';
import { UserStatus, UserType } from '@/api/schemas/common';
import { TransactionStatus } from '@/api/schemas/dashboard';
import { DEFAULT_TOTAL_REQUESTS, generateApiToken, hashApiToken } from '../auth/api-tokens';
import { encryptSecret } from '../auth/secret-box';
import type { apiTokens, feeds, transactions, users } from '../db/schema';
import {
  BRANDS,
  COMPANY_SUFFIXES,
  DEMO_ADMIN,
  DISCOUNT_RATES,
  FEED_SUFFIXES,
  FIRST_NAMES,
  LANDLINE_RANGES,
  LAST_NAMES,
  MOBILE_RANGE,
  PAYMENT_METHODS,
  SHOP_NAMES,
  TOWNS,
  TRADES,
} from './demo-data';
import { planCatalogue, planVariants } from './catalogue-plan';
import type { ProductPlan } from './catalogue-plan';
import {
  between,
  claimUnique,
  createFaker,
  earliest,
  pickWeighted,
  runningSums,
  slugify,
} from './plan-helpers';

const CUSTOMER_COUNT = 240;
const ORDER_DAYS = 120;
const FEED_COUNT = 44;
const VAT_NUMERATOR = 6; // × 6 / 5 = × 1.2, UK standard rate, in integers so rounding is exact.
const VAT_DENOMINATOR = 5;

/** A users row as planned (admins and customers). */
export type UserRow = typeof users.$inferInsert;

/** A demo customer: its users row and how much it orders. */
export interface CustomerPlan {
  row: UserRow & { created_at: Date; company_name: string; discount_rate: number };
  /** Relative share of orders this customer places. */
  activity: number;
}

/** One order of a customer (index into `customers`) with lines of products (index into `catalogue`). */
export interface OrderPlan {
  customerIndex: number;
  orderedAt: Date;
  /** `unitPrice`: the trade price in pence ex VAT. */
  items: { productIndex: number; quantity: number; unitPrice: number }[];
  /** Pence. */
  totalExVat: number;
  /** Pence. */
  totalIncVat: number;
}

/** A transactions row whose customer and order are named by their index in the plan. */
export type TransactionPlan = Omit<typeof transactions.$inferInsert, 'user_id' | 'order_id'> & {
  customerIndex: number;
  orderIndex: number;
  occurred_at: Date;
};

/** A feed of a customer (index into `customers`) holding products (indexes into `catalogue`). */
export interface FeedPlan {
  row: Omit<typeof feeds.$inferInsert, 'user_id'> & { created_at: Date };
  customerIndex: number;
  productIndexes: number[];
}

/** Names of a customer's first and second demo tokens (issue 15); a third stays unnamed. */
const DEMO_TOKEN_NAMES: readonly string[] = ['Google Merchant Center', 'Shopify store'];

/** An api_tokens row whose customer is named by its index in `customers`. */
export type ApiTokenPlan = Omit<typeof apiTokens.$inferInsert, 'user_id'> & { customerIndex: number };

/** Every row of the demo data set, in insertion order per table. */
export interface DemoPlan {
  /** The demo admin first, then two admins who cannot log in. */
  admins: UserRow[];
  /** In sign-up order, so ids follow it. */
  customers: CustomerPlan[];
  catalogue: ProductPlan[];
  /** In time order. */
  orders: OrderPlan[];
  /** In time order. */
  transactions: TransactionPlan[];
  /** In creation order. */
  feeds: FeedPlan[];
  apiTokens: ApiTokenPlan[];
}

/** What the generator needs besides faker: the reference time, the password hashes and the key. */
export interface GenerateOptions {
  /** The moment every generated date is relative to. */
  now: Date;
  /** Argon2id hash of DEMO_ADMIN.password. */
  adminPasswordHash: string;
  /** Argon2id hash of a random password shared by the customers and the other admins. */
  sharedPasswordHash: string;
  /** 32-byte AES-256-GCM key for API tokens and Shopify admin API keys (see secret-box.ts). */
  encryptionKey: Buffer;
}

/**
 * Plans the whole demo data set. Pure but for the system's random source (API tokens, IVs):
 * the same `now` gives the same rows. Draws from faker in a fixed order (customers, admins,
 * catalogue, orders, transactions, feeds, tokens), which is what keeps the data set unchanged.
 */
export function generateDemoData(options: GenerateOptions): DemoPlan {
  const { now, encryptionKey } = options;
  const faker = createFaker();
  const customers = planCustomers(faker, now, options.sharedPasswordHash);
  const admins = planAdmins(faker, now, options.adminPasswordHash, options.sharedPasswordHash);
  const catalogue = planCatalogue(faker, now);
  planVariants(catalogue);
  const orders = planOrders(faker, now, customers, catalogue);
  const transactions = planTransactions(faker, now, customers, orders);
  const feeds = planFeeds(faker, now, customers, catalogue);
  const apiTokens = planApiTokens(faker, now, customers, encryptionKey);
  return { admins, customers, catalogue, orders, transactions, feeds, apiTokens };
}

// ---------------------------------------------------------------------------------------------
// Plans, in the order generateDemoData draws them
// ---------------------------------------------------------------------------------------------

function planCustomers(faker: Faker, now: Date, passwordHash: string): CustomerPlan[] {
  const companies = new Set<string>();
  const domains = new Set<string>();
  const emails = new Set<string>();
  const thisMonth = startOfMonth(now);
  const lastMonth = subMonths(thisMonth, 1);
  const eighteenMonthsAgo = subMonths(now, 18);

  const plans: CustomerPlan[] = [];
  for (let index = 0; index < CUSTOMER_COUNT; index++) {
    let company: string;
    do {
      company = planCompanyName(faker);
    } while (companies.has(company));
    companies.add(company);

    const domainBase = claimUnique(
      domains,
      slugify(company.replace(/\s+(Ltd|Limited)$/, '')),
      (slug, n) => `${slug}-${n}`,
    );
    const firstName = faker.helpers.arrayElement(FIRST_NAMES);
    const lastName = faker.helpers.arrayElement(LAST_NAMES);
    const mailDomain = `${domainBase.replace(/-/g, '')}.co.uk`;
    const email = claimUnique(
      emails,
      `${slugify(firstName)}.${slugify(lastName)}@${mailDomain}`,
      (address, n) => address.replace('@', `${n}@`),
    );

    // Most sign-ups spread over 18 months; a few guaranteed this month and last month so the
    // "new users this month" statistic compares two real numbers.
    const createdAt =
      index < 8
        ? between(faker, thisMonth, now)
        : index < 20
          ? between(faker, lastMonth, thisMonth)
          : between(faker, eighteenMonthsAgo, lastMonth);
    const active = faker.datatype.boolean({ probability: 0.85 });
    plans.push({
      activity: (active ? 1 : 0.25) * (0.05 + faker.number.float({ min: 0, max: 1 }) ** 2),
      row: {
        user_type_id: UserType.Customer,
        status: active ? UserStatus.Active : UserStatus.Inactive,
        first_name: firstName,
        last_name: lastName,
        email,
        company_name: company,
        phone: faker.helpers.arrayElement(LANDLINE_RANGES) + faker.string.numeric(3),
        mobile: faker.datatype.boolean({ probability: 0.6 }) ? MOBILE_RANGE + faker.string.numeric(3) : null,
        website: faker.datatype.boolean({ probability: 0.7 }) ? `https://www.${mailDomain}` : null,
        shopify_id: faker.string.numeric({ length: 11, allowLeadingZeros: false }),
        shopify_domain: `${domainBase}.myshopify.com`,
        // No Admin API key: with one, the connection check and the scheduled sync would send it to a
        // real store on the internet under this made-up domain.
        shopify_admin_api_encrypted: null,
        discount_rate: faker.helpers.weightedArrayElement(DISCOUNT_RATES),
        shipping_discount_rate: faker.helpers.arrayElement([0, 0, 0, 5, 10, 15, 20, 25, 50, 75, 100]),
        password_hash: passwordHash,
        created_at: createdAt,
        updated_at: faker.datatype.boolean({ probability: 0.5 }) ? between(faker, createdAt, now) : null,
      },
    });
  }
  // Ids then follow sign-up order, as they would in a live system.
  return plans.sort((a, b) => a.row.created_at.getTime() - b.row.created_at.getTime());
}

function planCompanyName(faker: Faker): string {
  const suffix = faker.helpers.weightedArrayElement(COMPANY_SUFFIXES);
  switch (faker.number.int({ min: 0, max: 3 })) {
    case 0:
      return `${faker.helpers.arrayElement(TOWNS)} ${faker.helpers.arrayElement(TRADES)}${suffix}`;
    case 1: {
      const [first, second] = faker.helpers.arrayElements(LAST_NAMES, 2);
      return `${first} & ${second} ${faker.helpers.arrayElement(['Pharmacy', 'Health', 'Nutrition'])}${suffix}`;
    }
    case 2:
      return `${faker.helpers.arrayElement(SHOP_NAMES)} ${faker.helpers.arrayElement(TRADES)}${suffix}`;
    default:
      return `The ${faker.helpers.arrayElement(TOWNS)} ${faker.helpers.arrayElement(['Vitamin Shop', 'Health Shop', 'Wellbeing Co'])}`;
  }
}

function planAdmins(faker: Faker, now: Date, adminHash: string, otherHash: string): UserRow[] {
  const founded = subMonths(now, 20);
  const emails = new Set<string>([DEMO_ADMIN.email]);
  const demo: UserRow = {
    user_type_id: UserType.Admin,
    status: UserStatus.Active,
    first_name: DEMO_ADMIN.first_name,
    last_name: DEMO_ADMIN.last_name,
    email: DEMO_ADMIN.email,
    company_name: 'Product Feed',
    phone: '020 7946 0001',
    password_hash: adminHash,
    created_at: founded,
  };
  // The other admins cannot log in: they share the customers' unknown random password.
  const others = [2, 3].map((extension): UserRow => {
    const firstName = faker.helpers.arrayElement(FIRST_NAMES);
    const lastName = faker.helpers.arrayElement(LAST_NAMES);
    return {
      user_type_id: UserType.Admin,
      status: UserStatus.Active,
      first_name: firstName,
      last_name: lastName,
      email: claimUnique(emails, `${slugify(firstName)}.${slugify(lastName)}@example.com`, (address, n) =>
        address.replace('@', `${n}@`),
      ),
      company_name: 'Product Feed',
      phone: `020 7946 000${extension}`,
      password_hash: otherHash,
      created_at: between(faker, founded, subMonths(now, 6)),
    };
  });
  return [demo, ...others];
}

/** Order times over ORDER_DAYS days up to `now`: busier on weekdays, mostly in shop hours. */
function planOrderTimes(faker: Faker, now: Date): Date[] {
  const times: Date[] = [];
  for (let daysAgo = ORDER_DAYS - 1; daysAgo >= 0; daysAgo--) {
    const dayStart = startOfDay(subDays(now, daysAgo));
    const dayEnd = daysAgo === 0 ? now : new Date(startOfDay(subDays(now, daysAgo - 1)).getTime() - 1);
    let count = isWeekend(dayStart)
      ? faker.number.int({ min: 12, max: 22 })
      : faker.number.int({ min: 32, max: 44 });
    if (daysAgo === 0) {
      // Today only has orders up to now, in proportion to the part of the day gone by.
      const elapsed = (now.getTime() - dayStart.getTime()) / 86_400_000;
      count = Math.max(3, Math.round(count * elapsed));
    }
    for (let index = 0; index < count; index++) {
      const inShopHours = faker.datatype.boolean({ probability: 0.85 });
      const offset = inShopHours
        ? faker.number.int({ min: 7 * 3_600_000, max: 22 * 3_600_000 })
        : faker.number.int({ min: 0, max: 86_399_999 });
      const candidate = new Date(dayStart.getTime() + offset);
      times.push(candidate.getTime() <= dayEnd.getTime() ? candidate : between(faker, dayStart, dayEnd));
    }
  }
  return times.sort((a, b) => a.getTime() - b.getTime());
}

function planOrders(
  faker: Faker,
  now: Date,
  customers: CustomerPlan[],
  catalogue: ProductPlan[],
): OrderPlan[] {
  const signUps = customers.map((plan) => plan.row.created_at.getTime());
  const customerWeights = runningSums(customers.map((plan) => plan.activity));
  const sellable = catalogue.flatMap((plan, index) => (plan.product.status === 'active' ? [index] : []));
  const productWeights = runningSums(sellable.map((index) => catalogue[index]?.popularity ?? 0));

  return planOrderTimes(faker, now).map((orderedAt) => {
    // Only customers who had signed up by then can order; signUps is sorted ascending.
    let eligible = signUps.findIndex((signUp) => signUp > orderedAt.getTime());
    if (eligible === -1) eligible = signUps.length;
    const customerIndex = pickWeighted(faker, customerWeights, Math.max(1, eligible));
    const discount = customers[customerIndex]?.row.discount_rate ?? 0;
    const lineCount = faker.helpers.weightedArrayElement([
      { weight: 30, value: 1 },
      { weight: 30, value: 2 },
      { weight: 20, value: 3 },
      { weight: 12, value: 4 },
      { weight: 8, value: 5 },
    ]);
    const chosen = new Set<number>();
    while (chosen.size < lineCount) chosen.add(sellable[pickWeighted(faker, productWeights)] ?? 0);
    const items = [...chosen].map((productIndex) => ({
      productIndex,
      quantity: faker.helpers.weightedArrayElement([
        { weight: 25, value: 1 },
        { weight: 25, value: 2 },
        { weight: 15, value: 3 },
        { weight: 10, value: 4 },
        { weight: 10, value: 6 },
        { weight: 8, value: 10 },
        { weight: 7, value: 12 },
      ]),
      // Trade price: the catalogue price less the customer's discount_rate, in pence ex VAT.
      unitPrice: Math.round(((catalogue[productIndex]?.variant.price ?? 0) * (100 - discount)) / 100),
    }));
    const totalExVat = items.reduce((sum, item) => sum + item.quantity * item.unitPrice, 0);
    return {
      customerIndex,
      orderedAt,
      items,
      totalExVat,
      totalIncVat: Math.round((totalExVat * VAT_NUMERATOR) / VAT_DENOMINATOR),
    };
  });
}

function planTransactions(
  faker: Faker,
  now: Date,
  customers: CustomerPlan[],
  orders: OrderPlan[],
): TransactionPlan[] {
  const references = new Set<string>();
  const recent = subDays(now, 2);
  const rows: TransactionPlan[] = [];

  orders.forEach((order, orderIndex) => {
    if (!faker.datatype.boolean({ probability: 0.45 })) return;
    const { customerIndex } = order;
    const company = customers[customerIndex]?.row.company_name ?? '';
    const occurredAt = earliest(addMinutes(order.orderedAt, faker.number.int({ min: 1, max: 30 })), now);
    // Recent payments are often still moving; older ones have settled or were cancelled.
    const status =
      occurredAt >= recent
        ? faker.helpers.weightedArrayElement([
            { weight: 50, value: TransactionStatus.Completed },
            { weight: 5, value: TransactionStatus.Cancelled },
            { weight: 30, value: TransactionStatus.InProgress },
            { weight: 15, value: TransactionStatus.InReview },
          ])
        : faker.helpers.weightedArrayElement([
            { weight: 84, value: TransactionStatus.Completed },
            { weight: 8, value: TransactionStatus.Cancelled },
            { weight: 4, value: TransactionStatus.InProgress },
            { weight: 4, value: TransactionStatus.InReview },
          ]);
    const paymentMethod = faker.helpers.weightedArrayElement(PAYMENT_METHODS);
    rows.push({
      transaction: `Payment from ${company}`,
      customerIndex,
      orderIndex,
      occurred_at: occurredAt,
      amount: order.totalIncVat,
      reference_number: claimReference(faker, references),
      payment_method: paymentMethod,
      status,
    });
    if (
      status === TransactionStatus.Completed &&
      occurredAt < recent &&
      faker.datatype.boolean({ probability: 0.05 })
    ) {
      rows.push({
        transaction: `Refund to ${company}`,
        customerIndex,
        orderIndex,
        occurred_at: between(
          faker,
          addMinutes(occurredAt, 60),
          earliest(addMinutes(occurredAt, 14 * 1440), now),
        ),
        amount: faker.datatype.boolean({ probability: 0.5 })
          ? order.totalIncVat
          : Math.round(order.totalIncVat * faker.number.float({ min: 0.1, max: 0.9 })),
        reference_number: claimReference(faker, references),
        payment_method: paymentMethod,
        status: faker.helpers.weightedArrayElement([
          { weight: 85, value: TransactionStatus.Completed },
          { weight: 15, value: TransactionStatus.InReview },
        ]),
      });
    }
  });
  return rows.sort((a, b) => a.occurred_at.getTime() - b.occurred_at.getTime());
}

function claimReference(faker: Faker, taken: Set<string>): string {
  let reference: string;
  do {
    reference = `TRX${faker.string.alphanumeric({ length: 10, casing: 'upper' })}`;
  } while (taken.has(reference));
  taken.add(reference);
  return reference;
}

function planFeeds(faker: Faker, now: Date, customers: CustomerPlan[], catalogue: ProductPlan[]): FeedPlan[] {
  const activeCustomers = customers.flatMap((plan, index) =>
    plan.row.status === UserStatus.Active ? [index] : [],
  );
  const mainOwners = faker.helpers.arrayElements(activeCustomers, FEED_COUNT - FEED_SUFFIXES.length - 3);
  const owners = [
    ...mainOwners.map((customerIndex) => ({ customerIndex, suffix: 'Main store' })),
    ...faker.helpers
      .arrayElements(mainOwners, FEED_COUNT - mainOwners.length)
      .map((customerIndex) => ({ customerIndex, suffix: faker.helpers.arrayElement(FEED_SUFFIXES) })),
  ];
  const productsByBrand = BRANDS.map((_, brandIndex) =>
    catalogue.flatMap((plan, index) =>
      plan.brandIndex === brandIndex && plan.product.status === 'active' ? [index] : [],
    ),
  );

  const plans = owners.map(({ customerIndex, suffix }, feedIndex): FeedPlan => {
    const customer = customers[customerIndex];
    // A few feeds with more brands than the list shows inline (6), and two still empty.
    const brandCount =
      feedIndex < 3
        ? faker.number.int({ min: 7, max: 8 })
        : feedIndex < 5
          ? 0
          : faker.helpers.weightedArrayElement([
              { weight: 20, value: 1 },
              { weight: 25, value: 2 },
              { weight: 25, value: 3 },
              { weight: 15, value: 4 },
              { weight: 10, value: 5 },
              { weight: 5, value: 6 },
            ]);
    const chosenBrands = faker.helpers.arrayElements(
      BRANDS.map((_, index) => index),
      brandCount,
    );
    const selected = new Set<number>();
    for (const brandIndex of chosenBrands) {
      selected.add(faker.helpers.arrayElement(productsByBrand[brandIndex] ?? []));
    }
    const pool = chosenBrands.flatMap((brandIndex) => productsByBrand[brandIndex] ?? []);
    const target = brandCount === 0 ? 0 : Math.min(pool.length, faker.number.int({ min: 10, max: 150 }));
    for (const productIndex of faker.helpers.shuffle(pool)) {
      if (selected.size >= target) break;
      selected.add(productIndex);
    }
    const createdAt = between(faker, customer?.row.created_at ?? now, now);
    return {
      row: {
        name: `${customer?.row.company_name ?? 'Customer'} – ${suffix}`,
        created_at: createdAt,
        updated_at: faker.datatype.boolean({ probability: 0.6 }) ? between(faker, createdAt, now) : null,
      },
      customerIndex,
      productIndexes: [...selected],
    };
  });
  return plans.sort((a, b) => a.row.created_at.getTime() - b.row.created_at.getTime());
}

function planApiTokens(
  faker: Faker,
  now: Date,
  customers: CustomerPlan[],
  encryptionKey: Buffer,
): ApiTokenPlan[] {
  const rows: ApiTokenPlan[] = [];
  customers.forEach((customer, customerIndex) => {
    if (!faker.datatype.boolean({ probability: 0.6 })) return;
    const tokenCount = faker.number.int({ min: 1, max: 3 });
    for (let count = 0; count < tokenCount; count++) {
      const token = generateApiToken();
      const createdAt = between(faker, customer.row.created_at, now);
      const totalRequests = faker.helpers.weightedArrayElement([
        { weight: 70, value: DEFAULT_TOTAL_REQUESTS },
        { weight: 10, value: 5000 },
        { weight: 10, value: 25000 },
        { weight: 10, value: 50000 },
      ]);
      const usage = faker.helpers.weightedArrayElement([
        { weight: 15, value: 'unused' },
        { weight: 78, value: 'partial' },
        { weight: 7, value: 'exhausted' },
      ]);
      const usedRequests =
        usage === 'unused'
          ? 0
          : usage === 'exhausted'
            ? totalRequests
            : Math.round(totalRequests * faker.number.float({ min: 0.01, max: 0.95 }));
      const revoked = faker.datatype.boolean({ probability: 0.15 });
      // A token nobody has used or revoked has never been updated.
      const updatedAt = usedRequests === 0 && !revoked ? null : between(faker, createdAt, now);
      rows.push({
        customerIndex,
        // Named without drawing from faker, so the rest of the data set stays as it was.
        name: DEMO_TOKEN_NAMES[count] ?? null,
        token_encrypted: encryptSecret(encryptionKey, token),
        token_hash: hashApiToken(token),
        revoked,
        used_requests: usedRequests,
        total_requests: totalRequests,
        last_used_at: usedRequests === 0 ? null : updatedAt,
        created_at: createdAt,
        updated_at: updatedAt,
      });
    }
  });
  return rows;
}
