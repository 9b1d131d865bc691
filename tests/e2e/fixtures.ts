/**
 * The `test` and `expect` every end-to-end spec imports: Playwright's, with `baseURL` (and so
 * `page.goto('/…')` and the `request` fixture) pointing at the server of the worker running the
 * test (servers.ts). ESLint refuses `test` from '@playwright/test' in tests/e2e, so no spec reaches
 * another worker's server by accident.
 */
import { test as base } from '@playwright/test';
import { serverOrigin } from './servers';

export const test = base.extend({
  // Playwright reads a fixture's dependencies from its destructured first parameter; this one has none.
  // eslint-disable-next-line no-empty-pattern
  baseURL: async ({}, use, testInfo) => {
    await use(serverOrigin(testInfo.parallelIndex));
  },
});

export { expect } from '@playwright/test';
