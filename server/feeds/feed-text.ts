/**
 * Text as a feed may carry it (issue 12 "Delivery", text): characters XML 1.0 forbids removed,
 * limits in characters cut on a word, and the catalogue's HTML body as plain text. Google counts
 * characters, so lengths here are Unicode code points, never UTF-16 units, and a cut never
 * splits a surrogate pair.
 */
import { compile } from 'html-to-text';

/**
 * What XML 1.0's Char production leaves out: C0 controls other than tab, LF and CR, U+FFFE, U+FFFF
 * and surrogates that are not half of a pair. One such character makes a whole XML document
 * unreadable, so every format drops them, not only XML.
 */
const XML_FORBIDDEN =
  // eslint-disable-next-line no-control-regex -- finding control characters is this pattern's job
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** `text` without the characters XML 1.0 forbids (see XML_FORBIDDEN). */
export function xmlSafe(text: string): string {
  return text.replace(XML_FORBIDDEN, '');
}

const XML_FORBIDDEN_TEST = new RegExp(XML_FORBIDDEN.source);

/** True when `text` holds a character XML 1.0 forbids. */
export function hasXmlForbidden(text: string): boolean {
  return XML_FORBIDDEN_TEST.test(text);
}

/** One line of text: XML-forbidden characters removed and white space collapsed. */
export function oneLine(text: string): string {
  return xmlSafe(text).replace(/\s+/g, ' ').trim();
}

/** Length of `text` in Unicode code points (what Google's limits count). */
export function charLength(text: string): number {
  return text.length - (text.match(/[\uD800-\uDBFF][\uDC00-\uDFFF]/g)?.length ?? 0);
}

/** Separators a cut text must not end with. */
const TRAILING_SEPARATORS = /[\s,;:/|\-–—]+$/u;

/**
 * `text` shortened to at most `max` code points, cut at the last white space that keeps at least
 * half of it (a long word with no space is cut hard), without a trailing separator.
 * @returns the text and whether it was cut
 */
export function cutOnWord(text: string, max: number): { text: string; cut: boolean } {
  const chars = Array.from(text);
  if (chars.length <= max) return { text, cut: false };
  const head = chars.slice(0, max + 1);
  let space = -1;
  for (let index = max; index >= Math.ceil(max / 2); index--) {
    if (/\s/.test(head[index] ?? '')) {
      space = index;
      break;
    }
  }
  const kept = head.slice(0, space === -1 ? max : space).join('');
  return { text: kept.replace(TRAILING_SEPARATORS, ''), cut: true };
}

/** Google's limit on a description, in characters. */
export const DESCRIPTION_LIMIT = 5000;

const BLOCK = { format: 'block', options: { leadingLineBreaks: 1, trailingLineBreaks: 1 } } as const;
const SKIPPED = ['script', 'style', 'noscript', 'template', 'iframe', 'svg', 'head', 'title', 'object'];

/**
 * html-to-text configured once (its documented way for batches): block elements and every `<br>`
 * (attributes or not) are breaks, table cells are spaced columns, links keep their text without
 * the address, images and non-content elements are dropped, headings keep their case, no wrapping.
 * Entities are decoded by its HTML parser (every named entity, e.g. `&rsquo;`).
 */
const convertHtml = compile({
  wordwrap: false,
  selectors: [
    { selector: 'a', options: { ignoreHref: true } },
    { selector: 'img', format: 'skip' },
    ...SKIPPED.map((selector) => ({ selector, format: 'skip' })),
    ...['h1', 'h2', 'h3', 'h4', 'h5', 'h6'].map((selector) => ({
      selector,
      options: { uppercase: false, leadingLineBreaks: 2, trailingLineBreaks: 1 },
    })),
    { selector: 'blockquote', ...BLOCK },
    { selector: 'table', format: 'dataTable', options: { uppercaseHeaderCells: false } },
    { selector: 'ul', options: { itemPrefix: '• ', leadingLineBreaks: 1, trailingLineBreaks: 1 } },
    { selector: 'ol', options: { leadingLineBreaks: 1, trailingLineBreaks: 1 } },
    ...['li', 'dl', 'dt', 'dd', 'figure', 'figcaption', 'caption', 'address', 'details', 'summary'].map(
      (selector) => ({ selector, ...BLOCK }),
    ),
  ],
});

/**
 * The catalogue's HTML body as a feed description: plain text with line breaks where the HTML had
 * blocks, runs of spaces collapsed, at most one empty line in a row, XML-forbidden characters
 * removed, cut on a word to DESCRIPTION_LIMIT characters. '' when the body holds no text.
 */
export function descriptionFromHtml(html: string): string {
  if (html.trim() === '') return '';
  const text = xmlSafe(convertHtml(html))
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  return cutOnWord(text, DESCRIPTION_LIMIT).text;
}
