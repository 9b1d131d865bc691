import { describe, expect, it, vi } from 'vitest';
import { isChunkLoadError, logRouteError } from './route-errors';

describe('isChunkLoadError', () => {
  it.each([
    ['Chromium', new TypeError('Failed to fetch dynamically imported module: https://x/assets/Feeds-a1.js')],
    ['Firefox', new TypeError('error loading dynamically imported module: https://x/assets/Feeds-a1.js')],
    ['Safari', new TypeError('Importing a module script failed.')],
    ['Vite, a stylesheet', new Error('Unable to preload CSS for /assets/Toasts-b2.css')],
  ])("recognises %s's failed download", (_, error) => {
    expect(isChunkLoadError(error)).toBe(true);
  });

  it.each([
    ['a broken screen', new TypeError("Cannot read properties of undefined (reading 'map')")],
    ['a failed API call', new Error('Failed to fetch')],
    ['a thrown string', 'Failed to fetch dynamically imported module'],
  ])('does not take %s for one', (_, error) => {
    expect(isChunkLoadError(error)).toBe(false);
  });
});

describe('logRouteError', () => {
  it('logs the same error once, however many reporters hand it over', () => {
    const log = vi.fn();
    const error = new Error('boom');
    logRouteError(error, log);
    logRouteError(error, log);
    logRouteError(new Error('boom'), log);
    expect(log).toHaveBeenCalledTimes(2);
    expect(log).toHaveBeenCalledWith('A page could not be shown:', error);
  });
});
