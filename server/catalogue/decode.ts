/**
 * Turns the bytes of an uploaded catalogue file into text (issue 11, "Input hygiene").
 *
 * Decisions, in the order they are tried:
 * - A byte order mark names the encoding: UTF-8 (EF BB BF), UTF-16 LE (FF FE) or UTF-16 BE (FE FF).
 *   The mark itself is dropped.
 * - Without one, the bytes must be valid UTF-8 (what Shopify exports).
 * - Bytes that are not valid UTF-8 are read as Windows-1252, the encoding Excel on Windows saves
 *   "CSV" in, with an `encoding` warning asking for a UTF-8 re-export. We decode rather than refuse
 *   because every byte sequence is valid Windows-1252 and merchants' odd letters (é, £, ’) land in
 *   the right place in practice; the warning says to check them.
 * - Text full of NUL characters is UTF-16 without a byte order mark, which cannot be read reliably:
 *   refused with a CatalogueFileError.
 */
import iconv from 'iconv-lite';
import type { ImportWarning } from './parsed-catalogue';

/** The file cannot be imported at all (not CSV, wrong header, unreadable); nothing was written. */
export class CatalogueFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CatalogueFileError';
  }
}

/** The decoded text, and the warning to show when it was not UTF-8. */
export interface DecodedText {
  text: string;
  warning: ImportWarning | null;
}

const RE_EXPORT =
  'Open the file in a spreadsheet and save it as "CSV UTF-8", or export it from Shopify again.';

/**
 * Windows-1252 through iconv-lite: Node's own TextDecoder decodes 'windows-1252' as ISO-8859-1
 * since 20.18.3 (nodejs/node#56542), so ’ (0x92) would become the control character U+0092.
 */
function decodeWindows1252(bytes: Uint8Array): string {
  return iconv.decode(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), 'windows-1252');
}

function byteOrderMark(bytes: Uint8Array): 'utf-8' | 'utf-16le' | 'utf-16be' | null {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return 'utf-8';
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be';
  return null;
}

/**
 * Decodes `input` (the file's bytes, or text already decoded, whose leading U+FEFF is dropped).
 * @throws CatalogueFileError when the bytes look like UTF-16 without a byte order mark
 */
export function decodeCatalogue(input: string | Uint8Array): DecodedText {
  if (typeof input === 'string') {
    return { text: input.startsWith('\uFEFF') ? input.slice(1) : input, warning: null };
  }
  const marked = byteOrderMark(input);
  if (marked) {
    // TextDecoder drops the byte order mark of its own encoding.
    return { text: new TextDecoder(marked).decode(input), warning: null };
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(input);
  } catch {
    return {
      text: decodeWindows1252(input),
      warning: {
        code: 'encoding',
        message: `The file is not UTF-8; it was read as Windows-1252 (Excel's "CSV" on Windows). Check accented letters and symbols such as £ in the shop, and next time save as "CSV UTF-8".`,
      },
    };
  }
  if (text.includes('\u0000')) {
    throw new CatalogueFileError(
      `The file looks like UTF-16 text without a byte order mark, which cannot be read reliably. ${RE_EXPORT}`,
    );
  }
  return { text, warning: null };
}
