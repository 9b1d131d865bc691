/**
 * Builders of wire-shaped test data (issue 28): each returns a valid value of its contract type
 * with neutral defaults, and the test names only the fields it is about (`aUser({ user_type_id: 2 })`).
 */
import { UserType } from '@/api/schemas/common';
import type { ProfileUser } from '@/api/schemas/auth';
import type { FeedListItem } from '@/api/schemas/feeds';

/**
 * A signed-in user as GET /auth/user answers (`ProfileUser`): Ada Lovelace, admin #1, no avatar,
 * with `overrides` applied.
 */
export function aUser(overrides: Partial<ProfileUser> = {}): ProfileUser {
  return {
    id: 1,
    user_type_id: UserType.Admin,
    first_name: 'Ada',
    last_name: 'Lovelace',
    email: 'ada@example.com',
    avatar: null,
    ...overrides,
  };
}

/**
 * A row of GET /feeds (`FeedListItem`): feed #1 'Feed 1' of no customer, without products or
 * brands, served without PUBLIC_URL (its URL a path), with `overrides` applied.
 */
export function aFeed(overrides: Partial<FeedListItem> = {}): FeedListItem {
  const id = overrides.id ?? 1;
  return {
    id,
    name: `Feed ${id}`,
    user_id: null,
    brands: [],
    products_count: 0,
    user_details: null,
    user_discount: null,
    shipping_user_discount: null,
    feed_url: `/api/feed/v1/feeds/${id}.xml`,
    ...overrides,
  };
}
