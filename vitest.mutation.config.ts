/**
 * The killing suite of `npm run test:mutation` (issue 17): the model tests of tests/model alone, so
 * the mutation score says what they catch, not what the machines' own unit tests catch.
 */
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./src', import.meta.url)),
      '@test-support': fileURLToPath(new URL('./tests/support', import.meta.url)),
    },
  },
  test: {
    include: ['tests/model/**/*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
  },
});
