// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { anAccessToken } from '@test-support/builders';
import { storedSessionRole, unexpiredTokenRole } from './access-token';
import { ACCESS_TOKEN_KEY, REFRESH_TOKEN_KEY } from './tokens-storage';

const NOW = Date.UTC(2026, 10, 27, 10, 0);
const IN_AN_HOUR = NOW / 1000 + 3600;

describe('unexpiredTokenRole (issue 31)', () => {
  it.each([
    ['an admin token', anAccessToken({ exp: IN_AN_HOUR }), 1],
    ['a customer token', anAccessToken({ role: 2, exp: IN_AN_HOUR }), 2],
    ['a token that expired', anAccessToken({ exp: NOW / 1000 - 1 }), null],
    ['a token expiring now', anAccessToken({ exp: NOW / 1000 }), null],
    ['a token without a role', anAccessToken({ role: undefined }), null],
    ['a role that is not an integer', anAccessToken({ role: '1' }), null],
    ['a token without exp', anAccessToken({ exp: undefined }), null],
    ['not a JWT', 'access-1', null],
    ['the literal undefined', 'undefined', null],
    ['no token', null, null],
  ])('%s', (_case, token, role) => {
    expect(unexpiredTokenRole(token, NOW)).toBe(role);
  });
});

describe('storedSessionRole (issue 31: whether a prerendered dashboard page is hydrated)', () => {
  afterEach(() => localStorage.clear());

  it('reads the role of a stored session, and none without its refresh token', () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, anAccessToken({ exp: IN_AN_HOUR }));
    localStorage.setItem(REFRESH_TOKEN_KEY, 'refresh-1');
    expect(storedSessionRole(NOW)).toBe(1);
    expect(storedSessionRole(IN_AN_HOUR * 1000)).toBeNull();
    localStorage.setItem(REFRESH_TOKEN_KEY, 'undefined');
    expect(storedSessionRole(NOW)).toBeNull();
  });
});
