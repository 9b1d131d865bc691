/**
 * Company contact details and outbound links shown by the layouts (spec §2 Public layout footer and
 * Dashboard layout Support link). The company and its address are fictitious; the phone number is in
 * Ofcom's range reserved for drama, so it reaches nobody.
 */

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

/** A labelled outbound link. */
export interface SiteLink {
  label: string;
  href: string;
}

/** External policy pages (placeholders until the policy site exists). */
export const POLICY_LINKS: readonly SiteLink[] = [
  { label: 'Privacy policy', href: '#' },
  { label: 'Terms of service', href: '#' },
  { label: 'Refund policy', href: '#' },
  { label: 'Shipping policy', href: '#' },
];

/** Partner programme links. */
export const PROGRAM_LINKS: readonly SiteLink[] = [
  { label: 'Affiliate programme', href: '#' },
  { label: 'Partner agencies', href: '#' },
  { label: 'Wholesale accounts', href: '#' },
];

/** Company information links. */
export const ABOUT_LINKS: readonly SiteLink[] = [
  { label: 'About us', href: '#' },
  { label: 'Careers', href: '#' },
  { label: 'Contact', href: `mailto:${SUPPORT_EMAIL}` },
];

/** Social profiles; `label` is the accessible name of the icon-only link. */
export const SOCIAL_LINKS = [
  { network: 'facebook', label: 'Product Feed on Facebook', href: '#' },
  { network: 'instagram', label: 'Product Feed on Instagram', href: '#' },
  { network: 'linkedin', label: 'Product Feed on LinkedIn', href: '#' },
  { network: 'x', label: 'Product Feed on X', href: '#' },
  { network: 'youtube', label: 'Product Feed on YouTube', href: '#' },
] as const;

/** Where a prospect books an onboarding call. */
export const WELCOME_CALL_LINK: SiteLink = { label: 'Book a welcome call', href: '#' };
