/**
 * The small helpers every part of the demo plan draws with (issue 2, "Demo data"): the seeded private
 * faker, slugs, HTML escaping, random moments and weighted picks.
 */
import { Faker, base, en, en_GB } from '@faker-js/faker';

/** The seed of the demo data set's faker; the same seed and `now` give the same plan. */
export const FAKER_SEED = 20_240_611;

/** A private faker equal to fakerEN_GB seeded with `seed`, so seeding it cannot disturb other users. */
export function createFaker(seed = FAKER_SEED): Faker {
  const faker = new Faker({ locale: [en_GB, en, base] });
  faker.seed(seed);
  return faker;
}

/** `text` as a URL or e-mail slug: lower case, '&' as 'and', apostrophes dropped, other runs as '-'. */
export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/'/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** `text` safe inside HTML text and attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** A random moment in [from, to] (to is clamped to from when earlier). */
export function between(faker: Faker, from: Date, to: Date): Date {
  const span = Math.max(0, to.getTime() - from.getTime());
  return new Date(from.getTime() + faker.number.int({ min: 0, max: span }));
}

/** The earlier of two moments. */
export function earliest(a: Date, b: Date): Date {
  return a.getTime() <= b.getTime() ? a : b;
}

/** Claims and returns `base`, or when taken the first free `join(base, n)` for n = 2, 3, ... */
export function claimUnique(
  taken: Set<string>,
  base: string,
  join: (base: string, n: number) => string,
): string {
  let candidate = base;
  for (let n = 2; taken.has(candidate); n++) candidate = join(base, n);
  taken.add(candidate);
  return candidate;
}

/** Picks an index with probability proportional to `cumulative` (running sums), among the first `limit`. */
export function pickWeighted(faker: Faker, cumulative: number[], limit = cumulative.length): number {
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

/** The running sums of `weights`, for `pickWeighted`. */
export function runningSums(weights: number[]): number[] {
  let total = 0;
  return weights.map((weight) => (total += weight));
}
