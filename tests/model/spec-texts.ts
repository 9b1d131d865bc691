/**
 * The spec's texts, copied word for word from ../shared/spec/product-spec.md (issue 30 "The spec's
 * texts word for word"), each with the section that gives it. `spec-texts.test.ts` checks that the
 * product shows every one of them as written: a drifted text fails there, not in a reviewer's eye.
 *
 * Texts with a placeholder ('Imported N products', 'Show {n} more...', 'HTTP error! status: {code}')
 * are checked through the functions that build them, in the test.
 */

/** One text of the spec and where the spec gives it. */
export interface SpecText {
  section: string;
  text: string;
}

/** Spec §1 and §2: what the screens say. */
const SCREEN_TEXTS: readonly SpecText[] = [
  ...[
    'Seamless Product Syncing for Multi-Store Retailers',
    'Connect. Sync. Sell.',
    'Start Syncing Today',
    'See How it Works',
    'How It Works',
    'Connect Stores',
    'Define Sync Rules',
    'Go Live',
    'Key Features',
    'Explore All Features',
    'Smart Inventory Syncing',
    'Multi-Store Price Management',
    'Product Filtering & Tag Rules',
    'Real-Time Stock Updates',
    'Easy Setup with Guided Onboarding',
    'Compatible with Shopify Markets & Multi-Currency',
    'Popular Brands',
    'Seeking Health',
    'Risewell',
    'Listen To Your Gut',
    'Pure Encapsulation',
    'Bare Biology',
    'Product Feed',
  ].map((text) => ({ section: '§1', text })),
  ...[
    "Oops! The page you're looking for doesn't exist.",
    'Go Home',
    'Welcome Back',
    'Please login to your account',
    'Invalid or missing User ID.',
    'Invalid or missing Feed ID.',
    'Create Feed',
    'Statistics this month',
    'Top Products',
    'Top Customers',
    'Transactions',
    'This is a list of latest transactions',
    'No transactions found.',
    'TRANSACTIONS REPORT',
    'Generating...',
    'User Orders',
    'This is a list of latest user orders',
    'Yesterday',
    'Today',
    'Last 7 days',
    'Last 30 days',
    'Last 90 days',
    'ORDERS REPORT',
    'Order Number',
    'Date & Time',
    'Customer Name',
    'Number Of Items',
    'Cost of Order (ex VAT)',
    'Cost of Order (inc VAT)',
    'No orders found.',
    'Transaction',
    'Amount',
    'Reference Number',
    'Payment Method',
    'Status',
    'Search users',
    'Filter by Status',
    'Active',
    'Inactive',
    'Add User',
    'Edit User',
    'No users found.',
    '+ Add Token',
    'View token',
    'Full Token',
    'Used Requests',
    'Total Requests',
    'Remaining Requests',
    'Created at',
    'Updated at',
    'No update',
    'No tokens found.',
    'Loading Feeds...',
    'Search...',
    'Add feed',
    'Edit feed',
    'No brands',
    'View brands',
    'All Brands',
    'Search brands...',
    'No brands found.',
    'No feeds found.',
    'Select/Deselect All Products',
    'Save all',
    'JPG, GIF or PNG. Max size of 800K',
    'Are you sure you want to delete your avatar?',
  ].map((text) => ({ section: '§2', text })),
  ...['Completed', 'Cancelled', 'In progress', 'In review'].map((text) => ({ section: '§4', text })),
];

/** Spec §8: the error catalogue's texts and the toasts. */
export const TOAST_TEXTS = {
  createUserFailed: 'Error happened while submitting the form',
  updateUserFailed: 'Failed to update info',
  createFeedFailed: 'Failed to create feed. See console for details.',
  updateFeedFailed: 'Failed to update feed. See console for details.',
  avatarUploadFailed: 'Avatar upload failed!',
  avatarDeleteFailed: 'Could not delete avatar!',
  userCreated: 'User created successful',
  userUpdated: 'User updated successfully',
  profileUpdated: 'Profile information updated',
  passwordUpdated: 'Password updated',
  avatarUploaded: 'Avatar uploaded successfully!',
  avatarDeleted: 'Avatar deleted successfully!',
  feedCreated: 'Feed created!',
  feedUpdated: 'Feed updated!',
  tokenAdded: 'Added new token successfully',
} as const;

/** Spec §8: the other texts of the error catalogue. */
const ERROR_TEXTS: readonly SpecText[] = [
  'Tokens expired',
  'Unauthorized',
  'Invalid or missing login token, please login again',
  'Invalid username or password',
  'Unhandled login error, check console for details',
  'Failed to logout.',
  'Failed to load feeds',
  'Failed to load user statistics. Please try again later.',
].map((text) => ({ section: '§8', text }));

/** Every fixed text of the spec. */
export const SPEC_TEXTS: readonly SpecText[] = [
  ...SCREEN_TEXTS,
  ...Object.values(TOAST_TEXTS).map((text) => ({ section: '§8 Toasts', text })),
  ...ERROR_TEXTS,
];
