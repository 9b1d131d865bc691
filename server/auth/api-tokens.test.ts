import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DEFAULT_TOTAL_REQUESTS, generateApiToken, hashApiToken } from './api-tokens';

describe('api tokens', () => {
  it('starts with pf_live_ followed by at least 256 bits of base64url', () => {
    const token = generateApiToken();
    expect(token.startsWith('pf_live_')).toBe(true);
    const body = token.slice('pf_live_'.length);
    expect(body).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(Buffer.from(body, 'base64url').length * 8).toBeGreaterThanOrEqual(256);
  });

  it('never repeats', () => {
    const tokens = new Set(Array.from({ length: 1000 }, generateApiToken));
    expect(tokens.size).toBe(1000);
  });

  it('hashes to a stable SHA-256 hex digest', () => {
    const token = generateApiToken();
    expect(hashApiToken(token)).toBe(hashApiToken(token));
    expect(hashApiToken(token)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashApiToken('pf_live_abc')).toBe(createHash('sha256').update('pf_live_abc').digest('hex'));
    expect(hashApiToken(token)).not.toBe(hashApiToken(generateApiToken()));
  });

  it('grants 10000 requests by default', () => {
    expect(DEFAULT_TOTAL_REQUESTS).toBe(10000);
  });
});
