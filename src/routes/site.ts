/**
 * Company contact details and outbound links shown by the layouts (spec §2 Public layout footer and
 * Dashboard layout Support link). The company and its address are fictitious; the phone number is in
 * Ofcom's range reserved for drama, so it reaches nobody.
 */
import type { SocialNetwork } from '@/ui/SocialIcons';

/** Postal address lines of the company, in order. */
export const COMPANY_ADDRESS = [
  'Product Feed Ltd',
  'Unit 4, Riverside Works',
  '12 Canal Street',
  'Manchester M1 3HE',
  'United Kingdom',
] as const;

/** Support e-mail address (footer and the dashboard's Support link). */
export const SUPPORT_EMAIL = 'support@productfeed.co.uk';

/** Support phone number, as shown and in E.164 for `tel:` links. */
export const SUPPORT_PHONE = { display: '+44 20 7946 0321', e164: '+442079460321' } as const;

/**
 * A labelled outbound link; `href` is null while the page it names does not exist yet, and the
 * footer then shows the label as text instead of a link that goes nowhere (issue 30).
 */
export interface SiteLink {
  label: string;
  href: string | null;
}

/** External policy pages (none exists yet: listed, not linked). */
export const POLICY_LINKS: readonly SiteLink[] = [
  { label: 'Privacy policy', href: null },
  { label: 'Terms of service', href: null },
  { label: 'Refund policy', href: null },
  { label: 'Shipping policy', href: null },
];

/** Partner programme links. */
export const PROGRAM_LINKS: readonly SiteLink[] = [
  { label: 'Affiliate programme', href: null },
  { label: 'Partner agencies', href: null },
  { label: 'Wholesale accounts', href: null },
];

/** Company information links. */
export const ABOUT_LINKS: readonly SiteLink[] = [
  { label: 'About us', href: null },
  { label: 'Careers', href: null },
  { label: 'Contact', href: `mailto:${SUPPORT_EMAIL}` },
];

/**
 * Social profiles; `label` is the accessible name of the icon-only link. The company has none yet, so
 * the footer shows only those with an `href` (today none).
 */
export const SOCIAL_LINKS: readonly { network: SocialNetwork; label: string; href: string | null }[] = [
  { network: 'facebook', label: 'Product Feed on Facebook', href: null },
  { network: 'instagram', label: 'Product Feed on Instagram', href: null },
  { network: 'linkedin', label: 'Product Feed on LinkedIn', href: null },
  { network: 'x', label: 'Product Feed on X', href: null },
  { network: 'youtube', label: 'Product Feed on YouTube', href: null },
];

/** Where a prospect books an onboarding call: an e-mail to support until a booking page exists. */
export const WELCOME_CALL_LINK = {
  label: 'Book a welcome call',
  href: `mailto:${SUPPORT_EMAIL}?subject=${encodeURIComponent('Welcome call')}`,
} as const;
