import { describe, expect, it } from 'vitest';
import {
  DEFAULT_LOGIN_REDIRECT,
  LOGOUT_REDIRECT,
  authAreaRedirect,
  guardDecision,
  loginTarget,
  redirectTargetFrom,
  wasTurnedAway,
} from './session-redirects';
import type { GuardSessionView } from './session-redirects';

const ADMIN = { user_type_id: 1 };
const CUSTOMER = { user_type_id: 2 };
const FROM = { pathname: '/dashboard/users', search: '?page=2', hash: '#top' };

describe('guardDecision (spec §4 Route guard)', () => {
  const session = (view: Partial<GuardSessionView> & Pick<GuardSessionView, 'status'>): GuardSessionView => ({
    user: null,
    isLoggingOut: false,
    provisionalUserType: null,
    ...view,
  });

  it('waits while the session loads and while a logout with its own target finishes', () => {
    expect(guardDecision(session({ status: 'loading' }), [1], FROM)).toEqual({ kind: 'wait' });
    expect(guardDecision(session({ status: 'loggedOut', isLoggingOut: true }), [1], FROM)).toEqual({
      kind: 'wait',
    });
  });

  it('lets the screen start while loading when the stored token names an allowed role (issue 31)', () => {
    expect(guardDecision(session({ status: 'loading', provisionalUserType: 1 }), [1], FROM)).toEqual({
      kind: 'allow',
    });
    expect(guardDecision(session({ status: 'loading', provisionalUserType: 2 }), [1], FROM)).toEqual({
      kind: 'wait',
    });
  });

  it('lets a signed-in user of an allowed role through', () => {
    expect(guardDecision(session({ status: 'loggedIn', user: ADMIN }), [1], FROM)).toEqual({ kind: 'allow' });
  });

  it('sends everyone else to the login screen, remembering the location and whether a role was refused', () => {
    expect(guardDecision(session({ status: 'loggedOut' }), [1], FROM)).toEqual({
      kind: 'redirect',
      to: '/auth/login',
      state: { from: FROM, denied: false },
    });
    expect(guardDecision(session({ status: 'loggedIn', user: CUSTOMER }), [1], FROM)).toEqual({
      kind: 'redirect',
      to: '/auth/login',
      state: { from: FROM, denied: true },
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

describe('login and logout targets', () => {
  it('a login returns to the remembered location, else to the dashboard', () => {
    expect(DEFAULT_LOGIN_REDIRECT).toBe('/dashboard');
    expect(loginTarget({ from: FROM, denied: false })).toBe('/dashboard/users?page=2#top');
    expect(loginTarget(undefined)).toBe('/dashboard');
  });

  it('a logout from the user menu ends on the landing page', () => {
    expect(LOGOUT_REDIRECT).toBe('/');
  });

  it('reads the refused-role flag', () => {
    expect(wasTurnedAway({ from: FROM, denied: true })).toBe(true);
    expect(wasTurnedAway({ from: FROM, denied: false })).toBe(false);
    expect(wasTurnedAway(undefined)).toBe(false);
  });
});

describe('authAreaRedirect', () => {
  it('leaves the auth area for the dashboard when a token was stored on entry', () => {
    expect(authAreaRedirect(true, 'loading', undefined)).toBe('/dashboard');
    expect(authAreaRedirect(true, 'loggedIn', undefined)).toBe('/dashboard');
  });

  it('stays without a token, once the session found it unusable, or for a refused role', () => {
    expect(authAreaRedirect(false, 'loggedIn', undefined)).toBeNull();
    expect(authAreaRedirect(true, 'loggedOut', undefined)).toBeNull();
    expect(authAreaRedirect(true, 'loggedIn', { from: FROM, denied: true })).toBeNull();
  });
});
