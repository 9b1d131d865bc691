// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  LIST_RETURN_STORAGE_KEY,
  forgetListLocations,
  isListPath,
  listReturnHref,
  rememberLocation,
  saveScrollPosition,
  savedScrollPosition,
} from './list-return';
import { paths } from './paths';

beforeEach(() => {
  forgetListLocations();
  sessionStorage.clear();
});

describe('list-return (issue 15 "You lose your place")', () => {
  it('gives the bare list path before the list was seen', () => {
    expect(listReturnHref(paths.users)).toBe('/dashboard/users');
    expect(listReturnHref(paths.feeds)).toBe('/dashboard/feeds');
  });

  it('gives the last URL seen for each list, search, filter, page and sort included', () => {
    rememberLocation('/dashboard/users', '?search=ada&status=1&page=2&sort=-email');
    rememberLocation('/dashboard/feeds', '?search=whey');
    rememberLocation('/dashboard/users/7/edit', '');
    rememberLocation('/dashboard', '?period=30');
    expect(listReturnHref(paths.users)).toBe('/dashboard/users?search=ada&status=1&page=2&sort=-email');
    expect(listReturnHref(paths.feeds)).toBe('/dashboard/feeds?search=whey');
    expect(listReturnHref(paths.dashboard)).toBe('/dashboard?period=30');
    rememberLocation('/dashboard/users', '');
    expect(listReturnHref(paths.users), 'the latest visit wins, even a bare one').toBe('/dashboard/users');
  });

  it('leaves any other link as it is, and a link that already has a query', () => {
    rememberLocation('/dashboard/users', '?page=3');
    expect(listReturnHref(paths.profile)).toBe('/dashboard/profile');
    expect(listReturnHref('/')).toBe('/');
    expect(listReturnHref('/dashboard/users?page=1')).toBe('/dashboard/users?page=1');
  });

  it('treats a trailing slash as the same list', () => {
    rememberLocation('/dashboard/users/', '?page=4');
    expect(isListPath('/dashboard/users/')).toBe(true);
    expect(listReturnHref(paths.users)).toBe('/dashboard/users?page=4');
    expect(isListPath('/dashboard/users/create')).toBe(false);
  });

  it('keeps the way back across a reload of the tab (session storage), ignoring foreign entries', async () => {
    rememberLocation('/dashboard/feeds', '?search=zinc');
    const stored = JSON.parse(sessionStorage.getItem(LIST_RETURN_STORAGE_KEY) ?? '{}') as object;
    sessionStorage.setItem(
      LIST_RETURN_STORAGE_KEY,
      JSON.stringify({ ...stored, '/dashboard/users': 'https://evil.example/', '/elsewhere': '/elsewhere' }),
    );
    vi.resetModules();
    const fresh = await import('./list-return');
    expect(fresh.listReturnHref(paths.feeds)).toBe('/dashboard/feeds?search=zinc');
    expect(fresh.listReturnHref(paths.users)).toBe('/dashboard/users');
  });

  it('survives unreadable storage', async () => {
    sessionStorage.setItem(LIST_RETURN_STORAGE_KEY, '{not json');
    vi.resetModules();
    const fresh = await import('./list-return');
    expect(fresh.listReturnHref(paths.users)).toBe('/dashboard/users');
  });

  it('remembers scroll offsets per URL', () => {
    expect(savedScrollPosition('/dashboard/users?page=2')).toBeNull();
    saveScrollPosition('/dashboard/users?page=2', 640);
    saveScrollPosition('/dashboard/users', 80);
    expect(savedScrollPosition('/dashboard/users?page=2')).toBe(640);
    expect(savedScrollPosition('/dashboard/users')).toBe(80);
  });
});
