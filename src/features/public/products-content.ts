/** The public products page's sample (spec §2 Top level, §3 "Public sample product", §9: 16 cards). */

/** A sample product card (spec §3: name, ingredients, description, image_url). */
export interface SampleProduct {
  name: string;
  ingredients: string;
  description: string;
  image_url: string;
}

/** Spec §9: the sample grid has 16 cards. */
export const SAMPLE_PRODUCT_COUNT = 16;

/** The zinc citrate supplement every card shows (spec §2: "zinc citrate supplement (50-60 capsules)"). */
export const SAMPLE_PRODUCT: SampleProduct = {
  name: 'Zinc Citrate 50 mg, 60 Capsules',
  ingredients:
    'Zinc citrate (providing 50 mg elemental zinc), capsule shell (hydroxypropyl methylcellulose), microcrystalline cellulose.',
  description:
    'A well-absorbed form of zinc that contributes to normal immune function and the maintenance of normal skin, hair and nails. Take one capsule a day with food.',
  image_url: '/images/zinc-citrate.svg',
};
