/**
 * GTINs as Google Merchant Center accepts them (issue 12 "Delivery", identifiers): GTIN-8, -12
 * (UPC), -13 (EAN) or -14, digits only, with a correct GS1 check digit, outside the ranges GS1
 * keeps for restricted circulation (prefixes 2, 02, 04) and coupons (05, 981–984, 99), and not
 * all zeros. Anything else is left out of the feed rather than sent for Google to reject.
 */

/** Why a value is not a GTIN Google accepts. */
export type GtinProblem = 'format' | 'check_digit' | 'restricted' | 'coupon';

/** What the validator says for each problem. */
export const GTIN_PROBLEM_TEXTS: Record<GtinProblem, string> = {
  format: 'must be 8, 12, 13 or 14 digits',
  check_digit: 'has a wrong check digit',
  restricted: 'is in a range GS1 restricts to internal use (prefix 2, 02 or 04)',
  coupon: 'is a coupon number (prefix 05, 981-984 or 99)',
};

/** True when the last digit of `digits` is the GS1 mod-10 check digit of the others. */
function checkDigitValid(digits: string): boolean {
  let sum = 0;
  // From the right, not counting the check digit, weights alternate 3, 1, 3, ...
  for (let index = digits.length - 2, weight = 3; index >= 0; index--, weight = 4 - weight) {
    sum += Number(digits[index]) * weight;
  }
  return (10 - (sum % 10)) % 10 === Number(digits[digits.length - 1]);
}

/**
 * Why `value` (exactly as it would be sent) is not a GTIN Google accepts, or null when it is one.
 * Prefixes are read on the 13-digit form (a GTIN-12 with a leading 0, a GTIN-14 without its
 * indicator digit); GTIN-8 has no such ranges in Google's checks.
 */
export function gtinProblem(value: string): GtinProblem | null {
  if (!/^(\d{8}|\d{12,14})$/.test(value) || /^0+$/.test(value)) return 'format';
  if (!checkDigitValid(value)) return 'check_digit';
  if (value.length === 8) return null;
  const ean13 = value.padStart(14, '0').slice(1);
  if (/^(2|02|04)/.test(ean13)) return 'restricted';
  if (/^(05|98[1-4]|99)/.test(ean13)) return 'coupon';
  return null;
}

/**
 * The GTIN to send for a catalogue barcode: the barcode without the spaces and hyphens merchants
 * type into it, when that is a GTIN Google accepts; otherwise (or without a barcode) null.
 */
export function deliverableGtin(barcode: string | null): string | null {
  if (barcode === null) return null;
  const digits = barcode.replace(/[\s-]/g, '');
  return gtinProblem(digits) === null ? digits : null;
}
