/** The CSV form of a delivered feed (issue 12 "Delivery"; one renderer per format, issue 26). */
import type { DeliveredFeed } from '@/api/schemas/feed-delivery';
import { GOOGLE_ATTRIBUTES, googleAttributes } from './google-item';

function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/**
 * The feed as CSV (RFC 4180, CRLF line ends; Google reads it with quoted fields): a header of
 * GOOGLE_ATTRIBUTES and one row per item, an absent attribute empty, additional_image_link's URLs
 * separated by commas (Google's form for a repeated attribute in a text feed).
 */
export function renderFeedCsv(feed: DeliveredFeed): string {
  const lines = [GOOGLE_ATTRIBUTES.join(',')];
  for (const item of feed.items) {
    const values = googleAttributes(item);
    lines.push(
      GOOGLE_ATTRIBUTES.map((name) => {
        const value = values[name];
        return csvField(Array.isArray(value) ? value.join(',') : (value ?? ''));
      }).join(','),
    );
  }
  return lines.join('\r\n') + '\r\n';
}
