import { describe, expect, it } from 'vitest';
import { checkLoginField, checkLoginForm, redirectTargetFrom } from './login-form';

describe('login form rules (spec §5 "Login")', () => {
  it('requires a valid email', () => {
    expect(checkLoginField('email', '')).toBe('Required');
    expect(checkLoginField('email', 'admin@')).toBe('Invalid email address');
    expect(checkLoginField('email', 'admin@example.com')).toBeNull();
  });

  it('requires a password of at least 6 characters', () => {
    expect(checkLoginField('password', '')).toBe('Required');
    expect(checkLoginField('password', '12345')).toBe('Password must be at least 6 characters');
    expect(checkLoginField('password', '123456')).toBeNull();
  });

  it('checks the whole form at once', () => {
    expect(checkLoginForm({ email: 'x', password: 'secret1' })).toEqual({
      email: 'Invalid email address',
      password: null,
    });
  });
});

describe('redirectTargetFrom', () => {
  it('rebuilds the path of the location the guard remembered', () => {
    expect(
      redirectTargetFrom({ from: { pathname: '/dashboard/users', search: '?page=2', hash: '#top' } }),
    ).toBe('/dashboard/users?page=2#top');
    expect(redirectTargetFrom({ from: { pathname: '/dashboard/profile' } })).toBe('/dashboard/profile');
    expect(redirectTargetFrom({ from: '/dashboard/feeds' })).toBe('/dashboard/feeds');
  });

  it('has no target without a usable in-app path', () => {
    expect(redirectTargetFrom(undefined)).toBeUndefined();
    expect(redirectTargetFrom(null)).toBeUndefined();
    expect(redirectTargetFrom({ denied: true })).toBeUndefined();
    expect(redirectTargetFrom({ from: 42 })).toBeUndefined();
    expect(redirectTargetFrom({ from: 'https://evil.example/' })).toBeUndefined();
    expect(redirectTargetFrom({ from: '//evil.example/path' })).toBeUndefined();
  });
});
