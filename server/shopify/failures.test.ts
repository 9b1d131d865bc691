import { describe, expect, it } from 'vitest';
import type { ShopifyFailure } from '@/api/schemas/shopify';
import { classifyOutcome, retryAfterSeconds, secondsUntilAffordable } from './failures';
import type { CallOutcome } from './failures';

const HOST = 'shop.example.com';
const codeOf = (outcome: CallOutcome) => classifyOutcome(outcome, HOST)?.code;

describe('classifyOutcome', () => {
  it.each<[string, CallOutcome, ShopifyFailure['code']]>([
    ['no answer', { thrown: 'ECONNREFUSED' }, 'unreachable'],
    ['a redirect', { status: 301, location: 'https://shop.myshopify.com/admin' }, 'redirected'],
    ['401', { status: 401 }, 'invalid_token'],
    ['403', { status: 403 }, 'missing_scope'],
    ['404', { status: 404 }, 'shop_not_found'],
    ['402 (frozen)', { status: 402 }, 'shop_not_found'],
    ['423 (locked)', { status: 423 }, 'shop_not_found'],
    ['429', { status: 429, retryAfter: '2.0' }, 'throttled'],
    ['503', { status: 503 }, 'unreachable'],
    ['400', { status: 400 }, 'unexpected_answer'],
    [
      'a 200 that is not JSON',
      { status: 200, thrown: 'Response returned unexpected Content-Type: text/html' },
      'unexpected_answer',
    ],
    [
      'THROTTLED',
      { status: 200, graphQLErrors: [{ message: 'Throttled', extensions: { code: 'THROTTLED' } }] },
      'throttled',
    ],
    [
      'ACCESS_DENIED',
      { status: 200, graphQLErrors: [{ message: 'Access denied', extensions: { code: 'ACCESS_DENIED' } }] },
      'missing_scope',
    ],
    [
      'another GraphQL error',
      { status: 200, graphQLErrors: [{ message: "Field 'x' doesn't exist" }] },
      'unexpected_answer',
    ],
  ])('%s', (_name, outcome, code) => {
    expect(codeOf(outcome)).toBe(code);
  });

  it('is no failure for a 200 without errors', () => {
    expect(classifyOutcome({ status: 200 }, HOST)).toBeNull();
  });

  it("puts Shopify's reason beside ours and names the redirect's host", () => {
    expect(classifyOutcome({ status: 401, reason: 'Invalid API key or access token' }, HOST)?.message).toBe(
      'Shopify refused the Admin API key: wrong or revoked (Shopify: Invalid API key or access token)',
    );
    expect(
      classifyOutcome({ status: 302, location: 'https://elsewhere.example/x' }, HOST)?.message,
    ).toContain('redirect to elsewhere.example');
  });

  it('says when to retry: Retry-After for a 429, the bucket refill for THROTTLED', () => {
    expect(classifyOutcome({ status: 429, retryAfter: '2.0' }, HOST)?.retry_after_seconds).toBe(2);
    const throttled = classifyOutcome(
      {
        status: 200,
        graphQLErrors: [{ message: 'Throttled', extensions: { code: 'THROTTLED' } }],
        throttleStatus: { maximumAvailable: 1000, currentlyAvailable: 100, restoreRate: 50 },
        requestedQueryCost: 532,
      },
      HOST,
    );
    expect(throttled?.retry_after_seconds).toBe(9);
  });
});

describe('retryAfterSeconds and secondsUntilAffordable', () => {
  it('rounds Retry-After up, and falls back to 2 s without a usable one', () => {
    expect([retryAfterSeconds('1.5'), retryAfterSeconds(null), retryAfterSeconds('soon')]).toEqual([2, 2, 2]);
    expect(retryAfterSeconds('7')).toBe(7);
  });

  it('waits for the missing points at the restore rate, never for more than the bucket holds', () => {
    const bucket = { maximumAvailable: 1000, currentlyAvailable: 200, restoreRate: 100 };
    expect(secondsUntilAffordable(bucket, 150)).toBe(0);
    expect(secondsUntilAffordable(bucket, 450)).toBe(3);
    expect(secondsUntilAffordable(bucket, 5000)).toBe(8);
  });
});
