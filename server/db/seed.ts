/**
 * The deterministic demo data set of issue 2 ("Demo data"): admins, UK customers, a supplement
 * catalogue with locally drawn images, 120 days of orders and transactions, feeds and API tokens.
 * Same faker seed + same `now` (and time zone) → the same rows; every date is relative to `now`.
 * Secrets stay unpredictable on purpose: API tokens, the customers' shared password and every
 * AES-GCM IV come from the system's random source, not from faker.
 */
import { randomBytes } from 'node:crypto';
import { Faker, base, en, en_GB } from '@faker-js/faker';
import { addMinutes, isWeekend, startOfDay, startOfMonth, subDays, subMonths } from 'date-fns';
import { sql } from 'drizzle-orm';
import { DEFAULT_TOTAL_REQUESTS, generateApiToken, hashApiToken } from '../auth/api-tokens';
import { hashPassword } from '../auth/passwords';
import { importCatalogue } from '../catalogue/import';
import { formatPrice, toShopifyCsv } from '../catalogue/shopify-csv';
import type { ShopifyRow } from '../catalogue/shopify-csv';
import { encryptSecret } from '../auth/secret-box';
import type { Db } from './open';
import {
  apiTokens,
  attemptCounters,
  brands,
  feedProducts,
  feeds,
  orderItems,
  orders,
  productAssets,
  products,
  productVariants,
  refreshTokenFamilies,
  refreshTokens,
  storedFiles,
  transactions,
  users,
} from './schema';
import { databaseStorage } from '../uploads/storage';
import { renderProductImages } from './seed-images';
import type { ProductImagePaths, ProductImageSpec } from './seed-images';

export interface SeedOptions {
  /** 32-byte AES-256-GCM key for API tokens and Shopify admin API keys (see secret-box.ts). */
  encryptionKey: Buffer;
  /** The moment every generated date is relative to; defaults to the current time. */
  now?: Date;
}

/** Rows inserted per table, and the wall time the seed took in ms. */
export interface SeedSummary {
  users: number;
  customers: number;
  brands: number;
  products: number;
  orders: number;
  transactions: number;
  feeds: number;
  apiTokens: number;
  ms: number;
}

/** The demo admin's credentials, printed on start and in the README (issue 2). */
export const DEMO_ADMIN = {
  email: 'admin@example.com',
  password: 'Admin123!',
  first_name: 'Alex',
  last_name: 'Morgan',
} as const;

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type UserRow = typeof users.$inferInsert;

const FAKER_SEED = 20_240_611;
const BATCH_SIZE = 400;
const CUSTOMER_COUNT = 240;
const ORDER_DAYS = 120;
const FEED_COUNT = 44;
const VAT_NUMERATOR = 6; // × 6 / 5 = × 1.2, UK standard rate, in integers so rounding is exact.
const VAT_DENOMINATOR = 5;

const USER_TYPE_ADMIN = 1;
const USER_TYPE_CUSTOMER = 2;
const STATUS_ACTIVE = 1;
const STATUS_INACTIVE = 2;

/** Transaction statuses of spec §4. */
const TX_COMPLETED = 1;
const TX_CANCELLED = 2;
const TX_IN_PROGRESS = 3;
const TX_IN_REVIEW = 4;

/** The allowed discount rates of spec §5 (percent), weighted by how common each is among customers. */
const DISCOUNT_RATES = [
  { value: 0, weight: 20 },
  { value: 5, weight: 15 },
  { value: 10, weight: 30 },
  { value: 15, weight: 15 },
  { value: 20, weight: 12 },
  { value: 25, weight: 8 },
];

const PAYMENT_METHODS = [
  { weight: 34, value: 'Visa' },
  { weight: 24, value: 'Mastercard' },
  { weight: 16, value: 'PayPal' },
  { weight: 16, value: 'Bank transfer' },
  { weight: 10, value: 'Apple Pay' },
];

// ---------------------------------------------------------------------------------------------
// Catalogue: brands, product forms and ingredients. SKUs are `<brand>-<ingredient>-<form>` codes.
// ---------------------------------------------------------------------------------------------

type ProductType =
  | 'Vitamins'
  | 'Minerals'
  | 'Omega Oils'
  | 'Probiotics'
  | 'Digestive Health'
  | 'Herbal Extracts'
  | 'Amino Acids'
  | 'Protein & Sports'
  | 'Antioxidants';

interface BrandPlan {
  name: string;
  /** SKU prefix. */
  code: string;
  /** Bottle colour of the brand's product images. */
  colour: string;
  /** How many products the brand gets (fewer if its types offer fewer combinations). */
  products: number;
  /** Price level against the catalogue base price. */
  premium: number;
  types: ProductType[];
}

const brand = (
  name: string,
  code: string,
  colour: string,
  products: number,
  premium: number,
  types: ProductType[],
): BrandPlan => ({ name, code, colour, products, premium, types });

/** The five carousel brands of spec §1 first, then invented supplement brands. */
const BRANDS: BrandPlan[] = [
  brand('Seeking Health', 'SH', '#1f6f8b', 45, 1.25, [
    'Vitamins',
    'Minerals',
    'Amino Acids',
    'Antioxidants',
    'Digestive Health',
  ]),
  brand('Risewell', 'RW', '#d9822b', 30, 1.1, ['Minerals', 'Vitamins', 'Herbal Extracts']),
  brand('Listen To Your Gut', 'LG', '#6a8e23', 30, 1.05, [
    'Probiotics',
    'Digestive Health',
    'Herbal Extracts',
  ]),
  brand('Pure Encapsulation', 'PE', '#3b5ba5', 50, 1.3, [
    'Vitamins',
    'Minerals',
    'Amino Acids',
    'Antioxidants',
    'Omega Oils',
    'Digestive Health',
    'Herbal Extracts',
  ]),
  brand('Bare Biology', 'BB', '#0f8b8d', 25, 1.35, ['Omega Oils', 'Vitamins', 'Antioxidants']),
  brand('Northern Botanics', 'NB', '#2e7d5b', 30, 0.95, ['Herbal Extracts', 'Antioxidants']),
  brand('Vitality Labs', 'VL', '#c0392b', 35, 0.9, ['Vitamins', 'Minerals', 'Protein & Sports']),
  brand('Coastal Naturals', 'CN', '#2980b9', 30, 1, ['Omega Oils', 'Minerals', 'Vitamins']),
  brand('Albion Nutrition', 'AN', '#8e44ad', 35, 1, ['Vitamins', 'Minerals', 'Amino Acids', 'Probiotics']),
  brand('Pennine Wellness', 'PW', '#7f8c3a', 30, 0.9, ['Herbal Extracts', 'Digestive Health', 'Vitamins']),
  brand('Thrive Daily', 'TD', '#e67e22', 35, 0.85, [
    'Vitamins',
    'Minerals',
    'Protein & Sports',
    'Amino Acids',
  ]),
  brand('Evergreen Apothecary', 'EA', '#27ae60', 30, 1.15, [
    'Herbal Extracts',
    'Antioxidants',
    'Digestive Health',
  ]),
  brand('Solent Sports Nutrition', 'SS', '#34495e', 30, 0.95, [
    'Protein & Sports',
    'Amino Acids',
    'Minerals',
  ]),
  brand('Kinfolk Organics', 'KO', '#a0522d', 30, 1.1, [
    'Vitamins',
    'Herbal Extracts',
    'Protein & Sports',
    'Probiotics',
  ]),
  brand('Heritage Herbals', 'HH', '#556b2f', 25, 0.9, ['Herbal Extracts', 'Digestive Health']),
  brand('Oakwood Nutrition', 'ON', '#6d4c41', 30, 1, ['Vitamins', 'Minerals', 'Omega Oils', 'Antioxidants']),
];

/** Pack forms by SKU code: label as it appears in the product name, price factor against '60'. */
const FORMS = {
  '30': { label: '30 Capsules', factor: 0.65 },
  '60': { label: '60 Capsules', factor: 1 },
  '90': { label: '90 Capsules', factor: 1.35 },
  '120': { label: '120 Capsules', factor: 1.7 },
  '60T': { label: '60 Tablets', factor: 0.9 },
  '120T': { label: '120 Tablets', factor: 1.5 },
  '30SG': { label: '30 Softgels', factor: 0.75 },
  '60SG': { label: '60 Softgels', factor: 1.3 },
  '90SG': { label: '90 Softgels', factor: 1.75 },
  P250: { label: 'Powder 250g', factor: 1.6 },
  P500: { label: 'Powder 500g', factor: 2.6 },
  P1KG: { label: 'Powder 1kg', factor: 4.2 },
  L30: { label: 'Liquid Drops 30ml', factor: 1 },
  L250: { label: 'Liquid 250ml', factor: 1.8 },
  G60: { label: '60 Gummies', factor: 1 },
} as const;
type FormCode = keyof typeof FORMS;

interface Ingredient {
  name: string;
  /** SKU middle part, unique. */
  code: string;
  type: ProductType;
  /** Price in pence of a '60' pack before the brand premium. */
  base: number;
  forms: FormCode[];
  tags: string[];
}

/** Name, SKU code, base price in pence, pack forms, Shopify tags. */
type IngredientRow = [string, string, number, FormCode[], string[]];

const INGREDIENT_TABLE: Record<ProductType, IngredientRow[]> = {
  Vitamins: [
    ['Vitamin D3 1000IU', 'D3', 799, ['120', '60T', 'L30'], ['vitamin d', 'immunity']],
    ['Vitamin D3 & K2', 'D3K2', 1299, ['60', '120', 'L30'], ['vitamin d', 'bone health']],
    ['Vitamin C 1000mg', 'VC', 899, ['60T', '120T', 'P250'], ['vitamin c', 'immunity']],
    ['Methyl B12 1000mcg', 'B12', 1099, ['60', '120', 'L30'], ['vitamin b12', 'energy']],
    ['Active B Complex', 'BCX', 1499, ['60', '120'], ['b vitamins', 'energy']],
    ['Methylfolate 400mcg', 'MTF', 1199, ['60', '90'], ['folate', 'pregnancy']],
    ['Daily Multivitamin', 'MLT', 1399, ['60T', '120T', 'G60'], ['multivitamin']],
    ['Prenatal Multi', 'PRN', 1999, ['60', '120'], ['multivitamin', 'pregnancy']],
    ['Vitamin E 400IU', 'VE', 999, ['30SG', '60SG'], ['vitamin e', 'skin']],
    ['Biotin 5000mcg', 'BIO', 899, ['60', 'G60'], ['biotin', 'hair']],
  ],
  Minerals: [
    ['Magnesium Glycinate', 'MAG', 1499, ['60', '120', 'P250'], ['magnesium', 'sleep']],
    ['Magnesium Citrate', 'MGC', 1099, ['60', '120', 'P250'], ['magnesium']],
    ['Zinc Citrate', 'ZNC', 699, ['60', '120'], ['zinc', 'immunity']],
    ['Iron Bisglycinate', 'FE', 899, ['60', '90'], ['iron', 'energy']],
    ['Selenium 200mcg', 'SE', 799, ['60', '90'], ['selenium', 'thyroid']],
    ['Iodine 150mcg', 'IOD', 699, ['60T', 'L30'], ['iodine', 'thyroid']],
    ['Calcium Citrate', 'CA', 999, ['90', '120T'], ['calcium', 'bone health']],
    ['Potassium Citrate', 'K', 899, ['90', 'P250'], ['potassium', 'electrolytes']],
    ['Trace Mineral Complex', 'TMC', 1299, ['60', 'L250'], ['minerals']],
  ],
  'Omega Oils': [
    ['Omega-3 Fish Oil 1000mg', 'O3', 1199, ['60SG', '90SG', 'L250'], ['omega-3', 'heart']],
    ['Triple Strength Omega-3', 'O3TS', 2199, ['30SG', '60SG'], ['omega-3', 'heart']],
    ['Krill Oil 500mg', 'KRL', 1999, ['30SG', '60SG'], ['omega-3', 'krill']],
    ['Vegan Algae Omega-3', 'ALG', 1899, ['30SG', '60SG', 'L250'], ['omega-3', 'vegan']],
    ['Cod Liver Oil', 'CLO', 999, ['90SG', 'L250'], ['omega-3', 'vitamin a']],
    ['Evening Primrose Oil', 'EPO', 899, ['60SG', '90SG'], ['gla', 'womens health']],
    ['Organic Flaxseed Oil', 'FLX', 799, ['90SG', 'L250'], ['omega-3', 'vegan']],
  ],
  Probiotics: [
    ['Probiotic 50 Billion', 'PB50', 2499, ['30', '60'], ['probiotic', 'gut health']],
    ['Daily Probiotic 10 Billion', 'PB10', 1299, ['30', '60', '90'], ['probiotic']],
    ['Saccharomyces Boulardii', 'SB', 1699, ['30', '60'], ['probiotic', 'gut health']],
    ['Kids Probiotic', 'PBK', 1199, ['G60', 'P250'], ['probiotic', 'children']],
    ["Women's Probiotic", 'PBW', 1899, ['30', '60'], ['probiotic', 'womens health']],
    ['Spore Probiotic', 'SPR', 2299, ['30', '60'], ['probiotic', 'gut health']],
  ],
  'Digestive Health': [
    ['Digestive Enzymes', 'DEN', 1599, ['60', '90', '120'], ['enzymes', 'digestion']],
    ['Psyllium Husk', 'PSY', 899, ['120', 'P250', 'P500'], ['fibre', 'digestion']],
    ['L-Glutamine Powder', 'GLN', 1499, ['P250', 'P500'], ['glutamine', 'gut health']],
    ['Betaine HCl with Pepsin', 'BHC', 1299, ['90', '120'], ['digestion']],
    ['Slippery Elm', 'SLE', 999, ['60', 'P250'], ['digestion', 'herbal']],
    ['Gut Repair Complex', 'GRC', 2499, ['P250', '120'], ['gut health']],
  ],
  'Herbal Extracts': [
    ['Ashwagandha KSM-66', 'ASH', 1499, ['60', '120'], ['adaptogen', 'stress']],
    ['Turmeric Curcumin', 'TUR', 1299, ['60', '120'], ['curcumin', 'joints']],
    ["Lion's Mane Mushroom", 'LMN', 1799, ['60', 'P250'], ['mushroom', 'focus']],
    ['Rhodiola Rosea', 'RHO', 1199, ['60', '90'], ['adaptogen', 'energy']],
    ['Milk Thistle', 'MTH', 999, ['60', '90'], ['liver', 'herbal']],
    ['Elderberry Extract', 'ELD', 1099, ['60', 'G60', 'L250'], ['immunity', 'herbal']],
    ['Echinacea', 'ECH', 899, ['60', 'L30'], ['immunity', 'herbal']],
    ['Saffron Extract', 'SAF', 1999, ['30', '60'], ['mood', 'herbal']],
    ['Berberine 500mg', 'BER', 1899, ['60', '120'], ['blood sugar', 'herbal']],
  ],
  'Amino Acids': [
    ['Magnesium L-Threonate', 'MLT3', 2999, ['90', '120'], ['magnesium', 'focus']],
    ['L-Theanine 200mg', 'THE', 1199, ['60', '120'], ['calm', 'focus']],
    ['NAC 600mg', 'NAC', 1299, ['60', '120'], ['glutathione', 'liver']],
    ['Glycine Powder', 'GLY', 999, ['P250', 'P500'], ['sleep', 'collagen']],
    ['Taurine 1000mg', 'TAU', 899, ['60', '120'], ['heart', 'energy']],
    ['Acetyl L-Carnitine', 'ALC', 1499, ['60', '120'], ['energy', 'focus']],
    ['5-HTP 100mg', 'HTP', 1299, ['60', '90'], ['mood', 'sleep']],
  ],
  'Protein & Sports': [
    ['Whey Protein Isolate', 'WPI', 2499, ['P500', 'P1KG'], ['protein', 'sports']],
    ['Vegan Pea Protein', 'PEA', 2199, ['P500', 'P1KG'], ['protein', 'vegan']],
    ['Creatine Monohydrate', 'CRE', 1499, ['P250', 'P500', '120'], ['creatine', 'sports']],
    ['Collagen Peptides', 'COL', 2299, ['P250', 'P500'], ['collagen', 'skin']],
    ['Electrolyte Blend', 'ELY', 1599, ['P250', 'P500'], ['electrolytes', 'hydration']],
    ['BCAA 2:1:1', 'BCA', 1799, ['P250', 'P500', '120'], ['bcaa', 'sports']],
  ],
  Antioxidants: [
    ['CoQ10 Ubiquinol 100mg', 'Q10', 2299, ['30SG', '60SG'], ['coq10', 'heart']],
    ['Liposomal Glutathione', 'GSH', 3499, ['L250', '60'], ['glutathione', 'detox']],
    ['Alpha Lipoic Acid', 'ALA', 1399, ['60', '120'], ['antioxidant', 'blood sugar']],
    ['Quercetin with Bromelain', 'QUE', 1599, ['60', '120'], ['antioxidant', 'immunity']],
    ['Resveratrol 250mg', 'RES', 1899, ['60', '90'], ['antioxidant', 'ageing']],
    ['Astaxanthin 12mg', 'AST', 2099, ['30SG', '60SG'], ['antioxidant', 'skin']],
    ['PQQ 20mg', 'PQQ', 2499, ['30', '60'], ['antioxidant', 'energy']],
  ],
};

const INGREDIENTS: Ingredient[] = Object.entries(INGREDIENT_TABLE).flatMap(([type, rows]) =>
  rows.map(([name, code, base, forms, tags]) => ({
    name,
    code,
    type: type as ProductType,
    base,
    forms,
    tags,
  })),
);

const TYPE_BLURBS: Record<ProductType, string> = {
  Vitamins: 'Bioavailable vitamin forms, dosed for everyday use.',
  Minerals: 'A well-absorbed mineral form that is gentle on the stomach.',
  'Omega Oils': 'Molecularly distilled and tested for purity and freshness.',
  Probiotics: 'Clinically studied strains in delayed-release capsules.',
  'Digestive Health': 'Formulated to support comfortable, healthy digestion.',
  'Herbal Extracts': 'Standardised botanical extract for a consistent dose.',
  'Amino Acids': 'Pure, free-form amino acids with no unnecessary fillers.',
  'Protein & Sports': 'Clean sports nutrition, batch-tested for banned substances.',
  Antioxidants: 'A concentrated antioxidant in a highly absorbable form.',
};

const DIETARY_TAGS = ['vegan', 'vegetarian', 'gluten free', 'dairy free', 'non-gmo', 'made in the uk'];

// ---------------------------------------------------------------------------------------------
// People and companies: common UK names, real UK towns, and Ofcom's number ranges reserved for
// drama, so no generated phone number can belong to anybody.
// ---------------------------------------------------------------------------------------------

/** Splits a comma-separated block of text into trimmed, non-empty entries. */
function list(text: string): string[] {
  return text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
}

const FIRST_NAMES = list(`
  Oliver, George, Harry, Jack, Jacob, Noah, Charlie, Thomas, Oscar, William, James, Henry, Leo, Alfie,
  Joshua, Freddie, Archie, Ethan, Isaac, Alexander, Daniel, Samuel, Benjamin, Joseph, Lewis, Callum,
  Ryan, Liam, Owen, Rhys, Olivia, Amelia, Isla, Ava, Emily, Sophie, Grace, Lily, Freya, Ella, Charlotte,
  Evie, Poppy, Isabella, Jessica, Ruby, Daisy, Chloe, Holly, Megan, Hannah, Lucy, Eleanor, Katie,
  Rebecca, Sarah, Laura, Emma, Niamh, Zara, Priya, Aisha, Imran, Arjun, Sian, Ffion, Catriona, Fraser,
  Euan, Siobhan
`);

const LAST_NAMES = list(`
  Smith, Jones, Williams, Taylor, Brown, Davies, Evans, Wilson, Thomas, Johnson, Roberts, Robinson,
  Thompson, Wright, Walker, White, Edwards, Hughes, Green, Hall, Lewis, Harris, Clarke, Patel, Jackson,
  Wood, Turner, Martin, Cooper, Hill, Ward, Morris, Moore, Clark, Lee, King, Baker, Harrison, Morgan,
  Allen, James, Scott, Phillips, Watson, Davis, Parker, Price, Bennett, Young, Griffiths, Mitchell,
  Kelly, Cook, Carter, Richardson, Bailey, Collins, Bell, Shaw, Murphy, Miller, Cox, Richards, Khan,
  Marshall, Anderson, Simpson, Ellis, Adams, Singh, Begum, Wilkinson, Foster, Chapman, Powell, Webb,
  Rogers, Gray, Mason, Ali, Hunt, Hussain, Campbell, Matthews, Owen, Palmer, Holmes, Mills, Barnes,
  Knight, Lloyd, Butler, Russell, Barker, Fisher, Stevens, Jenkins, Murray, Dixon, Harvey
`);

const TOWNS = list(`
  Bath, Brighton, Bristol, Cambridge, Canterbury, Cardiff, Carlisle, Chester, Cheltenham, Chichester,
  Colchester, Derby, Dorchester, Durham, Edinburgh, Exeter, Glasgow, Guildford, Harrogate, Hereford,
  Inverness, Ipswich, Kendal, Leeds, Leicester, Lincoln, Ludlow, Manchester, Margate, Norwich,
  Nottingham, Oxford, Penzance, Perth, Plymouth, Reading, Richmond, Salisbury, Sheffield, Shrewsbury,
  Southampton, St Albans, Stamford, Swansea, Totnes, Truro, Tunbridge Wells, Whitby, Winchester,
  Windsor, Worcester, York, Belfast, Aberdeen, Stirling, Hexham
`);

const TRADES = list(`
  Health Foods, Nutrition, Wellness, Pharmacy, Naturals, Supplements, Apothecary, Health Store,
  Vitamins, Wholefoods, Natural Health, Herbal Dispensary
`);

/** Two-word shop names, e.g. 'Wild Thyme'. */
const SHOP_NAMES = list(`
  Green Leaf, Wild Thyme, Pure Roots, Good Earth, Little Acorn, Bright Meadow, True North, Silver Birch,
  Honest Harvest, Clear Spring, Golden Oak, Blue Heron, Red Kite, Open Field, Well Rooted, Sea Holly,
  Hedgerow, Mill House, Old Forge, Sage Garden
`);

const COMPANY_SUFFIXES = [
  { weight: 55, value: ' Ltd' },
  { weight: 10, value: ' Limited' },
  { weight: 35, value: '' },
];

/** Ofcom drama ranges: everything but the last three digits. */
const LANDLINE_RANGES = list(`
  020 7946 0, 0121 496 0, 0161 496 0, 0113 496 0, 0117 496 0, 0114 496 0, 0115 496 0, 0141 496 0,
  0131 496 0, 0151 496 0, 029 2018 0, 028 9018 0
`);
const MOBILE_RANGE = '07700 900';

const FEED_SUFFIXES = ['EU store', 'Wholesale', 'Outlet', 'Pop-up store', 'Ireland store'];

// ---------------------------------------------------------------------------------------------
// Small helpers
// ---------------------------------------------------------------------------------------------

/** A private faker equal to fakerEN_GB seeded with `seed`, so seeding it cannot disturb other users. */
function createFaker(seed = FAKER_SEED): Faker {
  const faker = new Faker({ locale: [en_GB, en, base] });
  faker.seed(seed);
  return faker;
}

function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/'/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** A random moment in [from, to] (to is clamped to from when earlier). */
function between(faker: Faker, from: Date, to: Date): Date {
  const span = Math.max(0, to.getTime() - from.getTime());
  return new Date(from.getTime() + faker.number.int({ min: 0, max: span }));
}

function earliest(a: Date, b: Date): Date {
  return a.getTime() <= b.getTime() ? a : b;
}

/** Claims and returns `base`, or when taken the first free `join(base, n)` for n = 2, 3, ... */
function claimUnique(taken: Set<string>, base: string, join: (base: string, n: number) => string): string {
  let candidate = base;
  for (let n = 2; taken.has(candidate); n++) candidate = join(base, n);
  taken.add(candidate);
  return candidate;
}

/** A valid EAN-13 with the UK's GS1 prefix 50. */
function ean13(faker: Faker): string {
  const body = '50' + faker.string.numeric(10);
  const sum = [...body].reduce((total, digit, index) => total + Number(digit) * (index % 2 === 0 ? 1 : 3), 0);
  return body + String((10 - (sum % 10)) % 10);
}

/** Picks an index with probability proportional to `cumulative` (running sums), among the first `limit`. */
function pickWeighted(faker: Faker, cumulative: number[], limit = cumulative.length): number {
  const total = cumulative[limit - 1] ?? 0;
  const target = faker.number.float({ min: 0, max: total });
  let low = 0;
  let high = limit - 1;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((cumulative[middle] ?? 0) < target) low = middle + 1;
    else high = middle;
  }
  return low;
}

function runningSums(weights: number[]): number[] {
  let total = 0;
  return weights.map((weight) => (total += weight));
}

async function insertAll<R>(rows: R[], write: (batch: R[]) => PromiseLike<unknown>): Promise<void> {
  for (let start = 0; start < rows.length; start += BATCH_SIZE) {
    await write(rows.slice(start, start + BATCH_SIZE));
  }
}

/** Inserts in batches and returns the RETURNING rows in insertion order. */
async function insertAllReturning<R, O>(rows: R[], write: (batch: R[]) => PromiseLike<O[]>): Promise<O[]> {
  const returned: O[] = [];
  for (let start = 0; start < rows.length; start += BATCH_SIZE) {
    returned.push(...(await write(rows.slice(start, start + BATCH_SIZE))));
  }
  return returned;
}

// ---------------------------------------------------------------------------------------------
// Plans (pure data built from faker before the transaction opens)
// ---------------------------------------------------------------------------------------------

interface CustomerPlan {
  row: UserRow & { created_at: Date; company_name: string; discount_rate: number };
  /** Relative share of orders this customer places. */
  activity: number;
}

function planCustomers(faker: Faker, now: Date, passwordHash: string, encryptionKey: Buffer): CustomerPlan[] {
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
    const shopifyAdminApi = faker.datatype.boolean({ probability: 0.4 })
      ? encryptSecret(
          encryptionKey,
          `shpat_${faker.string.hexadecimal({ length: 32, casing: 'lower', prefix: '' })}`,
        )
      : null;

    plans.push({
      activity: (active ? 1 : 0.25) * (0.05 + faker.number.float({ min: 0, max: 1 }) ** 2),
      row: {
        user_type_id: USER_TYPE_CUSTOMER,
        status: active ? STATUS_ACTIVE : STATUS_INACTIVE,
        first_name: firstName,
        last_name: lastName,
        email,
        company_name: company,
        phone: faker.helpers.arrayElement(LANDLINE_RANGES) + faker.string.numeric(3),
        mobile: faker.datatype.boolean({ probability: 0.6 }) ? MOBILE_RANGE + faker.string.numeric(3) : null,
        website: faker.datatype.boolean({ probability: 0.7 }) ? `https://www.${mailDomain}` : null,
        shopify_id: faker.string.numeric({ length: 11, allowLeadingZeros: false }),
        shopify_domain: `${domainBase}.myshopify.com`,
        shopify_admin_api_encrypted: shopifyAdminApi,
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

/** One variant of a demo product, as its export row says it (prices in pence). */
type VariantPlan = Omit<typeof productVariants.$inferInsert, 'product_id' | 'option_key'> & {
  price: number;
  sku: string;
};

interface ProductPlan {
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

/** Forms that real supplement shops sell in several flavours, as a second option. */
const FLAVOURED_FORMS: ReadonlySet<FormCode> = new Set(['P250', 'P500', 'P1KG', 'G60', 'L250']);
const FLAVOURS = [
  { name: 'Unflavoured', code: 'UNF' },
  { name: 'Chocolate', code: 'CHO' },
  { name: 'Vanilla', code: 'VAN' },
  { name: 'Mixed Berry', code: 'BER' },
  { name: 'Lemon', code: 'LEM' },
] as const;
/** Its own seed, so the variants added for issue 11 leave every other demo row as it was. */
const VARIANT_FAKER_SEED = 20_261_123;

function planCatalogue(faker: Faker, now: Date): ProductPlan[] {
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
function planVariants(plans: ProductPlan[]): void {
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

function imageSpecs(catalogue: ProductPlan[]): ProductImageSpec[] {
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

// ---------------------------------------------------------------------------------------------
// Public API
// ---------------------------------------------------------------------------------------------

/** True when the users table has no row. */
export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  const rows = await db.select({ id: users.id }).from(users).limit(1);
  return rows.length === 0;
}

/**
 * Fills an empty database with the demo data set (issue 2, "Demo data") in one transaction, the
 * product images (rendered first, in memory) stored in the upload storage with the rows that name
 * them, so every process serving the database serves them. Resolves to the row counts and elapsed
 * ms. Throws when the database already has a user; rejects on any insert or rendering error (the
 * transaction then leaves the database as it was).
 */
export async function seedDemoData(db: Db, options: SeedOptions): Promise<SeedSummary> {
  const started = performance.now();
  const now = options.now ?? new Date();
  if (!(await isDatabaseEmpty(db))) {
    throw new Error('The database is not empty; reset it before seeding demo data.');
  }

  const faker = createFaker();
  // Argon2 is slow on purpose: hash the admin's and one shared random customer password once.
  const [adminHash, sharedHash] = await Promise.all([
    hashPassword(DEMO_ADMIN.password),
    hashPassword(randomBytes(24).toString('base64url')),
  ]);
  const customers = planCustomers(faker, now, sharedHash, options.encryptionKey);
  const admins = planAdmins(faker, now, adminHash, sharedHash);
  const catalogue = planCatalogue(faker, now);
  planVariants(catalogue);
  const images = await renderProductImages(imageSpecs(catalogue));

  return db.transaction(async (tx) => {
    // Catches a seed committed since the first check; one running concurrently fails instead on
    // the unique index of the demo admin's email, and its transaction rolls back.
    if ((await tx.select({ id: users.id }).from(users).limit(1)).length > 0) {
      throw new Error('The database is not empty; reset it before seeding demo data.');
    }
    const userIds = await insertAllReturning([...admins, ...customers.map((plan) => plan.row)], (batch) =>
      tx.insert(users).values(batch).returning({ id: users.id }),
    );
    const customerIds = userIds.slice(admins.length).map((row) => row.id);

    await databaseStorage(tx).put([...images.values()].flatMap((image) => image.files));

    const { productIds, brandCount } = await insertCatalogue(tx, now, catalogue, images);

    const orderFacts = await insertOrders(tx, faker, now, customers, customerIds, catalogue, productIds);
    const transactionCount = await insertTransactions(tx, faker, now, orderFacts);
    const feedCount = await insertFeeds(tx, faker, now, customers, customerIds, catalogue, productIds);
    const tokenCount = await insertApiTokens(tx, faker, now, customers, customerIds, options.encryptionKey);

    return {
      users: userIds.length,
      customers: customerIds.length,
      brands: brandCount,
      products: productIds.length,
      orders: orderFacts.length,
      transactions: transactionCount,
      feeds: feedCount,
      apiTokens: tokenCount,
      ms: Math.round(performance.now() - started),
    };
  });
}

function planAdmins(faker: Faker, now: Date, adminHash: string, otherHash: string): UserRow[] {
  const founded = subMonths(now, 20);
  const emails = new Set<string>([DEMO_ADMIN.email]);
  const demo: UserRow = {
    user_type_id: USER_TYPE_ADMIN,
    status: STATUS_ACTIVE,
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
      user_type_id: USER_TYPE_ADMIN,
      status: STATUS_ACTIVE,
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

/**
 * The catalogue as a Shopify product CSV export (ARCHITECTURE.md §4, "Catalogue source"): per
 * product, a first row with the product, its default variant and its locally drawn image, then one
 * row per further variant.
 */
function catalogueCsv(catalogue: ProductPlan[], images: Map<string, ProductImagePaths>): string {
  const variantRow = (variant: VariantPlan): ShopifyRow => ({
    'Option1 Value': variant.option1 ?? '',
    'Option2 Value': variant.option2 ?? '',
    'Variant SKU': variant.sku,
    'Variant Inventory Tracker': variant.inventory_tracker ?? '',
    'Variant Inventory Qty': String(variant.inventory_quantity ?? 0),
    'Variant Inventory Policy': variant.inventory_policy ?? 'deny',
    'Variant Price': formatPrice(variant.price),
    'Variant Compare At Price': variant.compare_at_price ? formatPrice(variant.compare_at_price) : '',
    'Variant Barcode': variant.barcode ?? '',
  });
  return toShopifyCsv(
    catalogue.flatMap((plan): ShopifyRow[] => {
      const image = images.get(plan.imageKey);
      if (!image) throw new Error(`No image was rendered for ${plan.imageKey}`);
      const handle = plan.product.handle;
      return [
        {
          Handle: handle,
          Title: plan.product.name,
          'Body (HTML)': plan.product.description_html ?? '',
          Vendor: BRANDS[plan.brandIndex]?.name ?? '',
          Type: plan.product.product_type ?? '',
          Tags: plan.product.tags ?? '',
          Published: plan.product.published ? 'TRUE' : 'FALSE',
          'Option1 Name': 'Size',
          'Option2 Name': plan.variant.option2 ? 'Flavour' : '',
          ...variantRow(plan.variant),
          'Image Src': image.src,
          'Image Position': '1',
          'Image Alt Text': plan.product.name,
          Status: plan.product.status ?? 'active',
        },
        ...plan.extraVariants.map((variant) => ({ Handle: handle, ...variantRow(variant) })),
      ];
    }),
  );
}

/**
 * Imports the catalogue through the same code path as `npm run catalogue:import` (issue 4), then
 * back-dates the products, which a Shopify export has no column for. Resolves to the product ids
 * in catalogue order and the number of brands created.
 */
async function insertCatalogue(
  tx: Tx,
  now: Date,
  catalogue: ProductPlan[],
  images: Map<string, ProductImagePaths>,
): Promise<{ productIds: number[]; brandCount: number }> {
  const thumbnails = new Map([...images.values()].map((image) => [image.src, image.thumbnail_50]));
  const summary = await importCatalogue(tx, catalogueCsv(catalogue, images), {
    now,
    localThumbnail: (src) => thumbnails.get(src),
  });
  if (summary.products.created !== catalogue.length) {
    throw new Error(`The demo catalogue did not import: ${JSON.stringify(summary.skips)}`);
  }
  const idByHandle = new Map(
    (await tx.select({ id: products.id, handle: products.handle }).from(products)).map((row) => [
      row.handle,
      row.id,
    ]),
  );
  await insertAll(catalogue, (batch) =>
    tx.execute(sql`
      update ${products} set created_at = dated.created_at, updated_at = dated.updated_at
      from (values ${sql.join(
        batch.map(
          (plan) =>
            sql`(${plan.product.handle}, ${plan.product.created_at ?? now}::timestamptz, ${plan.product.updated_at ?? null}::timestamptz)`,
        ),
        sql`, `,
      )}) as dated(handle, created_at, updated_at)
      where ${products.handle} = dated.handle`),
  );
  return {
    productIds: catalogue.map((plan) => idByHandle.get(plan.product.handle) ?? 0),
    brandCount: summary.brandsCreated,
  };
}

/** What transactions need to know of an inserted order. */
interface OrderFact {
  id: number;
  userId: number;
  company: string;
  orderedAt: Date;
  /** Pence. */
  totalIncVat: number;
}

interface OrderPlan {
  customerIndex: number;
  orderedAt: Date;
  items: { productIndex: number; quantity: number; unitPrice: number }[];
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

async function insertOrders(
  tx: Tx,
  faker: Faker,
  now: Date,
  customers: CustomerPlan[],
  customerIds: number[],
  catalogue: ProductPlan[],
  productIds: number[],
): Promise<OrderFact[]> {
  const signUps = customers.map((plan) => plan.row.created_at.getTime());
  const customerWeights = runningSums(customers.map((plan) => plan.activity));
  const sellable = catalogue.flatMap((plan, index) => (plan.product.status === 'active' ? [index] : []));
  const productWeights = runningSums(sellable.map((index) => catalogue[index]?.popularity ?? 0));

  const plans: OrderPlan[] = planOrderTimes(faker, now).map((orderedAt) => {
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
    return { customerIndex, orderedAt, items };
  });

  const orderRows = plans.map((plan) => {
    const totalExVat = plan.items.reduce((sum, item) => sum + item.quantity * item.unitPrice, 0);
    return {
      user_id: customerIds[plan.customerIndex] ?? 0,
      ordered_at: plan.orderedAt,
      total_ex_vat: totalExVat,
      total_inc_vat: Math.round((totalExVat * VAT_NUMERATOR) / VAT_DENOMINATOR),
    };
  });
  const orderIds = await insertAllReturning(orderRows, (batch) =>
    tx.insert(orders).values(batch).returning({ id: orders.id }),
  );
  await insertAll(
    plans.flatMap((plan, orderIndex) =>
      plan.items.map((item) => {
        const product = catalogue[item.productIndex];
        return {
          order_id: orderIds[orderIndex]?.id ?? 0,
          product_id: productIds[item.productIndex] ?? null,
          sku: product?.variant.sku ?? '',
          name: product?.product.name ?? '',
          quantity: item.quantity,
          unit_price: item.unitPrice,
        };
      }),
    ),
    (batch) => tx.insert(orderItems).values(batch),
  );
  return plans.map((plan, index) => ({
    id: orderIds[index]?.id ?? 0,
    userId: customerIds[plan.customerIndex] ?? 0,
    company: customers[plan.customerIndex]?.row.company_name ?? '',
    orderedAt: plan.orderedAt,
    totalIncVat: orderRows[index]?.total_inc_vat ?? 0,
  }));
}

async function insertTransactions(tx: Tx, faker: Faker, now: Date, orderFacts: OrderFact[]): Promise<number> {
  const references = new Set<string>();
  const recent = subDays(now, 2);
  const rows: (typeof transactions.$inferInsert & { occurred_at: Date })[] = [];

  for (const order of orderFacts) {
    if (!faker.datatype.boolean({ probability: 0.45 })) continue;
    const { userId, company } = order;
    const occurredAt = earliest(addMinutes(order.orderedAt, faker.number.int({ min: 1, max: 30 })), now);
    // Recent payments are often still moving; older ones have settled or were cancelled.
    const status =
      occurredAt >= recent
        ? faker.helpers.weightedArrayElement([
            { weight: 50, value: TX_COMPLETED },
            { weight: 5, value: TX_CANCELLED },
            { weight: 30, value: TX_IN_PROGRESS },
            { weight: 15, value: TX_IN_REVIEW },
          ])
        : faker.helpers.weightedArrayElement([
            { weight: 84, value: TX_COMPLETED },
            { weight: 8, value: TX_CANCELLED },
            { weight: 4, value: TX_IN_PROGRESS },
            { weight: 4, value: TX_IN_REVIEW },
          ]);
    const paymentMethod = faker.helpers.weightedArrayElement(PAYMENT_METHODS);
    rows.push({
      transaction: `Payment from ${company}`,
      user_id: userId,
      order_id: order.id,
      occurred_at: occurredAt,
      amount: order.totalIncVat,
      reference_number: claimReference(faker, references),
      payment_method: paymentMethod,
      status,
    });
    if (status === TX_COMPLETED && occurredAt < recent && faker.datatype.boolean({ probability: 0.05 })) {
      rows.push({
        transaction: `Refund to ${company}`,
        user_id: userId,
        order_id: order.id,
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
          { weight: 85, value: TX_COMPLETED },
          { weight: 15, value: TX_IN_REVIEW },
        ]),
      });
    }
  }
  rows.sort((a, b) => a.occurred_at.getTime() - b.occurred_at.getTime());
  await insertAll(rows, (batch) => tx.insert(transactions).values(batch));
  return rows.length;
}

function claimReference(faker: Faker, taken: Set<string>): string {
  let reference: string;
  do {
    reference = `TRX${faker.string.alphanumeric({ length: 10, casing: 'upper' })}`;
  } while (taken.has(reference));
  taken.add(reference);
  return reference;
}

async function insertFeeds(
  tx: Tx,
  faker: Faker,
  now: Date,
  customers: CustomerPlan[],
  customerIds: number[],
  catalogue: ProductPlan[],
  productIds: number[],
): Promise<number> {
  const activeCustomers = customers.flatMap((plan, index) =>
    plan.row.status === STATUS_ACTIVE ? [index] : [],
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

  const plans = owners.map(({ customerIndex, suffix }, feedIndex) => {
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
        user_id: customerIds[customerIndex] ?? null,
        created_at: createdAt,
        updated_at: faker.datatype.boolean({ probability: 0.6 }) ? between(faker, createdAt, now) : null,
      },
      productIds: [...selected].map((index) => productIds[index] ?? 0),
    };
  });
  plans.sort((a, b) => a.row.created_at.getTime() - b.row.created_at.getTime());

  const feedIds = await insertAllReturning(
    plans.map((plan) => plan.row),
    (batch) => tx.insert(feeds).values(batch).returning({ id: feeds.id }),
  );
  await insertAll(
    plans.flatMap((plan, index) =>
      plan.productIds.map((productId) => ({ feed_id: feedIds[index]?.id ?? 0, product_id: productId })),
    ),
    (batch) => tx.insert(feedProducts).values(batch),
  );
  return feedIds.length;
}

async function insertApiTokens(
  tx: Tx,
  faker: Faker,
  now: Date,
  customers: CustomerPlan[],
  customerIds: number[],
  encryptionKey: Buffer,
): Promise<number> {
  const rows: (typeof apiTokens.$inferInsert)[] = [];
  customers.forEach((customer, index) => {
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
      rows.push({
        user_id: customerIds[index] ?? 0,
        token_encrypted: encryptSecret(encryptionKey, token),
        token_hash: hashApiToken(token),
        revoked,
        used_requests: usedRequests,
        total_requests: totalRequests,
        created_at: createdAt,
        // A token nobody has used or revoked has never been updated.
        updated_at: usedRequests === 0 && !revoked ? null : between(faker, createdAt, now),
      });
    }
  });
  await insertAll(rows, (batch) => tx.insert(apiTokens).values(batch));
  return rows.length;
}

/** Every table of the schema, children first (TRUNCATE ... CASCADE does not need the order, readers do). */
const ALL_TABLES = [
  transactions,
  orderItems,
  orders,
  feedProducts,
  feeds,
  productAssets,
  productVariants,
  products,
  brands,
  apiTokens,
  refreshTokens,
  refreshTokenFamilies,
  users,
  storedFiles,
  attemptCounters,
];

/**
 * Deletes every row of every table in one statement (one transaction) and restarts the id
 * sequences, so a re-seed numbers rows from 1 again. Used by `db:seed -- --reset`.
 */
export async function resetDatabase(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(
      sql`TRUNCATE TABLE ${sql.join(
        ALL_TABLES.map((table) => sql`${table}`),
        sql`, `,
      )} RESTART IDENTITY CASCADE`,
    );
  });
}

/**
 * Creates one active Admin (user_type_id 1) with an Argon2id hash of `admin.password`, for a
 * production first start with an empty database. The email is stored lower-cased; when a user
 * with that email already exists nothing changes.
 */
export async function ensureAdmin(
  db: Db,
  admin: { email: string; password: string; first_name: string; last_name: string },
): Promise<void> {
  await db
    .insert(users)
    .values({
      user_type_id: USER_TYPE_ADMIN,
      status: STATUS_ACTIVE,
      first_name: admin.first_name,
      last_name: admin.last_name,
      email: admin.email.trim().toLowerCase(),
      password_hash: await hashPassword(admin.password),
    })
    .onConflictDoNothing({ target: users.email });
}
