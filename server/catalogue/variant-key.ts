/**
 * A variant's identity within its product (issue 11; ARCHITECTURE.md §4 "Variants"): its three
 * option values, each trimmed and lower-cased (a merchant fixing "small" to "Small" keeps the
 * variant's id), joined by U+001F, which no option value holds. Migration 0003 builds the same key
 * in SQL for rows imported before.
 */
export const OPTION_KEY_SEPARATOR = '\u001f';

/** The key of option values `options` (absent values as null or ''): e.g. ['M', 'Red', null] → 'm␟red␟'. */
export function optionKey(options: readonly (string | null | undefined)[]): string {
  return [0, 1, 2].map((index) => (options[index] ?? '').trim().toLowerCase()).join(OPTION_KEY_SEPARATOR);
}
