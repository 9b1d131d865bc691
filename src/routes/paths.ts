/**
 * Every URL of the app (spec §2 Screens and routes), in one module that every link, redirect and
 * route uses (issue 14). The route table (`router.tsx`) matches these; screens and machines import
 * them from here, which lint allows as the one exception to "features and machines do not import
 * routes": this module imports nothing, so it cannot pull route code into a screen or a machine.
 */
/** The create-feed query parameter naming the customer the new feed starts with. */
export const CREATE_FEED_CUSTOMER_PARAM = 'customer';

export const paths = {
  home: '/',
  products: '/products',
  login: '/auth/login',
  dashboard: '/dashboard',
  users: '/dashboard/users',
  createUser: '/dashboard/users/create',
  /** The canonical edit path (ARCHITECTURE.md §4 "Edit paths"). */
  editUser: (userId: number | string) => `/dashboard/users/${userId}/edit`,
  feeds: '/dashboard/feeds',
  createFeed: '/dashboard/feeds/create',
  /** Create feed with the form on customer `userId` (issue 30: the customer page's Add feed). */
  createFeedFor: (userId: number) => `/dashboard/feeds/create?${CREATE_FEED_CUSTOMER_PARAM}=${userId}`,
  /** The canonical edit path (ARCHITECTURE.md §4 "Edit paths"). */
  editFeed: (feedId: number | string) => `/dashboard/feeds/${feedId}/edit`,
  profile: '/dashboard/profile',
} as const;
