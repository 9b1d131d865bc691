/** Copy of the landing page (spec §1 "Public landing page sections", texts as written there). */

/** A 'How It Works' step (spec §3, Step: id, step, title, description). */
export interface Step {
  id: number;
  step: string;
  title: string;
  description: string;
}

/** The three steps, in order (spec §1). */
export const STEPS: readonly Step[] = [
  {
    id: 1,
    step: 'Step 1',
    title: 'Connect Stores',
    description: 'Add your main and destination stores using the secure shop app.',
  },
  {
    id: 2,
    step: 'Step 2',
    title: 'Define Sync Rules',
    description: 'Choose which products, prices and stock levels to sync.',
  },
  {
    id: 3,
    step: 'Step 3',
    title: 'Go Live',
    description: 'Start syncing in real time with automatic updates.',
  },
];

/** A key feature (spec §3, Feature: id, description). */
export interface Feature {
  id: number;
  description: string;
}

/** The six key features, in order (spec §1). */
export const FEATURES: readonly Feature[] = [
  { id: 1, description: 'Smart Inventory Syncing' },
  { id: 2, description: 'Multi-Store Price Management' },
  { id: 3, description: 'Product Filtering & Tag Rules' },
  { id: 4, description: 'Real-Time Stock Updates' },
  { id: 5, description: 'Easy Setup with Guided Onboarding' },
  { id: 6, description: 'Compatible with Shopify Markets & Multi-Currency' },
];

/**
 * A brand of the 'Popular Brands' carousel (spec §3, Brand: id, name, img). `img` is the logo's URL:
 * a mark drawn for this product (public/images/brands), not the brand's own artwork.
 */
export interface PopularBrand {
  id: number;
  name: string;
  img: string;
}

/** The five brands of the 'Popular Brands' carousel, in order (spec §1). */
export const POPULAR_BRANDS: readonly PopularBrand[] = [
  { id: 1, name: 'Seeking Health', img: '/images/brands/seeking-health.svg' },
  { id: 2, name: 'Risewell', img: '/images/brands/risewell.svg' },
  { id: 3, name: 'Listen To Your Gut', img: '/images/brands/listen-to-your-gut.svg' },
  { id: 4, name: 'Pure Encapsulation', img: '/images/brands/pure-encapsulation.svg' },
  { id: 5, name: 'Bare Biology', img: '/images/brands/bare-biology.svg' },
];
