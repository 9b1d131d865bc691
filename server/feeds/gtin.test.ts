import { describe, expect, it } from 'vitest';
import { deliverableGtin, gtinProblem } from './gtin';

describe('gtinProblem', () => {
  it('accepts GTIN-8, -12, -13 and -14 with a correct check digit', () => {
    expect(gtinProblem('96385074')).toBeNull();
    expect(gtinProblem('036000291452')).toBeNull();
    expect(gtinProblem('4006381333931')).toBeNull();
    expect(gtinProblem('9780306406157')).toBeNull();
    expect(gtinProblem('10614141000415')).toBeNull();
  });

  it('refuses a wrong check digit', () => {
    expect(gtinProblem('4006381333932')).toBe('check_digit');
    expect(gtinProblem('036000291453')).toBe('check_digit');
  });

  it('refuses other lengths, non-digits and all zeros', () => {
    for (const value of ['', '1234567', '12345678901', '123456789012345', '40063813339X1', '0000000000000']) {
      expect(gtinProblem(value)).toBe('format');
    }
  });

  it("refuses GS1's restricted-circulation and coupon ranges", () => {
    // Read on the 13-digit form: an EAN-13 starting 2, a UPC-A starting 2 or 4 (02, 04 there); the
    // GTIN-14 indicator digit is not part of the prefix.
    expect(gtinProblem('2000000000008')).toBe('restricted');
    expect(gtinProblem('200000000004')).toBe('restricted');
    expect(gtinProblem('400000000008')).toBe('restricted');
    expect(gtinProblem('12000000000005')).toBe('restricted');
    expect(gtinProblem('0500000000005')).toBe('coupon');
    expect(gtinProblem('500000000005')).toBe('coupon');
    expect(gtinProblem('9810000000006')).toBe('coupon');
    expect(gtinProblem('9900000000004')).toBe('coupon');
  });
});

describe('deliverableGtin', () => {
  it('sends a valid barcode without the spaces and hyphens merchants type', () => {
    expect(deliverableGtin('4006381333931')).toBe('4006381333931');
    expect(deliverableGtin(' 4 006381-333931 ')).toBe('4006381333931');
  });

  it('sends nothing for a missing or invalid barcode', () => {
    expect(deliverableGtin(null)).toBeNull();
    expect(deliverableGtin('4006381333932')).toBeNull();
    expect(deliverableGtin('SKU-123')).toBeNull();
  });
});
