/** Google Merchant Center's RSS 2.0 form of a delivered feed (issue 12 "Delivery"; one renderer per format, issue 26). */
import type { DeliveredFeed } from '@/api/schemas/feed-delivery';
import { xmlSafe } from './feed-text';
import { GOOGLE_ATTRIBUTES, googleAttributes } from './google-item';

/** Google Merchant Center's namespace for the `g:` elements. */
export const GOOGLE_NAMESPACE = 'http://base.google.com/ns/1.0';
const ATOM_NAMESPACE = 'http://www.w3.org/2005/Atom';

/** `text` as XML character data or attribute value, without characters XML 1.0 forbids. */
function xml(text: string): string {
  return xmlSafe(text)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/**
 * The feed as Google Merchant Center RSS 2.0: a channel titled with the feed's name whose link and
 * atom self link are `selfLink` (built on PUBLIC_URL, never on the request's Host header), and one
 * `<item>` per item with a `g:` element per attribute that has a value (additional_image_link
 * repeated).
 */
export function renderFeedXml(feed: DeliveredFeed, selfLink: string): string {
  const items = feed.items.map((item) => {
    const values = googleAttributes(item);
    const fields = GOOGLE_ATTRIBUTES.flatMap((name) => {
      const value = values[name];
      if (value === undefined) return [];
      return (Array.isArray(value) ? value : [value]).map((text) => `<g:${name}>${xml(text)}</g:${name}>`);
    });
    return `<item>${fields.join('')}</item>`;
  });
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<rss version="2.0" xmlns:g="${GOOGLE_NAMESPACE}" xmlns:atom="${ATOM_NAMESPACE}"><channel>` +
    `<title>${xml(feed.name)}</title><link>${xml(selfLink)}</link>` +
    `<description>${xml(`Product feed ${feed.id}: ${feed.items.length} items, prices in ${feed.currency}`)}</description>` +
    `<atom:link href="${xml(selfLink)}" rel="self" type="application/rss+xml"/>\n` +
    `${items.join('\n')}</channel></rss>\n`
  );
}
