import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';
import { defineConfig } from 'vitest/config';
// With its extension: Vite's native config loader (its future default) resolves no other way.
import { prerenderPages } from './scripts/prerender-plugin.ts';

const testDatabaseUrl = process.env.TEST_DATABASE_URL;
const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? '3001'}`;

/** API test files that replace a module with `vi.mock`: they need a module graph of their own. */
const MOCKING_API_TESTS = ['tests/api/auth-limits.test.ts'];

/**
 * The API suite on one database (`databaseUrl`, '' for in-memory PGlite), as two Vitest projects.
 * The files of the first share their worker's modules (`isolate: false`): each file builds its own
 * app and database, and importing the server afresh for each of some 35 files cost about 40 s of
 * the stage's CPU (issue 28). The files that mock a module run isolated, as Vitest requires.
 */
function apiProjects(name: string, databaseUrl: string) {
  const common = { environment: 'node' as const, env: { TEST_DATABASE_URL: databaseUrl } };
  return [
    {
      extends: true as const,
      test: {
        ...common,
        name,
        include: ['tests/api/**/*.test.ts'],
        exclude: MOCKING_API_TESTS,
        isolate: false,
      },
    },
    { extends: true as const, test: { ...common, name: `${name}-mocks`, include: MOCKING_API_TESTS } },
  ];
}

export default defineConfig({
  // Issue 16: Brotli and gzip files beside every text asset over 1 KiB, served by @fastify/static's
  // preCompressed option (server/routes/spa.ts) without compressing per request.
  plugins: [
    react(),
    compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 1024 }),
    // Issue 31: the public pages, the dashboard home and the users list arrive as HTML (src/prerender.tsx).
    prerenderPages(),
  ],
  // The year a prerendered page was built in (src/ui/current-year.ts).
  define: { __BUILD_YEAR__: JSON.stringify(new Date().getFullYear()) },
  resolve: {
    // Tests, colocated ones too, import the shared test support as @test-support/... (issue 28).
    alias: {
      '@': fileURLToPath(new URL('./src', import.meta.url)),
      '@test-support': fileURLToPath(new URL('./tests/support', import.meta.url)),
      '@chakra-ui/react/theme/recipes': fileURLToPath(
        new URL('./node_modules/@chakra-ui/react/dist/esm/theme/recipes', import.meta.url),
      ),
    },
  },
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    // Issue 31 (`/` ≤ 160 KB gzip, each dashboard route ≤ the react-admin anchor's JavaScript):
    // - Chakra's theme module builds its unused `defaultThemeConfig` (every recipe) with
    //   `defineConfig`, an identity function. Once recipes are imported from chunks other than the
    //   entry (src/ui/bound-recipes/), Rolldown no longer sees that call as pure and kept all ~90
    //   recipes in the entry (+7 KB gzip on every page).
    // - Reading a property at a module's top level is taken to have no side effects, so a recipe
    //   module that only reads another's variants (`radiomarkRecipe.variants.size`) is dropped with
    //   it, as are unused parts of Chart.js (the chart's chunk 55.5 → 49.6 KB gzip). A module that
    //   needed a getter to run at import would break; the browser suite runs on this build.
    rolldownOptions: { treeshake: { manualPureFunctions: ['defineConfig'], propertyReadSideEffects: false } },
  },
  server: {
    proxy: {
      '/api': apiTarget,
      '/uploads': apiTarget,
    },
  },
  test: {
    // Vitest's default here is one worker (cores − 1); the API files mostly wait on PostgreSQL or on
    // child processes, so two share the 2-core machine well (7.4 min → 5.2 min for the whole run).
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['src/**/*.test.{ts,tsx}', 'scripts/*.test.ts'],
          environment: 'node',
        },
      },
      {
        // No file here mocks a module, so they share their worker's modules, as the API files do
        // (apiProjects): the server's and the machines' modules are imported once per worker.
        extends: true,
        test: {
          name: 'unit-node',
          include: ['server/**/*.test.ts', 'tests/model/**/*.test.ts'],
          environment: 'node',
          isolate: false,
        },
      },
      ...apiProjects('api-pglite', ''),
      // The same API suite on PostgreSQL, switched on by TEST_DATABASE_URL (CI sets it).
      ...(testDatabaseUrl ? apiProjects('api-postgres', testDatabaseUrl) : []),
    ],
  },
});
