/**
 * The fixed tables of the demo data set (issue 2, "Demo data"): the demo admin, the supplement
 * catalogue (brands, pack forms, ingredients, flavours), common UK names, towns and shop names,
 * Ofcom's drama phone ranges, and the weighted choices the generator (generator.ts) draws from.
 * Plain data only: no faker, no database.
 */

/** The demo admin's credentials, printed on start and in the README (issue 2). */
export const DEMO_ADMIN = {
  email: 'admin@example.com',
  password: 'Admin123!',
  first_name: 'Alex',
  last_name: 'Morgan',
} as const;

/** The allowed discount rates of spec §5 (percent), weighted by how common each is among customers. */
export const DISCOUNT_RATES = [
  { value: 0, weight: 20 },
  { value: 5, weight: 15 },
  { value: 10, weight: 30 },
  { value: 15, weight: 15 },
  { value: 20, weight: 12 },
  { value: 25, weight: 8 },
];

/** Payment methods of the demo transactions, weighted by how common each is. */
export const PAYMENT_METHODS = [
  { weight: 34, value: 'Visa' },
  { weight: 24, value: 'Mastercard' },
  { weight: 16, value: 'PayPal' },
  { weight: 16, value: 'Bank transfer' },
  { weight: 10, value: 'Apple Pay' },
];

// ---------------------------------------------------------------------------------------------
// Catalogue: brands, product forms and ingredients. SKUs are `<brand>-<ingredient>-<form>` codes.
// ---------------------------------------------------------------------------------------------

/** The catalogue's product types (Shopify `Type`); each brand sells a few of them. */
export type ProductType =
  | 'Vitamins'
  | 'Minerals'
  | 'Omega Oils'
  | 'Probiotics'
  | 'Digestive Health'
  | 'Herbal Extracts'
  | 'Amino Acids'
  | 'Protein & Sports'
  | 'Antioxidants';

/** A demo brand: its name, SKU code, image colour, catalogue size, price level and product types. */
export interface BrandPlan {
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
export const BRANDS: BrandPlan[] = [
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
export const FORMS = {
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
/** A pack form's SKU code, e.g. '60SG'. */
export type FormCode = keyof typeof FORMS;

/** A supplement the brands of its type may sell, in any of its pack forms. */
export interface Ingredient {
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

/** Every ingredient of INGREDIENT_TABLE with its product type. */
export const INGREDIENTS: Ingredient[] = Object.entries(INGREDIENT_TABLE).flatMap(([type, rows]) =>
  rows.map(([name, code, base, forms, tags]) => ({
    name,
    code,
    type: type as ProductType,
    base,
    forms,
    tags,
  })),
);

/** The sentence every product description of a type carries. */
export const TYPE_BLURBS: Record<ProductType, string> = {
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

/** Dietary tags; each product gets one to three in its description and Shopify tags. */
export const DIETARY_TAGS = ['vegan', 'vegetarian', 'gluten free', 'dairy free', 'non-gmo', 'made in the uk'];

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

/** Common UK first names. */
export const FIRST_NAMES = list(`
  Oliver, George, Harry, Jack, Jacob, Noah, Charlie, Thomas, Oscar, William, James, Henry, Leo, Alfie,
  Joshua, Freddie, Archie, Ethan, Isaac, Alexander, Daniel, Samuel, Benjamin, Joseph, Lewis, Callum,
  Ryan, Liam, Owen, Rhys, Olivia, Amelia, Isla, Ava, Emily, Sophie, Grace, Lily, Freya, Ella, Charlotte,
  Evie, Poppy, Isabella, Jessica, Ruby, Daisy, Chloe, Holly, Megan, Hannah, Lucy, Eleanor, Katie,
  Rebecca, Sarah, Laura, Emma, Niamh, Zara, Priya, Aisha, Imran, Arjun, Sian, Ffion, Catriona, Fraser,
  Euan, Siobhan
`);

/** Common UK surnames. */
export const LAST_NAMES = list(`
  Smith, Jones, Williams, Taylor, Brown, Davies, Evans, Wilson, Thomas, Johnson, Roberts, Robinson,
  Thompson, Wright, Walker, White, Edwards, Hughes, Green, Hall, Lewis, Harris, Clarke, Patel, Jackson,
  Wood, Turner, Martin, Cooper, Hill, Ward, Morris, Moore, Clark, Lee, King, Baker, Harrison, Morgan,
  Allen, James, Scott, Phillips, Watson, Davis, Parker, Price, Bennett, Young, Griffiths, Mitchell,
  Kelly, Cook, Carter, Richardson, Bailey, Collins, Bell, Shaw, Murphy, Miller, Cox, Richards, Khan,
  Marshall, Anderson, Simpson, Ellis, Adams, Singh, Begum, Wilkinson, Foster, Chapman, Powell, Webb,
  Rogers, Gray, Mason, Ali, Hunt, Hussain, Campbell, Matthews, Owen, Palmer, Holmes, Mills, Barnes,
  Knight, Lloyd, Butler, Russell, Barker, Fisher, Stevens, Jenkins, Murray, Dixon, Harvey
`);

/** Real UK towns, for company names. */
export const TOWNS = list(`
  Bath, Brighton, Bristol, Cambridge, Canterbury, Cardiff, Carlisle, Chester, Cheltenham, Chichester,
  Colchester, Derby, Dorchester, Durham, Edinburgh, Exeter, Glasgow, Guildford, Harrogate, Hereford,
  Inverness, Ipswich, Kendal, Leeds, Leicester, Lincoln, Ludlow, Manchester, Margate, Norwich,
  Nottingham, Oxford, Penzance, Perth, Plymouth, Reading, Richmond, Salisbury, Sheffield, Shrewsbury,
  Southampton, St Albans, Stamford, Swansea, Totnes, Truro, Tunbridge Wells, Whitby, Winchester,
  Windsor, Worcester, York, Belfast, Aberdeen, Stirling, Hexham
`);

/** The trade word of a shop's name, e.g. 'Health Foods'. */
export const TRADES = list(`
  Health Foods, Nutrition, Wellness, Pharmacy, Naturals, Supplements, Apothecary, Health Store,
  Vitamins, Wholefoods, Natural Health, Herbal Dispensary
`);

/** Two-word shop names, e.g. 'Wild Thyme'. */
export const SHOP_NAMES = list(`
  Green Leaf, Wild Thyme, Pure Roots, Good Earth, Little Acorn, Bright Meadow, True North, Silver Birch,
  Honest Harvest, Clear Spring, Golden Oak, Blue Heron, Red Kite, Open Field, Well Rooted, Sea Holly,
  Hedgerow, Mill House, Old Forge, Sage Garden
`);

/** How a company name ends, weighted by how common each is. */
export const COMPANY_SUFFIXES = [
  { weight: 55, value: ' Ltd' },
  { weight: 10, value: ' Limited' },
  { weight: 35, value: '' },
];

/** Ofcom drama ranges: everything but the last three digits. */
export const LANDLINE_RANGES = list(`
  020 7946 0, 0121 496 0, 0161 496 0, 0113 496 0, 0117 496 0, 0114 496 0, 0115 496 0, 0141 496 0,
  0131 496 0, 0151 496 0, 029 2018 0, 028 9018 0
`);
/** Ofcom's drama range for mobiles: everything but the last three digits. */
export const MOBILE_RANGE = '07700 900';

/** Names of a customer's further feeds besides its 'Main store'. */
export const FEED_SUFFIXES = ['EU store', 'Wholesale', 'Outlet', 'Pop-up store', 'Ireland store'];

/** Forms that real supplement shops sell in several flavours, as a second option. */
export const FLAVOURED_FORMS: ReadonlySet<FormCode> = new Set(['P250', 'P500', 'P1KG', 'G60', 'L250']);
/** Flavours of the flavoured forms: name and SKU suffix. */
export const FLAVOURS = [
  { name: 'Unflavoured', code: 'UNF' },
  { name: 'Chocolate', code: 'CHO' },
  { name: 'Vanilla', code: 'VAN' },
  { name: 'Mixed Berry', code: 'BER' },
  { name: 'Lemon', code: 'LEM' },
] as const;
